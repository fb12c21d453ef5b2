import { beforeEach, describe, expect, it } from 'vitest';
import { answerTaskLink } from '@/features/sync/server/task-link';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { projectTeam } from '@/tests/helpers/projects';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * `/t/{KEY}-{N}` answered by the server from the task links' cookie
 * (docs/decisions/0050-task-link-cookie.md): the task's board address for whoever may see it, the
 * not-found page (`missing`) for everyone else alike, and the browser's to decide when the server
 * cannot tell who asks.
 */

describe('answerTaskLink', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('opens the task for whoever may see it, by any key it had; missing for anyone else alike', async () => {
    const { olive, max, sam, ops } = await projectTeam();
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    await push(olive.token, 'olive-pc', [upsertOp('o1', 't-ops', { title: 'In OPS', projectId: ops.id })]);
    for (const person of [olive, max, ada]) {
      expect(await answerTaskLink(person.token, 'OPS-1'), person.user.fullName).toEqual({
        kind: 'open',
        href: '/user/dashboard?project=OPS&task=t-ops',
      });
    }
    // Moved to General, its old key still opens it, on its board now.
    await push(olive.token, 'olive-pc', [upsertOp('o2', 't-ops', { projectId: 'general' }, { baseV: 1 })]);
    expect(await answerTaskLink(olive.token, 'OPS-1')).toEqual({
      kind: 'open',
      href: '/user/dashboard?project=GEN&task=t-ops',
    });
    // Sam has no role in OPS, and Max none in General for a task not his: not found, as a key nobody has.
    for (const [token, key] of [
      [sam.token, 'OPS-1'],
      [max.token, 'OPS-1'],
      [olive.token, 'NOPE-7'],
      [olive.token, 'OPS-99'],
    ] as const) {
      expect(await answerTaskLink(token, key), key).toEqual({ kind: 'missing' });
    }
  });

  it('leaves it to the browser when the server cannot tell who asks, or team sync is off', async () => {
    const { olive, ops } = await projectTeam();
    await push(olive.token, 'olive-pc', [upsertOp('o1', 't-ops', { title: 'In OPS', projectId: ops.id })]);
    for (const token of [undefined, '', 'not-a-token', `${olive.token}x`])
      expect(await answerTaskLink(token, 'OPS-1'), String(token)).toBeNull();
    await applyTestEnv({ TEAM_SYNC: 'off' });
    expect(await answerTaskLink(olive.token, 'OPS-1')).toBeNull();
  });
});
