import type { TimetableView } from '../../../shared/contracts/timetable.js';
import { timetableViewMessages as tm } from '../../../shared/messages/timetable-views.js';
import { contentBox, createDocument, drawLetterhead, PDF_COLORS, renderPdf, type Letterhead } from '../../lib/pdf.js';

/**
 * Print-ready timetables (issue 16 §5): A4 landscape grids on the school's letterhead, days as columns
 * and the bell schedule's lines as rows (lesson periods with their times; breaks, lunch and games as
 * shaded rows), one page per stream, teacher or room, and the whole school as one page per stream.
 * Built from a TimetableView, so a teacher's or parent's PDF holds exactly what their screen shows.
 */

export type PdfView = 'class' | 'teacher' | 'room' | 'school';

/** One row of the grid: a lesson period (engine period index) or a break line. */
export interface GridRow {
  label: string;
  time: string | null;
  period: number | null;
}

/** One page: title lines, day columns, rows, and the text of each (day, period) cell. */
export interface GridPage {
  title: string;
  lines: string[];
  days: string[];
  rows: GridRow[];
  /** Cell text by `${day},${period}`: [main, second, third] lines. */
  cells: Map<string, string[]>;
}

type Named = { id: string; name: string };
const nameOf = (list: Named[], id: string) => list.find((x) => x.id === id)?.name ?? id;

/** Grid rows from a level's bell schedule (or the problem's bare periods without one). */
function rowsFor(view: TimetableView, levelId: string | null): GridRow[] {
  const meta = view.meta;
  const schedule = meta ? ((levelId ? meta.bellSchedules[levelId] : undefined) ?? meta.bellSchedules.default ?? Object.values(meta.bellSchedules)[0]) : undefined;
  if (!schedule?.length) return view.periods.map((p, i) => ({ label: p, time: null, period: i }));
  const rows: GridRow[] = [];
  let k = 0;
  for (const line of schedule) {
    if (line.kind === 'lesson') {
      if (k < view.periods.length) rows.push({ label: line.label, time: `${line.start}-${line.end}`, period: k });
      k++;
    } else {
      rows.push({ label: line.label, time: `${line.start}-${line.end}`, period: null });
    }
  }
  // Periods of the grid this level's schedule does not reach (another level's longer day).
  for (; k < view.periods.length; k++) rows.push({ label: view.periods[k]!, time: null, period: k });
  return rows;
}

/** The most common level among some streams (a teacher's or room's page follows its times). */
function commonLevel(view: TimetableView, classIds: string[]): string | null {
  const counts = new Map<string, number>();
  for (const id of classIds) {
    const level = view.classes.find((c) => c.id === id)?.levelId;
    if (level) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function pageFor(view: TimetableView, kind: Exclude<PdfView, 'school'>, id: string, title: string, lines: string[]): GridPage {
  const lessons = view.lessons.filter((l) => (kind === 'class' ? l.classIds.includes(id) : kind === 'teacher' ? l.teacherIds.includes(id) : l.roomId === id));
  const levelId = kind === 'class' ? (view.classes.find((c) => c.id === id)?.levelId ?? null) : commonLevel(view, lessons.flatMap((l) => l.classIds));
  const cells = new Map<string, string[]>();
  for (const l of lessons) {
    const subject = nameOf(view.subjects, l.subjectId);
    const classesText = l.classIds.map((c) => nameOf(view.classes, c)).join(' + ');
    const teachersText = l.teacherIds.map((t) => nameOf(view.teachers, t)).join(', ');
    const room = l.roomId ? nameOf(view.rooms, l.roomId) : '';
    const text = kind === 'class' ? [subject, teachersText, room] : kind === 'teacher' ? [subject, classesText, room] : [subject, classesText, teachersText];
    for (let i = 0; i < l.duration; i++) {
      const key = `${l.day},${l.period + i}`;
      const prior = cells.get(key);
      // Two lessons in one cell only happen on an unchecked import; show both rather than hide one.
      cells.set(key, prior ? [`${prior[0]} / ${text[0]}`, `${prior[1]} / ${text[1]}`, `${prior[2]} / ${text[2]}`] : text);
    }
  }
  // Fixed school slots (assembly, PPI) where the page's level has no lesson.
  // meta.fixedSlots name weekdays (0 = Monday); the grid's columns are engine days.
  for (const f of view.meta?.fixedSlots ?? []) {
    if (f.levelId && f.levelId !== levelId) continue;
    const day = view.meta!.dayIndexes.indexOf(f.day);
    if (day < 0) continue;
    const key = `${day},${f.period}`;
    if (!cells.has(key)) cells.set(key, [f.label, '', '']);
  }
  return { title, lines, days: view.days, rows: rowsFor(view, levelId), cells };
}

/**
 * The pages of a PDF view: one for a stream, teacher or room; one per stream (with lessons) for the
 * whole school. Null when the id names nothing in the view.
 */
export function gridPages(view: TimetableView, kind: PdfView, id: string | undefined): GridPage[] | null {
  const versionLine = tm.pdf.versionLine(view.name, view.version, view.status);
  if (kind === 'school') {
    return view.classes
      .filter((c) => view.lessons.some((l) => l.classIds.includes(c.id)))
      .map((c) => pageFor(view, 'class', c.id, tm.pdf.classTitle(c.name), [versionLine]));
  }
  if (!id) return null;
  const list: Named[] = kind === 'class' ? view.classes : kind === 'teacher' ? view.teachers : view.rooms;
  const target = list.find((x) => x.id === id);
  if (!target) return null;
  const title = kind === 'class' ? tm.pdf.classTitle(target.name) : kind === 'teacher' ? tm.pdf.teacherTitle(target.name) : tm.pdf.roomTitle(target.name);
  return [pageFor(view, kind, id, title, [versionLine])];
}

type Doc = PDFKit.PDFDocument;

/** Draws one grid page below the letterhead. */
function drawGrid(doc: Doc, page: GridPage, top: number): void {
  const box = contentBox(doc);
  const firstCol = 78;
  const dayWidth = (box.width - firstCol) / Math.max(1, page.days.length);
  const headerH = 16;
  const breakH = 13;
  const breaks = page.rows.filter((r) => r.period === null).length;
  const lessonsN = Math.max(1, page.rows.length - breaks);
  const lessonH = Math.max(18, Math.min(56, (box.bottom - top - headerH - breaks * breakH) / lessonsN));
  let y = top;

  doc.rect(box.left, y, box.width, headerH).fill('#e6f2f1');
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(PDF_COLORS.brand);
  doc.text(tm.pdf.periodColumn, box.left + 3, y + 4, { width: firstCol - 6, lineBreak: false });
  page.days.forEach((d, i) => doc.text(d, box.left + firstCol + i * dayWidth, y + 4, { width: dayWidth, align: 'center', lineBreak: false }));
  y += headerH;

  for (const row of page.rows) {
    const h = row.period === null ? breakH : lessonH;
    if (y + h > box.bottom + 0.5) break;
    if (row.period === null) {
      doc.rect(box.left, y, box.width, h).fill(PDF_COLORS.zebra);
      doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(PDF_COLORS.muted);
      doc.text(`${row.label}${row.time ? `  ${row.time}` : ''}`, box.left, y + 3, { width: box.width, align: 'center', lineBreak: false });
    } else {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.text);
      doc.text(row.label, box.left + 3, y + 3, { width: firstCol - 6, lineBreak: false, ellipsis: true });
      if (row.time) {
        doc.font('Helvetica').fontSize(7).fillColor(PDF_COLORS.muted);
        doc.text(row.time, box.left + 3, y + 13, { width: firstCol - 6, lineBreak: false });
      }
      page.days.forEach((_, d) => {
        const cell = page.cells.get(`${d},${row.period}`);
        if (!cell) return;
        const x = box.left + firstCol + d * dayWidth;
        const w = dayWidth - 6;
        doc.rect(x + 1, y + 1, dayWidth - 2, h - 2).fill('#f0f7f6');
        doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.text);
        doc.text(cell[0] ?? '', x + 3, y + 3, { width: w, lineBreak: false, ellipsis: true });
        doc.font('Helvetica').fontSize(7).fillColor(PDF_COLORS.text);
        if (cell[1] && h >= 22) doc.text(cell[1], x + 3, y + 13, { width: w, lineBreak: false, ellipsis: true });
        doc.fillColor(PDF_COLORS.muted);
        if (cell[2] && h >= 31) doc.text(cell[2], x + 3, y + 22, { width: w, lineBreak: false, ellipsis: true });
      });
    }
    doc.moveTo(box.left, y + h).lineTo(box.right, y + h).lineWidth(0.4).strokeColor(PDF_COLORS.rule).stroke();
    y += h;
  }
  // Column rules.
  doc.lineWidth(0.4).strokeColor(PDF_COLORS.rule);
  for (let i = 0; i <= page.days.length; i++) {
    const x = box.left + firstCol + i * dayWidth;
    doc.moveTo(x, top).lineTo(x, y).stroke();
  }
  doc.moveTo(box.left, top).lineTo(box.left, y).stroke();
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
}

/** The PDF of some grid pages (A4 landscape, letterhead on each page, "Page n of m" footers). */
export async function timetablePdf(school: Letterhead, pages: GridPage[], docTitle: string): Promise<Buffer> {
  const doc = createDocument({ title: docTitle, layout: 'landscape', margin: 28 });
  if (pages.length === 0) {
    const y = drawLetterhead(doc, school, { title: docTitle });
    doc.font('Helvetica-Oblique').fontSize(10).fillColor(PDF_COLORS.muted).text(tm.pdf.noLessons, contentBox(doc).left, y, { width: contentBox(doc).width, align: 'center' });
  }
  pages.forEach((page, i) => {
    if (i > 0) doc.addPage();
    const y = drawLetterhead(doc, school, { title: page.title, lines: page.lines });
    drawGrid(doc, page, y);
  });
  return renderPdf(doc, { footerNote: school.name });
}
