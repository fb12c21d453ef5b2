import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEXT_LINK } from '@/shared/ui/styles';
import { CommentBody } from './comment-item';

describe('CommentBody', () => {
  it('keeps markup as text and makes only http(s) addresses links', () => {
    const html = renderToStaticMarkup(
      <CommentBody body={'<script>alert(1)</script>\n[x](javascript:alert(1)) see https://example.com/a.'} />,
    );
    expect(html).toBe(
      '<p class="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">' +
        '&lt;script&gt;alert(1)&lt;/script&gt;\n[x](javascript:alert(1)) see ' +
        '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer" class="' +
        TEXT_LINK +
        '">https://example.com/a</a>.</p>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
  });

  it('shows the mentioned people in bold, and an @name of someone not mentioned as text', () => {
    const html = renderToStaticMarkup(
      <CommentBody body="@Ben Builder, ask @Cy <i>now</i>" mentions={['Ben Builder']} />,
    );
    expect(html).toContain(
      '<strong class="font-semibold text-brand-700">@Ben Builder</strong>, ask @Cy &lt;i&gt;now&lt;/i&gt;',
    );
  });
});
