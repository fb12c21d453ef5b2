/**
 * `npm run bench:login [-- --runs 20]`: login latency at the configured bcrypt cost (BCRYPT_COST,
 * default 12), through the real route handler on a throw-away SQLite database. Reports the known
 * email (right and wrong password) and an unknown email, which must cost about the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 20;
const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-'));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, 'bench.db')}`;
process.env.AUTH_SECRET ??= 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';
process.env.LOG_LEVEL = 'silent';
process.env.RATE_LIMIT_LOGIN_MAX_FAILURES = '100000';
process.env.RATE_LIMIT_LOGIN_IP_MAX_FAILURES = '100000';
process.env.RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES = '100000';

function summarise(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  const mean = (samples.reduce((sum, value) => sum + value, 0) / samples.length).toFixed(1);
  return `mean ${mean} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, min ${sorted[0]!.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const { POST: login } = await import('@/app/api/auth/login/route');
  const { POST: register } = await import('@/app/api/auth/register/route');
  const { getEnv } = await import('@/lib/server/env');
  const { closeDatabase } = await import('@/lib/server/db');

  const post = (handler: typeof login, body: unknown) =>
    handler(
      new Request('http://bench.local/api', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
        body: JSON.stringify(body),
      }),
      {} as never,
    );

  const email = 'bench@example.com';
  const password = 'bench-password';
  const created = await post(register, { fullName: 'Bench', email, password });
  if (created.status !== 201) throw new Error(`register failed: ${created.status}`);

  const cases = {
    'right password': { email, password },
    'wrong password': { email, password: 'not-the-password' },
    'unknown email': { email: 'nobody@example.com', password },
  };
  console.log(
    `Login latency, bcrypt cost ${getEnv().BCRYPT_COST}, ${runs} runs each, Node ${process.version}`,
  );
  await post(login, cases['right password']); // warm-up (module init, dummy hash)
  await post(login, cases['unknown email']);
  for (const [name, body] of Object.entries(cases)) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const response = await post(login, body);
      samples.push(performance.now() - started);
      const expected = name === 'right password' ? 200 : 401;
      if (response.status !== expected) throw new Error(`${name}: status ${response.status}`);
    }
    console.log(`  ${name.padEnd(15)} ${summarise(samples)}`);
  }
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
