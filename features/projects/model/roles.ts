/**
 * A person's role in a project and what each role may do (docs/decisions/0049-projects.md,
 * docs/product.md#projects). The one table the push rules, the project endpoints and the in-memory
 * reference server read. Pure.
 */

/**
 * In the order the screens list them. From commenter up, each role may do what the one before it
 * may, and more; assigned only is beside commenter, not below it: it writes its own tasks but sees
 * no others, where a commenter sees every task and writes none.
 */
export const PROJECT_ROLES = ['assigned', 'commenter', 'member', 'manager'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export function isProjectRole(value: unknown): value is ProjectRole {
  return (PROJECT_ROLES as readonly unknown[]).includes(value);
}

/** The roles as the screens name them (the `Members` dialog's choices), a role's name in a sentence. */
export const PROJECT_ROLE_NAMES: Record<ProjectRole, string> = {
  assigned: 'Assigned only',
  commenter: 'Commenter',
  member: 'Member',
  manager: 'Manager',
};

/**
 * What a person may do in a project. `see` and `comment` concern a task; `create` puts a new task in
 * the project (or moves one in); `edit` writes a task's fields (not its assignee); `assign` changes
 * who it is assigned to; `delete` deletes or restores it; `move-out` moves it to another project;
 * `manage` changes the project itself (settings, people, columns, archive).
 */
export const PROJECT_COMMANDS = [
  'see',
  'comment',
  'create',
  'edit',
  'assign',
  'delete',
  'move-out',
  'manage',
] as const;
export type ProjectCommand = (typeof PROJECT_COMMANDS)[number];

/**
 * On which tasks a role may run a command: `any` task of the project; `mine`, the tasks the person
 * owns or is assigned to; `owned`, the tasks the person owns; `none`. For `create` and `manage`,
 * which concern no task, anything but `none` allows.
 */
export type Reach = 'any' | 'mine' | 'owned' | 'none';

/** The role matrix: command × role. */
export const PROJECT_PERMISSIONS: Record<ProjectCommand, Record<ProjectRole, Reach>> = {
  see: { assigned: 'mine', commenter: 'any', member: 'any', manager: 'any' },
  comment: { assigned: 'mine', commenter: 'any', member: 'any', manager: 'any' },
  create: { assigned: 'any', commenter: 'none', member: 'any', manager: 'any' },
  edit: { assigned: 'mine', commenter: 'none', member: 'any', manager: 'any' },
  assign: { assigned: 'owned', commenter: 'none', member: 'any', manager: 'any' },
  delete: { assigned: 'owned', commenter: 'none', member: 'any', manager: 'any' },
  'move-out': { assigned: 'owned', commenter: 'none', member: 'any', manager: 'any' },
  manage: { assigned: 'none', commenter: 'none', member: 'none', manager: 'any' },
};

/** What the rules need of a project to decide: whether it is archived. */
export interface ProjectState {
  archived: boolean;
}

/** What the rules need of a task: who owns it and who it is assigned to (user ids). */
export interface TaskPeople {
  ownerId: string | null;
  assigneeId: string | null;
}

/**
 * A person's role in a project: an instance admin manages every project; otherwise their own
 * membership's role, else the project's role for everyone in the team (`teamRole`); null when
 * neither: the project is not theirs to see.
 */
export function effectiveRole(input: {
  isAdmin: boolean;
  memberRole: ProjectRole | null;
  teamRole: ProjectRole | null;
}): ProjectRole | null {
  if (input.isAdmin) return 'manager';
  return input.memberRole ?? input.teamRole;
}

/** Commands that change nothing: the only ones an archived project still allows (with `manage`, to unarchive). */
const READ_COMMANDS: ReadonlySet<ProjectCommand> = new Set(['see']);

/**
 * Whether a person with `role` (null: none) may run `command` in `project`, on `task` when the
 * command concerns one (`userId` is theirs). An archived project allows seeing, and `manage` to its
 * managers (who unarchive it); nothing else.
 */
export function can(
  role: ProjectRole | null,
  command: ProjectCommand,
  context: { project: ProjectState; userId: string; task?: TaskPeople },
): boolean {
  if (role === null) return false;
  if (context.project.archived && !READ_COMMANDS.has(command) && command !== 'manage') return false;
  const reach = PROJECT_PERMISSIONS[command][role];
  const { task, userId } = context;
  switch (reach) {
    case 'none':
      return false;
    case 'any':
      return true;
    case 'mine':
      return task !== undefined && (task.ownerId === userId || task.assigneeId === userId);
    case 'owned':
      return task !== undefined && task.ownerId === userId;
  }
}

/** Whether `role` sees every task of its project (commenter and up), not only its own and assigned ones. */
export function seesWholeProject(role: ProjectRole | null): boolean {
  return role !== null && PROJECT_PERMISSIONS.see[role] === 'any';
}

/** A person's standing in one project, as the access rules read it. */
export interface ProjectStanding {
  role: ProjectRole | null;
  archived: boolean;
}

/**
 * A person's standing in every project, read once per request (features/projects/server/roles.ts),
 * as plain data: by project id (`standingIn` answers for any id: a project that does not exist gives
 * no role); `whole` and `assignedOnly` list the projects where they see every task, and only their
 * own and assigned ones.
 */
export interface ProjectRoles {
  standings: ReadonlyMap<string, ProjectStanding>;
  whole: readonly string[];
  assignedOnly: readonly string[];
}

const NO_STANDING: ProjectStanding = { role: null, archived: false };

/** A person's standing in `projectId` (none in a project that does not exist). */
export function standingIn(roles: ProjectRoles, projectId: string): ProjectStanding {
  return roles.standings.get(projectId) ?? NO_STANDING;
}

/**
 * The standing of a person (an instance admin, or not) in `projects` (each with its team role and
 * whether it is archived), with their own memberships' roles by project id.
 */
export function projectRolesFrom(input: {
  isAdmin: boolean;
  projects: readonly { id: string; teamRole: ProjectRole | null; archived: boolean }[];
  memberships: ReadonlyMap<string, ProjectRole>;
}): ProjectRoles {
  const standings = new Map<string, ProjectStanding>();
  for (const project of input.projects) {
    const role = effectiveRole({
      isAdmin: input.isAdmin,
      memberRole: input.memberships.get(project.id) ?? null,
      teamRole: project.teamRole,
    });
    standings.set(project.id, { role, archived: project.archived });
  }
  const ids = (test: (role: ProjectRole | null) => boolean) =>
    [...standings].filter(([, standing]) => test(standing.role)).map(([id]) => id);
  return {
    standings,
    whole: ids(seesWholeProject),
    assignedOnly: ids((role) => role === 'assigned'),
  };
}

/**
 * The standing of a team with only the General project as the migration makes it (team role
 * assigned only): the rule of before projects. For the in-memory reference server and tests.
 */
export function generalOnlyRoles(isAdmin: boolean): ProjectRoles {
  return projectRolesFrom({
    isAdmin,
    projects: [{ id: 'general', teamRole: 'assigned', archived: false }],
    memberships: new Map(),
  });
}
