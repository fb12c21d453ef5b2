import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const COMPOSE_FILE = path.join(import.meta.dirname, '../../docker-compose.yml');

/**
 * The services of docker-compose.yml as their raw lines (no YAML library among the dependencies;
 * `scripts/check-compose.sh` has Docker Compose itself validate the file).
 */
function readServices(text: string): Map<string, string[]> {
  const services = new Map<string, string[]>();
  let inServices = false;
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line.startsWith('services:');
      current = null;
      continue;
    }
    if (!inServices) continue;
    const name = /^ {2}([\w-]+):\s*$/.exec(line)?.[1];
    if (name) services.set(name, (current = []));
    else if (current && /^ {4}/.test(line)) current.push(line);
  }
  return services;
}

/** The values of a service's `ports:` list. */
function publishedPorts(lines: string[]): string[] {
  const start = lines.findIndex((line) => /^ {4}ports:/.test(line));
  if (start === -1) return [];
  const ports: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^ {6}- ['"]?([^'"]+)['"]?\s*$/.exec(line);
    if (!item) break;
    ports.push(item[1]!);
  }
  return ports;
}

const text = readFileSync(COMPOSE_FILE, 'utf8');
const services = readServices(text);

describe('docker-compose.yml', () => {
  it('has the app, the database and Mailpit', () => {
    expect([...services.keys()].sort()).toEqual(['app', 'db', 'mailpit']);
  });

  it('pins every image by an exact version: no :latest, no bare name, no major-only tag', () => {
    const images = [...text.matchAll(/^\s+image:\s*(\S+)\s*$/gm)].map((match) => match[1]!);
    expect(images.length).toBe(services.size);
    for (const image of images) {
      expect(image, image).not.toMatch(/:latest$/);
      expect(image, image).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z0-9]+)?$/);
    }
  });

  it('publishes Mailpit (no login: it shows every reset link) on loopback only, and only in the mail-preview profile', () => {
    const mailpit = services.get('mailpit') ?? [];
    expect(mailpit).toContainEqual(expect.stringMatching(/^ {4}profiles:\s*\[\s*'mail-preview'\s*\]/));
    const ports = publishedPorts(mailpit);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('sends no mail to Mailpit by default: SMTP_URL is what .env says, empty otherwise', () => {
    const app = services.get('app') ?? [];
    const smtp = app.find((line) => /^\s+SMTP_URL:/.test(line));
    expect(smtp).toMatch(/SMTP_URL: \$\{SMTP_URL:-\}$/);
    const settings = app.filter((line) => !line.trim().startsWith('#'));
    expect(settings.join('\n')).not.toContain('mailpit');
  });

  it('passes every single sign-on setting the app reads (OIDC_*) through to the app, as set in .env', () => {
    // The names the environment schema reads (server/env.ts), so a setting added there must be added here.
    const envSource = readFileSync(path.join(import.meta.dirname, '../../server/env.ts'), 'utf8');
    const read = [...envSource.matchAll(/^ {2}(OIDC_[A-Z_]+):/gm)].map((match) => match[1]!);
    expect(read).toContain('OIDC_GROUPS_CLAIM');
    const app = (services.get('app') ?? []).filter((line) => !line.trim().startsWith('#'));
    for (const name of read) {
      const line = app.find((entry) => entry.trim().startsWith(`${name}:`));
      expect(line ?? '(not passed)', `${name} in the app service's environment`).toMatch(
        new RegExp(`^ {6}${name}: \\$\\{${name}:-[^}]*\\}$`),
      );
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(import.meta.dirname, '../../Dockerfile'), 'utf8');

  it('builds every stage from one Node.js image pinned to an exact release', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(image).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(froms.length).toBeGreaterThan(0);
    expect(froms.every((from) => from === '${NODE_IMAGE}')).toBe(true);
  });

  it('runs a Node.js release the engines field of package.json names as supported', () => {
    const version = /^ARG NODE_IMAGE=node:(\d+)\.(\d+)\.(\d+)-/m.exec(dockerfile);
    const engines = (
      JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;
    const line = engines.split('||').map((range) => /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(range));
    const [, major, minor, patch] = version ?? [];
    const accepting = line.find((range) => range?.[1] === major);
    expect(accepting, `${engines} has no ^${major}.x range`).toBeDefined();
    const at = (parts: (string | undefined)[]) =>
      parts.map(Number).reduce((sum, part) => sum * 1000 + part, 0);
    expect(at([major, minor, patch])).toBeGreaterThanOrEqual(at(accepting!.slice(1)));
  });

  it('puts the command line on the PATH, linked before the image drops to the app user', () => {
    const link = dockerfile.indexOf('RUN ln -s /app/tasklane /usr/local/bin/tasklane');
    expect(link).toBeGreaterThan(
      dockerfile.indexOf('COPY --from=build --chown=tasklane:tasklane /app/.next/standalone ./'),
    );
    expect(link).toBeLessThan(dockerfile.indexOf('USER tasklane'));
  });
});
