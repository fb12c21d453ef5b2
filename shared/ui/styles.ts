/**
 * The visual system's shared class strings: one focus ring, one set of button looks, one field
 * look, used by every area (public, user, admin).
 */
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ' +
  FOCUS_RING;

export const BUTTON_VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;

export const BUTTON_SIZES = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

/**
 * A field's look without its size (no width, no vertical padding): for a field that sizes itself, such
 * as a toolbar's select as wide as its longest option. (`cn` does not merge classes: `FIELD_INPUT` plus
 * `w-auto` would keep `w-full`.)
 */
export const FIELD_LOOK =
  'rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

export const FIELD_INPUT = 'block w-full py-2.5 ' + FIELD_LOOK;

/** An inline link in running text (the account screens' "Log in", "Sign up", "Forgot Password?"). */
export const TEXT_LINK =
  'rounded font-semibold text-brand-600 underline-offset-4 hover:underline ' + FOCUS_RING;

export const CARD = 'rounded-2xl border border-slate-200 bg-white shadow-sm';
