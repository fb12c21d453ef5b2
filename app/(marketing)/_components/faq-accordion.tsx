'use client';

import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { FOCUS_RING } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import type { FaqItem } from '@/lib/content/landing';

/**
 * Spec §4 FAQ accordion: at most one item open, and selecting the open item closes it
 * (Radix `type="single" collapsible`). Triggers are buttons inside h3 headings, so Tab, Enter
 * and Space work, and Radix adds arrow-key movement between them.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="mx-auto max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index + 1}`} className="group/item">
          <Accordion.Header className="m-0">
            <Accordion.Trigger
              className={cn(
                'group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 transition-colors hover:bg-slate-50 data-[state=open]:text-brand-700 sm:px-6 sm:py-5',
                FOCUS_RING,
                'focus-visible:-outline-offset-2',
              )}
            >
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600 motion-reduce:transition-none"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-slate-600 sm:px-6">
            <p>{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
