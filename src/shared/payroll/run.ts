import { centsToKes } from '../money.js';
import { calculatePay, type PayResult } from './statutory.js';

/**
 * One member of staff's payroll line for a month (issue 14 §3), pure and shared by the payroll run
 * service, the demo seed and the screens. Money is integer KES cents; months 'YYYY-MM'.
 *
 * From the pay components in force in the month:
 *   cash gross      = basic + allowances (taxable or not) + positive adjustments
 *   non-taxable     = allowances marked not taxable (part of gross, left out of taxable pay)
 *   benefits        = non-cash benefits: added to taxable pay, never paid
 *   pension / PRMF  = deducted from net and relieved before tax within their limits (statutory.ts)
 *   mortgage        = relief only (the staff member pays the lender), within its limit
 *   deductions      = after tax: loans, SACCO, welfare, HELB, union dues, advances, negative adjustments
 * then calculatePay() on the pay date (the same function POST /api/payroll/calculate uses).
 */

export type PayComponentKind = 'basic' | 'allowance' | 'benefit' | 'deduction' | 'pension' | 'post_retirement_medical' | 'mortgage_interest' | 'adjustment';

export interface PayComponentInput {
  kind: PayComponentKind;
  code: string;
  name: string;
  amountCents: number;
  taxable: boolean;
  startMonth: string;
  endMonth: string | null;
}

/** What a payslip prints about the member of staff, frozen when the run is computed. */
export interface StaffSnapshot {
  staffNumber: string;
  name: string;
  jobTitle: string;
  department: string | null;
  kraPin: string | null;
  nssfNumber: string | null;
  shifNumber: string | null;
  nationalId: string | null;
  email: string | null;
  employmentType: string;
  paymentMethod: 'bank' | 'mpesa';
  bankName: string | null;
  bankCode: string | null;
  bankBranch: string | null;
  bankAccount: string | null;
  mpesaPhone: string | null;
}

export interface PayrollLineBreakdown {
  payDate: string;
  /** Earnings paid in cash (basic, allowances, positive adjustments). */
  earnings: { code: string; name: string; kind: PayComponentKind; amountCents: number; taxable: boolean }[];
  /** Non-cash benefits (taxed, not paid). */
  benefits: { code: string; name: string; amountCents: number }[];
  /** Deductions after tax (and pension / PRMF contributions, which are also reliefs). */
  deductions: { code: string; name: string; kind: PayComponentKind; amountCents: number }[];
  /** Mortgage interest declared (relief only). */
  mortgageInterestCents: number;
  nonTaxableCents: number;
  statutory: PayResult;
}

export interface PayrollLine {
  basicCents: number;
  grossCents: number;
  taxablePayCents: number;
  nssfCents: number;
  shifCents: number;
  ahlCents: number;
  payeCents: number;
  otherDeductionsCents: number;
  netCents: number;
  employerCostCents: number;
  breakdown: PayrollLineBreakdown;
}

/** Is the component in force in `month` (start and end months inclusive)? */
export function inMonth(c: { startMonth: string; endMonth: string | null }, month: string): boolean {
  return c.startMonth <= month && (c.endMonth === null || c.endMonth >= month);
}

/** The pay date of a month: the school's pay day, or the month's last day when the month is shorter. */
export function payDateFor(month: string, payDay: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(Math.min(payDay, last)).padStart(2, '0')}`;
}

/** 'YYYY-MM' of the month before. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' of the month after. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Compute one line. Throws PayrollRuleError (statutory.ts) for a pay date before the rules we hold.
 * A member of staff with no basic pay in force still gets a line (gross 0 → SHIF minimum applies only
 * when there is pay: such staff are left out by the run service, not here).
 */
export function buildPayrollLine(
  components: readonly PayComponentInput[],
  month: string,
  payDate: string,
  settings: { shifRounding: 'cents' | 'shilling'; nitaLevy: boolean },
): PayrollLine {
  const active = components.filter((c) => inMonth(c, month));
  const earnings: PayrollLineBreakdown['earnings'] = [];
  const benefits: PayrollLineBreakdown['benefits'] = [];
  const deductions: PayrollLineBreakdown['deductions'] = [];
  let basic = 0;
  let nonTaxable = 0;
  let benefitsCents = 0;
  let pension = 0;
  let prmf = 0;
  let mortgage = 0;
  let other = 0;
  /** Lists the component among the earnings (a non-taxable one also counts in nonTaxable). */
  const earn = (c: PayComponentInput, taxable: boolean) => {
    earnings.push({ code: c.code, name: c.name, kind: c.kind, amountCents: c.amountCents, taxable });
    if (!taxable) nonTaxable += c.amountCents;
  };
  /** Lists `amountCents` of the component among the deductions and returns it. */
  const deduct = (c: PayComponentInput, amountCents: number) => {
    deductions.push({ code: c.code, name: c.name, kind: c.kind, amountCents });
    return amountCents;
  };
  for (const c of active) {
    switch (c.kind) {
      case 'basic':
        basic += c.amountCents;
        earn(c, true);
        break;
      case 'allowance':
        earn(c, c.taxable);
        break;
      case 'adjustment':
        if (c.amountCents >= 0) earn(c, c.taxable);
        else other += deduct(c, -c.amountCents);
        break;
      case 'benefit':
        benefits.push({ code: c.code, name: c.name, amountCents: c.amountCents });
        benefitsCents += c.amountCents;
        break;
      case 'pension':
        pension += deduct(c, c.amountCents);
        break;
      case 'post_retirement_medical':
        prmf += deduct(c, c.amountCents);
        break;
      case 'mortgage_interest':
        mortgage += c.amountCents;
        break;
      case 'deduction':
        other += deduct(c, c.amountCents);
        break;
    }
  }
  const gross = earnings.reduce((s, e) => s + e.amountCents, 0);
  const statutory = calculatePay({
    grossCents: gross,
    payDate,
    pensionCents: pension,
    postRetirementMedicalCents: prmf,
    mortgageInterestCents: mortgage,
    otherDeductionsCents: other,
    nonTaxableCents: nonTaxable,
    nonCashBenefitsCents: benefitsCents,
    shifRounding: settings.shifRounding,
    nita: settings.nitaLevy,
  });
  return {
    basicCents: basic,
    grossCents: gross,
    taxablePayCents: statutory.taxablePayCents,
    nssfCents: statutory.nssf.totalCents,
    shifCents: statutory.shifCents,
    ahlCents: statutory.ahlCents,
    payeCents: statutory.payeCents,
    otherDeductionsCents: other + pension + prmf,
    netCents: statutory.netPayCents,
    employerCostCents: statutory.employer.totalCostCents,
    breakdown: { payDate, earnings, benefits, deductions, mortgageInterestCents: mortgage, nonTaxableCents: nonTaxable, statutory },
  };
}

/** A run's totals: the sums of its lines' headline figures (cents), with the number of lines. */
export function runTotals(lines: readonly PayrollLine[]) {
  const sum = (f: (l: PayrollLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    staffCount: lines.length,
    grossCents: sum((l) => l.grossCents),
    netCents: sum((l) => l.netCents),
    payeCents: sum((l) => l.payeCents),
    nssfCents: sum((l) => l.nssfCents),
    shifCents: sum((l) => l.shifCents),
    ahlCents: sum((l) => l.ahlCents),
    otherDeductionsCents: sum((l) => l.otherDeductionsCents),
    employerCostCents: sum((l) => l.employerCostCents),
  };
}

/** A run's deductions and employer cost in KES (from its cent totals), as the run list and the HR report show them. */
export function runDeductionsKes(t: { payeCents: number; nssfCents: number; shifCents: number; ahlCents: number; otherDeductionsCents: number; employerCostCents: number }) {
  return {
    paye: centsToKes(t.payeCents),
    nssf: centsToKes(t.nssfCents),
    shif: centsToKes(t.shifCents),
    ahl: centsToKes(t.ahlCents),
    otherDeductions: centsToKes(t.otherDeductionsCents),
    employerCost: centsToKes(t.employerCostCents),
  };
}
