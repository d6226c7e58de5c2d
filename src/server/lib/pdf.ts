import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { formatDay as formatSchoolDay, formatDayTime } from '../../shared/dates.js';
import { pdfChromeMessages } from '../../shared/messages/pdf-documents.js';
import { formatKenyanPhone } from '../../shared/phone.js';
import { schools } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { loadFile } from './files.js';
import type { FileStorage } from '../storage/storage.js';

/**
 * Shared PDF building blocks (ARCHITECTURE.md "Documents: PDFs with pdfkit on the server (school header,
 * page numbers, QR where verifiable)"). Every module that prints (class lists, ID cards, report cards,
 * receipts, payslips, fee statements) builds on these so EduFam documents look alike:
 *
 *   const school = await loadLetterhead(tx, storage, schoolId);      // name, motto, contacts, logo
 *   const doc = createDocument({ title: 'Class list: Grade 7 East' });
 *   let y = drawLetterhead(doc, school, { title: 'Class list', lines: ['Grade 7 East · 2026'] });
 *   y = drawTable(doc, columns, rows, { y, repeatOnNewPage: (d) => drawLetterhead(d, school, { compact: true }) });
 *   const pdf = await renderPdf(doc, { footerNote: school.name });   // "Page n of m" + generation time
 *
 * Units are PDF points (1/72 inch; `MM` converts millimetres). Pages are A4 (595.28 × 841.89 pt).
 * Text uses the 14 standard PDF fonts (Helvetica family): no font files to ship, and WinAnsi covers
 * the Latin names of Kenyan schools (apostrophes, hyphens, accents such as Zoë); other scripts would
 * need an embedded font. Images: pdfkit reads JPEG and PNG only, so `pdfImage` turns anything else
 * (WebP) into null and callers draw a placeholder (the web app converts photos to JPEG before upload).
 */

/** Points per millimetre. */
export const MM = 72 / 25.4;
/** A4 portrait, in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** EduFam's brand colour (theme --primary, teal) and the greys used for rules and zebra rows. */
export const PDF_COLORS = { brand: '#0f766e', text: '#111827', muted: '#4b5563', rule: '#d1d5db', zebra: '#f3f4f6', danger: '#b91c1c' } as const;

/** What a school's documents carry at the top: its name, motto, contacts and logo. */
export interface Letterhead {
  name: string;
  motto: string | null;
  address: string | null;
  county: string | null;
  /** As stored (2547XXXXXXXX); printed in the local form 07XX XXX XXX. */
  phone: string | null;
  email: string | null;
  /** The logo as JPEG or PNG bytes, or null when the school has none (or one pdfkit cannot draw). */
  logo: Buffer | null;
}

/** Footer space reserved at the bottom of every page (points). */
const FOOTER_HEIGHT = 28;

/**
 * The school's letterhead for documents. The logo (schools.logo_url, `/api/files/<id>`) is read from
 * file storage; a missing, unreadable or WebP logo is left out rather than failing the document.
 */
export async function loadLetterhead(tx: Tx, storage: FileStorage, schoolId: string): Promise<Letterhead> {
  const [s] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!s) throw new Error(`school ${schoolId} not found`);
  let logo: Buffer | null = null;
  const fileId = /\/api\/files\/([0-9a-f-]{36})/i.exec(s.logoUrl ?? '')?.[1];
  if (fileId) {
    try {
      logo = pdfImage((await loadFile(tx, storage, schoolId, fileId)).body);
    } catch {
      logo = null;
    }
  }
  return { name: s.name, motto: s.motto, address: s.address, county: s.county, phone: s.phone, email: s.email, logo };
}

/** A Kenyan mobile number (stored as 2547XXXXXXXX) in the form people read (0712 345 678); anything else as is. */
export function displayPhone(phone: string | null | undefined): string {
  return formatKenyanPhone(phone);
}

/** The bytes when pdfkit can draw them (JPEG or PNG, by signature), else null. */
export function pdfImage(buf: Buffer | null | undefined): Buffer | null {
  if (!buf || buf.length < 8) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8) return buf;
  if (buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47) return buf;
  return null;
}

/** Up to two initials of a name ("Wanjiru Njeri Kamau" → "WK"), for photo placeholders. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]![0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)![0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** "23/11/2026 14:05 EAT": an instant in Africa/Nairobi (shared formatDayTime), as documents print their generation time. */
export function formatGeneratedAt(at: Date): string {
  return `${formatDayTime(at)} EAT`;
}

const ISO_DAY_CELL = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) as "12/03/2014" (shared formatDay); '' for none; unreadable text as it is. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return formatSchoolDay(day) || day;
}

export interface DocumentOptions {
  /** Document title (PDF metadata; viewers show it in the title bar). */
  title: string;
  subject?: string;
  layout?: 'portrait' | 'landscape';
  /** Page margins in points (default 40 all round; the footer lives inside the bottom margin). */
  margin?: number;
  /** Deflate content streams (default true). `inspectPdf` reads both. */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;
const collected = new WeakMap<Doc, Promise<Buffer>>();

/**
 * A new A4 document with pages buffered (so `renderPdf` can number them "Page n of m") and its bytes
 * collected as they are written. Fonts: Helvetica 10 pt in the text colour.
 */
export function createDocument(opts: DocumentOptions): Doc {
  const margin = opts.margin ?? 40;
  const doc = new PDFDocument({
    size: 'A4',
    layout: opts.layout ?? 'portrait',
    margins: { top: margin, left: margin, right: margin, bottom: margin + FOOTER_HEIGHT },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: opts.title, Subject: opts.subject ?? opts.title, Author: 'EduFam', Creator: 'EduFam', Producer: 'EduFam (pdfkit)' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  collected.set(
    doc,
    new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    }),
  );
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
  return doc;
}

/** Left, right and usable width of the page's text area. */
export function contentBox(doc: Doc): { left: number; right: number; width: number; top: number; bottom: number } {
  const { margins, width, height } = doc.page;
  return { left: margins.left, right: width - margins.right, width: width - margins.left - margins.right, top: margins.top, bottom: height - margins.bottom };
}

export interface LetterheadOptions {
  /** The document's title under the school's details, e.g. "Class list". */
  title?: string;
  /** Lines under the title (class, year, class teacher ...). */
  lines?: string[];
  /** One line with the school's name only (continuation pages). */
  compact?: boolean;
  /** Top of the letterhead (default: the top margin). */
  y?: number;
}

/**
 * Draws the school's letterhead at the top of the current page: logo (48 pt) on the left, the school's
 * name, motto, address and contacts beside it, a rule, then the title and its lines centred. Returns
 * the y below it, where the body starts.
 */
export function drawLetterhead(doc: Doc, school: Letterhead, opts: LetterheadOptions = {}): number {
  const box = contentBox(doc);
  let y = opts.y ?? box.top;
  if (opts.compact) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.muted);
    doc.text(school.name + (opts.title ? ` · ${opts.title}` : ''), box.left, y, { width: box.width, lineBreak: false, ellipsis: true });
    y += 14;
    doc.moveTo(box.left, y).lineTo(box.right, y).lineWidth(0.5).strokeColor(PDF_COLORS.rule).stroke();
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
    return y + 8;
  }
  const logoSize = 48;
  let textLeft = box.left;
  if (school.logo) {
    try {
      doc.image(school.logo, box.left, y, { fit: [logoSize, logoSize], align: 'center', valign: 'center' });
      textLeft = box.left + logoSize + 12;
    } catch {
      // An image pdfkit cannot parse: the letterhead goes on without it.
    }
  }
  const textWidth = box.right - textLeft;
  const startY = y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(PDF_COLORS.brand);
  doc.text(school.name, textLeft, y, { width: textWidth });
  y = doc.y;
  if (school.motto) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(PDF_COLORS.muted);
    doc.text(`“${school.motto}”`, textLeft, y + 1, { width: textWidth });
    y = doc.y;
  }
  const address = [school.address, school.county && !(school.address ?? '').includes(school.county) ? school.county : null].filter(Boolean).join(', ');
  const contacts = [school.phone ? pdfChromeMessages.tel(displayPhone(school.phone)) : null, school.email ? pdfChromeMessages.email(school.email) : null].filter(Boolean).join('   ·   ');
  doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted);
  if (address) {
    doc.text(address, textLeft, y + 2, { width: textWidth });
    y = doc.y;
  }
  if (contacts) {
    doc.text(contacts, textLeft, y + 1, { width: textWidth });
    y = doc.y;
  }
  y = Math.max(y, school.logo ? startY + logoSize : y) + 8;
  doc.moveTo(box.left, y).lineTo(box.right, y).lineWidth(1).strokeColor(PDF_COLORS.brand).stroke();
  y += 10;
  if (opts.title) {
    doc.font('Helvetica-Bold').fontSize(13).fillColor(PDF_COLORS.text);
    doc.text(opts.title, box.left, y, { width: box.width, align: 'center' });
    y = doc.y + 2;
  }
  if (opts.lines?.length) {
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted);
    for (const line of opts.lines) {
      doc.text(line, box.left, y, { width: box.width, align: 'center' });
      y = doc.y + 1;
    }
  }
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
  return y + 10;
}

export interface TableColumn<T> {
  header: string;
  /** Relative width: columns share the table's width in proportion to these. */
  width: number;
  align?: 'left' | 'right' | 'center';
  value: (row: T, index: number) => string | number | null | undefined;
}

export interface TableOptions {
  /** Where the table starts (default: doc.y). */
  y?: number;
  fontSize?: number;
  /** Shade every other row (default true). */
  zebra?: boolean;
  /**
   * Draws what repeats at the top of each continuation page (a compact letterhead, say) and returns
   * the y where the table goes on; the header row is repeated below it. Default: the top margin.
   */
  onNewPage?: (doc: Doc) => number;
  /** Shown as a single row when there are no rows. */
  emptyText?: string;
}

/**
 * Writes a table across the content width: a bold header row on a tinted band, then the rows (cells
 * wrap; a row never splits across pages). When a row does not fit above the footer, a new page is
 * added, `onNewPage` runs, and the header row is drawn again. Returns the y below the table.
 */
export function drawTable<T>(doc: Doc, columns: TableColumn<T>[], rows: readonly T[], opts: TableOptions = {}): number {
  const box = contentBox(doc);
  const fontSize = opts.fontSize ?? 9;
  const padX = 4;
  const padY = 3.5;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * box.width);
  const xs = widths.map((_, i) => box.left + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i]! - padX * 2 }))) + padY * 2;
  };
  const drawRow = (cells: string[], y: number, h: number, font: string, fill: string | null, color: string) => {
    if (fill) doc.rect(box.left, y, box.width, h).fill(fill);
    doc.font(font).fontSize(fontSize).fillColor(color);
    cells.forEach((text, i) => {
      doc.text(text, xs[i]! + padX, y + padY, { width: widths[i]! - padX * 2, align: columns[i]!.align ?? 'left' });
    });
    doc.moveTo(box.left, y + h).lineTo(box.right, y + h).lineWidth(0.4).strokeColor(PDF_COLORS.rule).stroke();
  };
  const headers = columns.map((c) => c.header);
  const headerHeight = rowHeight(headers, 'Helvetica-Bold');
  const drawHeader = (y: number) => {
    drawRow(headers, y, headerHeight, 'Helvetica-Bold', '#e6f2f1', PDF_COLORS.brand);
    return y + headerHeight;
  };

  let y = drawHeader(opts.y ?? doc.y);
  if (rows.length === 0 && opts.emptyText) {
    const h = rowHeight([opts.emptyText], 'Helvetica-Oblique');
    doc.font('Helvetica-Oblique').fontSize(fontSize).fillColor(PDF_COLORS.muted);
    doc.text(opts.emptyText, box.left + padX, y + padY, { width: box.width - padX * 2, align: 'center' });
    y += h;
  }
  rows.forEach((row, index) => {
    const cells = columns.map((c) => {
      const v = c.value(row, index);
      // A calendar day (YYYY-MM-DD) prints as every document writes days: dd/mm/yyyy (issue 34).
      if (typeof v === 'string' && ISO_DAY_CELL.test(v)) return formatDay(v);
      return v === null || v === undefined ? '' : String(v);
    });
    const h = rowHeight(cells, 'Helvetica');
    if (y + h > contentBox(doc).bottom) {
      doc.addPage();
      y = drawHeader(opts.onNewPage ? opts.onNewPage(doc) : contentBox(doc).top);
    }
    drawRow(cells, y, h, 'Helvetica', opts.zebra !== false && index % 2 === 1 ? PDF_COLORS.zebra : null, PDF_COLORS.text);
    y += h;
  });
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
  doc.x = box.left;
  doc.y = y + 8;
  return y + 8;
}

export interface RenderOptions {
  /** Text at the left of every footer, after the generation time (e.g. the school's name). */
  footerNote?: string;
  /** The generation time printed in the footer (default now), in Africa/Nairobi. */
  generatedAt?: Date;
  /** Leave the footer off (cards printed edge to edge). */
  noFooter?: boolean;
}

/**
 * Finishes the document: on every page a footer with "Generated 23 Nov 2026, 14:05 EAT" (and the
 * note) on the left and "Page n of m" on the right, in the current language, then the bytes of the PDF.
 */
export async function renderPdf(doc: Doc, opts: RenderOptions = {}): Promise<Buffer> {
  const done = collected.get(doc);
  if (!done) throw new Error('renderPdf needs a document from createDocument');
  if (!opts.noFooter) {
    const range = doc.bufferedPageRange();
    const generated = `${pdfChromeMessages.generated(formatGeneratedAt(opts.generatedAt ?? new Date()))}${opts.footerNote ? `  ·  ${opts.footerNote}` : ''}`;
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const { left, right, width } = contentBox(doc);
      const bottomMargin = doc.page.margins.bottom;
      // Writing inside the bottom margin would make pdfkit add a page; lift the margin meanwhile.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - bottomMargin + FOOTER_HEIGHT / 2 - 2;
      doc.moveTo(left, y - 5).lineTo(right, y - 5).lineWidth(0.4).strokeColor(PDF_COLORS.rule).stroke();
      doc.font('Helvetica').fontSize(7.5).fillColor(PDF_COLORS.muted);
      doc.text(generated, left, y, { width: width * 0.75, lineBreak: false, ellipsis: true });
      doc.text(pdfChromeMessages.page(i - range.start + 1, range.count), left + width * 0.75, y, { width: width * 0.25, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottomMargin;
    }
  }
  doc.end();
  return done;
}

/**
 * A QR code as PNG bytes (error correction M, one-module quiet zone). `size` is the image width in
 * pixels; draw it at any size in the PDF (it stays sharp at 3+ pixels per module).
 */
export function qrCodePng(text: string, size = 240): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: size, color: { dark: '#000000', light: '#ffffff' } });
}

/**
 * Draws a QR code as vector squares (error correction M, one-module quiet zone) at (x, y), `size`
 * points wide: no PNG to encode or embed, so a thousand distinct codes (one per report card) cost
 * milliseconds and stay sharp at any zoom. Adjacent dark modules of a row merge into one rectangle.
 */
export function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 1;
  const cell = size / (n + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // Raw rectangle operators in pdfkit's (already flipped) user space, filled once: one content-stream
  // write per code instead of a pdfkit call per run of modules.
  const f = (v: number) => (Math.round(v * 100) / 100).toString();
  const ops: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      // A hair of overlap so anti-aliasing leaves no seams between rows.
      ops.push(`${f(x + (quiet + start) * cell)} ${f(y + (quiet + row) * cell)} ${f((col - start) * cell + 0.01)} ${f(cell + 0.01)} re`);
    }
  }
  doc.fillColor('#000000');
  doc.addContent(`${ops.join('\n')}\nf`);
  doc.restore();
}

/**
 * What a PDF says, for tests and support checks without external tools (poppler's pdftotext is not on
 * every machine): the page count (page objects) and the text of every text object, in drawing order,
 * one line per text object, and how many raster images it embeds. Reads pdfkit's output, compressed or
 * not, with the standard fonts (WinAnsi hex strings); not a general PDF parser.
 */
export function inspectPdf(pdf: Buffer): { pages: number; text: string; isPdf: boolean; images: number } {
  const raw = pdf.toString('latin1');
  const pages = (raw.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  const contents: string[] = [];
  const streamRe = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const dict = raw.slice(Math.max(0, raw.lastIndexOf(' obj', m.index)), m.index);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body);
      } catch {
        streamRe.lastIndex = end + 9;
        continue;
      }
    }
    if (!/\/Subtype\s*\/Image/.test(dict)) contents.push(body.toString('latin1'));
    streamRe.lastIndex = end + 9;
  }
  const lines: string[] = [];
  for (const c of contents) {
    for (const block of c.match(/BT[\s\S]*?ET/g) ?? []) {
      let line = '';
      for (const s of block.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []) {
        if (s.startsWith('<')) line += Buffer.from(s.slice(1, -1).replace(/\s+/g, ''), 'hex').toString('latin1');
        else line += s.slice(1, -1).replace(/\\(.)/g, '$1');
      }
      if (line) lines.push(line);
    }
  }
  // Embedded raster images (image XObjects; a PNG with transparency adds its soft mask as a second one).
  const images = (raw.match(/\/Subtype\s*\/Image(?![a-zA-Z])/g) ?? []).length;
  return { pages, text: lines.join('\n'), isPdf: raw.startsWith('%PDF-'), images };
}

/** Sends a PDF inline (the browser's viewer opens it; the name is used when saved). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  const safe = fileName.replace(/[^\w.\- ]+/g, '_');
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `inline; filename="${safe}.pdf"`);
  reply.header('cache-control', 'no-store');
  return reply.send(pdf);
}
