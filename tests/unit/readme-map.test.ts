import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's folder map names every feature folder, and every folder of shared/, shell/ and
 * server/: it drifted twice when new features added folders and nobody noticed.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Architecture'));

function folders(parent: string): string[] {
  if (!existsSync(path.join(root, parent))) return [];
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The folder map's entry for `folder`: its line and the indented lines below it (the longest such). */
function entry(folder: string): string {
  const entries = map.match(new RegExp(`^${folder}/ {2,}.*(\\n {2,}.*)*`, 'gm')) ?? [];
  return entries.reduce((longest, text) => (text.length > longest.length ? text : longest), '');
}

describe("the README's folder map", () => {
  it('names every feature folder', () => {
    const missing = folders('features').filter((name) => !map.includes(`features/${name}/`));
    expect(missing).toEqual([]);
  });

  it('names every folder of shared/, shell/ and server/ in their lines', () => {
    for (const folder of ['shared', 'shell', 'server']) {
      const text = entry(folder);
      const missing = folders(folder).filter((name) => !new RegExp(`\\b${name}/`).test(text));
      expect(missing, folder).toEqual([]);
    }
  });
});
