import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { belongsTo, type Dialect } from './dialect';

const ROLES = ['assigned', 'commenter', 'member', 'manager'] as const;
const COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'] as const;

/**
 * Projects (docs/decisions/0049-projects.md): a team's separate boards, the people with a role in
 * each, and every key a task was given, with TEAM_SYNC=on.
 */
export function projectsTables(
  d: Dialect,
  refs: { users: { id: AnyPgColumn }; syncTasks: { uid: AnyPgColumn } },
) {
  const { users, syncTasks } = refs;

  /**
   * One row per project. `key` is 2–10 capitals, unique (features/projects/model/project-key.ts);
   * `team_role` is the role of everyone in the team without a membership (null: not shared with
   * them); `next_number` the number the next task to enter it gets; `columns` its board's columns. The General project (id
   * `general`, key `GEN`) holds every task of before projects and every task naming no project.
   */
  const projects = d.table(
    'projects',
    {
      id: d.text('id').primaryKey(),
      key: d.text('key').notNull().unique(),
      name: d.text('name').notNull(),
      color: d.text('color', { enum: COLORS }).notNull().default('blue'),
      description: d.text('description').notNull().default(''),
      teamRole: d.text('team_role', { enum: ROLES }),
      nextNumber: d.integer('next_number').notNull().default(1),
      // The board's columns as JSON (features/projects/model/columns.ts); null: the spec's three.
      columns: d.text('columns'),
      archivedAt: d.timestamp('archived_at'),
      createdAt: d.timestamp('created_at').notNull(),
      updatedAt: d.timestamp('updated_at').notNull(),
      createdBy: d.text('created_by').references(() => users.id, { onDelete: 'set null' }),
    },
    (table) => [
      d.check(
        'projects_team_role_check',
        sql`${table.teamRole} is null or ${table.teamRole} in ('assigned', 'commenter', 'member', 'manager')`,
      ),
      d.check(
        'projects_color_check',
        sql`${table.color} in ('red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey')`,
      ),
    ],
  );

  /** A person's own role in a project, over the project's team role. */
  const projectMembers = d.table(
    'project_members',
    {
      projectId: belongsTo(d, 'project_id', () => projects.id),
      userId: belongsTo(d, 'user_id', () => users.id),
      role: d.text('role', { enum: ROLES }).notNull(),
      createdAt: d.timestamp('created_at').notNull(),
    },
    (table) => [
      d.primaryKey({ columns: [table.projectId, table.userId] }),
      // A person's projects, for visibility.
      d.index('project_members_user_idx').on(table.userId),
      d.check(
        'project_members_role_check',
        sql`${table.role} in ('assigned', 'commenter', 'member', 'manager')`,
      ),
    ],
  );

  /**
   * Every key a task was given: one row each time it entered a project, so an old key (`GEN-12`)
   * still opens the task after it moved (`OPS-3`).
   */
  const taskKeys = d.table(
    'task_keys',
    {
      projectId: belongsTo(d, 'project_id', () => projects.id),
      number: d.integer('number').notNull(),
      taskUid: belongsTo(d, 'task_uid', () => syncTasks.uid),
      createdAt: d.timestamp('created_at').notNull(),
    },
    (table) => [
      d.primaryKey({ columns: [table.projectId, table.number] }),
      d.index('task_keys_task_idx').on(table.taskUid),
    ],
  );

  return { projects, projectMembers, taskKeys };
}

export type ProjectsTables = ReturnType<typeof projectsTables>;
