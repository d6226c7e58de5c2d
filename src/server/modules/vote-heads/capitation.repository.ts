import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  academicYears,
  capitationReceiptAllocations,
  capitationReceipts,
  capitationRates,
  capitationYears,
  classes,
  levels,
  profiles,
  students,
  terms,
  voteHeads,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { onStreamsRollSql, streamAmongSql } from '../../lib/roll.js';

/**
 * Queries of government capitation (issue 35 §3). Every function runs in the caller's school-scoped
 * transaction (row-level security); each keeps an explicit school_id predicate on top. A year is the
 * calendar year its academic year starts in (the Kenyan school year runs January to November).
 */

export interface CapitationTermRow {
  id: string;
  academicYearId: string;
  name: string;
  number: number;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
  year: number;
}

const termColumns = {
  id: terms.id,
  academicYearId: terms.academicYearId,
  name: terms.name,
  number: terms.number,
  startsOn: terms.startsOn,
  endsOn: terms.endsOn,
  isCurrent: terms.isCurrent,
  year: sql<number>`extract(year from ${academicYears.startsOn})::int`.mapWith(Number),
};

/** The terms of the school's academic year(s) starting in `year`, in order. */
export function termsOfYear(tx: Tx, schoolId: string, year: number): Promise<CapitationTermRow[]> {
  return tx
    .select(termColumns)
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), sql`extract(year from ${academicYears.startsOn}) = ${year}`))
    .orderBy(asc(academicYears.startsOn), asc(terms.number));
}

/** Term `termId` of the school with the year of its academic year, or undefined (another school's too). */
export async function findTerm(tx: Tx, schoolId: string, termId: string): Promise<CapitationTermRow | undefined> {
  const [row] = await tx
    .select(termColumns)
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** The year the school's current academic year starts in, or undefined. */
export async function currentYear(tx: Tx, schoolId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ year: sql<number>`extract(year from ${academicYears.startsOn})::int`.mapWith(Number) })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
  return row?.year;
}

/** The streams of academic years `yearIds` with their level's name and curriculum. */
export function streamsOf(tx: Tx, schoolId: string, yearIds: string[]): Promise<{ id: string; academicYearId: string; gradeLevel: string; curriculum: string | null }[]> {
  if (!yearIds.length) return Promise.resolve([]);
  return tx
    .select({ id: classes.id, academicYearId: classes.academicYearId, gradeLevel: classes.gradeLevel, curriculum: levels.curriculum })
    .from(classes)
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.academicYearId, yearIds)));
}

/** Learners on the roll of each of streams `classIds` on `date` (lib/roll.ts). `classIds` must not be empty. */
export function countOnRollByStream(tx: Tx, schoolId: string, classIds: string[], date: string): Promise<{ classId: string | null; n: number }[]> {
  return tx
    .select({ classId: streamAmongSql(classIds), n: sql<number>`count(*)`.mapWith(Number) })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), onStreamsRollSql(classIds, date)))
    .groupBy(sql`1`);
}

export interface VoteHeadRow {
  id: string;
  code: string;
  name: string;
  priority: number;
}

/** Every vote head of the school (active or not), in priority order. */
export function listVoteHeads(tx: Tx, schoolId: string): Promise<VoteHeadRow[]> {
  return tx
    .select({ id: voteHeads.id, code: voteHeads.code, name: voteHeads.name, priority: voteHeads.priority })
    .from(voteHeads)
    .where(eq(voteHeads.schoolId, schoolId))
    .orderBy(asc(voteHeads.priority), asc(voteHeads.code));
}

/** The school's own capitation rates of `year`. */
export function listRates(tx: Tx, schoolId: string, year: number): Promise<{ band: string; voteHeadId: string; annualCents: number }[]> {
  return tx
    .select({ band: capitationRates.band, voteHeadId: capitationRates.voteHeadId, annualCents: capitationRates.annualCents })
    .from(capitationRates)
    .where(and(eq(capitationRates.schoolId, schoolId), eq(capitationRates.year, year)));
}

/** Inserts or replaces the school's rates of `year` (one row per band and vote head). */
export async function upsertRates(tx: Tx, schoolId: string, year: number, rows: { band: string; voteHeadId: string; annualCents: number }[], by: string): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(capitationRates)
    .values(rows.map((r) => ({ schoolId, year, band: r.band, voteHeadId: r.voteHeadId, annualCents: r.annualCents, updatedBy: by })))
    .onConflictDoUpdate({
      target: [capitationRates.schoolId, capitationRates.year, capitationRates.band, capitationRates.voteHeadId],
      set: { annualCents: sql`excluded.annual_cents`, updatedBy: by, updatedAt: sql`now()` },
    });
}

/** The school's capitation settings of `year` (term shares, count date), or undefined (the defaults). */
export async function findYearSettings(tx: Tx, schoolId: string, year: number): Promise<{ termShares: number[]; countOn: string | null } | undefined> {
  const [row] = await tx
    .select({ termShares: capitationYears.termShares, countOn: capitationYears.countOn })
    .from(capitationYears)
    .where(and(eq(capitationYears.schoolId, schoolId), eq(capitationYears.year, year)));
  return row;
}

/** Inserts or replaces the school's capitation settings of `year`. */
export async function upsertYearSettings(tx: Tx, schoolId: string, year: number, termShares: number[], countOn: string | null, by: string): Promise<void> {
  await tx
    .insert(capitationYears)
    .values({ schoolId, year, termShares, countOn, updatedBy: by })
    .onConflictDoUpdate({ target: [capitationYears.schoolId, capitationYears.year], set: { termShares, countOn, updatedBy: by, updatedAt: sql`now()` } });
}

export interface ReceiptRow {
  id: string;
  termId: string;
  amountCents: number;
  receivedOn: string;
  reference: string;
  notes: string | null;
  /** Set when the grant was voided: it is listed but counts nowhere. */
  voidedAt: Date | null;
  voidReason: string | null;
  /** The name of who voided it. */
  voidedBy: string | null;
}

const voider = alias(profiles, 'voider');

const receiptBase = {
  id: capitationReceipts.id,
  termId: capitationReceipts.termId,
  amountCents: capitationReceipts.amountCents,
  receivedOn: capitationReceipts.receivedOn,
  reference: capitationReceipts.reference,
  notes: capitationReceipts.notes,
  voidedAt: capitationReceipts.voidedAt,
  voidReason: capitationReceipts.voidReason,
};
const receiptColumns = { ...receiptBase, voidedBy: voider.name };

/** The capitation grants recorded for terms `termIds` (voided ones too, marked), oldest first. */
export function listReceipts(tx: Tx, schoolId: string, termIds: string[]): Promise<ReceiptRow[]> {
  if (!termIds.length) return Promise.resolve([]);
  return tx
    .select(receiptColumns)
    .from(capitationReceipts)
    .leftJoin(voider, eq(voider.id, capitationReceipts.voidedBy))
    .where(and(eq(capitationReceipts.schoolId, schoolId), inArray(capitationReceipts.termId, termIds)))
    .orderBy(asc(capitationReceipts.receivedOn), asc(capitationReceipts.createdAt), asc(capitationReceipts.id));
}

/** Grant `id` of the school (voided or not; `voidedBy` not read), locked until the transaction ends, or undefined (another school's too). */
export async function findReceiptForUpdate(tx: Tx, schoolId: string, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await tx
    .select(receiptBase)
    .from(capitationReceipts)
    .where(and(eq(capitationReceipts.schoolId, schoolId), eq(capitationReceipts.id, id)))
    .for('update');
  return row && { ...row, voidedBy: null };
}

/** Marks grant `id` voided now by `by` with `reason`; returns the time, or undefined when it was already voided. */
export async function voidReceipt(tx: Tx, schoolId: string, id: string, by: string, reason: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(capitationReceipts)
    .set({ voidedAt: sql`now()`, voidedBy: by, voidReason: reason })
    .where(and(eq(capitationReceipts.schoolId, schoolId), eq(capitationReceipts.id, id), isNull(capitationReceipts.voidedAt)))
    .returning({ voidedAt: capitationReceipts.voidedAt });
  return row?.voidedAt ?? undefined;
}

/** How grants `receiptIds` split over vote heads. */
export function listAllocations(tx: Tx, schoolId: string, receiptIds: string[]): Promise<{ receiptId: string; voteHeadId: string; amountCents: number }[]> {
  if (!receiptIds.length) return Promise.resolve([]);
  return tx
    .select({ receiptId: capitationReceiptAllocations.receiptId, voteHeadId: capitationReceiptAllocations.voteHeadId, amountCents: capitationReceiptAllocations.amountCents })
    .from(capitationReceiptAllocations)
    .where(and(eq(capitationReceiptAllocations.schoolId, schoolId), inArray(capitationReceiptAllocations.receiptId, receiptIds)));
}

/** The grant of the school with reference `reference` (exact) that is not voided, or undefined. */
export async function findReceiptByReference(tx: Tx, schoolId: string, reference: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: capitationReceipts.id })
    .from(capitationReceipts)
    .where(and(eq(capitationReceipts.schoolId, schoolId), eq(capitationReceipts.reference, reference), isNull(capitationReceipts.voidedAt)));
  return row;
}

/** Records a grant and its split over vote heads (zero parts left out); returns the grant's id. */
export async function insertReceipt(
  tx: Tx,
  schoolId: string,
  r: { termId: string; amountCents: number; receivedOn: string; reference: string; notes: string | null; createdBy: string | null },
  allocations: { voteHeadId: string; amountCents: number }[],
): Promise<string> {
  const [row] = await tx
    .insert(capitationReceipts)
    .values({ schoolId, ...r })
    .returning({ id: capitationReceipts.id });
  const parts = allocations.filter((a) => a.amountCents > 0);
  if (parts.length) await tx.insert(capitationReceiptAllocations).values(parts.map((a) => ({ schoolId, receiptId: row!.id, voteHeadId: a.voteHeadId, amountCents: a.amountCents })));
  return row!.id;
}
