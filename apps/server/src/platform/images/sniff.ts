import { fileTypeFromBuffer } from 'file-type';

/** Image formats we accept, recognised from the file's first bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

/** file-type's extension for each format we accept (HEIF stills and sequences are `heic` to it). */
const BY_EXTENSION = new Map<string, ImageType>([
  ['jpg', 'jpeg'],
  ['png', 'png'],
  ['webp', 'webp'],
  ['gif', 'gif'],
  ['avif', 'avif'],
  ['heic', 'heic'],
]);

/**
 * The image type told by the bytes themselves (file-type's signatures) — never the filename or the
 * declared Content-Type, which the uploader controls. Anything else (SVG, HTML, PDF, text) is null.
 */
export async function sniffImageType(data: Uint8Array): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(data);
  return (found && BY_EXTENSION.get(found.ext)) ?? null;
}

/** The names sharp's metadata gives for each sniffed type (a second opinion from the decoder). */
export const SHARP_FORMATS: Record<ImageType, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['heif', 'avif'],
  heic: ['heif'],
};
