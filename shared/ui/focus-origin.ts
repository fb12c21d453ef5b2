/**
 * Where focus goes back to when a dialog closes (docs/product.md#dialogs): read when it opens
 * (`readOrigin`), used when it closes (`returnTarget`). Used by ModalDialog, the base of every dialog.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus was when a dialog opened: the focused element; the control of the popup it sits in,
 * if any (a menu or a disclosure's panel, an element some `aria-controls` names, which closes as the
 * dialog opens); and the element's ancestors (for when both are gone).
 */
export type Origin = { opener: HTMLElement; popupControl: HTMLElement | null; ancestors: HTMLElement[] };

export function readOrigin(): Origin | null {
  const opener = document.activeElement;
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  let popupControl: HTMLElement | null = null;
  const ancestors: HTMLElement[] = [];
  for (let node = opener.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node);
    if (popupControl || !node.id) continue;
    popupControl = controlOf(node);
  }
  return { opener, popupControl, ancestors };
}

/**
 * Where focus goes back to: the opener; when it is gone, the control of the popup it was in (the menu
 * that held it closed), then `returnFocus()` when the screen names a place (the table after a deleted
 * row), else the first focusable element of the nearest part of the page still there, so focus never
 * falls to the page's start.
 */
export function returnTarget(
  origin: Origin,
  returnFocus: (() => HTMLElement | null | undefined) | undefined,
): HTMLElement | null {
  if (origin.opener.isConnected) return origin.opener;
  if (origin.popupControl?.isConnected) return origin.popupControl;
  // The screen named a place: it alone decides (null: it places focus itself, later).
  if (returnFocus) return returnFocus() ?? null;
  const remaining = origin.ancestors.find((node) => node.isConnected);
  return remaining?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/** The element outside `popup` whose `aria-controls` names it (the button of a menu or panel), if any. */
function controlOf(popup: HTMLElement): HTMLElement | null {
  for (const control of document.querySelectorAll<HTMLElement>('[aria-controls]')) {
    const names = control.getAttribute('aria-controls')?.split(/\s+/) ?? [];
    if (names.includes(popup.id) && !popup.contains(control)) return control;
  }
  return null;
}
