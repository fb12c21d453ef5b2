import localFont from 'next/font/local';

/**
 * The emoji the interface shows, as a tiny Noto Color Emoji subset (scripts/emoji-subset.mjs makes it;
 * docs/decisions/0040-emoji-font-subset.md). First in the font stack but only for those characters (its
 * `unicode-range`), so a text's letters keep the text font and only its emoji are drawn from here, on
 * machines with no emoji font too. Not preloaded: a page fetches it (a few kB) only when it shows one of
 * them; `block` hides an emoji for that moment rather than showing an empty box.
 */
export const uiEmoji = localFont({
  src: './ui-emoji.woff2',
  variable: '--font-ui-emoji',
  display: 'block',
  preload: false,
  adjustFontFallback: false,
  fallback: [],
  declarations: [{ prop: 'unicode-range', value: 'U+23F3, U+2705, U+274C, U+1F4C5, U+1F4E2, U+1F6A8' }],
});
