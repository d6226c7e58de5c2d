import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GREENHILL_SESSIONS, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { demo } from '../../../../tests/demo.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import type { Budget, BudgetCheck, BudgetsResponse, Expense, ExpenseCategory, ExpenseWriteResponse, ListExpensesResponse, PettyCash } from '../../../shared/contracts/expenses.js';
import type { Approval } from '../../../shared/contracts/fees.js';
import type { ListVoteHeadsResponse, VoteHeadCashBook } from '../../../shared/contracts/vote-heads.js';
import { expensesMessages as m } from '../../../shared/messages/expenses.js';
import { approvals, auditLogs, expenses, profiles } from '../../db/schema/index.js';

/**
 * Expenses, budgets and petty cash (issue 15 §1): access on every route, the approval flow through
 * both the expenses routes and the Approvals card, self-approval refused, over-budget warnings,
 * negative amounts, petty cash that holds too little, and idempotent retries.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let other: ExpenseCategory;
let food: ExpenseCategory;

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance', 'rsPrincipal']));
  const cats = (await get('finance', '/api/expenses/categories')).json<{ items: ExpenseCategory[] }>().items;
  other = cats.find((c) => c.name === 'Other')!;
  food = cats.find((c) => c.name === 'Food and catering')!;
});
afterAll(async () => {
  await t?.close();
});

const headers = (who?: string, extra: Record<string, string> = {}) => ({ ...(who ? { cookie: cookie[who]! } : {}), ...extra });
const get = (who: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) });
const send = (who: string | undefined, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: headers(who, extra), ...(payload === undefined ? {} : { payload: payload as object }) });
const expenseCount = async () => (await system(t.database, (tx) => tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.schoolId, greenhill)))).length;
const auditActions = async (target: string) =>
  (await system(t.database, (tx) => tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetEntity, target)))).map((r) => r.action);

/** Today: the expenses the tests record belong to the latest term (the current one, or the one just ended in a holiday). */
const today = schoolToday();
/** A day well inside the latest term, not after today (the sixth week, or today early in the term). */
const midTerm = addDays(demo.cal.latestTerm.startsOn, 38) < today ? addDays(demo.cal.latestTerm.startsOn, 38) : today;
/** A calendar year nothing has been spent in yet. */
const nextYear = Number(today.slice(0, 4)) + 1;

const base = (over: Record<string, unknown> = {}) => ({
  spentOn: today,
  categoryId: other.id,
  payee: 'Test Supplies Ltd',
  description: 'Test purchase',
  amount: 1200,
  method: 'cash',
  ...over,
});
async function record(over: Record<string, unknown> = {}, who = 'finance'): Promise<Expense> {
  const res = await send(who, 'POST', '/api/expenses', base(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExpenseWriteResponse>().expense;
}

const BOUNDARY = '----edufam-expense-test';
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
function multipart(file: { name: string; type: string; data: Buffer }): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

describe('access', () => {
  it('requires sign-in, the right role and the school of the record on every route', async () => {
    const mine = await record();
    const reads = ['/api/expenses', '/api/expenses/summary', '/api/expenses/categories', '/api/expenses/budgets', '/api/expenses/petty-cash', '/api/expenses/settings', `/api/expenses/${mine.id}`];
    for (const url of reads) {
      expect((await get(undefined, url)).statusCode, url).toBe(401);
      for (const who of ['teacher', 'parent', 'hr']) expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
      for (const who of ['finance', 'principal', 'director']) expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(200);
    }
    const writes: [string, string, unknown][] = [
      ['POST', '/api/expenses', base()],
      ['POST', '/api/expenses/categories', { name: 'Never' }],
      ['POST', '/api/expenses/budgets', { categoryId: other.id, year: nextYear + 3, amount: 10 }],
      ['POST', '/api/expenses/petty-cash/top-ups', { amount: 10, entryOn: today }],
      ['PUT', '/api/expenses/settings', { approvalLimit: 1, pettyCashFloat: 1 }],
      ['POST', `/api/expenses/${mine.id}/pay`, { paidOn: today, method: 'cash' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await send(undefined, method as 'POST', url, body)).statusCode, url).toBe(401);
      for (const who of ['principal', 'director', 'teacher', 'hr']) expect((await send(who, method as 'POST', url, body)).statusCode, `${who} ${url}`).toBe(403);
    }
    expect((await get('finance', '/api/expenses/budget-check?categoryId=' + other.id + '&amount=10&spentOn=' + today)).statusCode).toBe(200);
    expect((await get('principal', '/api/expenses/budget-check?categoryId=' + other.id + '&amount=10&spentOn=' + today)).statusCode).toBe(403);
    // Approve / reject: the principal or director only.
    for (const who of ['finance', 'teacher', 'hr']) expect((await send(who, 'POST', `/api/expenses/${mine.id}/approve`, {})).statusCode).toBe(403);
    // Another school's expense is 404 for reads and writes; a malformed id is 400.
    expect((await get('rsFinance', `/api/expenses/${mine.id}`)).statusCode).toBe(404);
    expect((await send('rsFinance', 'POST', `/api/expenses/${mine.id}/pay`, { paidOn: today, method: 'cash' })).statusCode).toBe(404);
    expect((await send('rsPrincipal', 'POST', `/api/expenses/${mine.id}/approve`, {})).statusCode).toBe(404);
    expect((await send('rsFinance', 'POST', '/api/expenses', base())).statusCode).toBe(400); // Greenhill's category
    expect((await get('finance', '/api/expenses/not-a-uuid')).statusCode).toBe(400);
    const list = (await get('rsFinance', '/api/expenses?pageSize=200')).json<ListExpensesResponse>();
    expect(list.items.some((e) => e.id === mine.id)).toBe(false);
  });
});

describe('recording', () => {
  it('records an expense under the limit as paid, numbered, in the current term, and audited', async () => {
    const e = await record({ amount: '1,500.50', reference: 'R-1' });
    expect(e).toMatchObject({ status: 'paid', amount: 1500.5, paidOn: today, term: demo.latestTermLabel, category: 'Other', approvalId: null });
    expect(e.number).toMatch(/^EXP-\d{6}$/);
    expect(await auditActions(`expense:${e.id}`)).toContain('EXPENSE_RECORDED');
  });

  it('refuses negative, zero and malformed amounts and missing fields, writing nothing', async () => {
    const before = await expenseCount();
    const neg = await send('finance', 'POST', '/api/expenses', base({ amount: -500 }));
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.fields.amount).toBe(m.amountNegative);
    expect((await send('finance', 'POST', '/api/expenses', base({ amount: 0 }))).json().error.fields.amount).toBe(m.amountPositive);
    expect((await send('finance', 'POST', '/api/expenses', base({ amount: '12.345' }))).json().error.fields.amount).toBe(m.amountInvalid);
    const bad = await send('finance', 'POST', '/api/expenses', base({ payee: ' ', method: 'barter', spentOn: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['method', 'payee', 'spentOn']);
    expect(await expenseCount()).toBe(before);
  });

  it('returns the first answer to a retry with the same Idempotency-Key, and 422 for another body', async () => {
    const before = await expenseCount();
    const key = { 'idempotency-key': 'exp-retry-1' };
    const first = await send('finance', 'POST', '/api/expenses', base({ description: 'Idempotent' }), key);
    const again = await send('finance', 'POST', '/api/expenses', base({ description: 'Idempotent' }), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().expense.id).toBe(first.json().expense.id);
    expect(await expenseCount()).toBe(before + 1);
    expect((await send('finance', 'POST', '/api/expenses', base({ description: 'Different' }), key)).statusCode).toBe(422);
  });
});

describe('approval', () => {
  it('holds an expense at or above the limit for approval; the principal approves it and the finance officer pays it', async () => {
    const e = await record({ amount: 60_000, payee: 'BuildRite Hardware', description: 'Classroom doors', method: 'bank_transfer' });
    expect(e.status).toBe('pending');
    expect(e.approvalId).toBeTruthy();
    // Receipt attached and viewable by the approver.
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/expenses/${e.id}/attachment`,
      headers: { cookie: cookie.finance!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart({ name: 'invoice.pdf', type: 'application/pdf', data: PDF }),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().expense.attachment).toMatchObject({ fileName: 'invoice.pdf', contentType: 'application/pdf' });
    const file = await get('principal', `/api/expenses/${e.id}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const exe = await t.app.inject({
      method: 'POST',
      url: `/api/expenses/${e.id}/attachment`,
      headers: { cookie: cookie.finance!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart({ name: 'x.pdf', type: 'application/pdf', data: Buffer.from('MZ\x90\x00binary') }),
    });
    expect(exe.statusCode).toBe(415);

    // On the Approvals card and in the pending list.
    const card = (await get('principal', '/api/approvals?status=pending&pageSize=100')).json<{ items: Approval[] }>().items;
    expect(card.find((a) => a.subjectId === e.id)).toMatchObject({ kind: 'expense', amount: 60_000 });
    const pending = (await get('principal', '/api/expenses?status=pending&pageSize=100')).json<ListExpensesResponse>();
    expect(pending.items.map((x) => x.id)).toContain(e.id);

    // Cannot be paid before approval; reject needs a comment.
    expect((await send('finance', 'POST', `/api/expenses/${e.id}/pay`, { paidOn: today, method: 'bank_transfer' })).statusCode).toBe(409);
    const noNote = await send('principal', 'POST', `/api/expenses/${e.id}/reject`, { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields.note).toBe(m.noteRequired);

    const ok = await send('principal', 'POST', `/api/expenses/${e.id}/approve`, { note: 'Go ahead' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ExpenseWriteResponse>().expense).toMatchObject({ status: 'approved', decisionNote: 'Go ahead', approvalId: null });
    const [row] = await system(t.database, (tx) => tx.select().from(approvals).where(eq(approvals.subjectId, e.id)));
    expect(row!.status).toBe('approved');
    expect((await send('director', 'POST', `/api/expenses/${e.id}/approve`, {})).statusCode).toBe(409);

    const paid = await send('finance', 'POST', `/api/expenses/${e.id}/pay`, { paidOn: today, method: 'cheque', reference: 'CHQ 1' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<ExpenseWriteResponse>().expense).toMatchObject({ status: 'paid', paidOn: today, method: 'cheque', reference: 'CHQ 1' });
    expect(await auditActions(`expense:${e.id}`)).toEqual(expect.arrayContaining(['EXPENSE_RECORDED', 'EXPENSE_ATTACHMENT_ADDED', 'EXPENSE_APPROVED', 'EXPENSE_PAID']));
  });

  it('is decided from the Approvals card too: the director rejects with a comment', async () => {
    const e = await record({ amount: 75_000, description: 'Second hand printer' });
    const noNote = await send('director', 'POST', `/api/approvals/${e.approvalId}/reject`, {});
    expect(noNote.statusCode).toBe(400);
    expect((await get('finance', `/api/expenses/${e.id}`)).json<Expense>().status).toBe('pending');
    const res = await send('director', 'POST', `/api/approvals/${e.approvalId}/reject`, { note: 'Buy a new one instead' });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get('finance', `/api/expenses/${e.id}`)).json<Expense>();
    expect(after).toMatchObject({ status: 'rejected', decisionNote: 'Buy a new one instead' });
    expect(await auditActions(`expense:${e.id}`)).toContain('EXPENSE_REJECTED');
    expect((await send('finance', 'POST', `/api/expenses/${e.id}/pay`, { paidOn: today, method: 'cash' })).statusCode).toBe(409);
  });

  it('refuses approving one’s own expense, on both paths, even for a principal', async () => {
    const [principal] = await system(t.database, (tx) => tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, DEMO.greenhill.principal)));
    const e = await record({ amount: 80_000, description: 'Principal request' });
    await system(t.database, async (tx) => {
      await tx.update(expenses).set({ requestedBy: principal!.id }).where(eq(expenses.id, e.id));
      await tx.update(approvals).set({ requestedBy: principal!.id }).where(and(eq(approvals.kind, 'expense'), eq(approvals.subjectId, e.id)));
    });
    const own = await send('principal', 'POST', `/api/expenses/${e.id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.ownExpense);
    const card = await send('principal', 'POST', `/api/approvals/${e.approvalId}/approve`, {});
    expect(card.statusCode).toBe(403);
    expect(card.json().error.message).toBe(m.ownExpense);
    expect((await get('finance', `/api/expenses/${e.id}`)).json<Expense>().status).toBe('pending');
    // Another approver may.
    expect((await send('director', 'POST', `/api/expenses/${e.id}/approve`, {})).statusCode).toBe(200);
  });

  it('follows the school’s approval limit', async () => {
    expect((await send('finance', 'PUT', '/api/expenses/settings', { approvalLimit: -1, pettyCashFloat: 100 })).json().error.fields.approvalLimit).toBe(m.amountNegative);
    expect((await send('finance', 'PUT', '/api/expenses/settings', { approvalLimit: 1000, pettyCashFloat: 20_000 })).statusCode).toBe(200);
    expect((await record({ amount: 1000 })).status).toBe('pending');
    expect((await record({ amount: 999.99 })).status).toBe('paid');
    expect((await send('finance', 'PUT', '/api/expenses/settings', { approvalLimit: 50_000, pettyCashFloat: 20_000 })).json()).toEqual({ approvalLimit: 50_000, pettyCashFloat: 20_000 });
  });
});

describe('budgets', () => {
  it('warns before and refuses without a reason an expense that takes its category over budget', async () => {
    const terms = (await get('finance', '/api/expenses/budgets')).json<BudgetsResponse>();
    expect(terms.period.label).toBe(demo.latestTermLabel);
    // Seeded budgets of the latest term: repairs over budget, actual = paid + approved.
    expect(terms.items.find((b) => b.category === 'Repairs and maintenance')!.variance).toBeLessThan(0);
    const foodBudget = terms.items.find((b) => b.categoryId === food.id)!;
    const room = foodBudget.variance;
    expect(room).toBeGreaterThan(0);

    const check = (await get('finance', `/api/expenses/budget-check?categoryId=${food.id}&amount=${room + 100}&spentOn=${midTerm}`)).json<BudgetCheck>();
    expect(check.overBudget).toBe(true);
    expect(check.warning).toContain(`Food and catering over its ${demo.latestTermLabel} budget`);
    expect((await get('finance', `/api/expenses/budget-check?categoryId=${food.id}&amount=1&spentOn=${midTerm}`)).json<BudgetCheck>().overBudget).toBe(false);

    const before = await expenseCount();
    const over = await send('finance', 'POST', '/api/expenses', base({ categoryId: food.id, amount: room + 100, spentOn: midTerm, method: 'mpesa' }));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('OVER_BUDGET');
    expect(over.json().error.fields.overBudgetReason).toBe(check.warning);
    expect(await expenseCount()).toBe(before);
    const withReason = await record({ categoryId: food.id, amount: room + 100, spentOn: midTerm, method: 'mpesa', overBudgetReason: 'Prices rose mid-term' });
    expect(withReason.overBudgetReason).toBe('Prices rose mid-term');
    const afterBudgets = (await get('finance', '/api/expenses/budgets')).json<BudgetsResponse>();
    expect(afterBudgets.items.find((b) => b.categoryId === food.id)!.variance).toBeCloseTo(-100, 2);
  });

  it('sets, edits and removes budgets per term or year; duplicates 409, another school 404', async () => {
    const res = await send('finance', 'POST', '/api/expenses/budgets', { categoryId: other.id, year: nextYear, amount: 5000 });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<{ budget: Budget }>().budget;
    expect(b).toMatchObject({ termId: null, year: nextYear, amount: 5000, actual: 0, variance: 5000 });
    expect((await send('finance', 'POST', '/api/expenses/budgets', { categoryId: other.id, year: nextYear, amount: 1 })).statusCode).toBe(409);
    expect((await send('finance', 'POST', '/api/expenses/budgets', { categoryId: other.id, amount: 1 })).statusCode).toBe(400);
    expect((await send('finance', 'POST', '/api/expenses/budgets', { categoryId: other.id, year: nextYear + 1, amount: -1 })).statusCode).toBe(400);
    expect((await send('rsFinance', 'PATCH', `/api/expenses/budgets/${b.id}`, { amount: 1 })).statusCode).toBe(404);
    const patched = await send('finance', 'PATCH', `/api/expenses/budgets/${b.id}`, { amount: 6000 });
    expect(patched.json<{ budget: Budget }>().budget.amount).toBe(6000);
    expect((await get('finance', `/api/expenses/budgets?year=${nextYear}`)).json<BudgetsResponse>().items.map((x) => x.id)).toEqual([b.id]);
    expect((await send('finance', 'DELETE', `/api/expenses/budgets/${b.id}`)).statusCode).toBe(204);
    expect(await auditActions(`budget:${b.id}`)).toEqual(['BUDGET_SET', 'BUDGET_SET', 'BUDGET_DELETED']);
  });
});

describe('petty cash', () => {
  it('refuses an expense petty cash cannot cover, then pays from it after a top-up (warned past the float)', async () => {
    const box = (await get('finance', '/api/expenses/petty-cash')).json<PettyCash>();
    expect(box.float).toBe(20_000);
    expect(box.entries.some((e) => e.kind === 'top_up')).toBe(true);
    const before = await expenseCount();
    const short = await send('finance', 'POST', '/api/expenses', base({ method: 'petty_cash', amount: box.balance + 1 }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.method).toContain('Petty cash holds only');
    expect(await expenseCount()).toBe(before);

    const top = await send('finance', 'POST', '/api/expenses/petty-cash/top-ups', { amount: 30_000, entryOn: today, reference: 'CHQ 9' });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json().warning).toContain('more than its float');
    expect(top.json().pettyCash.balance).toBeCloseTo(box.balance + 30_000, 2);
    const paid = await record({ method: 'petty_cash', amount: box.balance + 1 });
    expect(paid.status).toBe('paid');
    const after = (await get('finance', '/api/expenses/petty-cash')).json<PettyCash>();
    expect(after.balance).toBeCloseTo(30_000 - 1, 2);
    expect(after.entries[0]).toMatchObject({ kind: 'expense', expenseNumber: paid.number });
    expect((await send('finance', 'POST', '/api/expenses/petty-cash/top-ups', { amount: -5, entryOn: today })).statusCode).toBe(400);
  });
});

describe('API docs', () => {
  it('documents the public expenses API in /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(doc.paths['/api/expenses']!.post!.description).toContain('OVER_BUDGET');
    expect(doc.paths['/api/expenses']!.get!.description).toContain('status=');
    expect(doc.paths['/api/expenses/{id}/approve']!.post!.description).toContain('OWN_EXPENSE');
    expect(doc.paths['/api/expenses/{id}/reject']!.post!.description).toContain('note required');
  });
});

describe('categories and lists', () => {
  it('adds and renames categories; duplicate names 409', async () => {
    const res = await send('finance', 'POST', '/api/expenses/categories', { name: 'Boarding supplies' });
    expect(res.statusCode).toBe(201);
    expect((await send('finance', 'POST', '/api/expenses/categories', { name: 'boarding SUPPLIES' })).statusCode).toBe(409);
    const c = res.json<ExpenseCategory>();
    expect((await send('finance', 'PATCH', `/api/expenses/categories/${c.id}`, { active: false })).json<ExpenseCategory>().active).toBe(false);
    // An empty patch changes nothing (issue 32 §5: it was a 500).
    const empty = await send('finance', 'PATCH', `/api/expenses/categories/${c.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json<ExpenseCategory>()).toMatchObject({ id: c.id, name: 'Boarding supplies', active: false });
    const inactive = await send('finance', 'POST', '/api/expenses', base({ categoryId: c.id }));
    expect(inactive.json().error.fields.categoryId).toBe(m.categoryInactive);
  });

  it('charges a category to one of the school’s active vote heads; its paid expenses show under it in the vote-head cash book', async () => {
    const heads = (await get('finance', '/api/fees/vote-heads')).json<ListVoteHeadsResponse>().items.filter((v) => v.active);
    const [first, second] = heads;
    const theirs = (await get('rsFinance', '/api/fees/vote-heads')).json<ListVoteHeadsResponse>().items[0]!;
    const res = await send('finance', 'POST', '/api/expenses/categories', { name: 'Lab reagents', voteHeadId: first!.id });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<ExpenseCategory>();
    expect(c).toMatchObject({ voteHeadId: first!.id, voteHead: first!.name });
    // Another school's vote head, an unknown one and an inactive one are refused, nothing changed.
    for (const voteHeadId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const bad = await send('finance', 'PATCH', `/api/expenses/categories/${c.id}`, { voteHeadId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.voteHeadId).toBe(m.voteHeadNotFound);
    }
    const badNew = await send('finance', 'POST', '/api/expenses/categories', { name: 'Never charged', voteHeadId: theirs.id });
    expect(badNew.statusCode).toBe(400);
    const listed = (await get('finance', '/api/expenses/categories')).json<{ items: ExpenseCategory[] }>().items;
    expect(listed.find((x) => x.id === c.id)).toMatchObject({ voteHeadId: first!.id });
    expect(listed.some((x) => x.name === 'Never charged')).toBe(false);
    // Moving it to another vote head, then paying an expense of it: the cash book charges that vote head.
    const moved = await send('finance', 'PATCH', `/api/expenses/categories/${c.id}`, { voteHeadId: second!.id });
    expect(moved.json<ExpenseCategory>()).toMatchObject({ voteHeadId: second!.id, voteHead: second!.name });
    const book = async () => (await get('finance', `/api/reports/vote-head-cash-book?from=${today}&to=${today}`)).json<VoteHeadCashBook>();
    const outOf = (b: VoteHeadCashBook) => b.voteHeads.find((v) => v.voteHeadId === second!.id)?.moneyOut ?? 0;
    const before = await book();
    const e = await record({ categoryId: c.id, amount: 1234.5, description: 'Reagents for Form 3' });
    if (e.status !== 'paid') {
      const paid = await send('finance', 'POST', `/api/expenses/${e.id}/pay`, { paidOn: today, method: 'cash' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const after = await book();
    expect(outOf(after) - outOf(before)).toBeCloseTo(1234.5, 2);
    expect(after.unassignedOut).toBeCloseTo(before.unassignedOut, 2);
    // Not charged to a vote head: null clears it.
    const cleared = await send('finance', 'PATCH', `/api/expenses/categories/${c.id}`, { voteHeadId: null });
    expect(cleared.json<ExpenseCategory>()).toMatchObject({ voteHeadId: null, voteHead: null });
  });

  it('filters by status, category, dates and text, with totals over all matches', async () => {
    const all = (await get('finance', '/api/expenses?pageSize=5&sort=amount_desc')).json<ListExpensesResponse>();
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(20);
    expect(all.items[0]!.amount).toBeGreaterThanOrEqual(all.items[1]!.amount);
    // The term before the latest, whose spending the demo holds in full.
    const { startsOn, endsOn } = demo.cal.previousTerm;
    const paid = (await get('finance', `/api/expenses?status=paid&categoryId=${food.id}&from=${startsOn}&to=${endsOn}&pageSize=100`)).json<ListExpensesResponse>();
    expect(paid.items.length).toBeGreaterThan(0);
    expect(paid.items.every((e) => e.status === 'paid' && e.category === 'Food and catering' && e.spentOn >= startsOn && e.spentOn <= endsOn)).toBe(true);
    expect(paid.totals.paid).toBeCloseTo(paid.items.reduce((a, e) => a + e.amount, 0), 2);
    const q = (await get('finance', '/api/expenses?q=kenya%20power')).json<ListExpensesResponse>();
    expect(q.items.length).toBeGreaterThan(0);
    expect(q.items.every((e) => e.payee === 'Kenya Power')).toBe(true);
    const summary = (await get('director', '/api/expenses/summary')).json();
    expect(summary.term.name).toBe(demo.latestTermLabel);
    expect(summary.pendingCount).toBeGreaterThanOrEqual(2);
    expect(summary.overBudgetCategories).toBeGreaterThanOrEqual(1);
  });
});

describe('the demo’s waiting expenses tell the day’s story (issue 34)', () => {
  it('the food order waiting for approval is for the rest of the term in term, and for the coming term in a holiday', async () => {
    const pending = (await get('principal', '/api/expenses?status=pending&pageSize=100')).json<ListExpensesResponse>();
    const food = pending.items.find((x) => x.description.startsWith('Food stock for'))!;
    expect(food).toBeTruthy();
    expect(food.description).toBe(demo.cal.phase === 'holiday' ? 'Food stock for the coming term' : 'Food stock for the rest of the term');
  });
});
