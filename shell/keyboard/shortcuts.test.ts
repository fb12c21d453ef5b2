import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTypingTarget, SHORTCUT_LIST, shortcutFor, type ShortcutKeyEvent } from './shortcuts';

const BODY = { tagName: 'BODY', isContentEditable: false };

function press(key: string, extra: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent {
  return { key, ctrlKey: false, metaKey: false, altKey: false, target: BODY, ...extra };
}

const CLOSED = { dialogOpen: false };

describe('shortcutFor', () => {
  it('n, / and ? outside a field', () => {
    expect(shortcutFor(press('n'), CLOSED)).toBe('new-task');
    expect(shortcutFor(press('/'), CLOSED)).toBe('search');
    expect(shortcutFor(press('?'), CLOSED)).toBe('help');
    // On a button or a link (a focused card's title) too.
    expect(shortcutFor(press('n', { target: { tagName: 'BUTTON' } }), CLOSED)).toBe('new-task');
    expect(shortcutFor(press('?', { target: null }), CLOSED)).toBe('help');
  });

  it('no other key, nor a capital N (Shift+n), nor Enter and Esc (handled where they apply)', () => {
    for (const key of ['N', 'm', 'Enter', 'Escape', ' ', 'Tab', 'ArrowDown', 'F1', 'k'])
      expect(shortcutFor(press(key), CLOSED)).toBeNull();
  });

  it('none while typing in an input, a textarea, a select or editable text', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'input' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      for (const key of ['n', '/', '?']) expect(shortcutFor(press(key, { target }), CLOSED)).toBeNull();
    }
  });

  it('none with Ctrl, Meta or Alt, during composition, when already handled, or with a dialog open', () => {
    for (const key of ['n', '/', '?']) {
      expect(shortcutFor(press(key, { ctrlKey: true }), CLOSED)).toBeNull();
      expect(shortcutFor(press(key, { metaKey: true }), CLOSED)).toBeNull();
      expect(shortcutFor(press(key, { altKey: true }), CLOSED)).toBeNull();
      expect(shortcutFor(press(key, { isComposing: true }), CLOSED)).toBeNull();
      expect(shortcutFor(press(key, { defaultPrevented: true }), CLOSED)).toBeNull();
      expect(shortcutFor(press(key), { dialogOpen: true })).toBeNull();
    }
  });

  it('never fires with a modifier or in a field, whatever the key (property)', () => {
    const key = fc.oneof(fc.constantFrom('n', '/', '?'), fc.string({ maxLength: 3 }));
    const target = fc.constantFrom(
      { tagName: 'INPUT' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      {
        tagName: 'P',
        isContentEditable: true,
      },
    );
    fc.assert(
      fc.property(key, target, fc.boolean(), fc.boolean(), fc.boolean(), (k, t, ctrl, meta, alt) => {
        expect(
          shortcutFor(press(k, { target: t, ctrlKey: ctrl, metaKey: meta, altKey: alt }), CLOSED),
        ).toBeNull();
        if (ctrl || meta || alt) {
          expect(shortcutFor(press(k, { ctrlKey: ctrl, metaKey: meta, altKey: alt }), CLOSED)).toBeNull();
        }
      }),
    );
  });
});

describe('isTypingTarget', () => {
  it('is true for fields and editable text only', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'A' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('SHORTCUT_LIST', () => {
  it('lists the keys and what they do, in order', () => {
    expect(SHORTCUT_LIST.map(({ key, does }) => `${key} ${does}`)).toEqual([
      'n New task',
      '/ Search tasks',
      'Enter Open the focused task',
      'Esc Close',
      '? This list',
    ]);
  });
});
