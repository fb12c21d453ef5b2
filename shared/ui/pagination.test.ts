import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, paginate } from './pagination';

const items = Array.from({ length: 120 }, (_, i) => i + 1);

describe('paginate', () => {
  it('slices pages of 50 by default, numbering rows across pages', () => {
    expect(ADMIN_PAGE_SIZE).toBe(50);
    const first = paginate(items, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, firstRowNumber: 1 });
    expect(first.rows).toHaveLength(50);
    const last = paginate(items, 3);
    expect(last).toMatchObject({ page: 3, pageCount: 3, firstRowNumber: 101 });
    expect(last.rows).toEqual(items.slice(100));
  });

  it('clamps pages out of range (e.g. after the last row of a page is deleted)', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 4)).toEqual({ rows: [], page: 1, pageCount: 1, firstRowNumber: 1 });
  });

  it('takes another page size', () => {
    expect(paginate(items, 2, 100)).toMatchObject({ page: 2, pageCount: 2, firstRowNumber: 101 });
  });
});
