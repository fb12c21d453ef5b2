import { Mail, MessagesSquare } from 'lucide-react';
import { CARD } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { ContactForm } from './contact-form';
import type { ContactFormRules } from '@/features/landing/server/contact-rules';
import { CONTAINER } from './section-heading';

/**
 * The landing page's sixth section, the Contact Us form (sent by public/landing.js; docs/product.md#landing).
 */
export function Contact({ rules }: { rules: ContactFormRules }) {
  return (
    <section aria-labelledby="contact-title" id="contact" className="scroll-mt-4 pt-16 pb-24 sm:py-20">
      <div className={cn(CONTAINER, 'grid gap-10 lg:grid-cols-5 lg:gap-16')}>
        <div className="text-center lg:col-span-2 lg:pt-4 lg:text-left">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
            Contact Us
          </h2>
          <p className="mt-3 text-base text-slate-600 sm:text-lg">
            Questions, feedback or an idea for a feature? Send us a message and we will get back to you by
            email.
          </p>
          <ul className="mt-8 hidden space-y-4 text-left text-slate-700 lg:block">
            <li className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <MessagesSquare aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">Real people</span>
                Every message is read by the team that builds Tasklane.
              </span>
            </li>
            <li className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">Answers by email</span>
                We reply to the address you give, usually within a working day.
              </span>
            </li>
          </ul>
        </div>
        <div className={cn(CARD, 'p-5 sm:p-8 lg:col-span-3')}>
          <ContactForm rules={rules} />
        </div>
      </div>
    </section>
  );
}
