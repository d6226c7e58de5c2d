import { describe, expect, it } from 'vitest';
import { PAYE_RULES } from './statutory-rules.js';
import { calculatePay, PayrollRuleError, taxByBands } from './statutory.js';

/**
 * Statutory payroll (issue 14 §3): every figure below is worked by hand from ../shared/domain/payroll.md
 * (the working is in the comments), never copied from an online calculator.
 */

const kes = (shillings: number) => Math.round(shillings * 100);
const bands = PAYE_RULES[0]!.bands;

describe('PAYE bands at every edge (monthly, since 1 July 2023)', () => {
  it.each([
    [0, 0],
    [24_000, 2_400], // 10 % of 24,000
    [24_001, 2_400.25], // + 25 % of 1
    [32_333, 4_483.25], // 2,400 + 25 % of 8,333 = 2,083.25
    [32_334, 4_483.55], // + 30 % of 1
    [500_000, 144_783.35], // 4,483.25 + 30 % of 467,667 = 140,300.10
    [500_001, 144_783.68], // + 32.5 % of 1 = 0.325 → half up to the cent
    [800_000, 242_283.35], // 144,783.35 + 32.5 % of 300,000 = 97,500
    [800_001, 242_283.7], // + 35 % of 1
    [1_000_000, 312_283.35], // 242,283.35 + 35 % of 200,000 = 70,000
  ])('taxable %d → tax before relief %d', (taxable, tax) => {
    expect(taxByBands(kes(taxable), bands)).toBe(kes(tax));
  });
});

describe('a month of pay, both NSSF phases', () => {
  it('50,000 in March 2026 (NSSF Year 4: 9,000 / 108,000)', () => {
    const r = calculatePay({ grossCents: kes(50_000), payDate: '2026-03-31' });
    // NSSF: 6 % of 9,000 = 540; 6 % of 41,000 = 2,460. SHIF 2.75 % = 1,375. AHL 1.5 % = 750.
    expect(r.nssf).toMatchObject({ tier1Cents: kes(540), tier2Cents: kes(2_460), totalCents: kes(3_000), phase: 'Year 4' });
    expect(r.shifCents).toBe(kes(1_375));
    expect(r.ahlCents).toBe(kes(750));
    // Taxable 50,000 − 3,000 − 1,375 − 750 = 44,875; tax 2,400 + 2,083.25 + 30 % of 12,542 (3,762.60) = 8,245.85.
    expect(r.taxablePayCents).toBe(kes(44_875));
    expect(r.taxBeforeReliefCents).toBe(kes(8_245.85));
    expect(r.payeCents).toBe(kes(5_845.85));
    expect(r.netPayCents).toBe(kes(39_029.15));
    // Employer: NSSF 3,000 + AHL 750 + NITA 50.
    expect(r.employer).toEqual({ nssfCents: kes(3_000), ahlCents: kes(750), nitaCents: kes(50), totalCostCents: kes(53_800) });
  });

  it('100,000 on the last day of NSSF Year 3 and the first of Year 4', () => {
    const y3 = calculatePay({ grossCents: kes(100_000), payDate: '2026-01-31' });
    // Year 3 (8,000 / 72,000): 480 + 6 % of 64,000 = 3,840 → 4,320 (the maximum).
    expect(y3.nssf).toMatchObject({ tier1Cents: kes(480), tier2Cents: kes(3_840), totalCents: kes(4_320), phase: 'Year 3' });
    // Taxable 100,000 − 4,320 − 2,750 − 1,500 = 91,430; tax 4,483.25 + 30 % of 59,097 = 22,212.35.
    expect(y3.taxablePayCents).toBe(kes(91_430));
    expect(y3.payeCents).toBe(kes(19_812.35));
    expect(y3.netPayCents).toBe(kes(71_617.65));
    const y4 = calculatePay({ grossCents: kes(100_000), payDate: '2026-02-01' });
    // Year 4: 540 + 6 % of 91,000 = 5,460 → 6,000.
    expect(y4.nssf).toMatchObject({ tier1Cents: kes(540), tier2Cents: kes(5_460), totalCents: kes(6_000), phase: 'Year 4' });
    // Taxable 100,000 − 6,000 − 2,750 − 1,500 = 89,750; tax 4,483.25 + 30 % of 57,417 = 21,708.35.
    expect(y4.payeCents).toBe(kes(19_308.35));
    expect(y4.netPayCents).toBe(kes(70_441.65));
  });

  it('caps NSSF at the upper earnings limit and pension relief at 30,000 (NSSF included)', () => {
    const r = calculatePay({ grossCents: kes(600_000), payDate: '2026-06-30', pensionCents: kes(30_000) });
    // NSSF 540 + 6 % of 99,000 = 5,940 → 6,480. Pension relief min(6,480 + 30,000, 30,000) = 30,000.
    expect(r.nssf.totalCents).toBe(kes(6_480));
    expect(r.pensionReliefCents).toBe(kes(30_000));
    // Taxable 600,000 − 16,500 − 9,000 − 30,000 = 544,500; tax 144,783.35 + 32.5 % of 44,500 (14,462.50) = 159,245.85.
    expect(r.taxablePayCents).toBe(kes(544_500));
    expect(r.payeCents).toBe(kes(156_845.85));
    // Deductions 6,480 + 16,500 + 9,000 + 156,845.85 + 30,000 (the pension itself) = 218,825.85.
    expect(r.netPayCents).toBe(kes(381_174.15));
  });

  it('caps post-retirement medical at 15,000 and mortgage interest at 30,000', () => {
    const r = calculatePay({ grossCents: kes(200_000), payDate: '2026-06-30', postRetirementMedicalCents: kes(20_000), mortgageInterestCents: kes(40_000) });
    expect(r.postRetirementMedicalReliefCents).toBe(kes(15_000));
    expect(r.mortgageInterestReliefCents).toBe(kes(30_000));
    // 200,000 − SHIF 5,500 − AHL 3,000 − NSSF 6,480 − 15,000 − 30,000 = 140,020.
    expect(r.taxablePayCents).toBe(kes(140_020));
  });

  it('low pay: SHIF at least 300, no PAYE below the relief, Tier II only above the lower limit', () => {
    const low = calculatePay({ grossCents: kes(8_000), payDate: '2026-06-30' });
    expect(low.nssf).toMatchObject({ tier1Cents: kes(480), tier2Cents: 0 });
    expect(low.shifCents).toBe(kes(300)); // 2.75 % = 220 → the minimum
    expect(low.payeCents).toBe(0);
    const r = calculatePay({ grossCents: kes(15_000), payDate: '2026-06-30' });
    // NSSF 540 + 360 = 900; SHIF 412.50; AHL 225; taxable 13,462.50; tax 1,346.25 < relief → PAYE 0.
    expect(r.taxablePayCents).toBe(kes(13_462.5));
    expect(r.payeCents).toBe(0);
    expect(r.netPayCents).toBe(kes(13_462.5));
  });

  it('SHIF just above its minimum, in exact cents or whole shillings as the school chooses', () => {
    expect(calculatePay({ grossCents: kes(10_900), payDate: '2026-06-30' }).shifCents).toBe(kes(300)); // 299.75 → 300
    expect(calculatePay({ grossCents: kes(10_910), payDate: '2026-06-30' }).shifCents).toBe(kes(300.03)); // 300.025 → half up
    expect(calculatePay({ grossCents: kes(10_910), payDate: '2026-06-30', shifRounding: 'shilling' }).shifCents).toBe(kes(300));
  });

  it('uses NSSF Year 2 for a December 2024 payroll, and refuses pay dates before the rules we hold', () => {
    expect(calculatePay({ grossCents: kes(50_000), payDate: '2024-12-20' }).nssf).toMatchObject({ tier1Cents: kes(420), tier2Cents: kes(1_740), phase: 'Year 2' });
    expect(() => calculatePay({ grossCents: kes(50_000), payDate: '2024-11-30' })).toThrow(PayrollRuleError);
    expect(() => calculatePay({ grossCents: -1, payDate: '2026-06-30' })).toThrow('Amounts must be zero or more.');
  });

  it('leaves the NITA levy out when the school turns it off; other deductions come after tax', () => {
    const r = calculatePay({ grossCents: kes(50_000), payDate: '2026-03-31', nita: false, otherDeductionsCents: kes(2_000) });
    expect(r.employer.nitaCents).toBe(0);
    expect(r.payeCents).toBe(kes(5_845.85));
    expect(r.netPayCents).toBe(kes(37_029.15));
  });
});
