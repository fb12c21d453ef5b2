// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import '@/shared/validation/zod/zod-config';
import { z } from 'zod';
import { LABEL_COLORS } from '@/features/tasks/model/labels';
import { PROJECT_ROLES } from '@/features/projects/model/roles';
import {
  COLUMN_ID_PATTERN,
  COLUMN_KINDS,
  PROJECT_COLUMNS_MAX,
  WIP_LIMIT_MAX,
} from '@/features/projects/model/columns';
import { boundedText, singleLineText } from '@/shared/validation/zod/text';

/**
 * The projects' endpoints (docs/product.md#projects). The key's shape and whether it is taken are
 * checked by the service (features/projects/model/project-key.ts checkProjectKey, under a lock).
 */
export const PROJECT_NAME_MAX_LENGTH = 60;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 500;

const name = singleLineText('Name', PROJECT_NAME_MAX_LENGTH);
const color = z.enum(LABEL_COLORS, {
  error: 'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.',
});
const description = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(
    PROJECT_DESCRIPTION_MAX_LENGTH,
    `Description must be at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters.`,
  );
const role = z.enum(PROJECT_ROLES, {
  error: 'Role must be one of Manager, Member, Commenter or Assigned only.',
});

/** POST /api/projects. */
export const createProjectSchema = z.object({
  name,
  key: boundedText('Key', 20),
  color: color.optional(),
  description: description.optional(),
  /** Everyone else in the team's role; absent or null: the project is only its members'. */
  teamRole: role.nullable().optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** PATCH /api/projects/{id}: any of the settings; the key stays (links name it). */
export const updateProjectSchema = z
  .object({
    name: name.optional(),
    color: color.optional(),
    description: description.optional(),
    teamRole: role.nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Send at least one of name, color, description and teamRole.',
  });
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

/** DELETE /api/projects/{id}: the project's name, typed to confirm. */
export const deleteProjectSchema = z.object({
  name: z.string({ error: 'Type the project’s name to delete it.' }),
});

/** PUT /api/projects/{id}/members/{userId}. */
export const memberSchema = z.object({ role });

/**
 * PUT /api/projects/{id}/columns: the board's columns in order; `id` names a column kept (absent: a
 * new one). The list as a whole is checked by checkColumns (features/projects/model/columns.ts).
 */
const COLUMN_NAME_CEILING = 200;

export const columnsSchema = z.object({
  columns: z
    .array(
      z.object({
        id: z
          .string()
          .regex(COLUMN_ID_PATTERN, { error: 'A column id is letters, digits and hyphens.' })
          .optional(),
        // The length rule is checkColumns' (one message for the browser's check and this one); this
        // ceiling only bounds what is read.
        name: singleLineText('Column name', COLUMN_NAME_CEILING),
        kind: z.enum(COLUMN_KINDS, { error: 'A column’s kind is one of todo, doing or done.' }),
        wipLimit: z
          .number({ error: `A WIP limit is a whole number from 1 to ${WIP_LIMIT_MAX}.` })
          .nullable()
          .default(null),
      }),
      { error: 'Send the columns as a list.' },
    )
    .max(PROJECT_COLUMNS_MAX, { error: `A board has 1 to ${PROJECT_COLUMNS_MAX} columns.` }),
});
export type ColumnsInput = z.infer<typeof columnsSchema>;
