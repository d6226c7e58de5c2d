/**
 * Kenya's statutory payroll rules as dated configuration (issue 14 §3; ../shared/domain/payroll.md).
 * Money is in KES cents, rates in basis points (1 % = 100 bp). A payroll uses the rules in force on its
 * pay date (YYYY-MM-DD, Africa/Nairobi), so a past payslip reproduces exactly. Add a new entry with its
 * effective-from date when a rule changes (e.g. the NSSF limits gazetted for 2027); never edit an old one.
 */

/** The earliest pay date we hold rules for: the Tax Laws (Amendment) Act 2024 order of computation applies to the December 2024 payroll onwards. */
export const EARLIEST_PAY_DATE = '2024-12-01';

export interface PayeBand {
  /** Upper limit of the band's taxable pay in cents (null: no limit). */
  upToCents: number | null;
  rateBp: number;
}

/** PAYE monthly bands and personal relief (since 1 July 2023). */
export const PAYE_RULES: { from: string; bands: PayeBand[]; personalReliefCents: number }[] = [
  {
    from: '2023-07-01',
    bands: [
      { upToCents: 24_000_00, rateBp: 1000 },
      { upToCents: 32_333_00, rateBp: 2500 },
      { upToCents: 500_000_00, rateBp: 3000 },
      { upToCents: 800_000_00, rateBp: 3250 },
      { upToCents: null, rateBp: 3500 },
    ],
    personalReliefCents: 2_400_00,
  },
];

/** NSSF (NSSF Act 2013): 6 % employee + 6 % employer; Tier I up to the lower earnings limit, Tier II to the upper. */
export const NSSF_RULES: { from: string; phase: string; rateBp: number; lowerLimitCents: number; upperLimitCents: number }[] = [
  { from: '2023-02-01', phase: 'Year 1', rateBp: 600, lowerLimitCents: 6_000_00, upperLimitCents: 18_000_00 },
  { from: '2024-02-01', phase: 'Year 2', rateBp: 600, lowerLimitCents: 7_000_00, upperLimitCents: 36_000_00 },
  { from: '2025-02-01', phase: 'Year 3', rateBp: 600, lowerLimitCents: 8_000_00, upperLimitCents: 72_000_00 },
  { from: '2026-02-01', phase: 'Year 4', rateBp: 600, lowerLimitCents: 9_000_00, upperLimitCents: 108_000_00 },
];

/** SHIF (Social Health Insurance Act 2023): 2.75 % of gross, minimum 300, no maximum; employee only. */
export const SHIF_RULES: { from: string; rateBp: number; minimumCents: number }[] = [{ from: '2024-10-01', rateBp: 275, minimumCents: 300_00 }];

/** Affordable Housing Levy (Affordable Housing Act 2024): 1.5 % of gross from the employee and 1.5 % from the employer. */
export const AHL_RULES: { from: string; employeeBp: number; employerBp: number }[] = [{ from: '2024-03-19', employeeBp: 150, employerBp: 150 }];

/**
 * Deduction limits before PAYE (Income Tax Act as amended by the Tax Laws (Amendment) Act 2024): registered
 * pension contributions, NSSF included, up to 30,000 a month; post-retirement medical fund up to 15,000;
 * mortgage interest up to 30,000. SHIF and AHL are deducted in full before PAYE.
 */
export const DEDUCTION_RULES: { from: string; pensionLimitCents: number; postRetirementMedicalLimitCents: number; mortgageInterestLimitCents: number }[] = [
  { from: '2024-12-01', pensionLimitCents: 30_000_00, postRetirementMedicalLimitCents: 15_000_00, mortgageInterestLimitCents: 30_000_00 },
];

/**
 * NITA levy per employee per month, paid by the employer (reported by calculators, not confirmed against a
 * primary source: payroll.md; a school may turn it off in its payroll settings).
 */
export const NITA_LEVY_CENTS = 50_00;

/** The entry of a dated list in force on `day` (the latest `from` on or before it), or undefined. */
export function inForce<T extends { from: string }>(rules: readonly T[], day: string): T | undefined {
  let found: T | undefined;
  for (const r of rules) if (r.from <= day && (!found || r.from > found.from)) found = r;
  return found;
}
