import { CalendarClock, ListChecks, UsersRound, type LucideIcon } from 'lucide-react';
import { CARD } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { FEATURES, type FeatureTitle } from '@/shared/content/landing';
import { CONTAINER, SectionHeading } from './section-heading';

const FEATURE_ICONS: Record<FeatureTitle, LucideIcon> = {
  'Task Management': ListChecks,
  'Time Tracking': CalendarClock,
  'Team Collaboration': UsersRound,
};

/**
 * The landing page's fourth section: Task Management, Time Tracking, Team Collaboration
 * (docs/product.md#landing).
 */
export function Features() {
  return (
    <section aria-labelledby="features-title" id="features" className="scroll-mt-4 py-16 sm:py-20">
      <div className={CONTAINER}>
        <SectionHeading id="features-title" title="Features">
          Everything a small team needs to plan, track and finish its work.
        </SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => {
            const Icon = FEATURE_ICONS[feature.title];
            return (
              <li key={feature.title} className={cn(CARD, 'p-6')}>
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold text-brand-900">{feature.title}</h3>
                <p className="mt-2 text-slate-600">{feature.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
