/**
 * Images pasted into a text (a task's description, a comment: docs/product.md#files-on-tasks): the
 * image is attached to the task and the text keeps a reference to it where it was pasted,
 * `![screenshot.png](file:<uuid>)`, markdown's image form with the file's id. The screens show the
 * image there (the comment) or under the field (the description, edited as plain text). Pure.
 */

export type InlinePiece = { text: string } | { file: string; name: string };

const TOKEN =
  /!\[([^[\]\r\n]{0,255})\]\(file:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The reference a pasted image leaves in the text (`]`, `[` and line breaks in its name dropped). */
export function inlineFileToken(name: string, id: string): string {
  const shown = name.replace(/[[\]\r\n]/g, '').slice(0, 255);
  return `![${shown}](file:${id.toLowerCase()})`;
}

/** The text cut into plain pieces and file references, in order. */
export function splitInlineFiles(text: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ name: match[1] ?? '', file: (match[2] ?? '').toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** The ids of the files the text refers to, each once, in order. */
export function inlineFileIds(text: string): string[] {
  const ids: string[] = [];
  for (const piece of splitInlineFiles(text))
    if ('file' in piece && !ids.includes(piece.file)) ids.push(piece.file);
  return ids;
}

/** Where the team's file `id` downloads (and shows) from: features/attachments/model/protocol.ts `attachmentUrl`. */
export function teamFileUrl(id: string): string {
  return `/api/files/${id}`;
}

/** The text as a line of plain words (a card, a row of the grid): each reference as `[name]`. */
export function inlineFilesAsText(text: string): string {
  return splitInlineFiles(text)
    .map((piece) => ('file' in piece ? `[${piece.name}]` : piece.text))
    .join('');
}
