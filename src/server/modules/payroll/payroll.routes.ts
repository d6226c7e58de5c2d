import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calculatePayBody, calculatePayResponse, type CalculatePayBody, type CalculatePayResponse } from '../../../shared/contracts/payroll.js';
import { calculatePay, PayrollRuleError } from '../../../shared/payroll/statutory.js';
import { badRequest } from '../../errors.js';
import type { ModuleDeps } from '../module-deps.js';

const cents = (kes: number | undefined) => (kes === undefined ? undefined : Math.round(kes * 100));
const kes = (c: number) => c / 100;

/**
 * The statutory calculation as the API answers it (issue 14 §5): KES in, KES with two decimals out.
 * Throws 400 for a pay date before the rules we hold (naming the earliest date).
 */
export function calculateStatutory(body: CalculatePayBody): CalculatePayResponse {
  try {
    const r = calculatePay({
      grossCents: cents(body.grossPay)!,
      payDate: body.payDate,
      pensionCents: cents(body.pensionContribution),
      postRetirementMedicalCents: cents(body.postRetirementMedical),
      mortgageInterestCents: cents(body.mortgageInterest),
      otherDeductionsCents: cents(body.otherDeductions),
    });
    return {
      grossPay: kes(r.grossCents),
      nssf: { tier1: kes(r.nssf.tier1Cents), tier2: kes(r.nssf.tier2Cents), total: kes(r.nssf.totalCents), phase: r.nssf.phase },
      shif: kes(r.shifCents),
      ahl: kes(r.ahlCents),
      taxablePay: kes(r.taxablePayCents),
      taxBeforeRelief: kes(r.taxBeforeReliefCents),
      personalRelief: kes(r.personalReliefCents),
      paye: kes(r.payeCents),
      totalDeductions: kes(r.totalDeductionsCents),
      netPay: kes(r.netPayCents),
      employer: { nssf: kes(r.employer.nssfCents), ahl: kes(r.employer.ahlCents), nita: kes(r.employer.nitaCents), totalCost: kes(r.employer.totalCostCents) },
    };
  } catch (err) {
    if (err instanceof PayrollRuleError) throw badRequest(err.message, { [err.field === 'grossCents' ? 'grossPay' : err.field]: err.message });
    throw err;
  }
}

/**
 * Payroll (issue 14). So far the statutory calculator: POST /api/payroll/calculate (HR of a school)
 * { grossPay, payDate, pensionContribution?, postRetirementMedical?, mortgageInterest?, otherDeductions? }
 * → { grossPay, nssf: { tier1, tier2, total, phase }, shif, ahl, taxablePay, taxBeforeRelief,
 * personalRelief, paye, totalDeductions, netPay, employer: { nssf, ahl, nita, totalCost } } in KES
 * (rules in force on payDate: src/shared/payroll/statutory-rules.ts). Other roles 403.
 */
export async function payrollRoutes(app: FastifyInstance, _deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/payroll/calculate',
    { config: { permission: 'hr' }, schema: { body: calculatePayBody, response: { 200: calculatePayResponse }, tags: ['payroll'] } },
    async (req) => calculateStatutory(req.body),
  );
}
