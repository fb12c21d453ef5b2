import { Check, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '@/shared/ui/button';
import { CARD } from '@/shared/ui/styles';
import { withRole } from '@/shared/auth/role';
import { cn } from '@/shared/cn';
import { ROLE_CARDS } from '@/shared/content/landing';
import type { Role } from '@/shared/auth/role';
import { CONTAINER, SectionHeading } from './section-heading';

const ROLE_ICONS: Record<Role, LucideIcon> = { user: UserRound, admin: ShieldCheck };

/**
 * The landing page's third section (docs/product.md#landing): a card per role, each with Sign Up and Log In
 * carrying the role (`?role=user|admin`). The buttons' visible text stays exactly 'Sign Up' and 'Log In';
 * aria-describedby points at the card title so a screen reader hears which role each button is for. Plain
 * links: `/` has no client router (docs/decisions/0008-landing-without-runtime-js.md).
 */
export function RoleChooser() {
  return (
    <section aria-labelledby="roles-title" id="roles" className="scroll-mt-4 bg-white py-16 sm:py-20">
      <div className={CONTAINER}>
        <SectionHeading id="roles-title" title="Choose your role">
          Sign up or log in as a team member or as an administrator.
        </SectionHeading>
        <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {ROLE_CARDS.map((card) => {
            const titleId = `role-${card.role}-title`;
            const Icon = ROLE_ICONS[card.role];
            return (
              <article
                key={card.role}
                aria-labelledby={titleId}
                className={cn(CARD, 'flex flex-col p-6 transition-shadow hover:shadow-md sm:p-8')}
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 id={titleId} className="mt-5 text-xl font-bold text-brand-900">
                  {card.title}
                </h3>
                <p className="mt-1 text-slate-600">{card.description}</p>
                <ul className="mt-5 flex-1 space-y-2.5 text-sm text-slate-700">
                  {card.highlights.map((highlight) => (
                    <li key={highlight} className="flex items-start gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                      {highlight}
                    </li>
                  ))}
                </ul>
                <div className="mt-7 grid grid-cols-2 gap-3">
                  <a
                    href={withRole('/signup', card.role)}
                    aria-describedby={titleId}
                    className={buttonClasses()}
                  >
                    Sign Up
                  </a>
                  <a
                    href={withRole('/login', card.role)}
                    aria-describedby={titleId}
                    className={buttonClasses({ variant: 'secondary' })}
                  >
                    Log In
                  </a>
                </div>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
