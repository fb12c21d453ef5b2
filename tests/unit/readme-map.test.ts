import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's folder map names every folder of lib/ and components/: it drifted twice when new
 * features added folders and nobody noticed.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Architecture'));

function folders(parent: string): string[] {
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe("the README's folder map", () => {
  it('names every folder of lib/', () => {
    const missing = folders('lib').filter((name) => !map.includes(`lib/${name}/`));
    expect(missing).toEqual([]);
  });

  it('names every folder of components/ (as a feature in its list)', () => {
    const list = /components\/\s+shared UI by feature \(([^)]*)\)/.exec(map)?.[1] ?? '';
    const missing = folders('components').filter((name) => !new RegExp(`\\b${name}/`).test(list));
    expect(missing).toEqual([]);
  });
});
