import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitTodayBody, apiCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { FeeStructure, ListPaymentsResponse, RecordPaymentResponse, StudentAccount } from '../../../shared/contracts/fees.js';
import type { ListVoteHeadsResponse, PrepaymentsResponse, ReallocatePaymentResponse, VoteHead, VoteHeadCashBook } from '../../../shared/contracts/vote-heads.js';
import { schoolToday } from '../../../shared/dates.js';
import { voteHeadsMessages } from '../../../shared/messages/vote-heads.js';
import { auditLogs, invoiceLines, invoices, paymentAllocations, payments, terms } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { splitPayment } from './allocation.repository.js';

/**
 * Vote heads, payment allocations and the vote-head cash book (issue 35 §3, §6): who may read and change
 * vote heads (teacher 403, another school's 404), the defaults, a vote head in use refused deletion,
 * fee items' vote heads validated, payments split by the priority and proportional rules with the
 * overpayment to "Fees paid in advance", reversals negated, reallocation rules and audit, the cash
 * book tying to the payments, and the receipt showing the split. PGlite and PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { ok, fails } = apiCaller(() => t.app, cookie);
const today = schoolToday();

let heads: VoteHead[];
const head = (code: string) => heads.find((h) => h.code === code)!;
let seq = 0;

/** A fresh Greenhill learner (admitted today, any admission invoice cancelled) with one issued invoice of the given lines (cents). */
async function learnerWithInvoice(lines: { category: string; cents: number; voteHeadId?: string }[]): Promise<string> {
  const n = ++seq;
  const classes = await ok<{ id: string }[]>('principal', 'GET', '/api/classes');
  const phone = `07${String(10_000_000 + ((Date.now() + n * 7919) % 89_999_999)).slice(0, 8)}`;
  const admitted = await ok<{ id: string }>('principal', 'POST', '/api/students', admitTodayBody(classes[0]!.id, phone), 201);
  const id = admitted.id;
  return system(t.database, async (tx) => {
    await tx.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.studentId, id));
    const [term] = await tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.isCurrent, true)));
    const total = lines.reduce((s, l) => s + l.cents, 0);
    const [inv] = await tx
      .insert(invoices)
      .values({ schoolId: greenhill, studentId: id, termId: term!.id, invoiceNumber: `VHT-${n}-${Date.now() % 100000}`, issuedOn: today, dueOn: today, totalCents: total })
      .returning({ id: invoices.id });
    await tx.insert(invoiceLines).values(lines.map((l, i) => ({ schoolId: greenhill, invoiceId: inv!.id, name: `Line ${i}`, category: l.category, amountCents: l.cents, sortOrder: i, voteHeadId: l.voteHeadId ?? null })));
    return id;
  });
}

const pay = (studentId: string, amount: number) => ok<RecordPaymentResponse>('finance', 'POST', '/api/fees/payments', { studentId, amount, method: 'cash', paidOn: today }, 201);
const split = (p: { allocations: { voteHeadId: string; amount: number }[] }) => Object.fromEntries(p.allocations.map((a) => [heads.find((h) => h.id === a.voteHeadId)!.code, a.amount]));

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['finance', 'principal', 'teacher', 'parent', 'rsFinance']));
  heads = (await ok<ListVoteHeadsResponse>('finance', 'GET', '/api/fees/vote-heads')).items;
});
afterAll(async () => {
  await t?.close();
});

describe('vote heads', () => {
  it('lists the Ministry’s defaults in priority order; principal reads, teacher and parent 403', async () => {
    expect(heads.map((h) => h.code).slice(0, 4)).toEqual(['TUITION', 'MEDICAL', 'ACTIVITY', 'SMASSE']);
    expect(head('TUITION')).toMatchObject({ name: 'Tuition', account: 'tuition', active: true, inUse: true });
    expect(head('PREPAYMENT').account).toBe('school_fund');
    const principal = await ok<ListVoteHeadsResponse>('principal', 'GET', '/api/fees/vote-heads');
    expect(principal.rule).toBe('priority');
    await fails('teacher', 'GET', '/api/fees/vote-heads', undefined, 403);
    await fails('parent', 'GET', '/api/fees/vote-heads', undefined, 403);
    await fails('principal', 'POST', '/api/fees/vote-heads', { code: 'X', name: 'X' }, 403);
  });

  it('adds, edits and deletes an unused vote head; another school’s is 404; codes are unique; bad input 400', async () => {
    const created = await ok<VoteHead>('finance', 'POST', '/api/fees/vote-heads', { code: 'bursary-fund', name: 'Bursary fund', account: 'school_fund' }, 201);
    expect(created).toMatchObject({ code: 'BURSARY-FUND', active: true, inUse: false });
    expect(created.priority).toBeGreaterThan(head('PREPAYMENT').priority);
    expect((await fails('finance', 'POST', '/api/fees/vote-heads', { code: 'BURSARY-FUND', name: 'Again' }, 409)).code).toBe('VOTE_HEAD_CODE_TAKEN');
    expect((await fails('finance', 'POST', '/api/fees/vote-heads', { code: 'bad code!', name: 'X' }, 400)).message).toContain(voteHeadsMessages.codeInvalid);
    expect((await fails('finance', 'POST', '/api/fees/vote-heads', { code: 'OK', name: ' ', account: 'tuition' }, 400)).message).toContain(voteHeadsMessages.nameRequired);
    const edited = await ok<VoteHead>('finance', 'PATCH', `/api/fees/vote-heads/${created.id}`, { name: 'Bursaries', priority: 5, account: 'operations' });
    expect(edited).toMatchObject({ name: 'Bursaries', priority: 5, account: 'operations' });
    await fails('rsFinance', 'PATCH', `/api/fees/vote-heads/${created.id}`, { name: 'Mine' }, 404);
    await fails('rsFinance', 'DELETE', `/api/fees/vote-heads/${created.id}`, undefined, 404);
    expect(await ok('finance', 'DELETE', `/api/fees/vote-heads/${created.id}`)).toEqual({ deleted: true });
    const audit = await system(t.database, (tx) => tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetEntity, `vote_head:${created.id}`)));
    expect(audit.map((a) => a.action).sort()).toEqual(['VOTE_HEAD_CREATED', 'VOTE_HEAD_DELETED', 'VOTE_HEAD_UPDATED']);
  });

  it('refuses to delete a vote head in use ("deactivate it instead"); deactivating works', async () => {
    const err = await fails('finance', 'DELETE', `/api/fees/vote-heads/${head('LUNCH').id}`, undefined, 409);
    expect(err).toMatchObject({ code: 'VOTE_HEAD_IN_USE', message: voteHeadsMessages.inUse });
    const smasse = await ok<VoteHead>('finance', 'PATCH', `/api/fees/vote-heads/${head('SMASSE').id}`, { active: false });
    expect(smasse.active).toBe(false);
    await ok('finance', 'PATCH', `/api/fees/vote-heads/${head('SMASSE').id}`, { active: true });
  });
});

describe('fee-structure items carry a vote head', () => {
  it('defaults by category, keeps a chosen one, refuses an inactive or unknown one; invoices copy it', async () => {
    const structures = await ok<FeeStructure[]>('finance', 'GET', '/api/fees/structures');
    const s = structures.find((x) => x.invoiced === 0) ?? structures[0]!;
    expect(structures.flatMap((x) => x.items).every((i) => i.voteHeadId)).toBe(true);
    const items = [
      { name: 'Tuition', category: 'tuition', amount: 1000 },
      { name: 'Medical cover', category: 'other', amount: 500, voteHeadId: head('MEDICAL').id },
    ];
    const saved = await ok<FeeStructure>('finance', 'PATCH', `/api/fees/structures/${s.id}`, { items });
    expect(saved.items.map((i) => i.voteHeadId)).toEqual([head('TUITION').id, head('MEDICAL').id]);
    await ok('finance', 'PATCH', `/api/fees/vote-heads/${head('SMASSE').id}`, { active: false });
    const inactive = await fails('finance', 'PATCH', `/api/fees/structures/${s.id}`, { items: [{ ...items[0], voteHeadId: head('SMASSE').id }] }, 400);
    expect(inactive.message).toBe(voteHeadsMessages.voteHeadInactive);
    await ok('finance', 'PATCH', `/api/fees/vote-heads/${head('SMASSE').id}`, { active: true });
    const other = await ok<ListVoteHeadsResponse>('rsFinance', 'GET', '/api/fees/vote-heads');
    const foreign = await fails('finance', 'PATCH', `/api/fees/structures/${s.id}`, { items: [{ ...items[0], voteHeadId: other.items[0]!.id }] }, 400);
    expect(foreign.message).toBe(voteHeadsMessages.voteHeadNotFound);
    expect((await ok<FeeStructure[]>('finance', 'GET', '/api/fees/structures')).find((x) => x.id === s.id)!.items).toHaveLength(2);
    // The demo's invoice lines carry their items' vote heads.
    const unmapped = await system(t.database, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(invoiceLines).where(and(eq(invoiceLines.schoolId, greenhill), sql`${invoiceLines.voteHeadId} is null`)));
    expect(Number(unmapped[0]!.n)).toBe(0);
  });
});

describe('money paid in advance', () => {
  it('moves to the vote heads a new invoice asks for, oldest payment first; audited; a second apply moves nothing more', async () => {
    const learner = await learnerWithInvoice([{ category: 'tuition', cents: 1_000_000 }]);
    const a = await pay(learner, 14_000);
    const b = await pay(learner, 3_000);
    expect(split(a)).toEqual({ TUITION: 10_000, PREPAYMENT: 4_000 });
    expect(split(b)).toEqual({ PREPAYMENT: 3_000 });
    const mine = (r: PrepaymentsResponse) => r.items.find((i) => i.studentId === learner);
    const nothingOwed = await ok<PrepaymentsResponse>('finance', 'GET', '/api/fees/vote-heads/prepayments');
    expect(mine(nothingOwed)).toBeUndefined();
    expect(nothingOwed.held).toBeGreaterThanOrEqual(7_000);

    // Charges added to the learner's invoice later (lunch 5,000 and activity 1,000), as a new term's would be.
    await system(t.database, async (tx) => {
      const [inv] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.studentId, learner), eq(invoices.status, 'issued')));
      await tx.insert(invoiceLines).values([
        { schoolId: greenhill, invoiceId: inv!.id, name: 'Lunch', category: 'lunch', amountCents: 500_000, sortOrder: 5 },
        { schoolId: greenhill, invoiceId: inv!.id, name: 'Activity', category: 'activity', amountCents: 100_000, sortOrder: 6 },
      ]);
      await tx.update(invoices).set({ totalCents: sql`${invoices.totalCents} + 600000` }).where(eq(invoices.id, inv!.id));
    });
    const preview = await ok<PrepaymentsResponse>('finance', 'GET', '/api/fees/vote-heads/prepayments');
    expect(preview.committed).toBe(false);
    expect(mine(preview)).toMatchObject({ amount: 6_000 });
    expect((await ok<PrepaymentsResponse>('principal', 'GET', '/api/fees/vote-heads/prepayments')).amount).toBe(preview.amount);
    await fails('teacher', 'GET', '/api/fees/vote-heads/prepayments', undefined, 403);
    await fails('principal', 'POST', '/api/fees/vote-heads/prepayments/apply', undefined, 403);
    // The preview wrote nothing.
    const account = async () => (await ok<StudentAccount>('finance', 'GET', `/api/students/${learner}/account`)).payments;
    expect(split((await account()).find((p) => p.id === a.id)!)).toEqual({ TUITION: 10_000, PREPAYMENT: 4_000 });

    const applied = await ok<PrepaymentsResponse>('finance', 'POST', '/api/fees/vote-heads/prepayments/apply');
    expect(applied.committed).toBe(true);
    expect(mine(applied)).toMatchObject({ amount: 6_000 });
    const after = await account();
    const pa = split(after.find((p) => p.id === a.id)!);
    const pb = split(after.find((p) => p.id === b.id)!);
    // The older payment gives its 4,000 first; the newer keeps 1,000 in advance. Each still adds up to itself.
    expect(pa.PREPAYMENT).toBeUndefined();
    expect(pa.TUITION).toBe(10_000);
    expect(pb.PREPAYMENT).toBe(1_000);
    expect((pa.LUNCH ?? 0) + (pb.LUNCH ?? 0)).toBe(5_000);
    expect((pa.ACTIVITY ?? 0) + (pb.ACTIVITY ?? 0)).toBe(1_000);
    for (const p of after) expect(p.allocations.reduce((s, x) => s + x.amount, 0)).toBe(p.amount);
    const [audit] = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, voteHeadsMessages.audit.prepaymentsApplied)));
    expect(audit?.metadata).toMatchObject({ learners: applied.learners, amount: applied.amount });

    const again = await ok<PrepaymentsResponse>('finance', 'POST', '/api/fees/vote-heads/prepayments/apply');
    expect(mine(again)).toBeUndefined();
    expect(again.amount).toBe(0);
  });
});

describe('payment allocation', () => {
  it('splits by priority, fills each vote head, sends the overpayment to "Fees paid in advance"; a reversal negates', async () => {
    const learner = await learnerWithInvoice([
      { category: 'lunch', cents: 500_000 },
      { category: 'tuition', cents: 1_000_000 },
    ]);
    const first = await pay(learner, 12_000);
    expect(split(first)).toEqual({ TUITION: 10_000, LUNCH: 2_000 });
    const second = await pay(learner, 5_000);
    expect(split(second)).toEqual({ LUNCH: 3_000, PREPAYMENT: 2_000 });
    expect(second.allocations.find((a) => a.voteHeadId === head('PREPAYMENT').id)!.voteHead).toBe('Fees paid in advance');
    const rev = await ok<{ reversal: RecordPaymentResponse; original: RecordPaymentResponse }>('finance', 'POST', `/api/fees/payments/${second.id}/reverse`, { reason: 'Cheque bounced' }, 201);
    expect(split(rev.reversal)).toEqual({ LUNCH: -3_000, PREPAYMENT: -2_000 });
    const account = await ok<StudentAccount>('finance', 'GET', `/api/students/${learner}/account`);
    expect(account.payments.every((p) => p.allocations.reduce((s, a) => s + a.amount, 0) === p.amount)).toBe(true);
    const list = await ok<ListPaymentsResponse>('finance', 'GET', `/api/fees/payments?search=${first.receiptNumber}`);
    expect(split(list.items[0]!)).toEqual({ TUITION: 10_000, LUNCH: 2_000 });
  });

  it('splits in proportion to what is owed under the proportional rule; the settings refuse an unknown rule', async () => {
    await ok('finance', 'PUT', '/api/fees/settings', { voteHeadRule: 'proportional' });
    try {
      const learner = await learnerWithInvoice([
        { category: 'tuition', cents: 1_000_000 },
        { category: 'other', cents: 500_000, voteHeadId: head('ACTIVITY').id },
      ]);
      expect(split(await pay(learner, 3_000))).toEqual({ TUITION: 2_000, ACTIVITY: 1_000 });
      // 12,000 owed is left (8,000 + 4,000): 13,000 fills both and 1,000 is paid in advance.
      expect(split(await pay(learner, 13_000))).toEqual({ TUITION: 8_000, ACTIVITY: 4_000, PREPAYMENT: 1_000 });
    } finally {
      await ok('finance', 'PUT', '/api/fees/settings', { voteHeadRule: 'priority' });
    }
    expect((await fails('finance', 'PUT', '/api/fees/settings', { voteHeadRule: 'random' }, 400)).message).toBeTruthy();
  });

  it('splitPayment rounds the proportional split to the cent and sums exactly', () => {
    const owed = [
      { voteHeadId: 'a', code: 'A', priority: 1, owedCents: 100 },
      { voteHeadId: 'b', code: 'B', priority: 2, owedCents: 100 },
      { voteHeadId: 'c', code: 'C', priority: 3, owedCents: 100 },
    ];
    const s = splitPayment(100, owed, 'proportional', 'x');
    expect(s.reduce((n, x) => n + x.cents, 0)).toBe(100);
    expect(s.map((x) => x.cents).sort()).toEqual([33, 33, 34]);
    expect(splitPayment(500, [], 'priority', 'x')).toEqual([{ voteHeadId: 'x', cents: 500 }]);
  });

  it('every seeded payment is allocated to the cent', async () => {
    const off = await system(t.database, (tx) =>
      tx.execute(sql`select count(*)::int as n from payments p where p.school_id = ${greenhill}
        and p.amount_cents <> coalesce((select sum(a.amount_cents) from payment_allocations a where a.payment_id = p.id), 0)`),
    );
    const rows = (off as unknown as { rows: { n: number }[] }).rows ?? (off as unknown as { n: number }[]);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('reallocation', () => {
  it('replaces the split when it adds up exactly; refuses more than it was, less, another school’s vote head; audited', async () => {
    const learner = await learnerWithInvoice([{ category: 'tuition', cents: 1_000_000 }]);
    const p = await pay(learner, 4_000);
    const url = `/api/fees/payments/${p.id}/allocations`;
    const more = await fails('finance', 'PUT', url, { allocations: [{ voteHeadId: head('TUITION').id, amount: 3_000 }, { voteHeadId: head('LUNCH').id, amount: 1_500 }] }, 400);
    expect(more.message).toBe(voteHeadsMessages.moreThanPayment('4,500.00', '4,000.00'));
    await fails('finance', 'PUT', url, { allocations: [{ voteHeadId: head('TUITION').id, amount: 3_000 }] }, 400);
    const other = await ok<ListVoteHeadsResponse>('rsFinance', 'GET', '/api/fees/vote-heads');
    await fails('finance', 'PUT', url, { allocations: [{ voteHeadId: other.items[0]!.id, amount: 4_000 }] }, 400);
    await fails('principal', 'PUT', url, { allocations: [{ voteHeadId: head('TUITION').id, amount: 4_000 }] }, 403);
    await fails('rsFinance', 'PUT', url, { allocations: [{ voteHeadId: other.items[0]!.id, amount: 4_000 }] }, 404);
    const res = await ok<ReallocatePaymentResponse>('finance', 'PUT', url, { allocations: [{ voteHeadId: head('TUITION').id, amount: 2_500 }, { voteHeadId: head('LUNCH').id, amount: '1500.00' }] });
    expect(split(res)).toEqual({ TUITION: 2_500, LUNCH: 1_500 });
    const [audit] = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'PAYMENT_REALLOCATED'), eq(auditLogs.targetEntity, `payment:${p.id}`))));
    expect(audit!.oldValue).toMatchObject({ allocations: [{ voteHeadId: head('TUITION').id, cents: 400_000 }] });
    expect((audit!.newValue as { allocations: unknown[] }).allocations).toHaveLength(2);
    // Nothing half-written after a refusal, and a reversed payment cannot be reallocated.
    await ok('finance', 'POST', `/api/fees/payments/${p.id}/reverse`, { reason: 'Wrong learner' }, 201);
    expect((await fails('finance', 'PUT', url, { allocations: [{ voteHeadId: head('TUITION').id, amount: 4_000 }] }, 409)).code).toBe('PAYMENT_REVERSED');
    const rows = await system(t.database, (tx) => tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, p.id)));
    expect(rows.map((r) => Number(r.amountCents)).sort()).toEqual([150_000, 250_000]);
  });
});

describe('vote-head cash book and receipt', () => {
  it('ties money in to the payments of the period, and totals to the vote heads; pdf and xlsx; finance officer only', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    const book = await ok<VoteHeadCashBook>('finance', 'GET', `/api/reports/vote-head-cash-book?from=${from}&to=${today}`);
    const [paid] = await system(t.database, (tx) =>
      tx
        .select({ c: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text` })
        .from(payments)
        .where(and(eq(payments.schoolId, greenhill), sql`${payments.paidOn} between ${from} and ${today}`)),
    );
    const feesIn = book.incomeByVoteHead.reduce((s, x) => s + Math.round(x.fees * 100), 0);
    expect(feesIn).toBe(Number(paid!.c));
    expect(Math.round(book.totals.moneyIn * 100)).toBe(book.voteHeads.reduce((s, v) => s + Math.round(v.moneyIn * 100), 0));
    expect(Math.round(book.totals.closing * 100)).toBe(Math.round((book.totals.opening + book.totals.moneyIn - book.totals.moneyOut) * 100));
    expect(book.totals.moneyOut).toBeGreaterThan(0);
    const tuition = book.voteHeads.find((v) => v.code === 'TUITION')!;
    expect(tuition.days.at(-1)?.closing ?? tuition.opening).toBeCloseTo(tuition.closing, 2);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/reports/vote-head-cash-book?from=${from}&to=${today}&format=pdf`, headers: { cookie: cookie.finance! } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(inspectPdf(pdf.rawPayload).text).toContain('Vote-head cash book');
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/reports/vote-head-cash-book?format=xlsx`, headers: { cookie: cookie.finance! } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('vote-head-cash-book');
    await fails('principal', 'GET', '/api/reports/vote-head-cash-book', undefined, 403);
    expect((await fails('finance', 'GET', `/api/reports/vote-head-cash-book?from=${today}&to=${from}`, undefined, 400)).message).toBe(voteHeadsMessages.periodInvalid);
  });

  it('the receipt PDF shows the split by vote head', async () => {
    const learner = await learnerWithInvoice([
      { category: 'tuition', cents: 200_000 },
      { category: 'boarding', cents: 300_000 },
    ]);
    const p = await pay(learner, 4_000);
    const res = await t.app.inject({ method: 'GET', url: `/api/fees/payments/${p.id}/receipt.pdf`, headers: { cookie: cookie.finance! } });
    expect(res.statusCode).toBe(200);
    const text = inspectPdf(res.rawPayload).text;
    expect(text).toContain(voteHeadsMessages.receipt.heading);
    expect(text).toContain('Tuition');
    expect(text).toContain('Boarding and equipment');
  });
});
