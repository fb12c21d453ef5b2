import type { ReactNode } from 'react';
import { cn } from '@/shared/cn';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
} as const;

/**
 * A message above or below a form. Errors use role="alert" (announced at once); success and
 * information use role="status" (announced politely).
 */
export function FormAlert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-3 py-2 text-sm font-medium', TONES[tone], className)}
    >
      {children}
    </p>
  );
}
