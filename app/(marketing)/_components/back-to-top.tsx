'use client';

import { ArrowUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { FOCUS_RING } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { HERO_HEADING_ID } from './section-ids';

/** How far the page must be scrolled before the button shows. */
const SHOW_AFTER_PX = 400;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isScrolledDown = () => window.scrollY > SHOW_AFTER_PX;
const isScrolledDownOnServer = () => false;

/** Spec §2 landing section 7: a floating up-arrow that smooth-scrolls to the top once the page is scrolled. */
export function BackToTop() {
  // A boolean snapshot: scrolling re-renders only when the button should appear or disappear.
  const visible = useSyncExternalStore(subscribe, isScrolledDown, isScrolledDownOnServer);

  function scrollToTop() {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // Keyboard and screen-reader users carry on from the top too (the button is about to hide).
    document.getElementById(HERO_HEADING_ID)?.focus({ preventScroll: true });
  }

  return (
    // Sticky inside <main>, not fixed: it floats over the page but stops above the footer, so it
    // never covers the footer's links. The zero-height wrapper takes no room in the layout.
    <div className="pointer-events-none sticky bottom-0 z-40 h-0">
      <button
        type="button"
        aria-label="Back to top"
        title="Back to top"
        onClick={scrollToTop}
        className={cn(
          'absolute right-4 bottom-4 flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/20 transition-[opacity,translate,visibility] duration-200 hover:bg-brand-700 motion-reduce:transition-none sm:right-6 sm:bottom-6',
          FOCUS_RING,
          visible
            ? 'pointer-events-auto visible translate-y-0 opacity-100'
            : 'invisible translate-y-3 opacity-0',
        )}
      >
        <ArrowUp aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
