/**
 * Themes (docs/product.md#theme): `system` follows the device, `light` and `dark` are chosen by
 * hand and remembered in this browser as raw text under `tasklane.theme`.
 */
export const THEME_KEY = 'tasklane.theme';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A stored value as a theme: anything but `light` or `dark` reads as `system`. */
export function toTheme(value: unknown): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * Run in the document's head before anything is painted, so a page never flashes the other theme: a
 * chosen theme sets `data-theme` on <html>; with none, CSS follows the device (app/globals.css).
 * public/landing.js does the same for `/` when the choice changes.
 */
export const THEME_INIT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(
  THEME_KEY,
)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
