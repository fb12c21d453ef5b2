import { IntentLink } from '@/shared/ui/intent-link';
import type { ReactNode } from 'react';
import { cn } from '@/shared/cn';
import { CARD, TEXT_LINK } from '@/shared/ui/styles';

/** The line under an account form that leads to the neighbouring screen ("Already have an account? Log in"). */
export interface AuthCardFooter {
  prompt: string;
  href: string;
  link: string;
}

/** The frame of the account screens: one centred card with the screen's title as the page heading. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: AuthCardFooter;
}) {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className={cn(CARD, 'w-full max-w-md p-6 sm:p-8')}>
        <h1 className="mb-6 text-center text-2xl font-bold tracking-tight text-brand-900">{title}</h1>
        {children}
        {footer ? (
          <div className="mt-6 text-center text-sm text-slate-600">
            {footer.prompt}{' '}
            <IntentLink href={footer.href} className={TEXT_LINK}>
              {footer.link}
            </IntentLink>
          </div>
        ) : null}
      </div>
    </main>
  );
}
