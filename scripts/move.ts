/**
 * Moves source files and rewrites every reference to them, in one pass over the repository
 * (docs/decisions/0048-one-folder-per-feature.md).
 *
 *   npx tsx scripts/move.ts lib/a.ts=shared/a.ts lib/b/=shared/b/   (a folder: every file in it)
 *   npx tsx scripts/move.ts --from moves.txt                        (one `old new` pair per line)
 *   npx tsx scripts/move.ts --dry-run …                             (print, change nothing)
 *
 * Every module specifier in every source file of the repository (static imports and exports,
 * `import()`, `import('…').Type`, `require()`, and the string paths of `vi.mock`, `vi.doMock` and
 * `vi.importActual`) is resolved with TypeScript's own module resolution against the tree *before*
 * the move. Where the file it names moves, or the file holding it moves, the specifier is rewritten
 * for the tree *after* the move, in the same style: `@/…` stays `@/…`; a relative one stays relative
 * when both ends share a top-level folder and becomes `@/…` otherwise; an extension written stays
 * written. Then `git mv` moves the files, so history follows them.
 *
 * Why not the language service's `getEditsForFileRename`, as editors do: it answers for one rename
 * against the current tree, so a batch must re-read the program after each file (about 20 s a file
 * here; a feature is a hundred files), and it leaves `vi.mock` strings alone. Resolving every
 * specifier once against the old tree and writing it against the new one is exact for any batch.
 *
 * Each move is appended to scripts/moves.log (`old new`), so that a branch made before a move can
 * have its stale `@/` imports rewritten afterwards: `npx tsx scripts/move.ts --fix-stale`.
 * Paths held in other strings (configs, shell scripts, docs) are not specifiers: search for them.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const LOG = path.join(root, 'scripts/moves.log');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  '.next',
  '.git',
  'data',
  'playwright-report',
  'test-results',
  'coverage',
]);
const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** Every source file of the repository, outside dependencies and build output. */
function repositoryFiles(dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.'))
        repositoryFiles(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, entry.name));
  }
  return out;
}

/** `old=new` pairs (repository-relative), a folder standing for every file under it. */
function expand(pairs: [string, string][]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [from, to] of pairs) {
    const absolute = path.join(root, from);
    if (!existsSync(absolute)) throw new Error(`No such file: ${from}`);
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.relative(absolute, path.join(entry.parentPath, entry.name));
        out.set(path.join(absolute, file), path.join(root, to, file));
      }
    } else out.set(absolute, path.join(root, to));
  }
  for (const target of out.values()) {
    if (existsSync(target)) throw new Error(`Already exists: ${path.relative(root, target)}`);
  }
  return out;
}

type Specifier = { start: number; end: number; text: string };

/** The module specifiers a file holds, with their positions (inside the quotes). */
function specifiersOf(file: string, text: string): Specifier[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.match(/\.[cm]?js$/)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Specifier[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) {
      found.push({ start: node.getStart(source) + 1, end: node.getEnd() - 1, text: node.text });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isMock =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        MOCK_CALLS.has(callee.name.text);
      if (isImport || isRequire || isMock) add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const RESOLVABLE = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];

/** The file a specifier names, or null for a package or something unresolved. */
function resolve(spec: string, from: string, options: ts.CompilerOptions): string | null {
  if (!spec.startsWith('.') && !spec.startsWith('@/')) return null;
  const resolved = ts.resolveModuleName(spec, from, options, ts.sys).resolvedModule;
  if (resolved && !resolved.isExternalLibraryImport) return path.resolve(resolved.resolvedFileName);
  // What TypeScript does not resolve (a .cjs hook, a JSON file): the path itself.
  const base = spec.startsWith('@/')
    ? path.join(root, spec.slice(2))
    : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, ...RESOLVABLE.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Where relative imports are at home: one feature's folder (`features/tasks`), else the top folder. */
function home(file: string): string {
  const [top, feature] = path.relative(root, file).split(path.sep);
  return top === 'features' ? `${top}/${feature}` : (top ?? '');
}

/** The specifier for `target` as written from `holder`, in the style of `original`. */
function rewrite(original: string, holder: string, oldTarget: string, target: string): string {
  const written = path.extname(original);
  const stem = (file: string) => path.basename(file).replace(/(\.d)?\.[a-z]+$/, '');
  const isIndex = /\/index\.[a-z]+$/.test(oldTarget) && !/\/index(\.[a-z]+)?$/.test(original);
  // An extension written stays written: `./hook.cjs`, which TypeScript resolves to `hook.d.cts`.
  let bare = written
    ? path.join(path.dirname(target), stem(target) + written)
    : target.replace(/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/, '');
  if (written && stem(oldTarget) !== stem(original)) bare = target;
  if (isIndex) bare = path.dirname(bare);
  const relative = !original.startsWith('@/') && home(holder) === home(target);
  if (!relative) return `@/${path.relative(root, bare).split(path.sep).join('/')}`;
  // Through the target's folder, not to it: `../replica` from inside `replica/` (beside replica.ts),
  // where a path straight to the target would come out as '' (the holder's own folder).
  const spec = path
    .join(path.relative(path.dirname(holder), path.dirname(bare)), path.basename(bare))
    .split(path.sep)
    .join('/');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

function move(moves: Map<string, string>, dryRun: boolean): void {
  const options = compilerOptions();
  let rewritten = 0;
  for (const file of repositoryFiles()) {
    const text = readFileSync(file, 'utf8');
    const holderAfter = moves.get(file) ?? file;
    const edits: { start: number; end: number; text: string }[] = [];
    for (const spec of specifiersOf(file, text)) {
      const target = resolve(spec.text, file, options);
      if (!target) continue;
      const targetAfter = moves.get(target) ?? target;
      if (targetAfter === target && holderAfter === file) continue;
      const next = rewrite(spec.text, holderAfter, target, targetAfter);
      if (next !== spec.text) edits.push({ start: spec.start, end: spec.end, text: next });
    }
    if (edits.length === 0) continue;
    rewritten += 1;
    if (dryRun) {
      for (const edit of edits)
        console.log(`${path.relative(root, file)}: ${text.slice(edit.start, edit.end)} → ${edit.text}`);
      continue;
    }
    let next = text;
    for (const edit of edits.sort((a, b) => b.start - a.start)) {
      next = next.slice(0, edit.start) + edit.text + next.slice(edit.end);
    }
    writeFileSync(file, next);
  }
  if (dryRun) {
    console.log(`${moves.size} files would move; ${rewritten} files would have specifiers rewritten`);
    return;
  }
  for (const [from, to] of moves) {
    execFileSync('mkdir', ['-p', path.dirname(to)]);
    execFileSync('git', ['mv', from, to], { cwd: root });
    appendFileSync(LOG, `${path.relative(root, from)} ${path.relative(root, to)}\n`);
  }
  console.log(`${moves.size} files moved; ${rewritten} files had specifiers rewritten`);
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
  for (const file of repositoryFiles()) {
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
const dryRun = args[0] === '--dry-run';
if (dryRun) args.shift();
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
    console.error('Usage: npx tsx scripts/move.ts [--dry-run] old=new … | --from FILE | --fix-stale');
    process.exit(2);
  }
  move(expand(pairs), dryRun);
}
