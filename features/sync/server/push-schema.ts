// First: zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { exceedsJsonDepth } from '@/shared/validation/json-depth';
import { isHlc } from '../model/hlc';
import {
  FIELD_PATTERN,
  ID_PATTERN,
  LOCAL_ONLY_FIELDS,
  type FieldWrite,
  type PushRequest,
  SYNC_LIMITS,
  type SyncOp,
} from '../model/protocol';

/**
 * The push request's schema (docs/product.md, Team sync endpoints): the server validates with it.
 * Kept apart from ./protocol.ts, which the browser's engine imports, so zod stays out of its code.
 */

const idSchema = (what: string) =>
  z
    .string(`${what} must be a string.`)
    .regex(ID_PATTERN, `${what} must be 1–64 letters, digits, '-' or '_'.`);

const hlcSchema = z.string().refine(isHlc, 'Each stamp must be a clock stamp (wall-counter-node).');

const jsonValueSchema = z
  .json()
  .refine(
    (value) => !exceedsJsonDepth(value, SYNC_LIMITS.maxValueDepth),
    // Abort: the length check below would stringify the value again.
    { message: `A field value may be nested at most ${SYNC_LIMITS.maxValueDepth} levels deep.`, abort: true },
  )
  .refine(
    (value) => JSON.stringify(value).length <= SYNC_LIMITS.maxValueChars,
    `A field value may hold at most ${SYNC_LIMITS.maxValueChars} characters.`,
  );

const fieldWriteSchema = z.object({ value: jsonValueSchema, hlc: hlcSchema }).strict();

const opBase = {
  opId: idSchema('opId'),
  uid: idSchema('uid'),
  baseV: z.number().int().min(0, 'baseV must be 0 or more.'),
};

export const syncOpSchema = z.discriminatedUnion('kind', [
  z
    .object({
      ...opBase,
      kind: z.literal('upsert'),
      fields: z
        .record(
          z
            .string()
            .regex(FIELD_PATTERN, 'Field names are letters, digits or _, starting with a letter.')
            .refine((name) => !LOCAL_ONLY_FIELDS.has(name), 'id and uid are not synced fields.'),
          fieldWriteSchema,
        )
        .refine((fields) => Object.keys(fields).length > 0, 'An upsert writes at least one field.')
        .refine(
          (fields) => Object.keys(fields).length <= SYNC_LIMITS.maxFieldsPerOp,
          `An upsert writes at most ${SYNC_LIMITS.maxFieldsPerOp} fields.`,
        ),
    })
    .strict(),
  z.object({ ...opBase, kind: z.enum(['delete', 'restore']), hlc: hlcSchema }).strict(),
]);

export const pushRequestSchema = z
  .object({
    clientId: idSchema('clientId'),
    ops: z
      .array(syncOpSchema)
      .min(1, 'A push carries at least one operation.')
      .max(SYNC_LIMITS.maxOpsPerPush, `A push carries at most ${SYNC_LIMITS.maxOpsPerPush} operations.`),
  })
  .strict();

/** True when `A` and `B` are assignable both ways. */
type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SchemaOp = z.infer<typeof syncOpSchema>;
type Upsert<Op> = Extract<Op, { kind: 'upsert' }>;
type NotUpsert<Op> = Exclude<Op, { kind: 'upsert' }>;

/**
 * The schema accepts exactly the wire type of ./protocol.ts: a change to one without the other no
 * longer compiles. Assignable both ways, and the same keys (an optional key on one side only would
 * pass the first: the strict schema would refuse what the type allows).
 */
export const PUSH_SCHEMA_MATCHES_PROTOCOL: [
  Both<z.infer<typeof pushRequestSchema>, PushRequest>,
  Both<keyof z.infer<typeof pushRequestSchema>, keyof PushRequest>,
  Both<keyof Upsert<SchemaOp>, keyof Upsert<SyncOp>>,
  Both<keyof Upsert<SchemaOp>['fields'][string], keyof FieldWrite>,
  Both<keyof NotUpsert<SchemaOp>, keyof NotUpsert<SyncOp>>,
] = [true, true, true, true, true];
