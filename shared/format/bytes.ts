/** "512 B", "32 kB", "2 MB", "1.5 MB", "3 GB": a size in a message (1 kB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes < 1024) return `${bytes} B`;
  return `${Number((bytes / 1024).toFixed(1))} kB`;
}

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/**
 * A size setting (MAX_UPLOAD_SIZE and the like) in bytes: a whole number of bytes (`26214400`), or a
 * number with a unit, any case, a space allowed: `B`, `KB`, `MB`, `GB` (1 KB = 1,024 bytes, as
 * `formatBytes` shows them; `KiB`, `MiB`, `GiB` mean the same). `1.5MB` is allowed and rounds down to
 * a whole byte. Null for anything else (the caller says which setting is wrong).
 */
export function parseByteSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return null;
  const [, amount = '', unitText = ''] = match;
  const unit = unitText.toLowerCase() || 'b';
  const factor = UNIT_BYTES[unit];
  if (factor === undefined) return null;
  if (unit === 'b' && amount.includes('.')) return null;
  const bytes = Math.floor(Number(amount) * factor);
  return Number.isSafeInteger(bytes) ? bytes : null;
}
