/**
 * `npx tsx --conditions=react-server scripts/bench-restore-crafted.ts [MB …]`: how long a restore
 * takes to read (and refuse) a crafted backup file, as in issue 34's review: a header, then one line
 * of N MB of a single character without a line break, which gzip shrinks about 1,000 times (33 kB
 * for 33 MB). Also a well-formed file whose one row is 15 MB, just under the line cap. Prints a
 * Markdown table for docs/benchmarks.md; the reading is `verifyBackupFile`'s, as `npm run restore`
 * does before it opens the database.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { migrationsFolder } from '@/server/db';
import { appMigrationLevel, BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '@/server/backup/format';
import { verifyBackupFile } from '@/server/backup/restore';

const MB = 1024 * 1024;
const sizes = process.argv.slice(2).map(Number);
const lineSizes = sizes.length ? sizes : [33, 408];

/** Gzips `pieces` (each written as is) into one buffer, without holding the decompressed text whole. */
async function gzipPieces(pieces: Iterable<string>): Promise<Buffer> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  for (const piece of pieces) if (!gzip.write(piece)) await new Promise((r) => gzip.once('drain', r));
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}

const header = JSON.stringify({
  format: BACKUP_FORMAT,
  formatVersion: BACKUP_FORMAT_VERSION,
  migrationLevel: appMigrationLevel(migrationsFolder('sqlite')),
  createdAt: new Date().toISOString(),
  dialect: 'sqlite',
});

function* crafted(lineMb: number): Generator<string> {
  yield `${header}\n`;
  const piece = 'x'.repeat(MB);
  for (let n = 0; n < lineMb; n++) yield piece;
}

/** A well-formed file (it does not match the app's tables: read, checked, never loaded) with one row of `rowMb`. */
function* longRow(rowMb: number): Generator<string> {
  const body = [header, JSON.stringify({ table: 'notes', columns: ['id', 'text'] })];
  const row = JSON.stringify(['n1', 'y'.repeat(rowMb * MB)]);
  const lines = [...body, row].map((line) => `${line}\n`);
  const sha256 = createHash('sha256').update(lines.join('')).digest('hex');
  yield* lines;
  yield `${JSON.stringify({ trailer: { rows: { notes: 1 }, sha256 } })}\n`;
}

async function measure(label: string, pieces: Iterable<string>, dir: string): Promise<string> {
  const file = path.join(dir, 'crafted.tlbak');
  writeFileSync(file, await gzipPieces(pieces));
  const started = process.hrtime.bigint();
  let outcome: string;
  try {
    const rows = await verifyBackupFile(file, 'sqlite');
    outcome = `read whole (${Object.values(rows).reduce((sum, n) => sum + n, 0)} row)`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return `| ${label} | ${(statSync(file).size / 1024).toFixed(0)} kB | ${ms.toFixed(0)} ms | ${outcome} |`;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-crafted-'));
  try {
    console.log(`Reading crafted backup files, Node ${process.version}`);
    console.log('| file | size (gzip) | time to refuse or read | outcome |');
    console.log('| --- | --- | --- | --- |');
    for (const lineMb of lineSizes) {
      console.log(await measure(`header + a ${lineMb} MB line, no line break`, crafted(lineMb), dir));
    }
    console.log(await measure('a well-formed file with one 15 MB row', longRow(15), dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
