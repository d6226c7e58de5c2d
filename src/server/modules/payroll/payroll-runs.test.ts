import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { CalculatePayResponse, PayComponent, PayrollRunDetail, PayrollRunSummary } from '../../../shared/contracts/payroll.js';
import { approvals, payrollRuns } from '../../db/schema/index.js';
import { buildPayrollLine, nextMonth, payDateFor } from '../../../shared/payroll/run.js';
import { formatMonth, schoolToday } from '../../../shared/dates.js';
import { demoPayrollMonths } from '../../seed/demo-calendar.js';

/**
 * The demo's approved runs are the three months before today's (seed/hr.ts); the current month (CUR)
 * and the one after (NEXT) are HR's to run.
 */
const [M1, M2, M3] = demoPayrollMonths(schoolToday()) as [string, string, string];
const CUR = schoolToday().slice(0, 7);
const NEXT = nextMonth(CUR);
const AFTER = nextMonth(NEXT);

/**
 * Payroll runs (issue 14 §3, §5 Public API): GET/POST /api/payroll/runs, GET /api/payroll/runs/:id,
 * submit, POST /api/payroll/runs/:id/approve, the approvals card, locking, pay components; access per
 * role and school. PGlite and PostgreSQL.
 */

let t: TestApp;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const who = {
    hr: DEMO.greenhill.hr,
    principal: DEMO.greenhill.principal,
    director: DEMO.greenhill.director,
    teacher: DEMO.greenhill.teacher,
    finance: DEMO.greenhill.finance,
    parent: DEMO.greenhill.parent,
    rsHr: DEMO.riverside.hr,
  };
  for (const [k, email] of Object.entries(who)) cookie[k] = await signIn(t.app, email, 'school');
});
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('payroll runs', () => {
  it('lists the three approved demo runs, newest first, to HR, the principal and the director', async () => {
    for (const who of ['hr', 'principal', 'director']) {
      const res = await call(who, 'GET', '/api/payroll/runs');
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ items: PayrollRunSummary[] }>().items;
      expect(items.map((r) => [r.month, r.status])).toEqual([
        [M3, 'approved'],
        [M2, 'approved'],
        [M1, 'approved'],
      ]);
      expect(items[0]!.payDate).toBe(payDateFor(M3, 28));
      expect(items[0]!.staffCount).toBeGreaterThan(10);
    }
  });

  it('gives each line the calculate breakdown: a plain line equals POST /api/payroll/calculate on the same gross and pay date', async () => {
    const list = (await call('hr', 'GET', '/api/payroll/runs')).json<{ items: PayrollRunSummary[] }>().items;
    const run = (await call('hr', 'GET', `/api/payroll/runs/${list[0]!.id}`)).json<PayrollRunDetail>();
    expect(run.lines).toHaveLength(run.staffCount);
    const sum = run.lines.reduce((s, l) => s + Math.round(l.netPay * 100), 0);
    expect(Math.round(run.totals.netPay * 100)).toBe(sum);
    const plain = run.lines.find((l) => l.earnings.every((e) => e.taxable) && l.benefits.length === 0 && l.deductions.every((d) => d.kind === 'deduction'))!;
    expect(plain).toBeDefined();
    const calc = await call('hr', 'POST', '/api/payroll/calculate', { grossPay: plain.grossPay, payDate: run.payDate, otherDeductions: plain.otherDeductions });
    const expected = calc.json<CalculatePayResponse>();
    const { grossPay, nssf, shif, ahl, taxablePay, taxBeforeRelief, personalRelief, paye, totalDeductions, netPay, employer } = plain;
    expect({ grossPay, nssf, shif, ahl, taxablePay, taxBeforeRelief, personalRelief, paye, totalDeductions, netPay, employer }).toEqual(expected);
    // Variance against September for a line that was there.
    const withPrev = run.lines.find((l) => l.previous)!;
    expect(withPrev.variance!.netPay).toBeCloseTo(withPrev.netPay - withPrev.previous!.netPay, 2);
    expect(run.previous?.month).toBe(M2);
  });

  it('reproduces an approved payslip exactly from the pay components and the rules of its pay date', async () => {
    const list = (await call('hr', 'GET', '/api/payroll/runs')).json<{ items: PayrollRunSummary[] }>().items;
    const oct = (await call('hr', 'GET', `/api/payroll/runs/${list.find((r) => r.month === M3)!.id}`)).json<PayrollRunDetail>();
    for (const line of oct.lines.slice(0, 8)) {
      const comps = (await call('hr', 'GET', `/api/payroll/components?staffId=${line.staffId}`)).json<{ items: PayComponent[] }>().items;
      const again = buildPayrollLine(
        comps.map((c) => ({ ...c, amountCents: Math.round(c.amount * 100) })),
        oct.month,
        oct.payDate,
        oct.settings,
      );
      expect(again.netCents / 100, line.name).toBe(line.netPay);
      expect(again.payeCents / 100).toBe(line.paye);
      expect(again.grossCents / 100).toBe(line.grossPay);
    }
  });

  it('computes the current month as a draft once: a second computation and a concurrent one give the same run', async () => {
    const first = await call('hr', 'POST', '/api/payroll/runs', { month: CUR });
    expect(first.statusCode, first.body).toBe(201);
    const run = first.json<PayrollRunDetail>();
    expect(run.status).toBe('draft');
    expect(run.payDate).toBe(payDateFor(CUR, 28));
    expect(run.lines.length).toBeGreaterThan(10);
    expect(run.lines.every((l) => l.nssf.phase === 'Year 4')).toBe(true);
    const [a, b] = await Promise.all([call('hr', 'POST', '/api/payroll/runs', { month: CUR }), call('hr', 'POST', '/api/payroll/runs', { month: CUR })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<PayrollRunDetail>().id).toBe(run.id);
    expect(b.json<PayrollRunDetail>().id).toBe(run.id);
    const rows = await system(t.database, (tx) => tx.select().from(payrollRuns).where(eq(payrollRuns.month, CUR)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a month paid before the rules it holds, naming the earliest date, and writes nothing', async () => {
    const res = await call('hr', 'POST', '/api/payroll/runs', { month: '2024-10' });
    expect(res.statusCode).toBe(400);
    // Dates in messages as Kenya writes them (dd/mm/yyyy).
    expect(res.json().error.message).toContain('01/12/2024');
    expect(res.json().error.fields.month).toContain('01/12/2024');
    const bad = await call('hr', 'POST', '/api/payroll/runs', { month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    const rows = await system(t.database, (tx) => tx.select().from(payrollRuns).where(eq(payrollRuns.month, '2024-10')));
    expect(rows).toHaveLength(0);
  });

  it('submits the current month to the Approvals card; the principal approves it there; approving twice and editing it are 409', async () => {
    const list = (await call('hr', 'GET', '/api/payroll/runs')).json<{ items: PayrollRunSummary[] }>().items;
    const nov = list.find((r) => r.month === CUR)!;
    expect((await call('principal', 'POST', `/api/payroll/runs/${nov.id}/reject`, { note: 'x' })).statusCode).toBe(409);
    const submitted = await call('hr', 'POST', `/api/payroll/runs/${nov.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<PayrollRunDetail>().status).toBe('submitted');
    expect((await call('hr', 'POST', `/api/payroll/runs/${nov.id}/submit`)).statusCode).toBe(409);
    expect((await call('hr', 'POST', `/api/payroll/runs/${nov.id}/recompute`)).statusCode).toBe(409);

    const card = (await call('principal', 'GET', '/api/approvals?status=pending')).json<{ items: { id: string; kind: string; subjectId: string; title: string }[] }>();
    const row = card.items.find((i) => i.kind === 'payroll_run' && i.subjectId === nov.id)!;
    expect(row.title).toBe(`Payroll for ${formatMonth(CUR)}`);
    expect((await call('hr', 'POST', `/api/payroll/runs/${nov.id}/approve`, {})).statusCode).toBe(403);
    expect((await call('teacher', 'POST', `/api/approvals/${row.id}/approve`, {})).statusCode).toBe(403);
    const ok = await call('principal', 'POST', `/api/approvals/${row.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await call('hr', 'GET', `/api/payroll/runs/${nov.id}`)).json<PayrollRunDetail>();
    expect(after.status).toBe('approved');
    expect(after.approvedBy).toBeTruthy();

    expect((await call('director', 'POST', `/api/payroll/runs/${nov.id}/approve`, {})).statusCode).toBe(409);
    expect((await call('hr', 'POST', '/api/payroll/runs', { month: CUR })).statusCode).toBe(409);
    expect((await call('hr', 'DELETE', `/api/payroll/runs/${nov.id}`)).statusCode).toBe(409);
  });

  it('lets the director reject a submitted run back to draft with a note, then approve it directly', async () => {
    const dec = (await call('hr', 'POST', '/api/payroll/runs', { month: NEXT })).json<PayrollRunDetail>();
    await call('hr', 'POST', `/api/payroll/runs/${dec.id}/submit`);
    const rejected = await call('director', 'POST', `/api/payroll/runs/${dec.id}/reject`, { note: 'Check the December bonus first.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<PayrollRunDetail>().status).toBe('draft');
    expect(rejected.json<PayrollRunDetail>().rejectionNote).toBe('Check the December bonus first.');
    const approved = await call('director', 'POST', `/api/payroll/runs/${dec.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<PayrollRunDetail>().status).toBe('approved');
    const [row] = await system(t.database, (tx) => tx.select().from(approvals).where(and(eq(approvals.kind, 'payroll_run'), eq(approvals.subjectId, dec.id))));
    expect(row!.status).toBe('approved');
  });

  it('keeps runs to HR, the principal and the director of the school', async () => {
    const list = (await call('hr', 'GET', '/api/payroll/runs')).json<{ items: PayrollRunSummary[] }>().items;
    const id = list[0]!.id;
    for (const who of ['teacher', 'finance', 'parent']) {
      expect((await call(who, 'GET', '/api/payroll/runs')).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/payroll/runs/${id}`)).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/payroll/runs', { month: AFTER })).statusCode).toBe(403);
    }
    expect((await call('principal', 'POST', '/api/payroll/runs', { month: AFTER })).statusCode).toBe(403);
    expect((await call('rsHr', 'GET', `/api/payroll/runs/${id}`)).statusCode).toBe(404);
    expect((await call('rsHr', 'POST', `/api/payroll/runs/${id}/submit`)).statusCode).toBe(404);
    const rs = (await call('rsHr', 'GET', '/api/payroll/runs')).json<{ items: PayrollRunSummary[] }>().items;
    expect(rs.some((r) => r.id === id)).toBe(false);
  });
});

describe('pay components', () => {
  it('adds an allowance and a negative adjustment, refuses a negative deduction and a change inside an approved month', async () => {
    const staff = (await call('hr', 'GET', `/api/payroll/staff?month=${AFTER}`)).json<{ items: { id: string; netPay: number | null; name: string }[] }>().items;
    const paid = staff.find((s) => s.netPay !== null)!;
    const before = paid.netPay!;
    const allowance = await call('hr', 'POST', '/api/payroll/components', { staffId: paid.id, kind: 'allowance', code: 'responsibility', name: 'Games master', amount: 3000, taxable: true, startMonth: AFTER, endMonth: null });
    expect(allowance.statusCode, allowance.body).toBe(201);
    const adj = await call('hr', 'POST', '/api/payroll/components', { staffId: paid.id, kind: 'adjustment', code: 'adjustment', name: 'Overpaid in November', amount: -1000, taxable: true, startMonth: AFTER, endMonth: AFTER });
    expect(adj.statusCode, adj.body).toBe(201);
    const bad = await call('hr', 'POST', '/api/payroll/components', { staffId: paid.id, kind: 'deduction', code: 'loan', name: 'Loan', amount: -500, startMonth: AFTER });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.amount).toBeTruthy();
    const locked = await call('hr', 'POST', '/api/payroll/components', { staffId: paid.id, kind: 'allowance', code: 'x', name: 'Backdated', amount: 100, startMonth: M3, endMonth: M3 });
    expect(locked.statusCode).toBe(409);
    const after = (await call('hr', 'GET', `/api/payroll/staff?month=${AFTER}`)).json<{ items: { id: string; netPay: number | null }[] }>().items.find((s) => s.id === paid.id)!;
    expect(after.netPay!).toBeGreaterThan(before);
    expect(after.netPay!).toBeLessThan(before + 3000);
    const comps = (await call('hr', 'GET', `/api/payroll/components?staffId=${paid.id}`)).json<{ items: PayComponent[] }>().items;
    const basic = comps.find((c) => c.kind === 'basic')!;
    // The basic salary was in force in the approved months: its amount is locked, ending it is not.
    expect((await call('hr', 'PATCH', `/api/payroll/components/${basic.id}`, { amount: 1 })).statusCode).toBe(409);
    expect((await call('hr', 'DELETE', `/api/payroll/components/${basic.id}`)).statusCode).toBe(409);
    expect((await call('teacher', 'GET', `/api/payroll/components?staffId=${paid.id}`)).statusCode).toBe(403);
    expect((await call('rsHr', 'GET', `/api/payroll/components?staffId=${paid.id}`)).statusCode).toBe(404);
  });

  it('saves the settings and checks the employer KRA PIN', async () => {
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/payroll/settings', headers: { cookie: cookie.hr! }, payload: { payDay: 25, shifRounding: 'shilling', nitaLevy: true, employerKraPin: '12345' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.employerKraPin).toBeTruthy();
    const ok = await t.app.inject({ method: 'PUT', url: '/api/payroll/settings', headers: { cookie: cookie.hr! }, payload: { payDay: 25, shifRounding: 'shilling', nitaLevy: true, employerKraPin: 'p051234567k' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().employerKraPin).toBe('P051234567K');
    const later = (await call('hr', 'POST', '/api/payroll/runs', { month: AFTER })).json<PayrollRunDetail>();
    expect(later.payDate).toBe(payDateFor(AFTER, 25));
    expect(later.settings.shifRounding).toBe('shilling');
    expect(later.lines.every((l) => Number.isInteger(l.shif))).toBe(true);
  });
});
