/** Profile pictures are stored in the browser (localStorage): at most this many pixels on the longer side. */
export const PROFILE_PICTURE_MAX_SIZE = 256;

export type Size = { width: number; height: number };

/**
 * The size of a `width`×`height` image shrunk to fit inside a `max`×`max` square: the aspect ratio is
 * kept, the longer side becomes `max`, and an image that already fits is left as it is (never
 * upscaled). Sides are whole pixels, at least 1 (a 10000×1 strip stays visible as 256×1).
 */
export function fitWithin(width: number, height: number, max: number): Size {
  if (!isPositiveFinite(width) || !isPositiveFinite(height)) {
    throw new RangeError(`Image size must be positive, got ${width}×${height}`);
  }
  if (!isPositiveFinite(max) || !Number.isInteger(max)) {
    throw new RangeError(`The largest side must be a positive whole number, got ${max}`);
  }
  const w = Math.round(width);
  const h = Math.round(height);
  const longer = Math.max(w, h);
  if (longer <= max) return { width: Math.max(1, w), height: Math.max(1, h) };
  const scale = max / longer;
  return {
    width: w >= h ? max : Math.max(1, Math.round(w * scale)),
    height: h >= w ? max : Math.max(1, Math.round(h * scale)),
  };
}

function isPositiveFinite(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}
