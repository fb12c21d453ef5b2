import { describe, expect, it } from 'vitest';
import {
  editedMentionIds,
  insertMention,
  matchPeople,
  mentionablePeople,
  mentionedIds,
  mentionQueryAt,
  splitMentions,
  type MentionPerson,
} from './mentions';

const PEOPLE = [
  { id: 'u1', name: 'Ana Author' },
  { id: 'u2', name: 'Ben Builder' },
  { id: 'u3', name: 'Émile Bernard' },
];

describe('mentionQueryAt', () => {
  it('finds the @ being typed at the start, after a space or a line break', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @Be', 6)).toEqual({ start: 3, query: 'Be' });
    expect(mentionQueryAt('ok\n@Ben Bu', 10)).toEqual({ start: 3, query: 'Ben Bu' });
    expect(mentionQueryAt('(@an', 4)).toEqual({ start: 1, query: 'an' });
  });

  it('is no mention inside an address, after a line break, a double space or too long', () => {
    expect(mentionQueryAt('ana@example.com', 15)).toBeNull();
    expect(mentionQueryAt('@Ben\nok', 7)).toBeNull();
    expect(mentionQueryAt('@Ben  B', 7)).toBeNull();
    expect(mentionQueryAt('@Ben Builder ', 13)).toBeNull();
    expect(mentionQueryAt('@ Ben', 5)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(41)}`, 42)).toBeNull();
    expect(mentionQueryAt('no at here', 10)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(mentionQueryAt('@Ben later', 4)).toEqual({ start: 0, query: 'Ben' });
  });
});

describe('matchPeople', () => {
  it('matches the start of the name or of a word, case and accents aside', () => {
    expect(matchPeople(PEOPLE, '').map((p) => p.id)).toEqual(['u1', 'u2', 'u3']);
    expect(matchPeople(PEOPLE, 'b').map((p) => p.id)).toEqual(['u2', 'u3']);
    expect(matchPeople(PEOPLE, 'emi').map((p) => p.id)).toEqual(['u3']);
    expect(matchPeople(PEOPLE, 'ben bu').map((p) => p.id)).toEqual(['u2']);
    expect(matchPeople(PEOPLE, 'uth')).toEqual([]);
    expect(matchPeople(PEOPLE, '', 2)).toHaveLength(2);
  });
});

describe('insertMention and mentionedIds', () => {
  it('replaces the typed @… with the name and a space, caret after it', () => {
    const text = 'hi @Be thanks';
    const query = mentionQueryAt(text, 6)!;
    expect(insertMention(text, query, 6, 'Ben Builder')).toEqual({
      text: 'hi @Ben Builder  thanks',
      caret: 16,
    });
  });

  it('keeps the picked people the text still names, once each', () => {
    const picked = [PEOPLE[1]!, PEOPLE[0]!, PEOPLE[1]!];
    expect(mentionedIds('@Ben Builder and @Ana Author', picked)).toEqual(['u2', 'u1']);
    expect(mentionedIds('@Ben Builder only', picked)).toEqual(['u2']);
    expect(mentionedIds('nobody', picked)).toEqual([]);
  });
});

describe('editedMentionIds', () => {
  const [ana, ben, emile] = PEOPLE as [MentionPerson, MentionPerson, MentionPerson];
  const before = { body: '@Ben Builder and @Ana Author, look', mentions: [ben, ana] };

  it('keeps the mentions whose @name stays in the text and drops one taken out', () => {
    expect(editedMentionIds(before, '@Ben Builder and @Ana Author, look again', [])).toEqual(['u2', 'u1']);
    expect(editedMentionIds(before, '@Ana Author, look', [])).toEqual(['u1']);
    expect(editedMentionIds(before, 'nobody now', [])).toEqual([]);
  });

  it('adds the people picked during the edit whose @name the text holds, once each', () => {
    expect(editedMentionIds(before, '@Ben Builder, @Émile Bernard look', [emile, ben])).toEqual(['u2', 'u3']);
    expect(editedMentionIds(before, '@Ben Builder, look', [emile])).toEqual(['u2']);
    expect(editedMentionIds({ body: 'hi', mentions: [] }, 'hi @Ben Builder ', [ben])).toEqual(['u2']);
  });

  it('keeps a mention whose @name the old text did not hold either (renamed since)', () => {
    const renamed = { body: '@Benny look', mentions: [ben] };
    expect(editedMentionIds(renamed, '@Benny look now', [])).toEqual(['u2']);
  });
});

describe('splitMentions', () => {
  it('cuts out each @name of the mentioned, longest name first', () => {
    expect(splitMentions('hi @Ben Builder and @Ben, @Ann', ['Ben', 'Ben Builder'])).toEqual([
      { text: 'hi ' },
      { text: '@Ben Builder', mention: true },
      { text: ' and ' },
      { text: '@Ben', mention: true },
      { text: ', @Ann' },
    ]);
    expect(splitMentions('plain', [])).toEqual([{ text: 'plain' }]);
    expect(splitMentions('@Ana', ['Ana'])).toEqual([{ text: '@Ana', mention: true }]);
  });
});

describe('mentionablePeople', () => {
  const people = [
    { id: 'a', name: 'Ana' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cy' },
  ];
  it('offers only the people who may see the task, in the list order', () => {
    expect(mentionablePeople(people, ['c', 'a', 'z'])).toEqual([people[0], people[2]]);
    expect(mentionablePeople(people, [])).toEqual([]);
  });
  it('offers everyone when the server did not say who sees the task', () => {
    expect(mentionablePeople(people, null)).toBe(people);
  });
});
