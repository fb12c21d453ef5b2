/** Shared looks of the admin tables (one place, so the three screens stay alike). */

/**
 * The scroll box: a wide table scrolls inside it at 360 px instead of widening the page. Positioned, so
 * that it also holds the table's visually hidden labels (absolutely placed), which would otherwise
 * widen the page from beyond its right edge.
 */
export const TABLE_SCROLL = 'relative overflow-x-auto rounded-xl border border-slate-200 bg-white';
/** Cells wrap at spaces (emails anywhere); each table sets a min width below which its box scrolls. */
export const TABLE = 'w-full border-collapse text-left text-sm';
export const TABLE_HEAD_CELL =
  'border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700';
export const TABLE_CELL = 'border-b border-slate-100 px-3 py-2 align-middle text-slate-800 break-words';
/** Short values (a date, a role, a priority) never break inside. */
export const NOWRAP = 'whitespace-nowrap';
/** An email has no spaces: it may break anywhere rather than widen its table. */
export const EMAIL_WRAP = 'min-w-32 break-all';
/** Buttons in a cell: kept on one line each. */
export const TABLE_ACTIONS = 'flex flex-nowrap gap-2 whitespace-nowrap';
export const SECTION_CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
