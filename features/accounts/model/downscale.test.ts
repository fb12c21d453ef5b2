import { describe, expect, it } from 'vitest';
import { fitWithin, PROFILE_PICTURE_MAX_SIZE } from './downscale';

describe('fitWithin', () => {
  it('shrinks a landscape image so its width is the maximum, keeping the aspect ratio', () => {
    expect(fitWithin(600, 300, 256)).toEqual({ width: 256, height: 128 });
    expect(fitWithin(4032, 3024, 256)).toEqual({ width: 256, height: 192 });
  });

  it('shrinks a portrait image so its height is the maximum', () => {
    expect(fitWithin(300, 600, 256)).toEqual({ width: 128, height: 256 });
    expect(fitWithin(1080, 1920, 256)).toEqual({ width: 144, height: 256 });
  });

  it('shrinks a square image to max × max', () => {
    expect(fitWithin(1000, 1000, 256)).toEqual({ width: 256, height: 256 });
  });

  it('never upscales: an image that fits keeps its size', () => {
    expect(fitWithin(100, 50, 256)).toEqual({ width: 100, height: 50 });
    expect(fitWithin(256, 256, 256)).toEqual({ width: 256, height: 256 });
    expect(fitWithin(256, 10, 256)).toEqual({ width: 256, height: 10 });
    expect(fitWithin(1, 1, 256)).toEqual({ width: 1, height: 1 });
  });

  it('rounds to whole pixels', () => {
    // 257 × 100 → 256 × 99.61…
    expect(fitWithin(257, 100, 256)).toEqual({ width: 256, height: 100 });
    expect(fitWithin(1000, 333, 256)).toEqual({ width: 256, height: 85 });
  });

  it('keeps a very thin image at least 1 px thick', () => {
    expect(fitWithin(10_000, 1, 256)).toEqual({ width: 256, height: 1 });
    expect(fitWithin(1, 10_000, 256)).toEqual({ width: 1, height: 256 });
  });

  it('never returns a side above the maximum', () => {
    for (const [width, height] of [
      [257, 256],
      [513, 511],
      [9999, 7],
      [3, 2999],
    ] as const) {
      const fitted = fitWithin(width, height, 256);
      expect(Math.max(fitted.width, fitted.height)).toBe(256);
    }
  });

  it('refuses sizes that are not positive numbers', () => {
    expect(() => fitWithin(0, 100, 256)).toThrow(RangeError);
    expect(() => fitWithin(100, -1, 256)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 100, 256)).toThrow(RangeError);
    expect(() => fitWithin(100, Number.POSITIVE_INFINITY, 256)).toThrow(RangeError);
    expect(() => fitWithin(100, 100, 0)).toThrow(RangeError);
    expect(() => fitWithin(100, 100, 25.5)).toThrow(RangeError);
  });

  it('uses 256 px for profile pictures', () => {
    expect(PROFILE_PICTURE_MAX_SIZE).toBe(256);
  });
});
