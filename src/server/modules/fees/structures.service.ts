import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { createFeeStructureBody, FeeStructure, updateFeeStructureBody } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { FEES_AUDIT } from './fees-context.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './structures.repository.js';
import { resolveItemVoteHeads } from '../vote-heads/index.js';
import type { TermRow } from './structures.repository.js';

const m = messages.fees;

type CreateInput = z.output<typeof createFeeStructureBody>;
type UpdateInput = z.output<typeof updateFeeStructureBody>;

/**
 * Fee structures (issue 11 §1): what one level pays in one term, optionally for one stream and for day
 * scholars or boarders only, as a list of items (tuition, boarding, lunch, transport, activity...) with
 * optional items learners opt into. Editing a structure never changes invoices already issued.
 */

/** A term of the school with its year, or 404. */
export async function termOf(tx: Tx, schoolId: string, termId: string): Promise<TermRow> {
  const row = await repo.findTerm(tx, schoolId, termId);
  if (!row) throw notFound(m.termNotFound);
  return row;
}

export type { TermRow };

/** The school's current term (is_current, else the latest started), or null. */
export async function currentTerm(tx: Tx, schoolId: string): Promise<TermRow | null> {
  const row = await repo.findCurrentTerm(tx, schoolId);
  return row ?? null;
}

/** Structures of the school (of one term when given) in the API's shape. */
export async function structureList(tx: Tx, schoolId: string, termId?: string, ids?: string[]): Promise<FeeStructure[]> {
  const rows = await repo.listStructureRows(tx, schoolId, termId, ids);
  if (rows.length === 0) return [];
  const items = await repo.listItemsOfStructures(
    tx,
    rows.map((r) => r.s.id),
  );
  return rows.map((r) => {
    const mine = items.filter((i) => i.structureId === r.s.id);
    return {
      id: r.s.id,
      termId: r.s.termId,
      termName: r.termName,
      academicYear: r.academicYear,
      levelId: r.s.levelId,
      levelName: r.levelName,
      levelOrder: r.levelOrder,
      classId: r.s.classId,
      className: r.className,
      boarding: r.s.boarding as FeeStructure['boarding'],
      name: r.s.name,
      notes: r.s.notes,
      items: mine.map((i) => ({ id: i.id, name: i.name, category: i.category as FeeStructure['items'][number]['category'], amount: centsToKes(i.amountCents), optional: i.optional, voteHeadId: i.voteHeadId })),
      requiredTotal: centsToKes(mine.filter((i) => !i.optional).reduce((s, i) => s + i.amountCents, 0)),
      fullTotal: centsToKes(mine.reduce((s, i) => s + i.amountCents, 0)),
      invoiced: r.invoiced,
    };
  });
}

async function oneStructure(tx: Tx, schoolId: string, id: string): Promise<FeeStructure> {
  const [s] = await structureList(tx, schoolId, undefined, [id]);
  if (!s) throw notFound(m.structureNotFound);
  return s;
}

/** GET /api/fees/structures?termId= */
export async function listStructures(database: Database, actor: Actor, q: { termId?: string; schoolId?: string }) {
  return inSchool(database, actor, q.schoolId, (tx, schoolId) => structureList(tx, schoolId, q.termId));
}

function defaultName(level: string, stream: string | null, boarding: string, term: TermRow): string {
  const who = [level, stream ? `(${stream})` : null, boarding === 'day' ? 'Day' : boarding === 'boarding' ? 'Boarding' : null].filter(Boolean).join(' ');
  return `${who}: ${term.name} ${term.academicYear}`;
}

/**
 * Replaces a structure's items. Each item's vote head (issue 35 §3) must be an active vote head of the
 * school (400 otherwise); an item without one takes its category's default vote head.
 */
async function writeItems(tx: Tx, schoolId: string, structureId: string, items: CreateInput['items']) {
  const voteHeadIds = await resolveItemVoteHeads(tx, schoolId, items);
  await repo.deleteStructureItems(tx, structureId);
  await repo.insertStructureItems(
    tx,
    items.map((i, idx) => ({ schoolId, structureId, name: i.name, category: i.category, amountCents: i.amount, optional: i.optional, sortOrder: idx, voteHeadId: voteHeadIds[idx] })),
  );
}

/**
 * POST /api/fees/structures: a structure for a term and level (optionally a stream of that level in the
 * term's year, and day or boarding only). 404 unknown term/level/stream; 400 a stream of another level
 * or year; 409 when the same term, level, stream and boarding already has one.
 */
export async function createStructure(database: Database, actor: Actor, body: CreateInput, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const term = await termOf(tx, schoolId, body.termId);
    const level = await repo.findLevel(tx, schoolId, body.levelId);
    if (!level) throw notFound(m.levelNotFound);
    let stream: string | null = null;
    if (body.classId) {
      const cls = await repo.findClass(tx, schoolId, body.classId);
      if (!cls) throw notFound(m.streamNotFound);
      if (cls.levelId !== level.id || cls.academicYearId !== term.academicYearId) throw badRequest(m.streamWrongLevel, { classId: m.streamWrongLevel });
      stream = cls.stream;
    }
    const dup = await repo.findSameStructure(tx, term.id, level.id, body.classId ?? null, body.boarding);
    if (dup) throw new AppError(409, 'STRUCTURE_EXISTS', m.structureExists);
    const row = await repo.insertStructure(tx, {
      schoolId,
      termId: term.id,
      levelId: level.id,
      classId: body.classId ?? null,
      boarding: body.boarding,
      name: body.name?.trim() || defaultName(level.name, stream, body.boarding, term),
      notes: body.notes ?? null,
      createdBy: actor.id,
    });
    await writeItems(tx, schoolId, row!.id, body.items);
    const created = await oneStructure(tx, schoolId, row!.id);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.structureCreated, `fee_structure:${row!.id}`, null, created);
    return created;
  });
}

/** PATCH /api/fees/structures/:id: name, notes, items (replacing them). Issued invoices keep their lines. */
export async function updateStructure(database: Database, actor: Actor, id: string, body: UpdateInput, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await oneStructure(tx, schoolId, id);
    const patch: repo.StructurePatch = { updatedAt: new Date() };
    if (body.name !== undefined) patch.name = body.name;
    if (body.notes !== undefined) patch.notes = body.notes ?? null;
    await repo.updateStructureFields(tx, id, patch);
    if (body.items) await writeItems(tx, schoolId, id, body.items);
    const after = await oneStructure(tx, schoolId, id);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.structureUpdated, `fee_structure:${id}`, before, after);
    return after;
  });
}

/** DELETE /api/fees/structures/:id: only while no live invoice was made from it (409 otherwise). */
export async function deleteStructure(database: Database, actor: Actor, id: string, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await oneStructure(tx, schoolId, id);
    if (before.invoiced > 0) throw new AppError(409, 'STRUCTURE_IN_USE', m.structureInUse(before.invoiced));
    await repo.detachInvoicesFromStructure(tx, id);
    await repo.deleteStructureRow(tx, id);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.structureDeleted, `fee_structure:${id}`, before, null);
    return { deleted: true };
  });
}

/**
 * POST /api/fees/structures/copy: every structure of one term copied to another (same items and
 * amounts), skipping those the target term already has. A stream-specific structure follows the stream
 * of the same name in the target term's year, or is skipped when that year has none.
 */
export async function copyStructures(database: Database, actor: Actor, body: { fromTermId: string; toTermId: string }, ip: string) {
  const caller = (schoolId: string): SchoolCaller => ({ actor, schoolId, ip });
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const from = await termOf(tx, schoolId, body.fromTermId);
    const to = await termOf(tx, schoolId, body.toTermId);
    const source = await structureList(tx, schoolId, from.id);
    const existing = await structureList(tx, schoolId, to.id);
    const targetClasses = await repo.classesOfYear(tx, to.academicYearId);
    let copied = 0;
    let skipped = 0;
    for (const s of source) {
      let classId: string | null = null;
      if (s.classId) {
        classId = targetClasses.find((c) => c.name === s.className)?.id ?? null;
        if (!classId) {
          skipped++;
          continue;
        }
      }
      if (existing.some((e) => e.levelId === s.levelId && e.classId === classId && e.boarding === s.boarding)) {
        skipped++;
        continue;
      }
      const row = await repo.insertStructure(tx, {
        schoolId,
        termId: to.id,
        levelId: s.levelId,
        classId,
        boarding: s.boarding,
        name: defaultName(s.levelName, classId ? (s.className ?? null) : null, s.boarding, to),
        notes: s.notes,
        createdBy: actor.id,
      });
      const voteHeadIds = await resolveItemVoteHeads(tx, schoolId, s.items, { keepInactive: true });
      await repo.insertStructureItems(
        tx,
        s.items.map((i, idx) => ({ schoolId, structureId: row!.id, name: i.name, category: i.category, amountCents: Math.round(i.amount * 100), optional: i.optional, sortOrder: idx, voteHeadId: voteHeadIds[idx] })),
      );
      copied++;
    }
    await auditSchool(tx, caller(schoolId), FEES_AUDIT.structureCreated, `term:${to.id}`, null, { copiedFrom: from.id, copied, skipped });
    const total = await repo.countStructuresOfTerm(tx, to.id);
    return { copied, skipped, total };
  });
}
