/** The box a thumbnail fits in, pixels (as the server's: features/attachments/server/thumbnails.ts). */
const THUMBNAIL_BOX = 480;

export interface Thumbnail {
  blob: Blob;
  /** The image's own size as shown (its EXIF orientation applied). */
  width: number;
  height: number;
}

/**
 * An image's thumbnail, made in the browser for the default mode's files: within 480×480, turned
 * upright by its EXIF orientation, drawn anew as WebP (so no metadata, no GPS position, is kept).
 * Null when the browser cannot decode it.
 */
export async function makeThumbnail(image: Blob): Promise<Thumbnail | null> {
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
    const { width, height } = bitmap;
    const scale = Math.min(1, THUMBNAIL_BOX / Math.max(width, height));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, w, h);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
    return { blob, width, height };
  } catch {
    return null;
  } finally {
    bitmap?.close();
  }
}
