import { FAQ_ITEMS } from '@/shared/content/landing';
import { FaqAccordion } from './faq-accordion';
import { CONTAINER, SectionHeading } from './section-heading';

/**
 * The landing page's fifth section, the FAQ accordion (opened and closed by public/landing.js;
 * docs/product.md#landing).
 */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" id="faq" className="scroll-mt-4 bg-white py-16 sm:py-20">
      <div className={CONTAINER}>
        <SectionHeading id="faq-title" title="Frequently Asked Questions">
          Quick answers to what teams ask before they start.
        </SectionHeading>
        <FaqAccordion items={FAQ_ITEMS} />
      </div>
    </section>
  );
}
