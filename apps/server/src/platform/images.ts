// The media pipeline: every uploaded image is checked by its bytes, re-encoded by sharp
// (EXIF orientation applied, then ALL metadata — EXIF, GPS, XMP, comments — dropped, longest
// side capped) and stored under a new uniqueId(); previews are derived from that clean original.
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { ERROR_TYPES, IMAGE_MAX_SIDE, UPLOAD_MAX_BYTES, uniqueId } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { type FileKind, file } from '../db/schema/files.ts';
import { AppError } from './errors.ts';
import { imageQueue } from './images/queue.ts';
import sharp, { type Metadata } from './images/sharp.ts';
import { type ImageType, SHARP_FORMATS, sniffImageType } from './images/sniff.ts';
import { getStorage } from './storage/index.ts';

export type { ImageType } from './images/sniff.ts';

/**
 * Decoded pixels allowed per image (not in the spec). 40 MP covers every phone camera
 * (a 48 MP sensor saves 12 MP by default) while a "decompression bomb" — a few KB declaring
 * 20000 × 20000 pixels — is refused from its header before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Memory a decoded image may take (not in the spec): 40 MP of 8-bit RGBA. Pixels alone are not
 * enough: a 300 KB interlaced 16-bit 6300 × 6300 PNG is under 40 MP but decodes to ~300 MB.
 */
export const MAX_DECODED_BYTES = MAX_INPUT_PIXELS * 4;
/**
 * Longest side over shortest (not in the spec). A panorama is ~4:1; a 2 × 19,000,000 PNG is under
 * the pixel cap yet took ~3.5 s of decoding, as libvips works in strips across the long side.
 */
export const MAX_ASPECT_RATIO = 20;

/** Every type sharp decodes here. GIF keeps only its first frame; HEIC is sniffed but the bundled
 *  libheif decodes AVIF only, so a HEIC photo gets the "unsupported type" answer. */
export const ALL_IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heic'];

export const MSG_UPLOAD_TYPE_UNSUPPORTED = 'Only JPEG, PNG or WebP images can be uploaded.';
export const MSG_PROFILE_PICTURE_TYPE_UNSUPPORTED =
  'Only JPEG or PNG images can be used as a profile picture.';
export const MSG_UPLOAD_TOO_LARGE = `The file is too large: images can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
export const MSG_IMAGE_TOO_MANY_PIXELS = `The image is too large to process: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (for example 8000 × 5000 pixels).`;
export const MSG_IMAGE_TOO_DEEP =
  'The image is too large to process: its colour depth needs too much memory. Please save it as an 8-bit JPEG or PNG.';
export const MSG_IMAGE_ASPECT = `Images this long and narrow cannot be used: the longest side may be at most ${MAX_ASPECT_RATIO} times the shortest.`;
export const MSG_UPLOAD_EMPTY = 'The file is empty.';
export const MSG_IMAGE_UNREADABLE =
  'The image could not be read; it may be damaged. Please try another picture.';

/** Quality of the stored original: high, since every preview is made from it. */
const ORIGINAL_QUALITY = 88;

export type UploadData = Buffer | Readable | MultipartFile;

export interface SaveImageOptions {
  /** The uploader's user id. */
  owner: string;
  kind: FileKind;
  /** Types accepted for this use (default: every decodable type). */
  types?: readonly ImageType[];
  /** The 415 message when the bytes are another type. */
  unsupportedMessage?: string;
}

export interface CleanImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

const tooLarge = () => new AppError(ERROR_TYPES.STORAGE_FILE_TOO_LARGE, MSG_UPLOAD_TOO_LARGE);

function isMultipartFile(data: UploadData): data is MultipartFile {
  return !Buffer.isBuffer(data) && typeof (data as MultipartFile).toBuffer === 'function' && 'file' in data;
}

/** Reads the upload into memory, never more than UPLOAD_MAX_BYTES + 1 bytes. */
export async function readUpload(data: UploadData, maxBytes = UPLOAD_MAX_BYTES): Promise<Buffer> {
  if (Buffer.isBuffer(data)) {
    if (data.length > maxBytes) throw tooLarge();
    return data;
  }
  const stream = isMultipartFile(data) ? data.file : data;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      // A plain stream: stop reading. (A multipart part never gets here: busboy stops at the
      // configured fileSize and marks the stream truncated instead.)
      (stream as Readable).destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  return Buffer.concat(chunks, total);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Bytes per sample of each libvips band format. */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
};

/**
 * Refuses, from the header alone, an image whose decoding would cost too much: too many pixels,
 * too much memory for its depth and channels, or too long and narrow.
 */
export function checkImageSize(metadata: Metadata): void {
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const pixels = width * height;
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError(ERROR_TYPES.STORAGE_FILE_TOO_LARGE, MSG_IMAGE_TOO_MANY_PIXELS);
  }
  const sampleBytes = SAMPLE_BYTES[metadata.depth ?? 'uchar'] ?? 8;
  if (pixels * (metadata.channels ?? 4) * sampleBytes > MAX_DECODED_BYTES) {
    throw new AppError(ERROR_TYPES.STORAGE_FILE_TOO_LARGE, MSG_IMAGE_TOO_DEEP);
  }
  const shortest = Math.min(width, height);
  if (shortest === 0 || Math.max(width, height) / shortest > MAX_ASPECT_RATIO) {
    throw new AppError(ERROR_TYPES.STORAGE_FILE_TYPE_UNSUPPORTED, MSG_IMAGE_ASPECT);
  }
}

/**
 * Checks an upload's bytes and returns a clean copy: oriented, metadata-free, at most
 * IMAGE_MAX_SIDE on its longest side; WebP when it has transparency, JPEG otherwise. Everything
 * is decided from the header first; the decoding itself waits its turn in the image queue.
 */
export async function cleanImage(
  input: Buffer,
  types: readonly ImageType[] = ALL_IMAGE_TYPES,
  unsupportedMessage = MSG_UPLOAD_TYPE_UNSUPPORTED,
): Promise<CleanImage> {
  if (input.length === 0) throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_UPLOAD_EMPTY);
  const unsupported = () => new AppError(ERROR_TYPES.STORAGE_FILE_TYPE_UNSUPPORTED, unsupportedMessage);
  const type = await sniffImageType(input);
  if (!type || !types.includes(type)) throw unsupported();

  // The header alone says how many pixels, channels and bits decoding would allocate.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata) {
    if (type === 'heic') throw unsupported();
    throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_IMAGE_UNREADABLE);
  }
  // The decoder must agree with the magic bytes (a polyglot file is not let through).
  if (!metadata.format || !SHARP_FORMATS[type].includes(metadata.format)) throw unsupported();
  checkImageSize(metadata);

  return imageQueue.run(async () => {
    try {
      // `pages: 1`: an animated GIF or WebP becomes its first frame. `failOn: 'truncated'`
      // accepts the harmless warnings many phone JPEGs carry but not a cut-off file.
      // limitInputPixels stays as a second guard should a header lie about its size.
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'truncated' })
        .rotate()
        .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      // No withMetadata()/keepExif(): sharp writes no EXIF, GPS, XMP or ICC data by default.
      const transparent = metadata.hasAlpha === true;
      const encoded = transparent
        ? pipeline.webp({ quality: ORIGINAL_QUALITY, alphaQuality: 100 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: ORIGINAL_QUALITY });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return {
        data,
        mime: transparent ? ('image/webp' as const) : ('image/jpeg' as const),
        width: info.width,
        height: info.height,
      };
    } catch (error) {
      if (isPixelLimitError(error)) {
        throw new AppError(ERROR_TYPES.STORAGE_FILE_TOO_LARGE, MSG_IMAGE_TOO_MANY_PIXELS);
      }
      throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_IMAGE_UNREADABLE);
    }
  });
}

/** Storage key of a file's clean original; previews sit beside it under the same `<id>/` prefix. */
export const originalKey = (id: string) => `${id}/original`;
export const filePrefix = (id: string) => `${id}/`;

type SaveImageInput = SaveImageOptions & { data: UploadData };

/**
 * Checks, cleans and stores an uploaded image; returns the new file id.
 * Accepts `saveImageUpload(app, part, { owner, kind })` or `saveImageUpload(app, { data, owner, kind })`.
 * Too big → 413 storage_file_too_large; not an accepted image → 415 storage_file_type_unsupported.
 */
export async function saveImageUpload(app: FastifyInstance, input: SaveImageInput): Promise<string>;
export async function saveImageUpload(
  app: FastifyInstance,
  data: UploadData,
  options: SaveImageOptions,
): Promise<string>;
export async function saveImageUpload(
  app: FastifyInstance,
  first: UploadData | SaveImageInput,
  second?: SaveImageOptions,
): Promise<string> {
  const { data, ...options } = second ? { ...second, data: first as UploadData } : (first as SaveImageInput);
  const bytes = await readUpload(data);
  const image = await cleanImage(bytes, options.types, options.unsupportedMessage);

  const id = uniqueId();
  const storage = getStorage(app);
  await storage.put(originalKey(id), image.data, image.mime);
  try {
    await app.db.insert(file).values({
      id,
      owner: options.owner,
      kind: options.kind,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    });
  } catch (error) {
    // No row, no bytes: a failed save leaves nothing behind.
    await storage.deletePrefix(filePrefix(id)).catch(() => {});
    throw error;
  }
  return id;
}
