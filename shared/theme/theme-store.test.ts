// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_KEY } from './theme';
import { getTheme, setTheme, subscribeTheme } from './theme-store';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme store', () => {
  it('remembers light and dark as raw text and forgets the choice for system', () => {
    setTheme('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(getTheme()).toBe('dark');
    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(getTheme()).toBe('system');
  });

  it('tells subscribers of a change here and of one made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeTheme(listener);
    setTheme('light');
    expect(listener).toHaveBeenCalledTimes(1);
    localStorage.setItem(THEME_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(document.documentElement.dataset.theme).toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'tasks', newValue: '[]' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setTheme('system');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('still applies the theme when the browser refuses to store it', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      setTheme('dark');
      expect(document.documentElement.dataset.theme).toBe('dark');
    } finally {
      setItem.mockRestore();
    }
  });
});
