/**
 * Repairs for what axe-core finds in FullCalendar 6's markup, which its options cannot change:
 * - the prev/next buttons hold an icon `<span role="img">` without a name (the button is named by its
 *   title, "Previous month"): the icon is hidden from assistive technology (role-img-alt);
 * - month cells are `role="gridcell"` named by their day number's label ("March 12, 2026"), which
 *   leaves their events out of their name (label-content-name-mismatch): the cell is named by its
 *   content instead; the day number keeps its full date label;
 * - the areas that scroll (the time grid, the month grid on a small screen, the agenda list) cannot be
 *   reached by keyboard (scrollable-region-focusable): they are made focusable, so arrow keys scroll
 *   them. Inside the grid, a focusable area must itself be a row group (aria-required-children), so it
 *   takes the `rowgroup` role from the table section around it.
 * FullCalendar re-renders often, so this runs again after each change to the calendar's DOM and size.
 */

const SCROLLING = /auto|scroll/;
/** Marks a table section whose rowgroup role was handed to the scrolling area inside it. */
const MOVED_ROWGROUP = 'data-tl-rowgroup-moved';

function scrolls(element: HTMLElement): boolean {
  const { overflow, overflowX, overflowY } = element.style;
  if (!SCROLLING.test(`${overflow} ${overflowX} ${overflowY}`)) return false;
  return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
}

function repairScroller(scroller: HTMLElement): void {
  const focusable = scroller.getAttribute('tabindex') === '0';
  if (scrolls(scroller)) {
    if (!focusable) scroller.setAttribute('tabindex', '0');
    const section = scroller.parentElement?.closest<HTMLElement>('[role="grid"] > [role="rowgroup"]');
    if (section) {
      section.setAttribute('role', 'presentation');
      section.setAttribute(MOVED_ROWGROUP, '');
    }
    if (section || scroller.closest(`[${MOVED_ROWGROUP}]`)) {
      if (scroller.getAttribute('role') !== 'rowgroup') scroller.setAttribute('role', 'rowgroup');
    }
  } else if (focusable) {
    scroller.removeAttribute('tabindex');
    if (scroller.getAttribute('role') === 'rowgroup') scroller.removeAttribute('role');
  }
}

export function repairCalendarA11y(root: HTMLElement): void {
  for (const icon of root.querySelectorAll('.fc-button .fc-icon[role="img"]:not([aria-hidden])')) {
    icon.setAttribute('aria-hidden', 'true');
  }
  for (const cell of root.querySelectorAll('td.fc-daygrid-day[aria-labelledby]')) {
    cell.removeAttribute('aria-labelledby');
  }
  for (const scroller of root.querySelectorAll<HTMLElement>('.fc-scroller')) repairScroller(scroller);
  // A section whose area stopped scrolling (a taller window) gets its rowgroup role back.
  for (const section of root.querySelectorAll<HTMLElement>(`[${MOVED_ROWGROUP}]`)) {
    if (!section.querySelector('.fc-scroller[role="rowgroup"]')) {
      section.setAttribute('role', 'rowgroup');
      section.removeAttribute(MOVED_ROWGROUP);
    }
  }
}

/** Keeps `root` repaired until the returned function is called. */
export function observeCalendarA11y(root: HTMLElement): () => void {
  // The repairs' own changes call this again once, which then finds nothing left to do.
  const repair = () => repairCalendarA11y(root);
  repair();
  const mutations = new MutationObserver(repair);
  mutations.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'aria-labelledby', 'role'],
  });
  const resizes = new ResizeObserver(repair);
  resizes.observe(root);
  return () => {
    mutations.disconnect();
    resizes.disconnect();
  };
}
