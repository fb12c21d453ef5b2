// Renders the app icon (app/icon.svg) to the PNGs the web app manifest needs, into public/icons/,
// and to app/apple-icon.png, which Next.js links on every App Router page as the iOS home-screen
// icon. Run once after changing the icon: `node scripts/generate-icons.mjs`; the PNGs are
// committed. `sharp` comes with Next.js (its image optimiser's dependency), so nothing is added.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('app/icon.svg', 'utf8');
// A maskable icon is cropped to a circle or a squircle by the launcher: its background must fill
// the square (no rounded corners), and the glyph must sit inside the central 80 % — it already
// does (it spans the middle 44 %).
const maskable = svg.replace(/\s+rx="[^"]*"/, '');
if (maskable === svg) throw new Error('app/icon.svg changed shape: update the maskable variant here.');

const outputs = [
  { file: 'public/icons/icon-192.png', size: 192, source: svg },
  { file: 'public/icons/icon-512.png', size: 512, source: svg },
  { file: 'public/icons/maskable-512.png', size: 512, source: maskable },
  { file: 'app/apple-icon.png', size: 180, source: maskable },
];

mkdirSync('public/icons', { recursive: true });
for (const { file, size, source } of outputs) {
  await sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`${file} (${size}×${size})`);
}
