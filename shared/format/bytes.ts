/** "32 kB", "2 MB", "1.5 MB": a size in a message (1 kB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Number((bytes / 1024).toFixed(1))} kB`;
}
