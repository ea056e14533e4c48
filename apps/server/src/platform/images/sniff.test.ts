// The upload's type comes from its bytes (file-type's signatures), never from its name or declared type.
import { describe, expect, it } from 'vitest';
import * as images from '../../../test/fixtures/images.ts';
import { sniffImageType } from './sniff.ts';

/** An ISO-BMFF header: [size]["ftyp"][major brand][minor version][compatible brands]. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands, 8, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
}

describe('sniffImageType', () => {
  it('tells each accepted format from its bytes', async () => {
    expect(await sniffImageType(await images.jpegWithGps(40, 30))).toBe('jpeg');
    expect(await sniffImageType(await images.png(40, 30))).toBe('png');
    expect(await sniffImageType(await images.webp(40, 30))).toBe('webp');
    expect(await sniffImageType(await images.gif(40, 30))).toBe('gif');
    expect(await sniffImageType(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(await sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
  });

  it('knows nothing else, whatever it claims to be', async () => {
    for (const bytes of [
      images.svgBytes,
      images.htmlBytes,
      images.pdfBytes,
      Buffer.from('hello'),
      Buffer.alloc(0),
    ]) {
      expect(await sniffImageType(bytes)).toBeNull();
    }
    expect(await sniffImageType(ftyp('isom', 'mp41'))).toBeNull();
  });
});
