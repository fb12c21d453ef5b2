import { ChevronDown } from 'lucide-react';
import { FOCUS_RING } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import type { FaqItem } from '@/shared/content/landing';
import { faqPanelId, faqTriggerId } from './section-ids';

/**
 * The FAQ accordion (docs/product.md#landing), rendered as plain WAI-ARIA accordion markup: each question is
 * a button inside an h3 (so Tab, Enter and Space work) controlling a labelled region, closed at first.
 * public/landing.js opens one item at a time and closes the open one when it is pressed again; without
 * JavaScript a <noscript> style shows every answer (pages/index.tsx).
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, index) => {
        const triggerId = faqTriggerId(index + 1);
        const panelId = faqPanelId(index + 1);
        return (
          <div key={item.question}>
            <h3 className="m-0">
              <button
                type="button"
                id={triggerId}
                aria-expanded="false"
                aria-controls={panelId}
                data-faq-trigger=""
                className={cn(
                  'group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 transition-colors hover:bg-slate-50 aria-expanded:text-brand-700 sm:px-6 sm:py-5',
                  FOCUS_RING,
                  'focus-visible:-outline-offset-2',
                )}
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-aria-expanded:rotate-180 group-aria-expanded:text-brand-600 motion-reduce:transition-none"
                />
              </button>
            </h3>
            <div
              role="region"
              id={panelId}
              aria-labelledby={triggerId}
              data-faq-panel=""
              hidden
              className="px-5 pb-5 text-slate-600 sm:px-6"
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
