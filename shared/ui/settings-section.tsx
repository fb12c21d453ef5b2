import { useId, type ReactNode } from 'react';
import { CARD } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';

/** One titled block of the admin settings and profile pages (a landmark named by its heading). */
export function SettingsSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(CARD, 'min-w-0 p-4 sm:p-6', className)}>
      <h2 id={headingId} className="mb-5 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
