import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CARD } from '@/components/ui/styles';

/** The frame of the account screens: one centred card with the screen's title as the page heading. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className={cn(CARD, 'w-full max-w-md p-6 sm:p-8')}>
        <h1 className="mb-6 text-center text-2xl font-bold tracking-tight text-brand-900">{title}</h1>
        {children}
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}
