import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-04T12:00:00.000Z');

describe('RelativeTime', () => {
  it('says the time relative to now, focusable, with the exact time in its tooltip', () => {
    const html = renderToStaticMarkup(<RelativeTime iso="2026-03-04T11:55:00.000Z" now={NOW} />);
    expect(html).toContain('<time dateTime="2026-03-04T11:55:00.000Z" tabindex="0"');
    expect(html).toContain('>5 minutes ago</time>');
    expect(html).toMatch(/role="tooltip" class="invisible absolute top-full left-0 /);
    expect(html).toContain('2026');
  });

  it('opens the tooltip from the side it is given, and shows a time that does not read as it is', () => {
    const html = renderToStaticMarkup(<RelativeTime iso="soon" now={NOW} tipSide="right-0" />);
    expect(html).toMatch(/class="invisible absolute top-full right-0 /);
    expect(html).toContain('>soon</time>');
  });
});
