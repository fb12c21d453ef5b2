import { stringParser } from '@/shared/validation/parsers';
import { createLocalStore } from '@/shared/browser-storage/local-store';

/** The dashboard's free text (key `notes`, docs/product.md). */
export const notesStore = createLocalStore<string>({ key: 'notes', schema: stringParser, fallback: '' });
