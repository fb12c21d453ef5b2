import { stringParser } from '@/shared/validation/parsers';
import { DEFAULT_BOARD_FILTER, type BoardFilter } from '@/features/tasks/model/board-filter';
import { createLocalStore } from '@/shared/browser-storage/local-store';

/** The member board's 'Mine / All' choice, with team sync on only (docs/product.md#storage-keys). */
export const BOARD_FILTER_KEY = 'tasklane.boardFilter';

/**
 * A string store, so a value written by hand without JSON quotes still reads; the board maps any
 * value it does not know to the default (`toBoardFilter`), so a stray value never raises a notice.
 */
export const boardFilterStore = createLocalStore<string>({
  key: BOARD_FILTER_KEY,
  schema: stringParser,
  fallback: DEFAULT_BOARD_FILTER,
});

/** Throws `StorageQuotaError`/`StorageUnavailableError` (callers go through `saveSafely`). */
export function saveBoardFilter(filter: BoardFilter): void {
  boardFilterStore.write(filter);
}
