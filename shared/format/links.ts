/**
 * Web addresses in plain text (a task's description): the text cut into pieces, each plain text or an
 * `http(s)` link, so a screen can render links as anchors and everything else as text — never as HTML.
 * Pure.
 */
export type TextPiece = { text: string; href?: string };

// http(s) addresses up to the next space; trailing punctuation of the sentence is not part of them.
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Whether the text holds at least one link. */
export function hasLinks(text: string): boolean {
  return splitLinks(text).some((piece) => piece.href !== undefined);
}
