/** The font format converter subset-font uses (woff2 → sfnt for the emoji font's test); it ships no types. */
declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, to: 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
  };
  export default fontverter;
}
