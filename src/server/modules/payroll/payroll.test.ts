import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, type TestApp } from '../../../../tests/helpers.js';
import type { CalculatePayResponse } from '../../../shared/contracts/payroll.js';

/**
 * POST /api/payroll/calculate (issue 14 §5): the statutory calculation in KES for HR; other roles 403.
 * Figures worked by hand from ../shared/domain/payroll.md (see src/shared/payroll/statutory.test.ts).
 * PGlite and PostgreSQL.
 */

let t: TestApp;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of Object.entries({ hr: DEMO.greenhill.hr, principal: DEMO.greenhill.principal, teacher: DEMO.greenhill.teacher, parent: DEMO.greenhill.parent, rsHr: DEMO.riverside.hr })) cookie[who] = await signIn(t.app, email, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const calc = (who: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payroll/calculate', headers: who ? { cookie: cookie[who]! } : {}, payload });

describe('POST /api/payroll/calculate', () => {
  it('gives HR the month in KES: NSSF tiers, SHIF, AHL, taxable pay, PAYE, net and the employer cost', async () => {
    const res = await calc('hr', { grossPay: 50_000, payDate: '2026-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CalculatePayResponse>()).toEqual({
      grossPay: 50_000,
      nssf: { tier1: 540, tier2: 2_460, total: 3_000, phase: 'Year 4' },
      shif: 1_375,
      ahl: 750,
      taxablePay: 44_875,
      taxBeforeRelief: 8_245.85,
      personalRelief: 2_400,
      paye: 5_845.85,
      totalDeductions: 10_970.85,
      netPay: 39_029.15,
      employer: { nssf: 3_000, ahl: 750, nita: 50, totalCost: 53_800 },
    });
    // Another school's HR gets the same rules.
    expect((await calc('rsHr', { grossPay: 50_000, payDate: '2026-03-31' })).json<CalculatePayResponse>().paye).toBe(5_845.85);
  });

  it('takes pension, post-retirement medical and mortgage interest within their limits, and deductions after tax', async () => {
    const r = (await calc('hr', { grossPay: 600_000, payDate: '2026-06-30', pensionContribution: 30_000, otherDeductions: 1_000 })).json<CalculatePayResponse>();
    expect(r.taxablePay).toBe(544_500);
    expect(r.paye).toBe(156_845.85);
    expect(r.netPay).toBe(380_174.15);
  });

  it('refuses negative or absurd pay, a bad date, and pay dates before the rules we hold, naming the earliest', async () => {
    const bad = async (payload: Record<string, unknown>, field: string) => {
      const res = await calc('hr', payload);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { error: { message: string; fields?: Record<string, string> } }).error.fields?.[field];
    };
    expect(await bad({ grossPay: -1, payDate: '2026-03-31' }, 'grossPay')).toBe('Gross pay must be an amount in KES from 0 to 10,000,000 with at most two decimals.');
    expect(await bad({ grossPay: 50_000_000, payDate: '2026-03-31' }, 'grossPay')).toMatch(/^Gross pay must be/);
    expect(await bad({ grossPay: 100.001, payDate: '2026-03-31' }, 'grossPay')).toMatch(/^Gross pay must be/);
    expect(await bad({ grossPay: 50_000, payDate: '2026-02-30' }, 'payDate')).toBe('Enter the pay date as dd/mm/yyyy.');
    expect(await bad({ grossPay: 50_000, payDate: '2024-11-30' }, 'payDate')).toBe('Payroll rules are held from 01/12/2024 (the December 2024 payroll); choose a pay date on or after it.');
  });

  it('is for HR only: 401 signed out, 403 for other roles and platform staff', async () => {
    expect((await calc(undefined, { grossPay: 1, payDate: '2026-03-31' })).statusCode).toBe(401);
    for (const who of ['principal', 'teacher', 'parent', 'admin']) expect((await calc(who, { grossPay: 1, payDate: '2026-03-31' })).statusCode, who).toBe(403);
  });
});
