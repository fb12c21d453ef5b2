import { FOCUS_RING } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';

/**
 * An on/off switch (role="switch"): named by the element `labelledBy` points at, described by
 * `describedBy` (a status line). The caller decides what a click does.
 */
export function SwitchButton({
  on,
  labelledBy,
  describedBy,
  disabled,
  onClick,
}: {
  on: boolean;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        on ? 'bg-brand-600' : 'bg-slate-300',
        FOCUS_RING,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
          on ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
