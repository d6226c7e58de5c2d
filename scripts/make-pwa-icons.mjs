// Renders the installable app's icons (issue 36 §4) from src/web/public/favicon.svg into
// src/web/public/icons/: icon-192.png, icon-512.png (the favicon as drawn, rounded teal square) and
// icon-maskable-512.png (full-bleed teal with the mark inside the 80 % safe zone, so a launcher's mask
// never cuts it). The PNGs are committed, so the build needs neither this script nor the network.
// Run after changing the favicon: node scripts/make-pwa-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'src/web/public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/** Renders an SVG string to a square PNG `size` pixels wide. */
function png(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng();
}

// Maskable: the favicon's mark (its <path>) on a full square of the favicon's colour, scaled to 60 %
// and centred (the safe zone is the centre circle of 80 % diameter).
const fill = /<rect[^>]*fill="(#[0-9a-f]{3,8})"/i.exec(favicon)?.[1] ?? '#0f766e';
const mark = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!mark) throw new Error('favicon.svg has no <path> to put on the maskable icon');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(16 16) scale(1.1) translate(-16 -14.5)">${mark}</g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  writeFileSync(join(publicDir, 'icons', name), png(svg, size));
  console.log(`src/web/public/icons/${name}`);
}
