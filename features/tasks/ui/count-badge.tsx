import type { LucideIcon } from 'lucide-react';
import { cn } from '@/shared/cn';

/**
 * A small count on a card or a row: an icon and `shown` (`2/5`, `3`), read aloud as `label`
 * (`Checklist: 2 of 5 done`, `3 comments`).
 */
export function CountBadge({
  icon: Icon,
  shown,
  label,
  className,
}: {
  icon: LucideIcon;
  shown: string;
  label: string;
  className?: string;
}) {
  return (
    <p className={cn('inline-flex items-center gap-1 text-xs font-medium text-slate-700', className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{label}</span>
    </p>
  );
}
