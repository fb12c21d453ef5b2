import type { ComponentProps } from 'react';
import { buttonClasses } from '@/shared/ui/button';

/** The words of the update prompt (docs/product.md#installable-app-and-offline-use). */
export const UPDATE_AVAILABLE_TEXT = 'A new version of Tasklane is available.';
export const UPDATE_RELOAD_LABEL = 'Reload';

/**
 * The "new version" prompt, bottom right (the other toasts are top right). Markup only: the App
 * Router's UpdateToast wires the button; the landing page renders it hidden and public/landing.js
 * shows it, so both look the same.
 */
export function UpdateToastView({
  hidden,
  buttonProps,
  ...props
}: ComponentProps<'div'> & { buttonProps?: ComponentProps<'button'> }) {
  return (
    <div
      role="status"
      hidden={hidden}
      className="fixed right-4 bottom-4 left-4 z-50 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 shadow-lg sm:left-auto sm:max-w-sm"
      {...props}
    >
      <p className="min-w-0 flex-1">{UPDATE_AVAILABLE_TEXT}</p>
      <button type="button" className={buttonClasses({ size: 'sm' })} {...buttonProps}>
        {UPDATE_RELOAD_LABEL}
      </button>
    </div>
  );
}
