import { describe, expect, it } from 'vitest';
import {
  GENERAL_PROJECT,
  PROJECT_KEY_FIELD,
  PROJECT_KEY_MAX_LENGTH,
  PROJECT_KEY_MESSAGES,
  PROJECT_KEY_MIN_LENGTH,
  PROJECT_KEY_PATTERN,
  TASK_NUMBER_MAX,
  checkProjectKey,
  formatTaskKey,
  parseTaskKey,
  suggestProjectKey,
} from './project-key';

const REQUIRED = 'Key is required.';
const SHAPE = 'Key must be 2 to 10 capital letters A–Z.';

describe('the constants', () => {
  it('says every refusal word for word', () => {
    expect(PROJECT_KEY_FIELD).toBe('Key');
    expect(PROJECT_KEY_MESSAGES.required).toBe(REQUIRED);
    expect(PROJECT_KEY_MESSAGES.shape).toBe(SHAPE);
    expect(PROJECT_KEY_MESSAGES.taken('OPS')).toBe('A project with the key OPS already exists.');
  });

  it('names the General project, whose key is itself a valid key', () => {
    expect(GENERAL_PROJECT).toEqual({ id: 'general', key: 'GEN', name: 'General' });
    expect(checkProjectKey(GENERAL_PROJECT.key, [])).toEqual({ key: 'GEN' });
  });

  it('keeps keys 2 to 10 letters and task numbers to nine digits', () => {
    expect(PROJECT_KEY_MIN_LENGTH).toBe(2);
    expect(PROJECT_KEY_MAX_LENGTH).toBe(10);
    expect(TASK_NUMBER_MAX).toBe(999_999_999);
    expect(String(TASK_NUMBER_MAX)).toHaveLength(9);
    expect(PROJECT_KEY_PATTERN.test('AB')).toBe(true);
    expect(PROJECT_KEY_PATTERN.test('ABCDEFGHIJ')).toBe(true);
    expect(PROJECT_KEY_PATTERN.test('A')).toBe(false);
    expect(PROJECT_KEY_PATTERN.test('ABCDEFGHIJK')).toBe(false);
    expect(PROJECT_KEY_PATTERN.test('ab')).toBe(false);
  });
});

describe('checkProjectKey', () => {
  it('trims and upper-cases the key as typed', () => {
    expect(checkProjectKey(' ops ', [])).toEqual({ key: 'OPS' });
    expect(checkProjectKey('ops', [])).toEqual({ key: 'OPS' });
    expect(checkProjectKey('OpS', [])).toEqual({ key: 'OPS' });
    expect(checkProjectKey('\tOPS\n', [])).toEqual({ key: 'OPS' });
    expect(checkProjectKey('OPS', [])).toEqual({ key: 'OPS' });
  });

  it('requires a key', () => {
    expect(checkProjectKey('', [])).toEqual({ message: 'Key is required.' });
    expect(checkProjectKey('   ', [])).toEqual({ message: 'Key is required.' });
    expect(checkProjectKey('\t\n', ['OPS'])).toEqual({ message: REQUIRED });
  });

  it('accepts 2 to 10 letters and refuses fewer or more', () => {
    expect(checkProjectKey('AB', [])).toEqual({ key: 'AB' });
    expect(checkProjectKey('abcdefghij', [])).toEqual({ key: 'ABCDEFGHIJ' });
    expect(checkProjectKey('A', [])).toEqual({ message: 'Key must be 2 to 10 capital letters A–Z.' });
    expect(checkProjectKey(' a ', [])).toEqual({ message: SHAPE });
    expect(checkProjectKey('ABCDEFGHIJK', [])).toEqual({ message: SHAPE });
  });

  it('refuses digits, accents, hyphens, spaces inside and other signs', () => {
    for (const raw of [
      'OPS1',
      '1OPS',
      '12',
      'ÉTÉ',
      'CAFÉ',
      'ÅB',
      'OP-S',
      'OPS-',
      'O P',
      'OPS_',
      'OP.S',
      'ΑΒ',
      'ОПС',
    ]) {
      expect(checkProjectKey(raw, []), raw).toEqual({ message: SHAPE });
    }
  });

  it('refuses a key another project has, in any case, naming it upper-cased', () => {
    expect(checkProjectKey('ops', ['OPS'])).toEqual({
      message: 'A project with the key OPS already exists.',
    });
    expect(checkProjectKey('OPS', ['ops'])).toEqual({
      message: 'A project with the key OPS already exists.',
    });
    expect(checkProjectKey(' Ops ', ['GEN', 'oPs'])).toEqual({
      message: 'A project with the key OPS already exists.',
    });
    expect(checkProjectKey('gen', [GENERAL_PROJECT.key])).toEqual({
      message: 'A project with the key GEN already exists.',
    });
  });

  it('accepts a key no other project has', () => {
    expect(checkProjectKey('ops', ['OPSX', 'OP', 'GEN'])).toEqual({ key: 'OPS' });
    expect(checkProjectKey('ops', [])).toEqual({ key: 'OPS' });
  });

  it('checks the shape before whether the key is taken', () => {
    expect(checkProjectKey('o', ['O'])).toEqual({ message: SHAPE });
    expect(checkProjectKey('OPS1', ['OPS1'])).toEqual({ message: SHAPE });
  });
});

describe('suggestProjectKey', () => {
  it('takes the initials of two or more words', () => {
    expect(suggestProjectKey('Customer Support')).toBe('CS');
    expect(suggestProjectKey('customer support')).toBe('CS');
    expect(suggestProjectKey('Research and Development')).toBe('RAD');
    expect(suggestProjectKey('  Customer   Support  ')).toBe('CS');
    expect(suggestProjectKey('Customer\tSupport\nTeam')).toBe('CST');
  });

  it('takes at most four letters', () => {
    expect(suggestProjectKey('Operations')).toBe('OPER');
    expect(suggestProjectKey('One Two Three Four Five Six')).toBe('OTTF');
    expect(suggestProjectKey('Ops')).toBe('OPS');
    expect(suggestProjectKey('Ab')).toBe('AB');
  });

  it('suggests nothing for fewer than two letters', () => {
    expect(suggestProjectKey('')).toBe('');
    expect(suggestProjectKey('   ')).toBe('');
    expect(suggestProjectKey('A')).toBe('');
    expect(suggestProjectKey('x')).toBe('');
    expect(suggestProjectKey('A 1')).toBe('');
    expect(suggestProjectKey('2025')).toBe('');
    expect(suggestProjectKey('!!! ???')).toBe('');
  });

  it('reduces accented letters to A–Z and drops other signs', () => {
    expect(suggestProjectKey('Équipe')).toBe('EQUI');
    expect(suggestProjectKey('Café Crème')).toBe('CC');
    expect(suggestProjectKey('Ñandú')).toBe('NAND');
    expect(suggestProjectKey('Öl Übung')).toBe('OU');
    expect(suggestProjectKey('R&D Team')).toBe('RT');
    expect(suggestProjectKey('Q4-2025 Launch')).toBe('QL');
    expect(suggestProjectKey('2025 Roadmap')).toBe('ROAD');
    expect(suggestProjectKey('Front-end')).toBe('FRON');
  });

  it('suggests keys the rules accept', () => {
    for (const name of ['Customer Support', 'Operations', 'Équipe', 'R&D Team', 'Ops']) {
      const key = suggestProjectKey(name);
      expect(checkProjectKey(key, []), name).toEqual({ key });
    }
  });
});

describe('task keys', () => {
  it('formats a project key and a number', () => {
    expect(formatTaskKey('OPS', 12)).toBe('OPS-12');
    expect(formatTaskKey('GEN', 1)).toBe('GEN-1');
    expect(formatTaskKey('ABCDEFGHIJ', TASK_NUMBER_MAX)).toBe('ABCDEFGHIJ-999999999');
  });

  it('parses what it formats', () => {
    expect(parseTaskKey(formatTaskKey('OPS', 12))).toEqual({ projectKey: 'OPS', number: 12 });
    expect(parseTaskKey('GEN-1')).toEqual({ projectKey: 'GEN', number: 1 });
    expect(parseTaskKey('ABCDEFGHIJ-999999999')).toEqual({ projectKey: 'ABCDEFGHIJ', number: 999_999_999 });
    expect(parseTaskKey('OPS-100')).toEqual({ projectKey: 'OPS', number: 100 });
  });

  it('accepts lower case and surrounding spaces', () => {
    expect(parseTaskKey('ops-12')).toEqual({ projectKey: 'OPS', number: 12 });
    expect(parseTaskKey('Ops-12')).toEqual({ projectKey: 'OPS', number: 12 });
    expect(parseTaskKey(' OPS-12 ')).toEqual({ projectKey: 'OPS', number: 12 });
    expect(parseTaskKey('\tops-7\n')).toEqual({ projectKey: 'OPS', number: 7 });
  });

  it('refuses what is not a task key', () => {
    for (const text of [
      '',
      '   ',
      'OPS',
      'OPS-',
      'OPS-0',
      'OPS-00',
      'OPS-012',
      'OPS-1x',
      'OPS-x1',
      'OPS-1.5',
      'OPS--1',
      'OPS-+1',
      'OPS-1e3',
      'OPS 12',
      'OPS_12',
      'OPS -12',
      'OPS- 12',
      'O-1',
      '-1',
      '12',
      'ABCDEFGHIJK-1',
      'OP1-2',
      'ÉTÉ-1',
      'OPS-12-3',
      'OPS-1234567890',
      'OPS-9999999999',
    ]) {
      expect(parseTaskKey(text), text).toBeNull();
    }
  });

  it('accepts numbers up to nine digits', () => {
    expect(parseTaskKey('OPS-123456789')).toEqual({ projectKey: 'OPS', number: 123_456_789 });
    expect(parseTaskKey('OPS-1000000000')).toBeNull();
  });
});

describe('checkProjectKey and letters beyond A–Z', () => {
  it('refuses letters that upper-casing would turn into A–Z (ß, ligatures, dotless i)', () => {
    for (const raw of ['straße', 'ß', 'ﬀ', 'ıt']) {
      expect(checkProjectKey(raw, [])).toEqual({ message: 'Key must be 2 to 10 capital letters A–Z.' });
    }
  });
});
