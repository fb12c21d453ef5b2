import { readRawItem, writeRawItem, removeRawItem } from '@/shared/browser-storage/local-store';
import { THEME_KEY, toTheme, type Theme } from './theme';

/**
 * The chosen theme in this browser (docs/product.md#theme): read from `tasklane.theme`, applied to
 * <html data-theme>, followed across tabs. Raw text, like `token`, so the head script
 * (THEME_INIT_SCRIPT) and public/landing.js read it without JSON.
 */
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return toTheme(readRawItem(THEME_KEY));
}

/** What the server renders: the device's theme (the head script has already applied a chosen one). */
export function getServerTheme(): Theme {
  return 'system';
}

/** Puts `theme` on the document: `system` removes the attribute so CSS follows the device. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/**
 * Applies `theme` and remembers it. A browser that refuses the write still gets the theme for this
 * page; it is simply not remembered (nothing else depends on it).
 */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    if (theme === 'system') removeRawItem(THEME_KEY);
    else writeRawItem(THEME_KEY, theme);
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    applyTheme(getTheme());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
