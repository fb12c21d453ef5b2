/**
 * The largest JSON file the data import reads (docs/product.md#your-data). A CSV holds tasks only and
 * keeps IMPORT_FILE_MAX_BYTES (5 MB, shared/constants.ts); a JSON export of version 4 carries the
 * default mode's files as base64, so its limit is what one export may grow to: the export leaves
 * the files out rather than write a file this limit would refuse. Under browsers' longest string
 * (about 512 MB in Chromium), which the whole text must fit in.
 */
export const IMPORT_JSON_MAX_BYTES = 300 * 1024 * 1024;
