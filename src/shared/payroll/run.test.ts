import { describe, expect, it } from 'vitest';
import { buildPayrollLine, inMonth, nextMonth, payDateFor, previousMonth, type PayComponentInput } from './run.js';

/**
 * The payroll line builder (issue 14 §3). Figures are worked by hand from ../shared/domain/payroll.md
 * for a November 2026 pay date (NSSF Year 4: LEL 9,000, UEL 108,000).
 */
const c = (kind: PayComponentInput['kind'], code: string, kes: number, extra: Partial<PayComponentInput> = {}): PayComponentInput => ({
  kind,
  code,
  name: code,
  amountCents: Math.round(kes * 100),
  taxable: true,
  startMonth: '2025-01',
  endMonth: null,
  ...extra,
});
const settings = { shifRounding: 'cents' as const, nitaLevy: true };

const teacher = [
  c('basic', 'basic', 50_000),
  c('allowance', 'house', 8_000),
  c('allowance', 'commuter', 4_000),
  c('allowance', 'meals', 1_500, { taxable: false }),
  c('deduction', 'sacco', 3_000),
];

describe('buildPayrollLine', () => {
  it('computes a BOM teacher with a non-taxable allowance and a SACCO deduction', () => {
    const line = buildPayrollLine(teacher, '2026-11', '2026-11-28', settings);
    // gross 63,500; NSSF 540 + 6 % of 54,500 = 3,270 → 3,810; SHIF 1,746.25; AHL 952.50
    expect(line.grossCents).toBe(63_500_00);
    expect(line.nssfCents).toBe(3_810_00);
    expect(line.shifCents).toBe(1_746_25);
    expect(line.ahlCents).toBe(952_50);
    // taxable = 63,500 − 1,500 (meals) − 1,746.25 − 952.50 − 3,810 = 55,491.25
    expect(line.taxablePayCents).toBe(55_491_25);
    // tax = 2,400 + 2,083.25 + 30 % of 23,158.25 (6,947.475) = 11,430.725 → 11,430.73; PAYE = 9,030.73
    expect(line.breakdown.statutory.taxBeforeReliefCents).toBe(11_430_73);
    expect(line.payeCents).toBe(9_030_73);
    // net = 63,500 − 3,810 − 1,746.25 − 952.50 − 9,030.73 − 3,000 = 44,960.52
    expect(line.otherDeductionsCents).toBe(3_000_00);
    expect(line.netCents).toBe(44_960_52);
    // employer cost = 63,500 + 3,810 + 952.50 + 50
    expect(line.employerCostCents).toBe(68_312_50);
    expect(line.breakdown.nonTaxableCents).toBe(1_500_00);
    expect(line.breakdown.earnings.map((e) => e.code)).toEqual(['basic', 'house', 'commuter', 'meals']);
  });

  it('taxes a non-cash benefit without paying it', () => {
    const line = buildPayrollLine([...teacher, c('benefit', 'car', 2_000)], '2026-11', '2026-11-28', settings);
    expect(line.grossCents).toBe(63_500_00);
    expect(line.taxablePayCents).toBe(57_491_25);
    // 2,000 more taxed at 30 %: PAYE 9,630.73, net 600 lower
    expect(line.payeCents).toBe(9_630_73);
    expect(line.netCents).toBe(44_360_52);
    expect(line.breakdown.benefits).toEqual([{ code: 'car', name: 'car', amountCents: 2_000_00 }]);
  });

  it('uses only the components in force in the month; a negative adjustment is a deduction', () => {
    const comps = [
      c('basic', 'basic', 30_000),
      c('deduction', 'advance', 5_000, { startMonth: '2026-09', endMonth: '2026-10' }),
      c('adjustment', 'overpaid', -1_000, { startMonth: '2026-11', endMonth: '2026-11' }),
      c('adjustment', 'arrears', 2_500, { startMonth: '2026-12', endMonth: '2026-12' }),
    ];
    const nov = buildPayrollLine(comps, '2026-11', '2026-11-28', settings);
    expect(nov.grossCents).toBe(30_000_00);
    expect(nov.otherDeductionsCents).toBe(1_000_00);
    expect(nov.breakdown.deductions.map((d) => d.code)).toEqual(['overpaid']);
    const dec = buildPayrollLine(comps, '2026-12', '2026-12-28', settings);
    expect(dec.grossCents).toBe(32_500_00);
    expect(dec.otherDeductionsCents).toBe(0);
    const oct = buildPayrollLine(comps, '2026-10', '2026-10-28', settings);
    expect(oct.otherDeductionsCents).toBe(5_000_00);
  });

  it('applies the NSSF phase of the pay date (Year 3 until 31 Jan 2026)', () => {
    const jan = buildPayrollLine([c('basic', 'basic', 80_000)], '2026-01', '2026-01-28', settings);
    const feb = buildPayrollLine([c('basic', 'basic', 80_000)], '2026-02', '2026-02-28', settings);
    // Year 3: 6 % of 72,000 = 4,320; Year 4: 6 % of 80,000 = 4,800
    expect(jan.nssfCents).toBe(4_320_00);
    expect(feb.nssfCents).toBe(4_800_00);
  });

  it('rounds SHIF to the shilling and drops NITA when the school says so', () => {
    const line = buildPayrollLine(teacher, '2026-11', '2026-11-28', { shifRounding: 'shilling', nitaLevy: false });
    expect(line.shifCents).toBe(1_746_00);
    expect(line.breakdown.statutory.employer.nitaCents).toBe(0);
  });
});

describe('months and pay dates', () => {
  it('pays on the school pay day, or the last day of a shorter month', () => {
    expect(payDateFor('2026-11', 28)).toBe('2026-11-28');
    expect(payDateFor('2026-02', 30)).toBe('2026-02-28');
    expect(payDateFor('2028-02', 31)).toBe('2028-02-29');
  });
  it('steps months across years', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(inMonth({ startMonth: '2026-09', endMonth: '2026-11' }, '2026-11')).toBe(true);
    expect(inMonth({ startMonth: '2026-09', endMonth: '2026-11' }, '2026-12')).toBe(false);
  });
});
