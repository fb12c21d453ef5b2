import { RotateCw } from 'lucide-react';
import { Button } from '@/shared/ui/button';

/** A failed load, said in words, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      <span className="min-w-0 flex-1 break-words">{message}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** A polite "loading" line for screen readers and sighted users alike. */
export function LoadingLine({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-600">
      <span
        className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden="true"
      />
      {children}
    </p>
  );
}
