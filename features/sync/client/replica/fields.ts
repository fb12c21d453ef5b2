/**
 * Task fields as the replica sees them: which travel (a name the server accepts, a value within the
 * size and nesting limits; other fields stay on this device) and the short hash per field the replica
 * keeps instead of a value. Owns the one cache of field names (`travellingNames`).
 */
import { exceedsJsonDepth } from '@/shared/validation/json-depth';
import { FIELD_PATTERN, type Json, LOCAL_ONLY_FIELDS, SYNC_LIMITS } from '../../model/protocol';

/** 32-bit FNV-1a of the value's JSON (undefined counts as null), in base 36. */
export function hashValue(value: unknown): string {
  return hashJson(JSON.stringify(value ?? null));
}

/** `hashValue` of the value whose JSON is `text`. */
export function hashJson(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const NULL_HASH = hashValue(null);

/**
 * Whether a task field travels: not `id`/`uid`, a name the server accepts, a JSON value within the
 * size and nesting limits. Other fields stay on this device (a server refusing one would refuse the
 * whole push).
 */
export function travels(field: string, value: unknown): boolean {
  if (!isTravellingName(field)) return false;
  if (value === undefined) return true;
  if (typeof value === 'object' && value !== null && exceedsJsonDepth(value, SYNC_LIMITS.maxValueDepth)) {
    return false;
  }
  return JSON.stringify(value).length <= SYNC_LIMITS.maxValueChars;
}

/** Field names seen so far and whether they may travel (a list holds the same few names many times). */
const travellingNames = new Map<string, boolean>();

export function isTravellingName(field: string): boolean {
  let known = travellingNames.get(field);
  if (known === undefined) {
    known = !LOCAL_ONLY_FIELDS.has(field) && FIELD_PATTERN.test(field);
    // Bounded: names come from stored tasks, which anyone may edit.
    if (travellingNames.size < 1_000) travellingNames.set(field, known);
  }
  return known;
}

export function hashesOf(data: Record<string, Json>): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const [field, value] of Object.entries(data)) if (value !== null) hashes[field] = hashValue(value);
  return hashes;
}
