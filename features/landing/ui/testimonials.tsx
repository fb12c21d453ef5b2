import { Quote } from 'lucide-react';
import { CARD } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { initialsOf } from '@/shared/format/initials';
import { TESTIMONIALS } from '@/shared/content/landing';
import { CONTAINER, SectionHeading } from './section-heading';

/** The landing page's second section: three static quotes (docs/product.md#landing). */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" id="testimonials" className="scroll-mt-4 py-16 sm:py-20">
      <div className={CONTAINER}>
        <SectionHeading id="testimonials-title" title="Testimonials">
          Small teams use Tasklane to see their work clearly and finish it on time.
        </SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name} className="flex">
              <figure className={cn(CARD, 'flex flex-1 flex-col p-6')}>
                <Quote aria-hidden="true" className="size-7 text-brand-500" />
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>{testimonial.text}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
                  >
                    {initialsOf(testimonial.name)}
                  </span>
                  <span className="font-semibold text-slate-900">{testimonial.name}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
