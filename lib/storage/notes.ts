import { stringParser } from '@/lib/validation/parsers';
import { createLocalStore } from './local-store';

/** The dashboard's free text (key `notes`, docs/product.md). */
export const notesStore = createLocalStore<string>({ key: 'notes', schema: stringParser, fallback: '' });
