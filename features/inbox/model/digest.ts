import { oneLine } from '@/shared/format/one-line';
import { inboxSentence, type InboxKind } from './rules';

/**
 * The inbox's email digest (docs/product.md#email-of-what-you-miss), the pure part: when a person's
 * digest is due and what it says. No clock, no database: the tick passes the instant and the entries.
 */

/** At most one digest per person in this long. */
export const DIGEST_INTERVAL_MS = 10 * 60_000;
/** A digest waits until the newest entry it would carry is this old: a burst settles into one email. */
export const DIGEST_QUIET_MS = 2 * 60_000;
/** Entries older than this are never emailed (an outage or the feature's first tick sends no backlog). */
export const DIGEST_MAX_AGE_MS = 24 * 60 * 60_000;
/** Lines in one email; the rest are counted in one line. */
export const DIGEST_LINE_LIMIT = 20;

/**
 * Whether a digest of entries created at `createdAtMs` is due at `nowMs`: the newest is at least
 * DIGEST_QUIET_MS old (the person did not read it in the app meanwhile), or the oldest has waited
 * DIGEST_INTERVAL_MS (a steady stream of events does not put the email off for ever).
 */
export function isDigestDue(createdAtMs: readonly number[], nowMs: number): boolean {
  if (createdAtMs.length === 0) return false;
  const newest = Math.max(...createdAtMs);
  const oldest = Math.min(...createdAtMs);
  return nowMs - newest >= DIGEST_QUIET_MS || nowMs - oldest >= DIGEST_INTERVAL_MS;
}

/** Whether the previous digest, claimed at `lastSentAtMs` (null: never), leaves room for one at `nowMs`. */
export function isDigestIntervalOver(lastSentAtMs: number | null, nowMs: number): boolean {
  return lastSentAtMs === null || nowMs - lastSentAtMs >= DIGEST_INTERVAL_MS;
}

/** One entry as the email shows it. */
export interface DigestEntry {
  kind: InboxKind;
  actorName: string;
  title: string;
  /** Where the task opens (absolute). */
  url: string;
  /** The comment's text (commentExcerpt), for a mention or a comment still there. */
  excerpt?: string;
  /** `replaced`: the fields named (InboxItem.fields). */
  fields?: readonly string[];
}

/** Characters of a comment the digest quotes; longer ones end in `…`. */
export const DIGEST_EXCERPT_LENGTH = 140;

/** A comment's text as the digest quotes it: on one line, at most DIGEST_EXCERPT_LENGTH characters. */
export function commentExcerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= DIGEST_EXCERPT_LENGTH
    ? line
    : `${chars
        .slice(0, DIGEST_EXCERPT_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

export type DigestEmail = { subject: string; text: string; html: string };

export function digestSubject(count: number): string {
  return count === 1 ? '1 new notification on Tasklane' : `${count} new notifications on Tasklane`;
}

/** Text for HTML, element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const DIGEST_FOOTER =
  'You get this email because "Email me what I miss" is on in Tasklane: at most one email every 10 minutes, with what you have not read.';

/**
 * The digest's subject, text and HTML (docs/product.md#email-of-what-you-miss); `null` for no entries.
 * Entries come newest first. Titles and names are text in both parts: the HTML escapes them.
 */
export function buildDigestEmail(input: {
  name: string;
  entries: readonly DigestEntry[];
  inboxUrl: string;
  unsubscribeUrl: string;
}): DigestEmail | null {
  const count = input.entries.length;
  if (count === 0) return null;
  const shown = input.entries.slice(0, DIGEST_LINE_LIMIT).map((entry) => ({
    sentence: inboxSentence(
      entry.kind,
      entry.actorName.replace(/\s+/g, ' ').trim(),
      oneLine(entry.title),
      entry.fields,
    ),
    url: entry.url,
    quote: entry.excerpt ? `“${entry.excerpt}”` : null,
  }));
  const hidden = count - shown.length;
  const more = hidden > 0 ? `…and ${hidden} more` : null;
  const greeting = `Hello ${oneLine(input.name)},`;
  const intro =
    count === 1
      ? 'This happened on Tasklane while you were away:'
      : `These ${count} things happened on Tasklane while you were away:`;
  const stop = 'To stop these emails, open:';
  const text = [
    greeting,
    '',
    intro,
    '',
    ...shown.flatMap((line) => [
      `- ${line.sentence}`,
      ...(line.quote ? [`  ${line.quote}`] : []),
      `  ${line.url}`,
    ]),
    ...(more ? [`- ${more}`] : []),
    '',
    `See all your notifications: ${input.inboxUrl}`,
    '',
    DIGEST_FOOTER,
    `${stop} ${input.unsubscribeUrl}`,
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; color: #0f172a;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...shown.map(
      (line) =>
        `<li>${link(line.url, line.sentence)}${line.quote ? `<br><span style="color: #475569;">${escapeHtml(line.quote)}</span>` : ''}</li>`,
    ),
    ...(more ? [`<li>${escapeHtml(more)}</li>`] : []),
    '</ul>',
    `<p>${link(input.inboxUrl, 'See all your notifications')}</p>`,
    `<p style="font-size: 12px; color: #475569;">${escapeHtml(DIGEST_FOOTER)}<br>${link(input.unsubscribeUrl, 'Stop these emails')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: digestSubject(count), text, html };
}
