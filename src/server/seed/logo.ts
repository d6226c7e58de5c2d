import { crc32, deflateSync } from 'node:zlib';
import { eq, isNull } from 'drizzle-orm';
import { schools } from '../db/schema/index.js';
import { withSystem, type Tx } from '../db/tenant.js';
import type { Database } from '../db/client.js';
import { storeFile } from '../lib/files.js';
import type { FileStorage } from '../storage/storage.js';

/**
 * Demo school crests (issue 34): a shield in the school's colour with a gold border and the school's
 * initials, drawn in code as a PNG (pdfkit draws PNG and JPEG only, and browsers show PNG), so the demo
 * schools' receipts, statements, invoices and report cards carry a logo. Stored like an uploaded logo
 * (files row of kind "logo", schools.logo_url = /api/files/<id>), so the principal can replace or
 * remove it in School Setup → Profile.
 */

/** What to store for a school's crest: the arguments `storeFile` takes besides the school. */
export interface CrestLogo {
  kind: 'logo';
  buffer: Buffer;
  contentType: 'image/png';
  originalName: string;
}

/** 5 × 7 block letters for the initials (rows top to bottom, '#' = filled). */
const GLYPHS: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '#####'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

/** Words a school's initials skip ("Greenhill Academy" → "GA", "School of St Mary" → "SSM" → first two). */
const SMALL_WORDS = new Set(['of', 'the', 'and', 'for', '&']);

/** Up to two initials of a school's name, letters A–Z only ("Riverside International School" → "RI"). */
export function crestInitials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()))
    .map((w) => w.normalize('NFD').replace(/[^A-Za-z]/g, '')[0]?.toUpperCase() ?? '')
    .filter((c) => GLYPHS[c]);
  return letters.slice(0, 2).join('') || 'S';
}

type Rgba = [number, number, number, number];

function hex(colour: string): Rgba {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16), 255];
}

/** An RGBA image as PNG bytes (colour type 6, 8 bits, no interlace; filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A crest as PNG bytes (200 × 236 px, transparent around the shield): the shield in `colour`, a gold
 * border and a gold bar under the initials, the initials in white block letters. Deterministic.
 */
export function crestPng(name: string, opts: { colour?: string; accent?: string } = {}): Buffer {
  const W = 200;
  const H = 236;
  const field = hex(opts.colour ?? '#0f766e');
  const gold = hex(opts.accent ?? '#d4a017');
  const white: Rgba = [255, 255, 255, 255];
  const px = new Uint8Array(W * H * 4);
  const cx = W / 2;
  const top = 6;
  const shoulder = 120;
  const tip = H - 6;
  const half = W / 2 - 6;
  // Half-width of the shield at height y, shrunk by `inset` (straight sides, then curving to a point).
  const halfWidth = (y: number, inset: number) => {
    if (y < top + inset) return -1;
    if (y <= shoulder) return half - inset;
    const t = (y - shoulder) / (tip - inset - shoulder);
    if (t >= 1) return -1;
    return (half - inset) * Math.pow(Math.cos((t * Math.PI) / 2), 0.75);
  };
  const inside = (x: number, y: number, inset: number) => Math.abs(x - cx) <= halfWidth(y, inset);
  // Shield and border, 4 × 4 supersampled for smooth edges.
  const S = 4;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let inShield = 0;
      let inField = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const fx = x + (sx + 0.5) / S;
          const fy = y + (sy + 0.5) / S;
          if (inside(fx, fy, 0)) inShield++;
          if (inside(fx, fy, 9)) inField++;
        }
      }
      if (!inShield) continue;
      const f = inField / inShield;
      const i = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(field[c]! * f + gold[c]! * (1 - f));
      px[i + 3] = Math.round((255 * inShield) / (S * S));
    }
  }
  const fill = (x0: number, y0: number, w: number, h: number, colour: Rgba) => {
    for (let y = Math.max(0, y0); y < Math.min(H, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(W, x0 + w); x++) {
        if (!inside(x + 0.5, y + 0.5, 9)) continue;
        px.set(colour, (y * W + x) * 4);
      }
    }
  };
  // The initials: 5 × 7 cells of 11 px (one letter) or 9 px (two), centred above the shoulder.
  const initials = crestInitials(name);
  const cell = initials.length === 1 ? 11 : 9;
  const gap = cell * 2;
  const textW = initials.length * 5 * cell + (initials.length - 1) * gap;
  const x0 = Math.round(cx - textW / 2);
  const y0 = 44;
  [...initials].forEach((ch, k) => {
    GLYPHS[ch]!.forEach((row, r) => {
      [...row].forEach((bit, c) => {
        if (bit === '#') fill(x0 + k * (5 * cell + gap) + c * cell, y0 + r * cell, cell, cell, white);
      });
    });
  });
  // A gold bar under the initials and a small gold diamond towards the tip.
  fill(40, y0 + 7 * cell + 14, W - 80, 8, gold);
  const dy = y0 + 7 * cell + 52;
  for (let y = -14; y <= 14; y++) {
    const w = 14 - Math.abs(y);
    fill(Math.round(cx - w), dy + y, w * 2, 1, gold);
  }
  return encodePng(W, H, px);
}

/** A school's demo crest in the shape `storeFile` stores (kind "logo", PNG). */
export function schoolCrest(name: string, opts: { colour?: string; accent?: string } = {}): CrestLogo {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { kind: 'logo', buffer: crestPng(name, opts), contentType: 'image/png', originalName: `${slug || 'school'}-crest.png` };
}

/**
 * Stores a school's crest as its logo (a files row of kind "logo" and the bytes in `storage`) and points
 * schools.logo_url at /api/files/<id>, in the caller's transaction. Returns the URL.
 */
export async function storeSchoolCrest(tx: Tx, storage: FileStorage, schoolId: string, name: string, opts: { colour?: string; accent?: string } = {}): Promise<string> {
  const file = await storeFile(tx, storage, { schoolId, ...schoolCrest(name, opts) });
  const logoUrl = `/api/files/${file.id}`;
  await tx.update(schools).set({ logoUrl }).where(eq(schools.id, schoolId));
  return logoUrl;
}

/**
 * Gives every school that has no logo yet its crest (demo start-up, after `seedDemo`: the seed runs
 * without file storage). Schools with a logo are left alone. Returns how many crests were stored.
 */
export async function seedSchoolCrests(database: Pick<Database, 'db'>, storage: FileStorage): Promise<number> {
  return withSystem(database.db, async (tx) => {
    const rows = await tx.select({ id: schools.id, name: schools.name }).from(schools).where(isNull(schools.logoUrl));
    for (const s of rows) await storeSchoolCrest(tx, storage, s.id, s.name);
    return rows.length;
  });
}
