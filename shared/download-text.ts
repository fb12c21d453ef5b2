const OBJECT_URL_LIFETIME_MS = 10_000;

/** Hands `text` to the browser as a file download (a Blob behind an object URL, released after the click). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers fetch the URL after the click's task has ended: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
