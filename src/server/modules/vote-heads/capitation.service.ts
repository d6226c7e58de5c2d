import { can } from '../../../shared/access.js';
import type {
  CapitationReceipt,
  CapitationResponse,
  CapitationTerm,
  CreateCapitationReceiptBody,
  PutCapitationRatesBody,
  PutCapitationSettingsBody,
} from '../../../shared/contracts/capitation.js';
import { schoolToday } from '../../../shared/dates.js';
import { capitationMessages } from '../../../shared/messages/capitation.js';
import { centsToKes } from '../../../shared/money.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { auditSchool, conflict, type SchoolCaller } from '../../lib/school-context.js';
import { CAPITATION_BANDS, DEFAULT_TERM_SHARES, capitationBandOf, capitationScheduleFor, splitLargestRemainder, type CapitationBand } from './capitation-rates.js';
import * as repo from './capitation.repository.js';
import { ensureDefaultVoteHeads } from './vote-heads-defaults.repository.js';

/**
 * Government capitation (issue 35 §3; docs/decisions/0028-vote-heads-and-capitation.md "Capitation").
 *
 * Expected per term = Σ over bands (primary, junior, senior) of the learners on roll at the count date
 * (the year's count date, else the term's opening day; lib/roll.ts) × the band's rate per learner per
 * year for each vote head × the term's share (50:30:20 unless the school set its own). Rates are the
 * school's rows of the year for a band, else the Ministry's schedule for the year (capitation-rates.ts).
 * Received = the grants recorded for the term and not voided, split over vote heads when recorded in
 * proportion to what the term expected of each (largest remainder, so the parts sum exactly to the
 * grant); a voided grant is listed, marked, but counts nowhere. Shortfall
 * = expected − received when positive; a grant above what was expected shows as an excess instead.
 * Every write is in the caller's one transaction and audited. Money: integer cents inside, KES out.
 */

const m = capitationMessages.api;
const kes = centsToKes;

type Rates = Map<CapitationBand, Map<string, number>>; // band → vote head id → cents per learner per year

interface YearContext {
  year: number;
  voteHeads: repo.VoteHeadRow[];
  rates: Rates;
  sources: Map<CapitationBand, 'school' | 'default'>;
  termShares: number[];
  countOn: string | null;
}

/** The year's vote heads (the Ministry's defaults added when missing), rates and settings. */
async function yearContext(tx: Tx, schoolId: string, year: number): Promise<YearContext> {
  const byCode = await ensureDefaultVoteHeads(tx, schoolId);
  const voteHeads = await repo.listVoteHeads(tx, schoolId);
  const own = await repo.listRates(tx, schoolId, year);
  const rates: Rates = new Map();
  const sources = new Map<CapitationBand, 'school' | 'default'>();
  for (const band of CAPITATION_BANDS) {
    const mine = own.filter((r) => r.band === band);
    const map = new Map<string, number>();
    if (mine.length) {
      for (const r of mine) map.set(r.voteHeadId, r.annualCents);
      sources.set(band, 'school');
    } else {
      const schedule = capitationScheduleFor(band, year);
      for (const [code, shillings] of Object.entries(schedule?.perLearner ?? {})) {
        const id = byCode.get(code);
        if (id && shillings) map.set(id, shillings * 100);
      }
      sources.set(band, 'default');
    }
    rates.set(band, map);
  }
  const settings = await repo.findYearSettings(tx, schoolId, year);
  return { year, voteHeads, rates, sources, termShares: settings?.termShares ?? [...DEFAULT_TERM_SHARES], countOn: settings?.countOn ?? null };
}

/** Learners on roll per band at `date` among the streams of the term's academic year. */
async function learnersByBand(tx: Tx, schoolId: string, streams: { id: string; gradeLevel: string; curriculum: string | null }[], date: string): Promise<Record<CapitationBand, number>> {
  const out: Record<CapitationBand, number> = { primary: 0, junior: 0, senior: 0 };
  const bandOf = new Map<string, CapitationBand>();
  for (const s of streams) {
    const band = capitationBandOf(s.gradeLevel, s.curriculum);
    if (band) bandOf.set(s.id, band);
  }
  if (!bandOf.size) return out;
  for (const row of await repo.countOnRollByStream(tx, schoolId, [...bandOf.keys()], date)) {
    const band = row.classId ? bandOf.get(row.classId) : undefined;
    if (band) out[band] += row.n;
  }
  return out;
}

/** Cents expected of each vote head in a term: learners × rate × share, rounded per vote head. */
function expectedByVoteHead(ctx: YearContext, learners: Record<CapitationBand, number>, share: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const band of CAPITATION_BANDS) {
    for (const [voteHeadId, annual] of ctx.rates.get(band)!) out.set(voteHeadId, (out.get(voteHeadId) ?? 0) + learners[band] * annual * share);
  }
  for (const [k, v] of out) out.set(k, Math.round(v / 100));
  return out;
}

const shareOf = (ctx: YearContext, number: number) => ctx.termShares[number - 1] ?? 0;

/** The year a request means: the one named, else the school's current academic year, else this calendar year. */
async function yearOf(tx: Tx, schoolId: string, year: number | undefined): Promise<number> {
  return year ?? (await repo.currentYear(tx, schoolId)) ?? Number(schoolToday().slice(0, 4));
}

/**
 * GET /api/capitation?year=: the year's rates (per band and vote head), and per term the learners
 * counted, expected, received, shortfall, excess, by vote head and the grants recorded; totals.
 */
export async function capitationPosition(tx: Tx, c: SchoolCaller, year?: number): Promise<CapitationResponse> {
  const y = await yearOf(tx, c.schoolId, year);
  const ctx = await yearContext(tx, c.schoolId, y);
  const termRows = await repo.termsOfYear(tx, c.schoolId, y);
  const streams = await repo.streamsOf(tx, c.schoolId, [...new Set(termRows.map((t) => t.academicYearId))]);
  const receipts = await repo.listReceipts(tx, c.schoolId, termRows.map((t) => t.id));
  const allocations = await repo.listAllocations(tx, c.schoolId, receipts.map((r) => r.id));
  const headName = new Map(ctx.voteHeads.map((v) => [v.id, v]));

  const terms: CapitationTerm[] = [];
  for (const t of termRows) {
    const countOn = ctx.countOn ?? t.startsOn;
    const learners = await learnersByBand(tx, c.schoolId, streams.filter((s) => s.academicYearId === t.academicYearId), countOn);
    const expected = expectedByVoteHead(ctx, learners, shareOf(ctx, t.number));
    const mine = receipts.filter((r) => r.termId === t.id);
    // A voided grant is listed (marked) but counts nowhere.
    const counted = mine.filter((r) => !r.voidedAt);
    const ids = new Set(counted.map((r) => r.id));
    const received = new Map<string, number>();
    for (const a of allocations) if (ids.has(a.receiptId)) received.set(a.voteHeadId, (received.get(a.voteHeadId) ?? 0) + a.amountCents);
    const expectedCents = [...expected.values()].reduce((s, v) => s + v, 0);
    const receivedCents = counted.reduce((s, r) => s + r.amountCents, 0);
    terms.push({
      termId: t.id,
      termName: t.name,
      number: t.number,
      startsOn: t.startsOn,
      endsOn: t.endsOn,
      countOn,
      share: shareOf(ctx, t.number),
      learners,
      expected: kes(expectedCents),
      received: kes(receivedCents),
      shortfall: kes(Math.max(0, expectedCents - receivedCents)),
      excess: kes(Math.max(0, receivedCents - expectedCents)),
      byVoteHead: ctx.voteHeads
        .filter((v) => (expected.get(v.id) ?? 0) > 0 || (received.get(v.id) ?? 0) > 0)
        .map((v) => ({ voteHeadId: v.id, voteHead: v.name, code: v.code, expected: kes(expected.get(v.id) ?? 0), received: kes(received.get(v.id) ?? 0) })),
      receipts: mine.map((r) => receiptOut(r, allocations.filter((a) => a.receiptId === r.id), headName)),
    });
  }
  const today = schoolToday();
  const current = termRows.find((t) => t.isCurrent) ?? [...termRows].reverse().find((t) => t.startsOn <= today) ?? termRows[0];
  const sum = (f: (t: CapitationTerm) => number) => Math.round(terms.reduce((s, t) => s + Math.round(f(t) * 100), 0)) / 100;
  const expectedTotal = sum((t) => t.expected);
  const receivedTotal = sum((t) => t.received);
  return {
    year: y,
    termShares: ctx.termShares,
    countOn: ctx.countOn,
    currentTermId: current?.id ?? null,
    bands: CAPITATION_BANDS.map((band) => ({ band, annual: kes([...ctx.rates.get(band)!.values()].reduce((s, v) => s + v, 0)), source: ctx.sources.get(band)! })),
    rates: CAPITATION_BANDS.flatMap((band) =>
      ctx.voteHeads
        .filter((v) => ctx.rates.get(band)!.has(v.id))
        .map((v) => ({ band, voteHeadId: v.id, voteHead: v.name, code: v.code, annual: kes(ctx.rates.get(band)!.get(v.id)!) })),
    ),
    terms,
    totals: {
      expected: expectedTotal,
      received: receivedTotal,
      shortfall: sum((t) => t.shortfall),
      excess: sum((t) => t.excess),
    },
    canManage: can(c.actor, 'manageVoteHeads'),
  };
}

function receiptOut(r: repo.ReceiptRow, parts: { voteHeadId: string; amountCents: number }[], heads: Map<string, repo.VoteHeadRow>): CapitationReceipt {
  return {
    id: r.id,
    termId: r.termId,
    amount: kes(r.amountCents),
    receivedOn: r.receivedOn,
    reference: r.reference,
    notes: r.notes,
    voidedAt: r.voidedAt ? r.voidedAt.toISOString() : null,
    voidReason: r.voidReason,
    voidedBy: r.voidedBy,
    allocations: [...parts]
      .sort((a, b) => (heads.get(a.voteHeadId)?.priority ?? 0) - (heads.get(b.voteHeadId)?.priority ?? 0))
      .map((a) => ({ voteHeadId: a.voteHeadId, voteHead: heads.get(a.voteHeadId)?.name ?? '', amount: kes(a.amountCents) })),
  };
}

/**
 * POST /api/capitation/receipts: records a grant for a term of the school (404 otherwise) and splits it
 * over vote heads in proportion to the term's expected by vote head (no learners counted: in
 * proportion to the year's rates of every band). 400 when the term is not of the `year` named, when
 * the date received is not in the term's year or is after today, when the year has no rates to split
 * by; 409 when the reference is already recorded. Audited CAPITATION_RECEIPT_RECORDED.
 */
export async function recordReceipt(tx: Tx, c: SchoolCaller, body: { termId: string; amount: number; receivedOn: string; reference: string; notes?: string | null; year?: number }): Promise<CapitationReceipt> {
  const term = await repo.findTerm(tx, c.schoolId, body.termId);
  if (!term) throw notFound(m.termNotFound);
  if (body.year !== undefined && body.year !== term.year) throw badRequest(m.termOtherYear(term.year, body.year), { termId: m.termOtherYear(term.year, body.year) });
  if (Number(body.receivedOn.slice(0, 4)) !== term.year) throw badRequest(m.receivedOtherYear(term.year), { receivedOn: m.receivedOtherYear(term.year) });
  if (body.receivedOn > schoolToday()) throw badRequest(m.receivedInFuture, { receivedOn: m.receivedInFuture });
  if (await repo.findReceiptByReference(tx, c.schoolId, body.reference)) throw conflict('DUPLICATE_REFERENCE', m.referenceTaken(body.reference), 'reference');

  const ctx = await yearContext(tx, c.schoolId, term.year);
  const streams = await repo.streamsOf(tx, c.schoolId, [term.academicYearId]);
  const learners = await learnersByBand(tx, c.schoolId, streams, ctx.countOn ?? term.startsOn);
  let weights = expectedByVoteHead(ctx, learners, shareOf(ctx, term.number));
  if (![...weights.values()].some((v) => v > 0)) weights = expectedByVoteHead(ctx, { primary: 1, junior: 1, senior: 1 }, 100);
  const heads = ctx.voteHeads.filter((v) => (weights.get(v.id) ?? 0) > 0);
  if (!heads.length) throw badRequest(m.noRates);
  const parts = splitLargestRemainder(body.amount, heads.map((v) => weights.get(v.id)!));
  const allocations = heads.map((v, i) => ({ voteHeadId: v.id, amountCents: parts[i]! }));
  const notes = body.notes?.trim() || null;
  const id = await repo.insertReceipt(tx, c.schoolId, { termId: term.id, amountCents: body.amount, receivedOn: body.receivedOn, reference: body.reference, notes, createdBy: c.actor.id }, allocations);
  const out = receiptOut({ id, termId: term.id, amountCents: body.amount, receivedOn: body.receivedOn, reference: body.reference, notes, voidedAt: null, voidReason: null, voidedBy: null }, allocations.filter((a) => a.amountCents > 0), new Map(ctx.voteHeads.map((v) => [v.id, v])));
  await auditSchool(tx, c, capitationMessages.audit.receipt, `capitation_receipt:${id}`, null, { ...out, termName: term.name, year: term.year }, undefined, 'fees');
  return out;
}

/**
 * POST /api/capitation/receipts/:id/void: voids a grant recorded wrongly (money records are never
 * deleted): it stays listed, marked with when, by whom and why, and no longer counts in received,
 * shortfall, excess, by vote head, the totals, the report or the vote-head cash book; its reference may
 * be recorded again. 404 a grant not of the school; 409 one already voided. Audited
 * CAPITATION_RECEIPT_VOIDED (the grant before and after).
 */
export async function voidReceipt(tx: Tx, c: SchoolCaller, id: string, reason: string): Promise<CapitationReceipt> {
  const row = await repo.findReceiptForUpdate(tx, c.schoolId, id);
  if (!row) throw notFound(m.receiptNotFound);
  if (row.voidedAt) throw conflict('ALREADY_VOIDED', m.alreadyVoided);
  if (!(await repo.voidReceipt(tx, c.schoolId, id, c.actor.id, reason))) throw conflict('ALREADY_VOIDED', m.alreadyVoided);
  const term = await repo.findTerm(tx, c.schoolId, row.termId);
  const heads = new Map((await repo.listVoteHeads(tx, c.schoolId)).map((v) => [v.id, v]));
  const parts = await repo.listAllocations(tx, c.schoolId, [id]);
  const voided = (await repo.listReceipts(tx, c.schoolId, [row.termId])).find((r) => r.id === id)!;
  const before = receiptOut(row, parts, heads);
  const out = receiptOut(voided, parts, heads);
  const context = { termName: term?.name ?? null, year: term?.year ?? null };
  await auditSchool(tx, c, capitationMessages.audit.voided, `capitation_receipt:${id}`, { ...before, ...context }, { ...out, ...context }, { reason }, 'fees');
  return out;
}

/**
 * PUT /api/capitation/rates: sets rates of a year. The first change to a band copies the band's
 * defaults into the school's rows, then the given rates replace theirs. 404 a vote head not of the
 * school; 400 a band and vote head twice. Audited CAPITATION_RATES_UPDATED (old and new per learner).
 */
export async function putRates(tx: Tx, c: SchoolCaller, body: { year: number; rates: { band: CapitationBand; voteHeadId: string; annual: number }[] }): Promise<void> {
  const seen = new Set<string>();
  for (const r of body.rates) {
    const k = `${r.band}:${r.voteHeadId}`;
    if (seen.has(k)) throw badRequest(m.rateDuplicate, { rates: m.rateDuplicate });
    seen.add(k);
  }
  const ctx = await yearContext(tx, c.schoolId, body.year);
  const heads = new Set(ctx.voteHeads.map((v) => v.id));
  if (body.rates.some((r) => !heads.has(r.voteHeadId))) throw notFound(m.voteHeadNotFound);
  const rows: { band: string; voteHeadId: string; annualCents: number }[] = [];
  const old: Record<string, number> = {};
  const now: Record<string, number> = {};
  for (const band of new Set(body.rates.map((r) => r.band))) {
    const current = ctx.rates.get(band)!;
    if (ctx.sources.get(band) === 'default') for (const [voteHeadId, annualCents] of current) rows.push({ band, voteHeadId, annualCents });
  }
  for (const r of body.rates) {
    const prev = ctx.rates.get(r.band)!.get(r.voteHeadId) ?? 0;
    const i = rows.findIndex((x) => x.band === r.band && x.voteHeadId === r.voteHeadId);
    if (i >= 0) rows.splice(i, 1);
    rows.push({ band: r.band, voteHeadId: r.voteHeadId, annualCents: r.annual });
    if (prev !== r.annual) {
      old[`${r.band}:${r.voteHeadId}`] = kes(prev);
      now[`${r.band}:${r.voteHeadId}`] = kes(r.annual);
    }
  }
  await repo.upsertRates(tx, c.schoolId, body.year, rows, c.actor.id);
  await auditSchool(tx, c, capitationMessages.audit.rates, `capitation_rates:${body.year}`, old, now, { year: body.year }, 'fees');
}

/**
 * PUT /api/capitation/settings: the year's term shares (three whole percents summing to 100) and
 * count date (a day of the year; null: each term's opening day). 400 a count date outside the year.
 * Audited CAPITATION_SETTINGS_UPDATED.
 */
export async function putSettings(tx: Tx, c: SchoolCaller, body: { year: number; termShares?: number[]; countOn?: string | null }): Promise<void> {
  if (body.countOn && Number(body.countOn.slice(0, 4)) !== body.year) throw badRequest(m.countOnInvalid, { countOn: m.countOnInvalid });
  const prev = await repo.findYearSettings(tx, c.schoolId, body.year);
  const before = { termShares: prev?.termShares ?? [...DEFAULT_TERM_SHARES], countOn: prev?.countOn ?? null };
  const after = { termShares: body.termShares ?? before.termShares, countOn: body.countOn === undefined ? before.countOn : body.countOn };
  await repo.upsertYearSettings(tx, c.schoolId, body.year, after.termShares, after.countOn, c.actor.id);
  await auditSchool(tx, c, capitationMessages.audit.settings, `capitation_year:${body.year}`, before, after, { year: body.year }, 'fees');
}

export type { CreateCapitationReceiptBody, PutCapitationRatesBody, PutCapitationSettingsBody };
