import { arrayOf, INVALID, isRecord, parser } from '@/shared/validation/parsers';

/** A small stored record for the local-store tests: both fields are required strings. */
export type Item = { id: string; title: string };

/** Unknown fields are dropped, so a round trip shows what the parser returned. */
export const itemParser = parser<Item>((value) =>
  isRecord(value) && typeof value.id === 'string' && typeof value.title === 'string'
    ? { id: value.id, title: value.title }
    : INVALID,
);

export const itemsParser = arrayOf(itemParser);

/** The keys holding copies of unreadable values of `key` (`<key>.corrupt.<ms>`). */
export function listCorruptKeys(key: string): string[] {
  return Object.keys(localStorage).filter((storedKey) => storedKey.startsWith(`${key}.corrupt.`));
}
