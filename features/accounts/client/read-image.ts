import { fitWithin, PROFILE_PICTURE_MAX_SIZE } from '../model/downscale';

/** Browser only. Turns a chosen file into a small image data URL, ready to keep in localStorage. */

/** The file is not an image, or the browser could not decode it as one. */
export class NotAnImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Please choose an image file (PNG, JPEG, GIF or WebP).', options);
    this.name = 'NotAnImageError';
  }
}

/** What `isProfilePic` (features/accounts/client/profile-store.ts) accepts. */
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

const JPEG_QUALITY = 0.85;

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

/**
 * Reads an image file, shrinks it to at most `max` px on its longer side (aspect ratio kept, never
 * upscaled) and returns it as a data URL: PNG stays PNG (transparency kept), anything else becomes a
 * JPEG. Throws `NotAnImageError` for a file that is not an image or cannot be decoded.
 */
export async function imageFileToDataUrl(file: File, max = PROFILE_PICTURE_MAX_SIZE): Promise<string> {
  if (!file.type.startsWith('image/')) throw new NotAnImageError();
  const decoded = await decodeImage(file);
  try {
    const size = fitWithin(decoded.width, decoded.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    const png = file.type === 'image/png';
    if (!png) {
      // JPEG has no transparency: transparent pixels (GIF, WebP, SVG) would turn black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, size.width, size.height);
    const dataUrl = png ? canvas.toDataURL('image/png') : canvas.toDataURL('image/jpeg', JPEG_QUALITY);
    // A canvas that cannot be encoded gives 'data:,'.
    if (!IMAGE_DATA_URL.test(dataUrl)) throw new Error('The canvas could not be encoded');
    return dataUrl;
  } catch (error) {
    if (error instanceof RangeError) throw new NotAnImageError({ cause: error });
    throw error;
  } finally {
    decoded.release();
  }
}

/** createImageBitmap where it can decode the file (not SVG in every browser), else an <img>. */
async function decodeImage(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Fall through to the <img> decoder.
    }
  }
  return decodeWithImageElement(file);
}

function decodeWithImageElement(file: File): Promise<Decoded> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  const release = () => URL.revokeObjectURL(url);
  return new Promise<Decoded>((resolve, reject) => {
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0) {
        resolve({ source: image, width: image.naturalWidth, height: image.naturalHeight, release });
      } else {
        release();
        reject(new NotAnImageError());
      }
    };
    image.onerror = () => {
      release();
      reject(new NotAnImageError());
    };
    image.src = url;
  });
}
