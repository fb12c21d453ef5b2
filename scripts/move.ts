/**
 * Moves source files and rewrites every import of them, the way an editor's "rename file" does
 * (docs/decisions/0048-one-folder-per-feature.md): TypeScript's language service
 * (`getEditsForFileRename`) rewrites `@/` imports, relative imports, `import()` calls and
 * `import('…').Type` references in every file of the project, then `git mv` moves the file so that
 * history follows it. ts-morph's `move` leaves `@/` aliases behind, which is why this exists.
 *
 *   npx tsx scripts/move.ts lib/a.ts=shared/a.ts lib/b/=shared/b/   (a folder: every file in it)
 *   npx tsx scripts/move.ts --from moves.txt                        (one `old new` pair per line)
 *
 * Each move is appended to scripts/moves.log (`old new`), so that a branch made before a move can
 * have its stale imports rewritten afterwards: `npx tsx scripts/move.ts --fix-stale`.
 * Paths held in strings (vi.mock, configs, scripts) are not imports: search for them after a move.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const LOG = path.join(root, 'scripts/moves.log');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function projectFiles(): string[] {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return parsed.fileNames.filter((file) => !file.includes('/node_modules/'));
}

/** The project's language service, and `touch(file)` to say a file changed on disk. */
function languageService(files: string[]): { service: ts.LanguageService; touch(file: string): void } {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const versions = new Map<string, number>();
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: (file) => String(versions.get(file) ?? 0),
    getScriptSnapshot: (file) =>
      existsSync(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return {
    service: ts.createLanguageService(host, ts.createDocumentRegistry()),
    touch: (file) => versions.set(file, (versions.get(file) ?? 0) + 1),
  };
}

/** `old=new` pairs, a folder standing for every source file under it. */
function expand(pairs: [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  for (const [from, to] of pairs) {
    const absolute = path.join(root, from);
    if (existsSync(absolute) && statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.relative(absolute, path.join(entry.parentPath, entry.name));
        out.push([path.join(from, file), path.join(to, file)]);
      }
    } else out.push([from, to]);
  }
  return out;
}

/**
 * A relative import that leaves its file's top-level folder (`../../features/tasks/model/task` from `lib/`)
 * is written with the `@/` alias instead, as the rest of the code writes them.
 */
function aliasAcrossFolders(file: string, text: string): string {
  const top = path.relative(root, file).split(path.sep)[0];
  return text.replace(/(from\s+|import\(\s*)(['"])(\.\.\/[^'"]+)\2/g, (whole, lead, quote, spec) => {
    const target = path.relative(root, path.resolve(path.dirname(file), spec));
    if (target.startsWith('..') || target.split(path.sep)[0] === top) return whole;
    return `${lead}${quote}@/${target.split(path.sep).join('/')}${quote}`;
  });
}

function applyEdits(edits: readonly ts.FileTextChanges[], touch: (file: string) => void): number {
  let changed = 0;
  for (const edit of edits) {
    const text = readFileSync(edit.fileName, 'utf8');
    const sorted = [...edit.textChanges].sort((a, b) => b.span.start - a.span.start);
    let next = text;
    for (const change of sorted)
      next =
        next.slice(0, change.span.start) +
        change.newText +
        next.slice(change.span.start + change.span.length);
    next = aliasAcrossFolders(edit.fileName, next);
    if (next !== text) {
      writeFileSync(edit.fileName, next);
      touch(edit.fileName);
      changed += 1;
    }
  }
  return changed;
}

function move(pairs: [string, string][]): void {
  const files = projectFiles();
  const { service, touch } = languageService(files);
  for (const [from, to] of expand(pairs)) {
    const oldPath = path.join(root, from);
    const newPath = path.join(root, to);
    if (!existsSync(oldPath)) throw new Error(`No such file: ${from}`);
    if (existsSync(newPath)) throw new Error(`Already exists: ${to}`);
    // Every edit is computed against the tree before this file moves, then applied.
    const edits = SOURCE.test(from) ? service.getEditsForFileRename(oldPath, newPath, {}, {}) : [];
    const changed = applyEdits(edits, touch);
    execFileSync('mkdir', ['-p', path.dirname(newPath)]);
    execFileSync('git', ['mv', oldPath, newPath], { cwd: root });
    const index = files.indexOf(oldPath);
    if (index !== -1) files[index] = newPath;
    touch(newPath);
    appendFileSync(LOG, `${from} ${to}\n`);
    console.log(`${from} → ${to} (${changed} files rewritten)`);
  }
}

/** The module specifier a file is imported by (`@/lib/a`, no extension). */
function specifier(file: string): string {
  return `@/${file.replace(/\.(ts|tsx|mts|cts)$/, '').replace(/\/index$/, '')}`;
}

/** Rewrites `@/` imports of moved files (scripts/moves.log) in files written before the move. */
function fixStale(): void {
  if (!existsSync(LOG)) return;
  const moves = readFileSync(LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]);
  let changed = 0;
  for (const file of projectFiles()) {
    const text = readFileSync(file, 'utf8');
    let next = text;
    for (const [from, to] of moves) {
      const quoted = new RegExp(`(['"])${specifier(from).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');
      next = next.replace(quoted, `$1${specifier(to)}$1`);
    }
    if (next !== text) {
      writeFileSync(file, next);
      changed += 1;
    }
  }
  console.log(`${changed} files had stale imports rewritten`);
}

const args = process.argv.slice(2);
if (args[0] === '--fix-stale') fixStale();
else {
  const pairs: [string, string][] =
    args[0] === '--from'
      ? readFileSync(args[1] ?? '', 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => line.split(/\s+/) as [string, string])
      : args.map((arg) => arg.split('=') as [string, string]);
  if (pairs.length === 0) {
    console.error('Usage: npx tsx scripts/move.ts old=new … | --from FILE | --fix-stale');
    process.exit(2);
  }
  move(pairs);
}
