import sharp from './sharp.ts';

const SIZE = 512;
const BACKGROUND = [0xdf, 0xe3, 0xe8];
const FIGURE = [0x9a, 0xa4, 0xb1];

/** Whether a point belongs to the silhouette: a head and the top of a pair of shoulders. */
function inFigure(x: number, y: number): boolean {
  const head = (x - 256) ** 2 + (y - 200) ** 2 <= 96 ** 2;
  const shoulders = ((x - 256) / 176) ** 2 + ((y - 480) / 150) ** 2 <= 1;
  return head || shoulders;
}

/**
 * The default picture (`dp = 'newuser'`): a neutral grey silhouette, drawn pixel by pixel
 * (4 samples a pixel for smooth edges) so no SVG renderer is involved. A lossless PNG
 * from which previews are made like any upload.
 */
export async function renderDefaultAvatar(): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  const offsets = [0.25, 0.75];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let covered = 0;
      for (const dy of offsets) for (const dx of offsets) if (inFigure(x + dx, y + dy)) covered++;
      const share = covered / 4;
      const at = (y * SIZE + x) * 3;
      for (let c = 0; c < 3; c++) {
        pixels[at + c] = Math.round(BACKGROUND[c] * (1 - share) + FIGURE[c] * share);
      }
    }
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png()
    .toBuffer();
}

let cached: Promise<Buffer> | undefined;

/** Drawn once per process. */
export function defaultAvatar(): Promise<Buffer> {
  cached ??= renderDefaultAvatar();
  return cached;
}
