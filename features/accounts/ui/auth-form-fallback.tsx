import { cn } from '@/shared/cn';
import { CARD } from '@/shared/ui/styles';

/**
 * The account forms read the query string (useSearchParams), so their pages are prerendered with
 * this frame and the form appears once it runs in the browser: no half-working form can be
 * submitted before hydration.
 */
export function AuthFormFallback() {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className={cn(CARD, 'h-96 w-full max-w-md motion-safe:animate-pulse')} aria-busy="true">
        <span className="sr-only">Loading…</span>
      </div>
    </main>
  );
}
