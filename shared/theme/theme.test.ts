// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT, THEME_KEY, toTheme } from './theme';

describe('toTheme', () => {
  it('keeps light and dark and reads anything else as system', () => {
    expect(toTheme('light')).toBe('light');
    expect(toTheme('dark')).toBe('dark');
    for (const value of ['system', 'Dark', '"dark"', '', null, undefined, 1])
      expect(toTheme(value)).toBe('system');
  });
});

describe('THEME_INIT_SCRIPT', () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  const run = () => new Function(THEME_INIT_SCRIPT)();

  it('sets data-theme from a stored light or dark choice', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('leaves the document to the device with no choice or an unknown one', () => {
    run();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    localStorage.setItem(THEME_KEY, 'purple');
    run();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('does not throw when storage is blocked', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('blocked');
      },
    });
    try {
      expect(run).not.toThrow();
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
    }
  });
});
