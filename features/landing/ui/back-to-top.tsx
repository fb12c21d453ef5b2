import { ArrowUp } from 'lucide-react';
import { FOCUS_RING } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { BACK_TO_TOP_SHOW_AFTER_PX, HERO_HEADING_ID } from './section-ids';

/**
 * The landing page's last section (docs/product.md#landing): a floating up-arrow back to the top. A link to
 * `#top` (the top of the document, by the HTML standard's own rule), so it works without JavaScript; the
 * smooth scroll is `scroll-behavior: smooth` on this page's html (off for reduced motion) in globals.css.
 * public/landing.js shows it only once the page is scrolled down (it starts hidden, and a <noscript> style
 * shows it when there is no script), scrolls without changing the URL and moves focus to the h1.
 */
export function BackToTop() {
  return (
    // Sticky inside <main>, not fixed: it floats over the page but stops above the footer, so it
    // never covers the footer's links. The zero-height wrapper takes no room in the layout.
    <div className="pointer-events-none sticky bottom-0 z-40 h-0">
      <a
        href="#top"
        aria-label="Back to top"
        title="Back to top"
        data-back-to-top=""
        data-hidden=""
        data-show-after={BACK_TO_TOP_SHOW_AFTER_PX}
        data-focus={HERO_HEADING_ID}
        className={cn(
          'pointer-events-auto absolute right-4 bottom-4 flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/20 transition-[opacity,translate,visibility] duration-200 hover:bg-brand-700 motion-reduce:transition-none sm:right-6 sm:bottom-6',
          FOCUS_RING,
          'data-hidden:pointer-events-none data-hidden:invisible data-hidden:translate-y-3 data-hidden:opacity-0',
        )}
      >
        <ArrowUp aria-hidden="true" className="size-5" />
      </a>
    </div>
  );
}
