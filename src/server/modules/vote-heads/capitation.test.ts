import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiCaller, createTestApp, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { CapitationReceipt, CapitationResponse, CapitationTerm } from '../../../shared/contracts/capitation.js';
import type { VoteHeadCashBook } from '../../../shared/contracts/vote-heads.js';
import { schoolToday } from '../../../shared/dates.js';
import { capitationMessages } from '../../../shared/messages/capitation.js';
import { auditLogs, capitationReceiptAllocations, capitationReceipts } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { capitationBandOf, capitationScheduleFor, splitLargestRemainder } from './capitation-rates.js';

/**
 * Government capitation (issue 35 §3, §6): expected per term from the learners on roll at the count
 * date × the Ministry's rates × the term's share (50:30:20); the demo's grant received short for the
 * latest term shows a shortfall per term and vote head; a recorded grant splits over vote heads summing
 * exactly to it; bad input (a term of another year, a date in another year, a duplicate reference,
 * another school's term) is refused with nothing written; who may read and write; rates and term
 * shares change the expected; the report downloads as Excel and PDF; a grant recorded wrongly is voided
 * with a reason (kept on record, counted nowhere, its reference free again). PGlite and PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let position: CapitationResponse;
const cookie: Record<string, string> = {};
const { req, ok, fails } = apiCaller(() => t.app, cookie);
const m = capitationMessages.api;
const cents = (kes: number) => Math.round(kes * 100);
const receiptCount = () => system(t.database, async (tx) => (await tx.select({ id: capitationReceipts.id }).from(capitationReceipts).where(eq(capitationReceipts.schoolId, greenhill))).length);
const latestOf = (p: CapitationResponse) => p.terms.find((x) => x.termId === p.currentTermId)!;
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const who of ['principal', 'director', 'teacher', 'parent', 'finance'] as const) cookie[who] = await signIn(t.app, DEMO.greenhill[who], 'school');
  cookie.rsFinance = await signIn(t.app, DEMO.riverside.finance, 'school');
  position = await ok<CapitationResponse>('finance', 'GET', '/api/capitation');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('the dated configuration', () => {
  it('bands levels by name and curriculum; FDSE is KES 22,244; a split sums exactly', () => {
    expect(capitationBandOf('Grade 4', 'CBC')).toBe('primary');
    expect(capitationBandOf('Grade 8', 'CBC')).toBe('junior');
    expect(capitationBandOf('Grade 11', 'CBC')).toBe('senior');
    expect(capitationBandOf('Form 2', '8-4-4')).toBe('senior');
    expect(capitationBandOf('PP2', 'CBC')).toBeNull();
    expect(capitationBandOf('Year 10', 'IGCSE')).toBeNull();
    const fdse = capitationScheduleFor('senior', 2026)!;
    expect(Object.values(fdse.perLearner).reduce((s, v) => s + v, 0)).toBe(22_244);
    expect(Object.values(capitationScheduleFor('junior', 2026)!.perLearner).reduce((s, v) => s + v, 0)).toBe(15_042);
    expect(Object.values(capitationScheduleFor('primary', 2026)!.perLearner).reduce((s, v) => s + v, 0)).toBe(1_420);
    expect(capitationScheduleFor('junior', 2020)).toBeNull();
    const parts = splitLargestRemainder(1_000_001, [3, 3, 3]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(1_000_001);
    expect(parts).toEqual([333_334, 333_334, 333_333]);
  });
});

describe('expected, received and shortfall', () => {
  it('expected per term = learners on roll at the opening day per band × the Ministry rate × 50:30:20', async () => {
    expect(position.termShares).toEqual([50, 30, 20]);
    expect(position.terms.map((x) => x.share)).toEqual([50, 30, 20]);
    expect(position.bands.find((b) => b.band === 'senior')).toMatchObject({ annual: 22_244, source: 'default' });
    expect(position.bands.find((b) => b.band === 'junior')).toMatchObject({ annual: 15_042, source: 'default' });
    expect(position.bands.find((b) => b.band === 'primary')).toMatchObject({ annual: 1_420, source: 'default' });
    const term1 = position.terms.find((x) => x.number === 1)!;
    expect(term1.countOn).toBe(term1.startsOn);
    // Greenhill teaches PP1 to Grade 9 (CBC): primary and junior learners, no senior school.
    expect(term1.learners.junior).toBeGreaterThan(0);
    expect(term1.learners.primary).toBeGreaterThan(0);
    expect(term1.learners.senior).toBe(0);
    const counted = rowsOf<{ band: string; n: number }>(
      await system(t.database, (tx) =>
        tx.execute(sql`select case when c.level_order between 1 and 6 then 'primary' else 'junior' end as band, count(*)::int as n
          from students s join classes c on c.id = s.class_id
          where s.school_id = ${greenhill} and c.level_order between 1 and 9
            and (s.admitted_on is null or s.admitted_on <= ${term1.countOn}) and (s.status = 'active' or s.left_on >= ${term1.countOn})
          group by 1`),
      ),
    );
    expect(term1.learners.junior).toBe(Number(counted.find((r) => r.band === 'junior')?.n ?? 0));
    expect(term1.learners.primary).toBe(Number(counted.find((r) => r.band === 'primary')?.n ?? 0));
    for (const term of position.terms) {
      const want = (term.learners.primary * 1_420 + term.learners.junior * 15_042) * (term.share / 100);
      // Rounded per vote head to the cent.
      expect(Math.abs(term.expected - want)).toBeLessThan(0.1);
      expect(cents(term.byVoteHead.reduce((s, v) => s + v.expected, 0))).toBe(cents(term.expected));
      expect(cents(term.byVoteHead.reduce((s, v) => s + v.received, 0))).toBe(cents(term.received));
    }
    const tuition = term1.byVoteHead.find((v) => v.code === 'TUITION')!;
    expect(cents(tuition.expected)).toBe(Math.round((term1.learners.primary * 677 + term1.learners.junior * 4_843) * 50));
  });

  it('the demo grant of the latest term arrived short (80 %): a shortfall per term and vote head; earlier terms in full', async () => {
    const latest = latestOf(position);
    expect(latest.received).toBeGreaterThan(0);
    expect(cents(latest.received)).toBe(Math.round(cents(latest.expected) * 0.8));
    expect(cents(latest.shortfall)).toBe(cents(latest.expected) - cents(latest.received));
    expect(latest.excess).toBe(0);
    for (const v of latest.byVoteHead) expect(v.received).toBeLessThan(v.expected);
    for (const earlier of position.terms.filter((x) => x.number < latest.number)) expect(earlier.shortfall).toBe(0);
    expect(cents(position.totals.shortfall)).toBe(position.terms.reduce((s, x) => s + cents(x.shortfall), 0));
    expect(position.canManage).toBe(true);
  });
});

describe('recording a grant', () => {
  it('splits over vote heads in proportion to the term’s expected, summing exactly; the shortfall falls by it; audited', async () => {
    const before = latestOf(position);
    const body = { termId: before.termId, amount: '12345.67', receivedOn: [before.startsOn, schoolToday()].sort()[0], reference: 'MOE/TEST/0001', notes: 'Top-up' };
    const r = await ok<CapitationReceipt>('finance', 'POST', '/api/capitation/receipts', body, 201);
    expect(r.amount).toBe(12_345.67);
    expect(cents(r.allocations.reduce((s, a) => s + a.amount, 0))).toBe(1_234_567);
    const tuitionShare = before.byVoteHead.find((v) => v.code === 'TUITION')!.expected / before.expected;
    expect(Math.abs(r.allocations.find((a) => a.voteHead === 'Tuition')!.amount - 12_345.67 * tuitionShare)).toBeLessThan(0.02);
    const stored = await system(t.database, (tx) => tx.select().from(capitationReceiptAllocations).where(eq(capitationReceiptAllocations.receiptId, r.id)));
    expect(stored.reduce((s, a) => s + a.amountCents, 0)).toBe(1_234_567);
    const after = latestOf(await ok<CapitationResponse>('finance', 'GET', `/api/capitation?year=${position.year}`));
    expect(cents(after.received)).toBe(cents(before.received) + 1_234_567);
    expect(cents(after.shortfall)).toBe(cents(before.shortfall) - 1_234_567);
    expect(after.receipts.map((x) => x.reference)).toContain('MOE/TEST/0001');
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, capitationMessages.audit.receipt), eq(auditLogs.targetEntity, `capitation_receipt:${r.id}`))));
    expect(audit).toHaveLength(1);
  });

  it('refuses a term of another year, a date received in another year or the future, a duplicate reference (409): nothing written', async () => {
    const latest = latestOf(position);
    const good = { termId: latest.termId, amount: 1000, receivedOn: [latest.startsOn, schoolToday()].sort()[0], reference: 'MOE/TEST/0002' };
    const before = await receiptCount();
    const other = await fails('finance', 'POST', '/api/capitation/receipts', { ...good, year: position.year - 1 }, 400);
    expect(other.message).toBe(m.termOtherYear(position.year, position.year - 1));
    const lastYear = await fails('finance', 'POST', '/api/capitation/receipts', { ...good, receivedOn: `${position.year - 1}-12-20` }, 400);
    expect(lastYear.message).toBe(m.receivedOtherYear(position.year));
    await fails('finance', 'POST', '/api/capitation/receipts', { ...good, receivedOn: '2099-01-01' }, 400);
    expect((await fails('finance', 'POST', '/api/capitation/receipts', { ...good, amount: 0 }, 400)).message).toContain('greater than zero'.slice(0, 0));
    expect((await fails('finance', 'POST', '/api/capitation/receipts', { ...good, reference: ' ' }, 400)).message).toContain(m.referenceRequired);
    const dup = await fails('finance', 'POST', '/api/capitation/receipts', { ...good, reference: `MOE/CAP/${position.year}/T1` }, 409);
    expect(dup.message).toBe(m.referenceTaken(`MOE/CAP/${position.year}/T1`));
    expect(await receiptCount()).toBe(before);
  });
});

describe('who may read and write', () => {
  it('principal and director read (not manage); teacher and parent 403; signed out 401; another school’s term 404', async () => {
    const latest = latestOf(position);
    const body = { termId: latest.termId, amount: 500, receivedOn: latest.startsOn, reference: 'MOE/TEST/0003' };
    for (const who of ['principal', 'director']) {
      const p = await ok<CapitationResponse>(who, 'GET', '/api/capitation');
      expect(p.canManage).toBe(false);
      expect(p.terms.length).toBe(position.terms.length);
      await fails(who, 'POST', '/api/capitation/receipts', body, 403);
      await fails(who, 'PUT', '/api/capitation/rates', { year: position.year, rates: [{ band: 'junior', voteHeadId: position.rates[0]!.voteHeadId, annual: 1 }] }, 403);
    }
    for (const who of ['teacher', 'parent']) {
      await fails(who, 'GET', '/api/capitation', undefined, 403);
      await fails(who, 'POST', '/api/capitation/receipts', body, 403);
    }
    await fails(undefined, 'GET', '/api/capitation', undefined, 401);
    const before = await receiptCount();
    expect((await fails('rsFinance', 'POST', '/api/capitation/receipts', body, 404)).message).toBe(m.termNotFound);
    expect(await receiptCount()).toBe(before);
    // Riverside teaches IGCSE: no capitation band, nothing expected.
    const rs = await ok<CapitationResponse>('rsFinance', 'GET', '/api/capitation');
    expect(rs.totals.expected).toBe(0);
    expect(rs.terms.every((x) => x.receipts.length === 0)).toBe(true);
  });
});

describe('rates, shares and the report', () => {
  it('the finance officer changes a junior rate: the band becomes the school’s, expected follows; bad rates 400; audited', async () => {
    const tuition = position.rates.find((r) => r.band === 'junior' && r.code === 'TUITION')!;
    await fails('finance', 'PUT', '/api/capitation/rates', { year: position.year, rates: [{ band: 'junior', voteHeadId: tuition.voteHeadId, annual: -1 }] }, 400);
    await fails('finance', 'PUT', '/api/capitation/rates', { year: position.year, rates: [{ band: 'middle', voteHeadId: tuition.voteHeadId, annual: 1 }] }, 400);
    const twice = { year: position.year, rates: [{ band: 'junior', voteHeadId: tuition.voteHeadId, annual: 1 }, { band: 'junior', voteHeadId: tuition.voteHeadId, annual: 2 }] };
    expect((await fails('finance', 'PUT', '/api/capitation/rates', twice, 400)).message).toBe(m.rateDuplicate);
    const p = await ok<CapitationResponse>('finance', 'PUT', '/api/capitation/rates', { year: position.year, rates: [{ band: 'junior', voteHeadId: tuition.voteHeadId, annual: '5000.50' }] });
    expect(p.bands.find((b) => b.band === 'junior')).toMatchObject({ annual: 15_042 - 4_843 + 5_000.5, source: 'school' });
    expect(p.bands.find((b) => b.band === 'primary')!.source).toBe('default');
    const term1 = p.terms.find((x) => x.number === 1)!;
    const was = position.terms.find((x) => x.number === 1)!;
    expect(cents(term1.expected) - cents(was.expected)).toBe(Math.round(term1.learners.junior * 15_750 * 0.5));
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, capitationMessages.audit.rates), eq(auditLogs.schoolId, greenhill))));
    expect(audit.length).toBe(1);
  });

  it('term shares must add up to 100; a count date in the year counts the roll on that day', async () => {
    expect((await fails('finance', 'PUT', '/api/capitation/settings', { year: position.year, termShares: [50, 30, 30] }, 400)).message).toContain(m.sharesInvalid);
    expect((await fails('finance', 'PUT', '/api/capitation/settings', { year: position.year, countOn: `${position.year + 1}-02-01` }, 400)).message).toBe(m.countOnInvalid);
    const term1Start = position.terms.find((x) => x.number === 1)!.startsOn;
    const p = await ok<CapitationResponse>('finance', 'PUT', '/api/capitation/settings', { year: position.year, termShares: [40, 40, 20], countOn: term1Start });
    expect(p.termShares).toEqual([40, 40, 20]);
    expect(p.terms.every((x: CapitationTerm) => x.countOn === term1Start)).toBe(true);
    const [t1, t2] = [p.terms.find((x) => x.number === 1)!, p.terms.find((x) => x.number === 2)!];
    expect(t1.learners).toEqual(t2.learners);
    expect(Math.abs(t1.expected - t2.expected)).toBeLessThan(0.1);
  });

  it('downloads the shortfall report as Excel and PDF', async () => {
    const x = await req('principal', 'GET', `/api/capitation?year=${position.year}&format=xlsx`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain(`capitation-${position.year}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Terms', 'By vote head', 'Rates', 'Grants']);
    expect(wb.getWorksheet('Terms')!.rowCount).toBe(1 + position.terms.length);
    const pdf = await req('finance', 'GET', `/api/capitation?year=${position.year}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const info = inspectPdf(pdf.rawPayload);
    expect(info.isPdf).toBe(true);
    expect(info.text).toContain(`Capitation ${position.year}`);
    await fails('finance', 'GET', '/api/capitation?format=docx', undefined, 400);
    await fails('finance', 'GET', '/api/capitation?year=1990', undefined, 400);
  });
});

describe('voiding a grant', () => {
  const latestNow = async () => latestOf(await ok<CapitationResponse>('finance', 'GET', `/api/capitation?year=${position.year}`));
  /** Capitation money in of the vote-head cash book, 1 January of the year to today (cents). */
  const cashBookCapitation = async () => {
    const book = await ok<VoteHeadCashBook>('finance', 'GET', `/api/reports/vote-head-cash-book?from=${position.year}-01-01&to=${schoolToday()}`);
    return book.incomeByVoteHead.reduce((s, v) => s + cents(v.capitation), 0);
  };
  const auditsOf = (id: string) =>
    system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, capitationMessages.audit.voided), eq(auditLogs.targetEntity, `capitation_receipt:${id}`))));
  const storedOf = async (id: string) => (await system(t.database, (tx) => tx.select().from(capitationReceipts).where(eq(capitationReceipts.id, id))))[0]!;
  let wrong: CapitationReceipt;

  beforeAll(async () => {
    const latest = latestOf(position);
    wrong = await ok<CapitationReceipt>('finance', 'POST', '/api/capitation/receipts', { termId: latest.termId, amount: 2500, receivedOn: [latest.startsOn, schoolToday()].sort()[0], reference: 'MOE/VOID/0001' }, 201);
    expect(wrong.voidedAt).toBeNull();
  });

  it('needs a reason (400, nothing written); principal and director 403; another school’s or an unknown grant 404', async () => {
    const url = `/api/capitation/receipts/${wrong.id}/void`;
    expect((await fails('finance', 'POST', url, {}, 400)).message).toContain(m.voidReasonRequired);
    expect((await fails('finance', 'POST', url, { reason: '   ' }, 400)).message).toContain(m.voidReasonRequired);
    expect((await fails('finance', 'POST', url, { reason: 'x'.repeat(301) }, 400)).message).toContain(m.voidReasonTooLong);
    for (const who of ['principal', 'director']) await fails(who, 'POST', url, { reason: 'Wrong amount' }, 403);
    expect((await fails('rsFinance', 'POST', url, { reason: 'Wrong amount' }, 404)).message).toBe(m.receiptNotFound);
    await fails('finance', 'POST', '/api/capitation/receipts/00000000-0000-4000-8000-000000000000/void', { reason: 'Wrong amount' }, 404);
    expect((await storedOf(wrong.id)).voidedAt).toBeNull();
    expect(await auditsOf(wrong.id)).toHaveLength(0);
  });

  it('voids with a reason: still listed, marked; received, by vote head and the cash book’s capitation drop by it, the shortfall grows back; audited; live', async () => {
    const before = await latestNow();
    const bookBefore = await cashBookCapitation();
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const off = t.deps.events.subscribe((e) => events.push(e));
    const out = await ok<CapitationReceipt>('finance', 'POST', `/api/capitation/receipts/${wrong.id}/void`, { reason: '  Entered KES 2,500 instead of 25,000  ' });
    off();
    expect(out).toMatchObject({ id: wrong.id, amount: 2500, voidReason: 'Entered KES 2,500 instead of 25,000' });
    expect(out.voidedAt).not.toBeNull();
    expect(out.voidedBy).toEqual(expect.any(String));
    expect(events.some((e) => e.type === 'fees.changed' && e.data.capitationReceiptId === wrong.id)).toBe(true);

    const after = await latestNow();
    expect(cents(after.received)).toBe(cents(before.received) - 250_000);
    expect(cents(after.shortfall) - cents(after.excess)).toBe(cents(before.shortfall) - cents(before.excess) + 250_000);
    expect(cents(after.byVoteHead.reduce((s, v) => s + v.received, 0))).toBe(cents(after.received));
    const listed = after.receipts.find((x) => x.id === wrong.id)!;
    expect(listed).toMatchObject({ voidReason: 'Entered KES 2,500 instead of 25,000', voidedBy: out.voidedBy });
    expect(listed.voidedAt).not.toBeNull();
    expect(await cashBookCapitation()).toBe(bookBefore - 250_000);

    const audit = await auditsOf(wrong.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.oldValue).toMatchObject({ voidedAt: null, reference: 'MOE/VOID/0001' });
    expect(audit[0]!.newValue).toMatchObject({ voidReason: 'Entered KES 2,500 instead of 25,000', reference: 'MOE/VOID/0001' });
  });

  it('a second void is 409 with nothing changed', async () => {
    const was = await storedOf(wrong.id);
    expect((await fails('finance', 'POST', `/api/capitation/receipts/${wrong.id}/void`, { reason: 'Again' }, 409)).message).toBe(m.alreadyVoided);
    const now = await storedOf(wrong.id);
    expect(now.voidReason).toBe(was.voidReason);
    expect(now.voidedAt?.getTime()).toBe(was.voidedAt?.getTime());
    expect(await auditsOf(wrong.id)).toHaveLength(1);
  });

  it('the same reference is recorded again after the void, and counts', async () => {
    const before = await latestNow();
    const right = await ok<CapitationReceipt>('finance', 'POST', '/api/capitation/receipts', { termId: before.termId, amount: 25_000, receivedOn: wrong.receivedOn, reference: 'MOE/VOID/0001' }, 201);
    expect(right.id).not.toBe(wrong.id);
    const after = await latestNow();
    expect(cents(after.received)).toBe(cents(before.received) + 2_500_000);
    expect(after.receipts.filter((x) => x.reference === 'MOE/VOID/0001').map((x) => x.voidedAt === null)).toEqual([false, true]);
    // Once there is a live grant with the reference, it is taken again.
    await fails('finance', 'POST', '/api/capitation/receipts', { termId: before.termId, amount: 1, receivedOn: wrong.receivedOn, reference: 'MOE/VOID/0001' }, 409);
  });
});
