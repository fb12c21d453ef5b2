import { describe, expect, it } from 'vitest';
import {
  checkCommentBody,
  COMMENT_BODY_MAX,
  countCharacters,
  isCommentId,
  isTaskUid,
  isWellFormed,
  sameMentions,
  uniqueMentions,
} from './rules';

describe('checkCommentBody', () => {
  it('trims the text and keeps inner line breaks and tabs', () => {
    expect(checkCommentBody('  Looks good\n\n\tShip it  \n')).toEqual({
      ok: true,
      body: 'Looks good\n\n\tShip it',
    });
  });

  it('refuses an empty or blank comment with "Write a comment first."', () => {
    for (const text of ['', '   ', '\n\t \r\n']) {
      expect(checkCommentBody(text)).toEqual({ ok: false, message: 'Write a comment first.' });
    }
  });

  it('takes 10,000 characters and refuses 10,001, naming the limit', () => {
    expect(COMMENT_BODY_MAX).toBe(10_000);
    expect(checkCommentBody('a'.repeat(10_000))).toEqual({ ok: true, body: 'a'.repeat(10_000) });
    expect(checkCommentBody('a'.repeat(10_001))).toEqual({
      ok: false,
      message: 'A comment can be at most 10,000 characters.',
    });
    // Counted after trimming.
    expect(checkCommentBody(` ${'a'.repeat(10_000)} `).ok).toBe(true);
  });

  it('counts an emoji (a surrogate pair) as one character', () => {
    expect(checkCommentBody('😀'.repeat(10_000)).ok).toBe(true);
    expect(checkCommentBody('😀'.repeat(10_001)).ok).toBe(false);
  });

  it('refuses control characters other than line breaks and tabs', () => {
    for (const text of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      expect(checkCommentBody(text)).toEqual({
        ok: false,
        message: 'A comment cannot contain control characters (only line breaks and tabs).',
      });
    }
  });

  it('refuses half of a surrogate pair', () => {
    for (const text of ['a\ud83db', 'a\ude00', '\ud83d']) {
      expect(checkCommentBody(text)).toEqual({
        ok: false,
        message: 'This comment contains broken characters. Type it again without pasting it.',
      });
    }
  });

  it('keeps markup as plain text', () => {
    expect(checkCommentBody('<script>alert(1)</script>')).toEqual({
      ok: true,
      body: '<script>alert(1)</script>',
    });
  });
});

describe('countCharacters and isWellFormed', () => {
  it('count code points and find lone surrogates', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('a😀b')).toBe(3);
    expect(countCharacters('\ud83d')).toBe(1);
    expect(countCharacters('\ude00\ud83d')).toBe(2);
    expect(isWellFormed('a😀b')).toBe(true);
    expect(isWellFormed('\ud83d\ud83d\ude00')).toBe(false);
    expect(isWellFormed('\ude00')).toBe(false);
  });
});

describe('ids', () => {
  it('takes a UUID in either case as a comment id, nothing else', () => {
    expect(isCommentId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isCommentId('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    for (const id of [
      '',
      'counts',
      '0f8fad5b-d9cb-469f-a165-70867728950',
      '0f8fad5bd9cb469fa16570867728950e',
    ]) {
      expect(isCommentId(id)).toBe(false);
    }
  });

  it('takes a synced task uid: 1–64 letters, digits, - or _', () => {
    expect(isTaskUid('t1')).toBe(true);
    expect(isTaskUid('a'.repeat(64))).toBe(true);
    for (const uid of ['', 'a'.repeat(65), 'a b', 'a,b', '../x']) expect(isTaskUid(uid)).toBe(false);
  });
});

describe('mentions', () => {
  it('keeps each id once, in the order first given', () => {
    expect(uniqueMentions(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('compares lists as sets', () => {
    expect(sameMentions(['a', 'b'], ['b', 'a', 'a'])).toBe(true);
    expect(sameMentions([], [])).toBe(true);
    expect(sameMentions(['a'], ['a', 'b'])).toBe(false);
    expect(sameMentions(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
