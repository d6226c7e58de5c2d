import { AHL_RULES, DEDUCTION_RULES, EARLIEST_PAY_DATE, NITA_LEVY_CENTS, NSSF_RULES, PAYE_RULES, SHIF_RULES, inForce } from './statutory-rules.js';
import { formatDay } from '../dates.js';

/**
 * Kenya's statutory payroll for one employee and month (issue 14 §3, §5; ../shared/domain/payroll.md),
 * in integer KES cents. The order of computation is the Tax Laws (Amendment) Act 2024's:
 *   1. NSSF employee: Tier I = 6 % of pay up to the lower earnings limit, Tier II = 6 % of pay between the
 *      lower and upper limits (the phase in force on the pay date);
 *   2. SHIF = 2.75 % of gross, at least 300;
 *   3. AHL = 1.5 % of gross (and 1.5 % from the employer);
 *   4. taxable pay = gross − non-taxable allowances + non-cash benefits − SHIF − AHL − pension (NSSF + registered pension, up to 30,000) − post-retirement
 *      medical (up to 15,000) − mortgage interest (up to 30,000), never below 0;
 *   5. PAYE = max(0, tax by bands − personal relief 2,400);
 *   6. net = gross − NSSF − SHIF − AHL − PAYE − pension − post-retirement medical − other deductions.
 * Percentages are rounded half up to the cent; SHIF to the whole shilling when the school chooses.
 * Used by POST /api/payroll/calculate and by payroll runs (the same function).
 */

export interface PayInput {
  /** Gross pay for the month, cents. */
  grossCents: number;
  /** YYYY-MM-DD; the rules in force on it apply. */
  payDate: string;
  /** Employee's contribution to a registered pension scheme besides NSSF, cents. */
  pensionCents?: number;
  /** Post-retirement medical fund contribution, cents. */
  postRetirementMedicalCents?: number;
  /** Mortgage interest paid this month (owner-occupied), cents. */
  mortgageInterestCents?: number;
  /** Loans, SACCO, welfare, HELB, union dues, advances: after tax, cents. */
  otherDeductionsCents?: number;
  /** Part of grossCents that is not taxable (an allowance the school marks so), cents. */
  nonTaxableCents?: number;
  /** Non-cash benefits: added to taxable pay, never paid in cash, cents. */
  nonCashBenefitsCents?: number;
  /** Round SHIF to whole shillings (a school setting; default exact cents). */
  shifRounding?: 'cents' | 'shilling';
  /** Charge the NITA levy (a school setting; default on). */
  nita?: boolean;
}

export interface PayResult {
  grossCents: number;
  nssf: { tier1Cents: number; tier2Cents: number; totalCents: number; phase: string };
  shifCents: number;
  ahlCents: number;
  /** Pension relief actually deducted before tax (NSSF + pension, capped). */
  pensionReliefCents: number;
  postRetirementMedicalReliefCents: number;
  mortgageInterestReliefCents: number;
  taxablePayCents: number;
  taxBeforeReliefCents: number;
  personalReliefCents: number;
  payeCents: number;
  totalDeductionsCents: number;
  netPayCents: number;
  employer: { nssfCents: number; ahlCents: number; nitaCents: number; totalCostCents: number };
}

export class PayrollRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** `bp` basis points of `cents`, rounded half up to the cent (amounts are never negative here). */
export function percentOfCents(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5_000) / 10_000);
}

/** Tax by bands on taxable pay (cents), rounded half up to the cent at the end. */
export function taxByBands(taxableCents: number, bands: readonly { upToCents: number | null; rateBp: number }[]): number {
  let lower = 0;
  let tenThousandths = 0;
  for (const b of bands) {
    if (taxableCents <= lower) break;
    const upper = b.upToCents === null ? taxableCents : Math.min(taxableCents, b.upToCents);
    tenThousandths += (upper - lower) * b.rateBp;
    lower = b.upToCents ?? taxableCents;
  }
  return Math.floor((tenThousandths + 5_000) / 10_000);
}

/**
 * One month's statutory payroll. Throws PayrollRuleError for a pay date before the rules we hold
 * (EARLIEST_PAY_DATE) or negative amounts.
 */
export function calculatePay(input: PayInput): PayResult {
  const day = input.payDate;
  if (day < EARLIEST_PAY_DATE) throw new PayrollRuleError(`Payroll rules are held from ${formatDay(EARLIEST_PAY_DATE)} (the December 2024 payroll); choose a pay date on or after it.`, 'payDate');
  const paye = inForce(PAYE_RULES, day)!;
  const nssfRule = inForce(NSSF_RULES, day)!;
  const shifRule = inForce(SHIF_RULES, day)!;
  const ahlRule = inForce(AHL_RULES, day)!;
  const limits = inForce(DEDUCTION_RULES, day)!;
  const gross = input.grossCents;
  for (const [k, v] of Object.entries({ grossCents: gross, pensionCents: input.pensionCents, postRetirementMedicalCents: input.postRetirementMedicalCents, mortgageInterestCents: input.mortgageInterestCents, otherDeductionsCents: input.otherDeductionsCents, nonTaxableCents: input.nonTaxableCents, nonCashBenefitsCents: input.nonCashBenefitsCents })) {
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) throw new PayrollRuleError('Amounts must be zero or more.', k);
  }

  const tier1 = percentOfCents(Math.min(gross, nssfRule.lowerLimitCents), nssfRule.rateBp);
  const tier2 = gross > nssfRule.lowerLimitCents ? percentOfCents(Math.min(gross, nssfRule.upperLimitCents) - nssfRule.lowerLimitCents, nssfRule.rateBp) : 0;
  const nssf = tier1 + tier2;
  let shif = Math.max(percentOfCents(gross, shifRule.rateBp), shifRule.minimumCents);
  if (input.shifRounding === 'shilling') shif = Math.round(shif / 100) * 100;
  const ahl = percentOfCents(gross, ahlRule.employeeBp);
  const pension = input.pensionCents ?? 0;
  const prmf = input.postRetirementMedicalCents ?? 0;
  const pensionRelief = Math.min(nssf + pension, limits.pensionLimitCents);
  const prmfRelief = Math.min(prmf, limits.postRetirementMedicalLimitCents);
  const mortgageRelief = Math.min(input.mortgageInterestCents ?? 0, limits.mortgageInterestLimitCents);
  const nonTaxable = Math.min(input.nonTaxableCents ?? 0, gross);
  const taxable = Math.max(0, gross - nonTaxable + (input.nonCashBenefitsCents ?? 0) - shif - ahl - pensionRelief - prmfRelief - mortgageRelief);
  const taxBeforeRelief = taxByBands(taxable, paye.bands);
  const payeCents = Math.max(0, taxBeforeRelief - paye.personalReliefCents);
  const totalDeductions = nssf + shif + ahl + payeCents + pension + prmf + (input.otherDeductionsCents ?? 0);
  const employerAhl = percentOfCents(gross, ahlRule.employerBp);
  const nita = input.nita === false ? 0 : NITA_LEVY_CENTS;
  return {
    grossCents: gross,
    nssf: { tier1Cents: tier1, tier2Cents: tier2, totalCents: nssf, phase: nssfRule.phase },
    shifCents: shif,
    ahlCents: ahl,
    pensionReliefCents: pensionRelief,
    postRetirementMedicalReliefCents: prmfRelief,
    mortgageInterestReliefCents: mortgageRelief,
    taxablePayCents: taxable,
    taxBeforeReliefCents: taxBeforeRelief,
    personalReliefCents: paye.personalReliefCents,
    payeCents,
    totalDeductionsCents: totalDeductions,
    netPayCents: gross - totalDeductions,
    // The employer matches the employee's NSSF.
    employer: { nssfCents: nssf, ahlCents: employerAhl, nitaCents: nita, totalCostCents: gross + nssf + employerAhl + nita },
  };
}
