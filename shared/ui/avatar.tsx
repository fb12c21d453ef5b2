import { UserRound } from 'lucide-react';
import { cn } from '@/shared/cn';
import { initialsOf } from '@/shared/format/initials';

/** The profile picture, or a default icon when there is none (docs/product.md#navbar). */
export function Avatar({ src, className }: { src?: string; className?: string }) {
  if (src) {
    // A data URL from the user's own profile: next/image cannot optimise it, a plain img is right.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt="" className={cn('rounded-full object-cover', className)} />;
  }
  return (
    <span
      className={cn('flex items-center justify-center rounded-full bg-brand-100 text-brand-700', className)}
    >
      <UserRound aria-hidden="true" className="size-3/5" />
    </span>
  );
}

/**
 * A person's initials in a circle (`Ana Author` → `AA`), beside their name (so hidden from assistive
 * technology): comment authors, a board card's assignee.
 */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
