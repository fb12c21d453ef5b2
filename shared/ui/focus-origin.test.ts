// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readOrigin, returnTarget } from './focus-origin';

/** The page: a toolbar with a menu button and its open menu, and a list whose rows hold buttons. */
function page() {
  document.body.innerHTML = `
    <main>
      <button id="menu-button" aria-controls="other menu">Menu</button>
      <div id="menu" role="menu"><button id="item">Reassign</button></div>
      <ul id="list">
        <li id="row-1"><button id="delete-1">Delete</button></li>
        <li id="row-2"><button id="delete-2">Delete</button></li>
      </ul>
      <button id="elsewhere">Elsewhere</button>
    </main>`;
  const byId = (id: string) => document.getElementById(id)!;
  return {
    menuButton: byId('menu-button'),
    menu: byId('menu'),
    item: byId('item'),
    row1: byId('row-1'),
    delete1: byId('delete-1'),
    delete2: byId('delete-2'),
    elsewhere: byId('elsewhere'),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('where focus goes back when a dialog closes', () => {
  it('to the control that opened it, while it is there', () => {
    const { delete1, elsewhere } = page();
    delete1.focus();
    const origin = readOrigin()!;
    elsewhere.focus();
    expect(returnTarget(origin, () => elsewhere)).toBe(delete1);
  });

  it('nowhere in particular when nothing had focus (a shortcut pressed on the page)', () => {
    page();
    expect(readOrigin()).toBeNull();
  });

  it("to the menu's button when the item that opened it went with its menu", () => {
    const { item, menu, menuButton, elsewhere } = page();
    item.focus();
    const origin = readOrigin()!;
    menu.remove();
    expect(returnTarget(origin, () => elsewhere)).toBe(menuButton);
  });

  it('to what the screen names when the opener went (its row was deleted)', () => {
    const { delete1, row1, elsewhere } = page();
    delete1.focus();
    const origin = readOrigin()!;
    row1.remove();
    expect(returnTarget(origin, () => elsewhere)).toBe(elsewhere);
  });

  it('else to the first control of the nearest part of the page still there, never to the start', () => {
    const { delete1, row1, delete2 } = page();
    delete1.focus();
    const origin = readOrigin()!;
    row1.remove();
    expect(returnTarget(origin, undefined)).toBe(delete2);
    // A screen that names a place decides alone, even "not now" (it places focus itself later).
    expect(returnTarget(origin, () => null)).toBeNull();
  });

  it('a panel whose control lies inside it is not a popup of that control', () => {
    const { delete1, row1 } = page();
    const inner = document.createElement('button');
    inner.setAttribute('aria-controls', 'list');
    document.getElementById('list')!.prepend(inner);
    delete1.focus();
    const origin = readOrigin()!;
    expect(origin.popupControl).toBeNull();
    row1.remove();
    expect(returnTarget(origin, undefined)).toBe(inner);
  });
});
