import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { ID_CARDS_TASK, ID_CARDS_PER_PAGE, learnerRecordUrl, type IdCardsBody } from '../../../shared/contracts/people.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { TaskHandler, TaskRunner } from '../../jobs/tasks.js';
import {
  MM,
  PDF_COLORS,
  createDocument,
  displayPhone,
  initialsOf,
  loadLetterhead,
  pdfImage,
  qrCodePng,
  renderPdf,
  type Letterhead,
} from '../../lib/pdf.js';
import type { FileStorage } from '../../storage/storage.js';
import { auditSchool } from '../../lib/school-context.js';
import { audienceScope, learnerAudience, learnerNotFound, visibleLearners } from '../learners/index.js';
import { photosRefused } from '../data-protection/index.js';
import * as repo from './people.repository.js';

/**
 * Learner ID cards (issue 10 §3 "Learner ID cards as PDF").
 *
 * Layout (decision): CR80 cards, 85.6 × 54 mm, eight per A4 portrait page (2 columns × 4 rows, 8 mm
 * and 6 mm gutters, corner cut marks), so a class of 45 prints on 6 sheets and a single card on one.
 * Print at 100% (no "fit to page"), cut along the marks, laminate. A card shows the school's logo,
 * name and motto; the learner's photo (or their initials when there is none, it is WebP, which
 * pdfkit cannot draw, or a guardian refused photo consent: decision 0025); full name; admission number; class; the academic year it is valid for; a QR
 * code; and the school's phone "if found". The QR encodes only the staff URL of the learner's record
 * (`${PUBLIC_URL}/dashboard/students?student=<id>`): scanning it opens the learner record (the students section, any staff role that may see the learner) for
 * signed-in staff who may see it, and tells anyone else nothing personal.
 */

const m = messages.people;
const CARD_W = 85.6 * MM;
const CARD_H = 54 * MM;
const GUTTER_X = 8 * MM;
const GUTTER_Y = 6 * MM;
const COLS = 2;
const ROWS = ID_CARDS_PER_PAGE / COLS;

export interface CardInput {
  card: repo.CardRow;
  /** JPEG or PNG bytes of the photo, or null for the initials placeholder. */
  photo: Buffer | null;
}

type Doc = PDFKit.PDFDocument;

/** Top-left corner of the card at `slot` (0..7) on its page. */
function slotOrigin(doc: Doc, slot: number): { x: number; y: number } {
  const gridW = COLS * CARD_W + (COLS - 1) * GUTTER_X;
  const gridH = ROWS * CARD_H + (ROWS - 1) * GUTTER_Y;
  const left = (doc.page.width - gridW) / 2;
  const top = Math.max(48, (doc.page.height - gridH) / 2 - 10);
  return { x: left + (slot % COLS) * (CARD_W + GUTTER_X), y: top + Math.floor(slot / COLS) * (CARD_H + GUTTER_Y) };
}

/** Short cut marks just outside each corner of a card. */
function cutMarks(doc: Doc, x: number, y: number) {
  const len = 6;
  const gap = 2;
  doc.save().lineWidth(0.3).strokeColor('#9ca3af');
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + CARD_W, y, 1, -1],
    [x, y + CARD_H, -1, 1],
    [x + CARD_W, y + CARD_H, 1, 1],
  ] as const) {
    doc.moveTo(cx + dx * gap, cy).lineTo(cx + dx * (gap + len), cy).stroke();
    doc.moveTo(cx, cy + dy * gap).lineTo(cx, cy + dy * (gap + len)).stroke();
  }
  doc.restore();
}

/** Draws one card with its top-left corner at (x, y). */
export function drawIdCard(doc: Doc, x: number, y: number, school: Letterhead, input: CardInput, qr: Buffer): void {
  const { card, photo } = input;
  const name = learnerName(card);
  const radius = 7;
  cutMarks(doc, x, y);
  doc.save();
  doc.roundedRect(x, y, CARD_W, CARD_H, radius).clip();
  doc.rect(x, y, CARD_W, CARD_H).fill('#ffffff');

  // Header band: logo, school name, motto.
  const bandH = 36;
  doc.rect(x, y, CARD_W, bandH).fill(PDF_COLORS.brand);
  let textX = x + 9;
  if (school.logo) {
    try {
      doc.roundedRect(x + 7, y + 5, 26, 26, 4).fill('#ffffff');
      doc.image(school.logo, x + 8, y + 6, { fit: [24, 24], align: 'center', valign: 'center' });
      textX = x + 39;
    } catch {
      textX = x + 9;
    }
  }
  const textW = x + CARD_W - 8 - textX;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#ffffff');
  doc.text(school.name, textX, y + 7, { width: textW, height: 20, ellipsis: true, lineGap: -1 });
  if (school.motto) {
    doc.font('Helvetica-Oblique').fontSize(5.8).fillColor('#d1fae5');
    doc.text(school.motto, textX, Math.min(doc.y + 0.5, y + 25), { width: textW, height: 8, ellipsis: true, lineBreak: false });
  }

  // Photo (passport proportions) or initials.
  const px = x + 9;
  const py = y + bandH + 8;
  const pw = 64;
  const ph = 80;
  let drawn = false;
  if (photo) {
    try {
      doc.save();
      doc.roundedRect(px, py, pw, ph, 3).clip();
      doc.image(photo, px, py, { cover: [pw, ph], align: 'center', valign: 'center' });
      doc.restore();
      drawn = true;
    } catch {
      doc.restore();
    }
  }
  if (!drawn) {
    doc.roundedRect(px, py, pw, ph, 3).fill('#e6f2f1');
    doc.font('Helvetica-Bold').fontSize(22).fillColor(PDF_COLORS.brand);
    doc.text(initialsOf(name), px, py + ph / 2 - 11, { width: pw, align: 'center', lineBreak: false });
  }
  doc.roundedRect(px, py, pw, ph, 3).lineWidth(0.5).strokeColor(PDF_COLORS.rule).stroke();

  // Details.
  const qrSize = 56;
  const dx = px + pw + 9;
  const dw = x + CARD_W - 9 - qrSize - 6 - dx;
  doc.font('Helvetica-Bold').fontSize(5.5).fillColor(PDF_COLORS.brand);
  doc.text(m.idCard.heading, dx, py - 1, { width: dw + qrSize, characterSpacing: 0.6, lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(PDF_COLORS.text);
  doc.text(name, dx, py + 8, { width: dw, height: 24, ellipsis: true, lineGap: -1 });
  let ly = Math.max(doc.y + 4, py + 28);
  const field = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(5.8).fillColor(PDF_COLORS.muted).text(label, dx, ly, { width: dw, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(7.6).fillColor(PDF_COLORS.text).text(value || '—', dx, ly + 6.5, { width: dw, height: 9, ellipsis: true, lineBreak: false });
    ly += 16.5;
  };
  field(m.idCard.admissionNumber, card.admissionNumber);
  field(m.idCard.class, card.className ?? '');
  field(m.idCard.validFor, card.academicYear ?? '');

  // QR code to the staff record.
  const qx = x + CARD_W - 9 - qrSize;
  const qy = py + 6;
  doc.image(qr, qx, qy, { width: qrSize, height: qrSize });
  doc.font('Helvetica').fontSize(4.6).fillColor(PDF_COLORS.muted);
  doc.text(m.idCard.scan, qx - 6, qy + qrSize + 1.5, { width: qrSize + 12, align: 'center' });

  // Footer strip.
  const fh = 11;
  doc.rect(x, y + CARD_H - fh, CARD_W, fh).fill('#e6f2f1');
  doc.font('Helvetica').fontSize(5.4).fillColor(PDF_COLORS.brand);
  doc.text(m.idCard.ifFound(displayPhone(school.phone)), x + 6, y + CARD_H - fh + 3.2, { width: CARD_W - 12, align: 'center', lineBreak: false, ellipsis: true });
  doc.restore();
  doc.roundedRect(x, y, CARD_W, CARD_H, radius).lineWidth(0.6).strokeColor('#9ca3af').stroke();
}

/**
 * A PDF of ID cards, eight per A4 page, in the given order. `photoOf` loads a card's photo (null
 * for none); `onCard` reports progress after each card.
 */
export async function idCardsPdf(opts: {
  school: Letterhead;
  cards: repo.CardRow[];
  publicUrl: string;
  title: string;
  photoOf: (card: repo.CardRow) => Promise<Buffer | null>;
  onCard?: (done: number, total: number) => Promise<void>;
}): Promise<{ pdf: Buffer; pages: number }> {
  const doc = createDocument({ title: opts.title, margin: 28 });
  const total = opts.cards.length;
  for (const [i, card] of opts.cards.entries()) {
    const slot = i % ID_CARDS_PER_PAGE;
    if (i > 0 && slot === 0) doc.addPage();
    if (slot === 0) {
      doc.font('Helvetica').fontSize(7.5).fillColor(PDF_COLORS.muted);
      doc.text(`${opts.title}  ·  ${total > 1 ? m.classes.idCardsHint : m.idCard.printHint}`, 28, 26, { width: doc.page.width - 56, align: 'center', lineBreak: false, ellipsis: true });
    }
    const { x, y } = slotOrigin(doc, slot);
    const qr = await qrCodePng(learnerRecordUrl(opts.publicUrl, card.id), 200);
    drawIdCard(doc, x, y, opts.school, { card, photo: pdfImage(await opts.photoOf(card)) }, qr);
    await opts.onCard?.(i + 1, total);
  }
  const pages = doc.bufferedPageRange().count;
  const pdf = await renderPdf(doc, { footerNote: opts.school.name });
  return { pdf, pages };
}

/**
 * Loads photos by card from file storage (keys looked up in `tx`; the bytes are read on demand, outside
 * any transaction). A missing or vanished photo is null (the card shows initials), and so is the photo
 * of a learner whose guardians refused photo consent (issue 35 §5; decision 0025, Photos: the card
 * leaves the school office; not yet asked keeps the photo, the card being identification).
 */
async function photoLoader(tx: Tx, storage: FileStorage, schoolId: string, cards: repo.CardRow[]): Promise<(card: repo.CardRow) => Promise<Buffer | null>> {
  const keys = await repo.storageKeys(tx, schoolId, cards.flatMap((c) => (c.photoFileId ? [c.photoFileId] : [])));
  const refused = await photosRefused(tx, schoolId, cards.filter((c) => c.photoFileId).map((c) => c.id));
  return async (card) => {
    const key = card.photoFileId && !refused.has(card.id) ? keys.get(card.photoFileId) : undefined;
    if (!key) return null;
    try {
      return await storage.get(key);
    } catch {
      return null;
    }
  };
}

function principalSchool(actor: Actor): string {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(m.idCardsPrincipalOnly);
  return actor.schoolId;
}

/**
 * GET /api/students/:id/id-card.pdf: one learner's card on an A4 page (principal; 404 for a learner
 * of another school).
 */
export async function singleIdCard(database: Database, storage: FileStorage, publicUrl: string, actor: Actor, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  principalSchool(actor);
  const audience = learnerAudience(actor);
  const { card, school, photoOf } = await withScope(database.db, audienceScope(audience), async (tx) => {
    const card = await repo.cardLearner(tx, visibleLearners(audience), id);
    if (!card) throw learnerNotFound();
    return { card, school: await loadLetterhead(tx, storage, card.schoolId), photoOf: await photoLoader(tx, storage, card.schoolId, [card]) };
  });
  const title = `${m.idCardTitle}: ${learnerName(card)}`;
  const { pdf } = await idCardsPdf({ school, cards: [card], publicUrl, title, photoOf });
  return { pdf, fileName: m.idCardFile(card.admissionNumber) };
}

/** What an ID-card task was asked for (background_tasks.input). */
type TaskInput = { classId: string; label: string } | { studentIds: string[]; label: string };

/**
 * POST /api/id-cards { classId } | { studentIds }: checks the request (principal; the class or every
 * learner of this school, else 404; a class without learners is 400), then queues an `id-cards`
 * background task and returns { taskId, total }. The task makes the PDF with progress per card and
 * stores it for its creator (GET /api/tasks/:id → resultFileUrl).
 */
export async function startIdCards(database: Database, tasks: TaskRunner, actor: Actor, body: IdCardsBody, ip: string): Promise<{ taskId: string; total: number }> {
  const schoolId = principalSchool(actor);
  const scope = { schoolId, userId: actor.id, allSchools: false };
  const task = await withScope(database.db, scope, async (tx) => {
    let input: TaskInput;
    let total: number;
    if (body.classId) {
      const cls = await repo.findClass(tx, schoolId, body.classId);
      if (!cls) throw notFound(m.classNotFound);
      total = (await repo.cardLearners(tx, schoolId, { classId: cls.id })).length;
      if (total === 0) throw badRequest(m.noLearnersInClass, { classId: m.noLearnersInClass });
      input = { classId: cls.id, label: `${cls.name} ${cls.academicYear}` };
    } else {
      const ids = [...new Set(body.studentIds!)];
      const found = await repo.cardLearners(tx, schoolId, { studentIds: ids });
      if (found.length !== ids.length) throw learnerNotFound();
      total = found.length;
      input = { studentIds: ids, label: total === 1 ? found[0]!.admissionNumber : `${total} learners` };
    }
    const row = await tasks.create(tx, { schoolId, kind: ID_CARDS_TASK, createdBy: actor.id, input, total });
    await auditSchool(tx, { actor, schoolId, ip }, 'ID_CARDS_REQUESTED', `task:${row.id}`, null, { ...input, total });
    return row;
  });
  await tasks.dispatch(task.id);
  return { taskId: task.id, total: task.total };
}

/** The `id-cards` task handler: builds the PDF (progress per card) and stores it for the task's creator. */
export function idCardsTaskHandler(publicUrl: string): TaskHandler {
  return async (ctx) => {
    const { task, database, storage } = ctx;
    const input = task.input as TaskInput;
    const scope = { schoolId: task.schoolId, userId: task.createdBy, allSchools: false };
    // Read in one transaction, draw outside it (progress writes are transactions of their own, and
    // PGlite runs one transaction at a time), store in another.
    const { cards, school, photoOf } = await withScope(database.db, scope, async (tx) => {
      const cards = await repo.cardLearners(tx, task.schoolId, 'classId' in input ? { classId: input.classId } : { studentIds: input.studentIds });
      return { cards, school: await loadLetterhead(tx, storage, task.schoolId), photoOf: await photoLoader(tx, storage, task.schoolId, cards) };
    });
    if (cards.length === 0) throw badRequest(m.noLearnersInClass);
    await ctx.progress(0, cards.length);
    const title = `${m.idCardTitle}: ${input.label}`;
    const { pdf, pages } = await idCardsPdf({ school, cards, publicUrl, title, photoOf, onCard: (done, total) => ctx.progress(done, total) });
    // Stored by the runner with the task's completion, in one transaction (a kill between them used to leave a second PDF).
    return {
      result: { cards: cards.length, pages, label: input.label },
      resultFile: { buffer: pdf, contentType: 'application/pdf', originalName: `${m.idCardFile(input.label)}.pdf` },
    };
  };
}
