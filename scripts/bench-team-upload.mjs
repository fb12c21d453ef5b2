/**
 * bench:team-scale's tasks: `count` tasks of one member pushed through /api/sync/push in today's wire
 * format, one in five open, the others completed on a day of the past year (`recent`: all now).
 */
import { randomUUID } from 'node:crypto';

const PUSH_SIZE = 200;
const DAY_MS = 24 * 60 * 60_000;

const WORDS =
  'plan review draft ship budget venue client report sprint design roadmap invoice launch backlog metrics hiring onboarding release audit feedback'.split(
    ' ',
  );
const words = (/** @type {number} */ count, /** @type {number} */ seed) =>
  Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');
let counter = 0;
const stamp = () =>
  `${String(Date.now()).padStart(15, '0')}-${String(counter++ % 1e6).padStart(6, '0')}-bench`;

/** Task `index` of the upload: one in five open, the others completed on a day of the past year. */
function taskValues(
  /** @type {number} */ index,
  /** @type {{ fullName: string, email: string }} */ owner,
  /** @type {boolean} */ recent,
) {
  const open = index % 5 === 0;
  const completedAt = new Date(Date.now() - ((index * 37) % 365) * DAY_MS - 60_000).toISOString();
  return {
    title: `${words(4, index)} ${index}`,
    description: words(22, index + 1),
    priority: ['High', 'Medium', 'Low'][index % 3],
    deadline: `2027-0${(index % 9) + 1}-1${index % 10}`,
    progress: open ? (index * 7) % 100 : 100,
    ...(open ? {} : { status: 'Completed', ...(recent ? {} : { completedAt, updatedAt: completedAt }) }),
    assignedTo: owner.fullName,
    email: owner.email,
  };
}

export async function upload(
  /** @type {string} */ base,
  /** @type {{ token: string, fullName: string, email: string }} */ owner,
  /** @type {number} */ count,
  /** @type {boolean} */ recent,
) {
  for (let start = 0; start < count; start += PUSH_SIZE) {
    const ops = [];
    for (let index = start; index < Math.min(count, start + PUSH_SIZE); index++) {
      const hlc = stamp();
      const values = taskValues(index, owner, recent);
      ops.push({
        opId: randomUUID(),
        uid: randomUUID(),
        baseV: 0,
        kind: 'upsert',
        fields: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value, hlc }])),
      });
    }
    const response = await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ clientId: 'bench-upload', ops }),
    });
    if (response.status !== 200) throw new Error(`push: ${response.status} ${await response.text()}`);
  }
}
