import type { Actor } from '../../../shared/access.js';
import type { GenerateInvoicesResponse, Invoice, ListInvoicesQuery } from '../../../shared/contracts/fees.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { FEES_AUDIT, loadFinanceSettings } from './fees-context.js';
import * as repo from './fees.repository.js';
import * as invoicesRepo from './invoices.repository.js';
import * as structuresRepo from './structures.repository.js';
import { pageWindow } from '../../lib/paging.js';
import { termOf, type TermRow } from './structures.service.js';
import { extraInvoiceLines, markChargesInvoiced, type ExtraInvoiceLine } from './charges.service.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { documentNumber, takeDocumentNumbers } from '../../lib/document-numbers.js';

const m = messages.fees;

/**
 * Invoices (issue 11 §1): a term's invoices for every active learner in one transaction, idempotent
 * (at most one live invoice per learner and term, enforced by a unique index: a second run finds them
 * and creates nothing); one learner's invoice (admission mid-term); cancellation with a reason.
 */

/** An optional item's key: its name lower-cased and trimmed, so "Transport" chosen once carries across terms. */
export function optionKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

type Candidate = invoicesRepo.InvoiceCandidate;

interface StructureWithItems {
  id: string;
  levelId: string;
  classId: string | null;
  boarding: string;
  items: { id: string; name: string; category: string; amountCents: number; optional: boolean; sortOrder: number; voteHeadId: string | null }[];
}

/**
 * The structure that applies to a learner: the most specific of the term's structures for their level
 * (their stream over the whole level; their day/boarding over "all"), or null.
 */
export function pickStructure<S extends { levelId: string; classId: string | null; boarding: string }>(structures: S[], learner: { levelId: string | null; classId: string; boarding: string }): S | null {
  let best: S | null = null;
  let bestScore = -1;
  for (const s of structures) {
    if (s.levelId !== learner.levelId) continue;
    if (s.classId && s.classId !== learner.classId) continue;
    if (s.boarding !== 'all' && s.boarding !== learner.boarding) continue;
    const score = (s.classId ? 2 : 0) + (s.boarding !== 'all' ? 1 : 0);
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

async function termStructures(tx: Tx, termId: string): Promise<StructureWithItems[]> {
  const rows = await structuresRepo.structuresOfTerm(tx, termId);
  if (rows.length === 0) return [];
  const items = await structuresRepo.itemsOfStructures(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, levelId: r.levelId, classId: r.classId, boarding: r.boarding, items: items.filter((i) => i.structureId === r.id) }));
}

/** Active learners with their stream in the term's academic year (class history), optionally of one level or one learner. */
async function candidates(tx: Tx, schoolId: string, term: TermRow, filter: { levelId?: string; studentId?: string }): Promise<Candidate[]> {
  return invoicesRepo.listInvoiceCandidates(tx, schoolId, term.academicYearId, filter);
}

interface Plan {
  learner: Candidate;
  structure: StructureWithItems;
  lines: StructureWithItems['items'];
  /** Transport fees and pending charges (issue 15 §4, §5), after the structure's lines. */
  extras: ExtraInvoiceLine[];
  totalCents: number;
}

async function planInvoices(tx: Tx, schoolId: string, term: TermRow, filter: { levelId?: string; studentId?: string }) {
  const [structures, learners, invoiced] = await Promise.all([
    termStructures(tx, term.id),
    candidates(tx, schoolId, term, filter),
    invoicesRepo.listInvoicedStudents(tx, term.id),
  ]);
  const already = new Set(invoiced.map((r) => r.studentId));
  const pending = learners.filter((l) => !already.has(l.studentId));
  const options = pending.length ? await invoicesRepo.listFeeOptions(tx, schoolId, filter.studentId) : [];
  const chosen = new Set(options.map((o) => `${o.studentId}|${o.itemKey}`));
  const extras = await extraInvoiceLines(tx, schoolId, term, pending.map((l) => l.studentId));
  const plans: Plan[] = [];
  let withoutStructure = 0;
  for (const learner of pending) {
    const structure = pickStructure(structures, learner);
    if (!structure) {
      withoutStructure++;
      continue;
    }
    const lines = structure.items
      .filter((i) => !i.optional || chosen.has(`${learner.studentId}|${optionKey(i.name)}`))
      .sort((a, b) => a.sortOrder - b.sortOrder);
    const more = extras.get(learner.studentId) ?? [];
    plans.push({ learner, structure, lines, extras: more, totalCents: lines.reduce((s, i) => s + i.amountCents, 0) + more.reduce((s, i) => s + i.amountCents, 0) });
  }
  return { plans, alreadyInvoiced: learners.length - pending.length, withoutStructure };
}

/** The due date of an invoice issued on `issuedOn` for `term`: `dueDays` after the later of the two. */
export function dueDate(issuedOn: string, termStartsOn: string, dueDays: number): string {
  return addDays(issuedOn > termStartsOn ? issuedOn : termStartsOn, dueDays);
}

async function writeInvoices(tx: Tx, c: SchoolCaller, term: TermRow, plans: Plan[]): Promise<string[]> {
  if (plans.length === 0) return [];
  const settings = await loadFinanceSettings(tx, c.schoolId);
  const first = await takeDocumentNumbers(tx, c.schoolId, 'invoice', plans.length);
  const issuedOn = schoolToday();
  const dueOn = dueDate(issuedOn, term.startsOn, settings.invoiceDueDays);
  const ids: string[] = [];
  for (let start = 0; start < plans.length; start += 500) {
    const chunk = plans.slice(start, start + 500);
    const rows = await invoicesRepo.insertInvoices(
      tx,
      chunk.map((p, i) => ({
        schoolId: c.schoolId,
        studentId: p.learner.studentId,
        termId: term.id,
        structureId: p.structure.id,
        classId: p.learner.classId,
        invoiceNumber: documentNumber(settings.invoicePrefix, first + start + i),
        issuedOn,
        dueOn,
        totalCents: p.totalCents,
        createdBy: c.actor.id,
      })),
    );
    const lineRows = chunk.flatMap((p, i) => [
      ...p.lines.map((l, idx) => ({ schoolId: c.schoolId, invoiceId: rows[i]!.id, itemId: l.id, name: l.name, category: l.category, amountCents: l.amountCents, sortOrder: idx, voteHeadId: l.voteHeadId })),
      ...p.extras.map((l, idx) => ({ schoolId: c.schoolId, invoiceId: rows[i]!.id, itemId: null, name: l.name, category: l.category, amountCents: l.amountCents, sortOrder: p.lines.length + idx })),
    ]);
    for (let ls = 0; ls < lineRows.length; ls += 2000) await invoicesRepo.insertInvoiceLines(tx, lineRows.slice(ls, ls + 2000));
    // Pending charges now on an invoice (issue 15): settle them against the invoice just written.
    const settled = chunk.flatMap((p, i) => p.extras.flatMap((l) => (l.chargeId ? [{ chargeId: l.chargeId, invoiceId: rows[i]!.id, lineId: '' }] : [])));
    if (settled.length > 0) {
      const written = await invoicesRepo.listLinesOfInvoices(tx, [...new Set(settled.map((x) => x.invoiceId))]);
      const byInvoice = new Map<string, typeof written>();
      for (const w of written) byInvoice.set(w.invoiceId, [...(byInvoice.get(w.invoiceId) ?? []), w]);
      for (const [i, p] of chunk.entries()) {
        p.extras.forEach((l, idx) => {
          if (!l.chargeId) return;
          const line = byInvoice.get(rows[i]!.id)?.find((w) => w.sortOrder === p.lines.length + idx);
          const entry = settled.find((x) => x.chargeId === l.chargeId);
          if (entry && line) entry.lineId = line.id;
        });
      }
      await markChargesInvoiced(tx, settled);
    }
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * POST /api/fees/invoices/generate (issue 11 §1): the term's invoices for every active learner (of one
 * level when given) that has none yet, from the most specific fee structure, in one transaction.
 * Running it twice creates nothing new. `preview` counts without writing.
 */
export async function generateInvoices(database: Database, actor: Actor, body: { termId: string; levelId?: string; preview: boolean }, ip: string): Promise<GenerateInvoicesResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const term = await termOf(tx, schoolId, body.termId);
    const { plans, alreadyInvoiced, withoutStructure } = await planInvoices(tx, schoolId, term, { levelId: body.levelId });
    const amountCents = plans.reduce((s, p) => s + p.totalCents, 0);
    const result = { created: plans.length, alreadyInvoiced, withoutStructure, amount: centsToKes(amountCents), preview: body.preview };
    if (body.preview || plans.length === 0) return result;
    const c = { actor, schoolId, ip };
    await writeInvoices(tx, c, term, plans);
    await auditSchool(tx, c, FEES_AUDIT.invoicesGenerated, `term:${term.id}`, null, { ...result, levelId: body.levelId ?? null });
    return result;
  });
}

/**
 * POST /api/fees/invoices: one learner's invoice for a term (a learner admitted mid-term). 409 when
 * the learner already has this term's invoice; 400 when no structure applies.
 */
export async function createInvoice(database: Database, actor: Actor, body: { studentId: string; termId: string }, ip: string): Promise<Invoice> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const learner = await repo.findLearner(tx, schoolId, body.studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    if (learner.status !== 'active') throw new AppError(400, 'BAD_REQUEST', m.learnerNotActive);
    const term = await termOf(tx, schoolId, body.termId);
    const { plans, alreadyInvoiced } = await planInvoices(tx, schoolId, term, { studentId: learner.id });
    if (alreadyInvoiced > 0) throw new AppError(409, 'INVOICE_EXISTS', m.invoiceExists);
    if (plans.length === 0) throw new AppError(400, 'NO_STRUCTURE', m.noStructureForLearner);
    const c = { actor, schoolId, ip };
    const [id] = await writeInvoices(tx, c, term, plans);
    const invoice = (await repo.findInvoice(tx, id!))!;
    await auditSchool(tx, c, FEES_AUDIT.invoiceCreated, `invoice:${id}`, null, invoice);
    return invoice;
  });
}

/** POST /api/fees/invoices/:id/cancel: cancels an invoice with a reason (not one with adjustments against it). */
export async function cancelInvoice(database: Database, actor: Actor, id: string, reason: string, ip: string): Promise<Invoice> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await repo.findInvoice(tx, id);
    if (!before) throw notFound(m.invoiceNotFound);
    if (before.status === 'cancelled') throw new AppError(409, 'INVOICE_CANCELLED', m.invoiceCancelled);
    if (await invoicesRepo.hasLiveAdjustment(tx, id)) throw new AppError(409, 'INVOICE_HAS_ADJUSTMENTS', m.invoiceHasPayments);
    await invoicesRepo.markInvoiceCancelled(tx, schoolId, id, reason);
    const after = (await repo.findInvoice(tx, id))!;
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.invoiceCancelled, `invoice:${id}`, before, { ...after, reason });
    return after;
  });
}

/** GET /api/fees/invoices: the school's invoices with filters, paid and balance per invoice. */
export async function listInvoices(database: Database, actor: Actor, q: ListInvoicesQuery) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: invoicesRepo.InvoiceFilters = { termId: q.termId, classId: q.classId, levelId: q.levelId, status: q.status, search: q.search };
    return invoicesRepo.listInvoicePage(tx, schoolId, filters, pageWindow(q));
  });
}

/** GET /api/fees/invoices/:id (finance roles). */
export async function getInvoice(database: Database, actor: Actor, id: string, schoolId?: string): Promise<Invoice> {
  return inSchool(database, actor, schoolId, async (tx) => {
    const inv = await repo.findInvoice(tx, id);
    if (!inv) throw notFound(m.invoiceNotFound);
    return inv;
  });
}
