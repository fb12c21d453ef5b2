import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_COLUMNS } from './columns';
import { activeProjects, projectById, projectByKey, projectsParser, type Project } from './project';

const OPS: Project = {
  id: 'p-ops',
  key: 'OPS',
  name: 'Operations',
  color: 'teal',
  description: '',
  teamRole: null,
  role: 'manager',
  archived: false,
  columns: DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
};
const GEN: Project = {
  ...OPS,
  id: 'general',
  key: 'GEN',
  name: 'General',
  teamRole: 'assigned',
  role: 'assigned',
};
const OLD: Project = { ...OPS, id: 'p-old', key: 'OLD', name: 'Old', archived: true };

describe('projectsParser', () => {
  it('reads the projects that read, each id once, and leaves the rest out', () => {
    const parsed = projectsParser.parse([
      OPS,
      { ...OPS, name: 'Operations again' },
      { ...GEN, color: 'not a colour' },
      { ...OPS, id: 'p-bad', key: 'bad key' },
      { ...OPS, id: 'p-role', role: 'owner' },
      'not a project',
    ]);
    expect(parsed).toEqual([OPS, { ...GEN, color: 'blue' }]);
    expect(projectsParser.safeParse({ projects: [] }).success).toBe(false);
  });
});

describe('finding a project', () => {
  const projects = [GEN, OPS, OLD];

  it('by id, a task naming none being in General', () => {
    expect(projectById(projects, 'p-ops')).toBe(OPS);
    expect(projectById(projects, undefined)).toBe(GEN);
    expect(projectById(projects, 'p-gone')).toBeUndefined();
  });

  it('by the key in an address, any case; archived ones too', () => {
    expect(projectByKey(projects, ' ops ')).toBe(OPS);
    expect(projectByKey(projects, 'OLD')).toBe(OLD);
    expect(projectByKey(projects, null)).toBeUndefined();
    expect(projectByKey(projects, 'NOPE')).toBeUndefined();
  });

  it('keeps the projects not archived for the sidebar and the move targets', () => {
    expect(activeProjects(projects)).toEqual([GEN, OPS]);
  });
});
