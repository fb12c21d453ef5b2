import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDigestEmail,
  commentExcerpt,
  DIGEST_INTERVAL_MS,
  DIGEST_LINE_LIMIT,
  DIGEST_QUIET_MS,
  digestSubject,
  escapeHtml,
  isDigestDue,
  isDigestIntervalOver,
  type DigestEntry,
} from './digest';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const BASE = {
  name: 'Mira Member',
  inboxUrl: 'http://tasklane.test/user/notifications',
  unsubscribeUrl: 'http://tasklane.test/reminders/unsubscribe?token=abc&email=digest',
};

function entry(kind: DigestEntry['kind'], actorName: string, title: string, uid = 't1'): DigestEntry {
  return { kind, actorName, title, url: `http://tasklane.test/user/dashboard?task=${uid}` };
}

describe('isDigestDue', () => {
  it('waits until the newest entry is 2 minutes old', () => {
    expect(isDigestDue([], NOW)).toBe(false);
    expect(isDigestDue([NOW - DIGEST_QUIET_MS + 1], NOW)).toBe(false);
    expect(isDigestDue([NOW - DIGEST_QUIET_MS], NOW)).toBe(true);
    expect(isDigestDue([NOW - 5 * 60_000, NOW - 30_000], NOW)).toBe(false);
  });

  it('does not wait beyond 10 minutes for the oldest, however busy', () => {
    expect(isDigestDue([NOW - DIGEST_INTERVAL_MS, NOW - 1_000], NOW)).toBe(true);
    expect(isDigestDue([NOW - DIGEST_INTERVAL_MS + 1, NOW - 1_000], NOW)).toBe(false);
  });

  it('is due for any set once everything is at least 2 minutes old', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: DIGEST_QUIET_MS, max: 86_400_000 }), { minLength: 1 }), (ages) =>
        isDigestDue(
          ages.map((age) => NOW - age),
          NOW,
        ),
      ),
    );
  });
});

describe('isDigestIntervalOver', () => {
  it('allows one digest per 10 minutes', () => {
    expect(isDigestIntervalOver(null, NOW)).toBe(true);
    expect(isDigestIntervalOver(NOW - DIGEST_INTERVAL_MS + 1, NOW)).toBe(false);
    expect(isDigestIntervalOver(NOW - DIGEST_INTERVAL_MS, NOW)).toBe(true);
  });
});

describe('commentExcerpt', () => {
  it('puts the comment on one line and cuts it at 140 characters with …', () => {
    expect(commentExcerpt('  Looks\n\n good  to me ')).toBe('Looks good to me');
    expect(commentExcerpt('a'.repeat(140))).toBe('a'.repeat(140));
    const cut = commentExcerpt(`${'word '.repeat(40)}end`);
    expect([...cut]).toHaveLength(140);
    expect(cut.endsWith('…')).toBe(true);
    // Characters, not UTF-16 units: an emoji is not split.
    expect(commentExcerpt('😀'.repeat(200))).toBe(`${'😀'.repeat(139)}…`);
    expect(commentExcerpt(' \n ')).toBe('');
  });
});

describe('buildDigestEmail', () => {
  it('sends nothing for no entries', () => {
    expect(buildDigestEmail({ ...BASE, entries: [] })).toBeNull();
  });

  it('says how many, one line per entry with the inbox sentence and the task link', () => {
    const mail = buildDigestEmail({
      ...BASE,
      entries: [
        entry('mentioned', 'Olive Owner', 'Report', 't1'),
        entry('assigned', 'Ada Admin', 'Budget', 't2'),
        entry('completed', '', 'Old', 't3'),
      ],
    })!;
    expect(mail.subject).toBe('3 new notifications on Tasklane');
    expect(mail.text).toBe(
      [
        'Hello Mira Member,',
        '',
        'These 3 things happened on Tasklane while you were away:',
        '',
        '- Olive Owner mentioned you on "Report"',
        '  http://tasklane.test/user/dashboard?task=t1',
        '- Ada Admin assigned "Budget" to you',
        '  http://tasklane.test/user/dashboard?task=t2',
        '- Former member completed "Old"',
        '  http://tasklane.test/user/dashboard?task=t3',
        '',
        'See all your notifications: http://tasklane.test/user/notifications',
        '',
        'You get this email because "Email me what I miss" is on in Tasklane: at most one email every 10 minutes, with what you have not read.',
        'To stop these emails, open: http://tasklane.test/reminders/unsubscribe?token=abc&email=digest',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      '<li><a href="http://tasklane.test/user/dashboard?task=t1">Olive Owner mentioned you on &quot;Report&quot;</a></li>',
    );
    expect(mail.html).toContain(
      '<a href="http://tasklane.test/reminders/unsubscribe?token=abc&amp;email=digest">Stop these emails</a>',
    );
    expect(mail.html).toContain(
      '<a href="http://tasklane.test/user/notifications">See all your notifications</a>',
    );
  });

  it('one entry: singular subject and intro', () => {
    const mail = buildDigestEmail({ ...BASE, entries: [entry('commented', 'Sam', 'Plan')] })!;
    expect(mail.subject).toBe('1 new notification on Tasklane');
    expect(mail.text).toContain(
      'This happened on Tasklane while you were away:\n\n- Sam commented on "Plan"',
    );
  });

  it('a replaced value: whose change replaced which of your values (issue 33)', () => {
    const mail = buildDigestEmail({
      ...BASE,
      entries: [{ ...entry('replaced', 'Bob Builder', 'Plan', 't9'), fields: ['description'] }],
    })!;
    expect(mail.text).toContain(
      `- Bob Builder's change replaced your description of "Plan"\n  http://tasklane.test/user/dashboard?task=t9`,
    );
    expect(mail.html).toContain(
      '<a href="http://tasklane.test/user/dashboard?task=t9">Bob Builder&#39;s change replaced your description of &quot;Plan&quot;</a>',
    );
  });

  it('escapes titles and names in the HTML: nothing a title holds becomes markup', () => {
    const mail = buildDigestEmail({
      ...BASE,
      name: 'Eve <b>',
      entries: [
        entry(
          'mentioned',
          'Mal "x" <img src=x onerror=alert(1)>',
          '<script>alert("hi")</script> & co',
          'a"b',
        ),
      ],
    })!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      'Mal &quot;x&quot; &lt;img src=x onerror=alert(1)&gt; mentioned you on &quot;&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; co&quot;',
    );
    // The link's attribute cannot be closed by the task key either.
    expect(mail.html).toContain('href="http://tasklane.test/user/dashboard?task=a&quot;b"');
    // The text part is text: the title as written, on one line.
    expect(mail.text).toContain(
      '- Mal "x" <img src=x onerror=alert(1)> mentioned you on "<script>alert("hi")</script> & co"',
    );
  });

  it('puts a title on one line and counts what is beyond the limit', () => {
    const entries = Array.from({ length: DIGEST_LINE_LIMIT + 3 }, (_, index) =>
      entry('assigned', 'Ada', `Task\n${index}`),
    );
    const mail = buildDigestEmail({ ...BASE, entries })!;
    expect(mail.subject).toBe(`${DIGEST_LINE_LIMIT + 3} new notifications on Tasklane`);
    expect(mail.text).toContain('- Ada assigned "Task 0" to you');
    expect(mail.text).not.toContain(`"Task ${DIGEST_LINE_LIMIT}"`);
    expect(mail.text).toContain('- …and 3 more');
    expect(mail.html).toContain('<li>…and 3 more</li>');
  });
});

describe('escapeHtml and digestSubject', () => {
  it('escape every character that opens markup or closes an attribute', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
    expect(digestSubject(2)).toBe('2 new notifications on Tasklane');
  });
});
