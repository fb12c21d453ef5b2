import { CHECKLIST_FIELD_PATTERN, CHECKLIST_LIMITS } from '@/features/tasks/model/checklist';
import { isKnownTaskField } from '@/features/tasks/model/task-fields';
import type { Json } from './protocol';

/**
 * What one synced task may hold (docs/product.md#team-sync-limits). The server refuses an upsert that
 * would take a task past these limits; the refused values stay in the sender's browser. Pure, so the
 * rules are unit-tested once.
 */
export const TASK_LIMITS = {
  /** The task's synced values as JSON (UTF-8 bytes): a long description fits many times over. */
  maxTaskBytes: 32 * 1024,
  /** Field names this version does not write (isKnownTaskField) (written by a newer version, or by a script). */
  maxUnknownFields: 16,
  /** One value of an unknown field as JSON (UTF-8 bytes). */
  maxUnknownFieldBytes: 1024,
  /** Checklist items present (fields `ck_{id}`; deleted ones, null, do not count). */
  maxChecklistItems: CHECKLIST_LIMITS.maxItems,
  /** One checklist item's value as JSON (UTF-8 bytes). */
  maxChecklistItemBytes: CHECKLIST_LIMITS.maxItemBytes,
} as const;

export const TASK_LIMIT_MESSAGES = {
  tooLarge: `This task is too large to sync (at most ${TASK_LIMITS.maxTaskBytes / 1024} kB): shorten its description. The change stays in this browser.`,
  tooManyUnknown: `A task may hold at most ${TASK_LIMITS.maxUnknownFields} fields this version does not know. The change stays in this browser.`,
  unknownTooLarge: `A field this version does not know may hold at most ${TASK_LIMITS.maxUnknownFieldBytes / 1024} kB. The change stays in this browser.`,
  tooManyChecklistItems: `A task may hold at most ${TASK_LIMITS.maxChecklistItems} checklist items. The change stays in this browser.`,
  checklistItemTooLarge: `A checklist item may hold at most ${TASK_LIMITS.maxChecklistItemBytes / 1024} kB. The change stays in this browser.`,
} as const;

const encoder = new TextEncoder();

/** UTF-8 bytes of a value's JSON. */
export function jsonBytes(value: Json): number {
  return encoder.encode(JSON.stringify(value)).length;
}

/**
 * Why a task holding `values` (its synced fields, after the write) may not be stored, or null when it
 * may. A null value is an absent field and counts for nothing.
 */
export function checkTaskValues(values: Readonly<Record<string, Json>>): string | null {
  const present: Record<string, Json> = {};
  let unknown = 0;
  let items = 0;
  for (const [field, value] of Object.entries(values)) {
    if (value === null) continue;
    present[field] = value;
    if (CHECKLIST_FIELD_PATTERN.test(field)) {
      items += 1;
      if (items > TASK_LIMITS.maxChecklistItems) return TASK_LIMIT_MESSAGES.tooManyChecklistItems;
      if (jsonBytes(value) > TASK_LIMITS.maxChecklistItemBytes)
        return TASK_LIMIT_MESSAGES.checklistItemTooLarge;
      continue;
    }
    if (isKnownTaskField(field)) continue;
    unknown += 1;
    if (unknown > TASK_LIMITS.maxUnknownFields) return TASK_LIMIT_MESSAGES.tooManyUnknown;
    if (jsonBytes(value) > TASK_LIMITS.maxUnknownFieldBytes) return TASK_LIMIT_MESSAGES.unknownTooLarge;
  }
  return jsonBytes(present) > TASK_LIMITS.maxTaskBytes ? TASK_LIMIT_MESSAGES.tooLarge : null;
}
