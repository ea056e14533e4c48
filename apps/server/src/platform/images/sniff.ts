/** Image formats we accept, recognised from the file's first bytes. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

const startsWith = (data: Buffer, bytes: number[], at = 0): boolean =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);

const ascii = (data: Buffer, from: number, to: number): string => data.subarray(from, to).toString('latin1');

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * The image type told by the bytes themselves — never the filename or the declared
 * Content-Type, which the uploader controls. Anything else (SVG, HTML, PDF, text) is null.
 */
export function sniffImageType(data: Buffer): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  // ISO base media file: [size]["ftyp"][major brand][minor version][compatible brands...]
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp') {
    const boxSize = Math.min(data.readUInt32BE(0), data.length, 256);
    const brands = [ascii(data, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(data, at, at + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return null;
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
