// Renders the PNG icons of the web manifest from public/logo.svg (run once after changing the logo:
// `node apps/web/scripts/make-icons.mjs`); the PNGs are committed so builds need no native tool.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = await readFile(path.join(root, 'logo.svg'));

const square = [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
  ['favicon-32.png', 32],
  // The header's logo (32 px, drawn sharp up to 3× screens): an SVG in an <img> costs the page a
  // document of its own, 40–90 ms of a cheap phone's main thread while the first screen loads.
  ['logo-96.png', 96],
];
for (const [name, size] of square) {
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png()
    .toFile(path.join(root, 'icons', name));
}

// Maskable icons need the artwork inside the central safe zone (80 %) on a full-bleed background.
for (const size of [192, 512]) {
  const artwork = Math.round(size * 0.78);
  const offset = Math.round((size - artwork) / 2);
  const inner = await sharp(svg, { density: 300 }).resize(artwork, artwork).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#d9480f' } })
    .composite([{ input: inner, top: offset, left: offset }])
    .png()
    .toFile(path.join(root, 'icons', `maskable-${size}.png`));
}
console.log('icons written to', path.join(root, 'icons'));
