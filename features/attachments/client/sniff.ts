import { fileTypeFromBlob } from 'file-type';

/**
 * The type of a file's bytes, as the server sniffs it (file-type), never what the browser or the
 * name says; `application/octet-stream` when the bytes do not tell.
 */
export async function sniffMediaType(file: Blob): Promise<string> {
  try {
    return (await fileTypeFromBlob(file))?.mime ?? 'application/octet-stream';
  } catch {
    return 'application/octet-stream';
  }
}
