import { centsToKes } from '../../../shared/money.js';
import type { YtdResponse } from '../../../shared/contracts/payroll-documents.js';
import type { ExportColumn } from '../../lib/spreadsheet.js';
import { addToYtd, emptyYtd, type LineRow, type RunRow, type YtdCents } from './payroll-documents.service.js';

/**
 * Bank transfer files and statutory returns of an approved payroll run (issue 14 §3), as column lists
 * for src/server/lib/spreadsheet.ts (CSV with a BOM and CRLF, formula-safe cells; Excel). Every figure
 * comes from the stored lines. Amounts are KES with two decimals written as plain text ("12345.67", no
 * thousands separators), as iTax, the NSSF and SHA portals and bank bulk-payment uploads expect.
 *
 * KRA P10 (PAYE, iTax "P10 Return" Excel template, sheet B_Employees_Dtls). payroll.md gives no column
 * list, so the columns follow the B_Employees_Dtls sheet of the iTax template as best known (2024-25
 * version, after the Tax Laws (Amendment) Act 2024 added AHL, SHIF and PRMF deductions), in its order:
 *   PIN of Employee, Name of Employee, Residential Status, Type of Employee, Basic Salary, Housing
 *   Allowance, Transport Allowance, Leave Pay, Over Time Allowance, Directors Fee, Lump Sum Payment if
 *   any, Other Allowance, Total Cash Pay, Value of Car Benefit, Other Non Cash Benefits, Total Non Cash
 *   Pay, Global Income (non full time director), Type of Housing, Rent of House/Market Value, Computed
 *   Rent of House, Rent Recovered from Employee, Net Value of Housing, Total Gross Pay, 30% of Cash Pay,
 *   Actual Contribution, Permissible Limit, Mortgage Interest, Deposit on Home Ownership Saving Plan,
 *   Affordable Housing Levy (AHL), Social Health Insurance Fund (SHIF), Post Retirement Medical Fund
 *   (PRMF), Amount of Benefit, Taxable Pay, Tax Payable, Monthly Personal Relief, Amount of Insurance
 *   Relief, PAYE Tax.
 * Mapping: house allowance (code 'house') → Housing Allowance; commuter/transport → Transport
 * Allowance; every other cash earning → Other Allowance; "Actual Contribution" = NSSF + registered
 * pension; "Amount of Benefit" = the pension relief allowed; no car benefit, housing or insurance
 * relief (not held: zero / "Benefit not given"). Residential status "Resident", type "Primary Employee".
 *
 * P10 Housing Levy sheet (iTax AHL return): PIN of Employee, Name of Employee, ID Number, Gross Pay,
 * Employee Contribution (1.5 %), Employer Contribution (1.5 %), Total.
 * NSSF return (NSSF e-return upload, Tier I/II): Payroll Number, Surname, Other Names, ID Number, KRA
 * PIN, NSSF Number, Gross Pay, Tier I Employee, Tier II Employee, Employee Total, Employer Total, Total.
 * SHIF return (SHA employer by-product upload): Payroll Number, First Name, Last Name, ID Number, KRA
 * PIN, SHIF Number, Gross Pay, SHIF Contribution.
 * Names: the snapshot's full name; the surname is its last word.
 */

/** Cents as the returns print amounts: "12345.67". */
export const amount = (cents: number): string => (cents / 100).toFixed(2);

function splitName(name: string): { first: string; last: string; others: string } {
  const parts = name.trim().split(/\s+/);
  const last = parts.length > 1 ? parts.at(-1)! : parts[0] ?? '';
  const first = parts.length > 1 ? parts.slice(0, -1).join(' ') : '';
  return { first, last, others: first };
}

const sumBy = (l: LineRow, pred: (code: string, kind: string) => boolean) => l.breakdown.earnings.filter((e) => pred(e.code, e.kind)).reduce((s, e) => s + e.amountCents, 0);
const isHouse = (code: string) => /^(house|housing)/i.test(code);
const isTransport = (code: string) => /^(commuter|transport)/i.test(code);

/** Bank key of a line: the bank code, or 'mpesa'. */
export function bankKeyOf(l: LineRow): string {
  return l.staff.paymentMethod === 'mpesa' ? 'mpesa' : (l.staff.bankCode ?? 'unknown');
}

/** The banks of a run: code, name, how many staff and the total to transfer (KES). */
export function bankSummary(lines: LineRow[]): { bank: string; bankName: string; count: number; total: number }[] {
  const by = new Map<string, { bank: string; bankName: string; count: number; cents: number }>();
  for (const l of lines) {
    const key = bankKeyOf(l);
    const e = by.get(key) ?? { bank: key, bankName: key === 'mpesa' ? 'M-Pesa' : (l.staff.bankName ?? key), count: 0, cents: 0 };
    e.count += 1;
    e.cents += l.netCents;
    by.set(key, e);
  }
  return [...by.values()].sort((a, b) => a.bankName.localeCompare(b.bankName)).map((e) => ({ bank: e.bank, bankName: e.bankName, count: e.count, total: centsToKes(e.cents) }));
}

/** Bank file columns: account name, account number (phone for M-Pesa), bank code, branch, amount, reference. */
export function bankFileColumns(run: Pick<RunRow, 'month'>): ExportColumn<LineRow>[] {
  const ref = `SALARY ${run.month}`;
  return [
    { header: 'Account Name', value: (l) => l.staff.name, width: 30 },
    { header: 'Account Number', value: (l) => (l.staff.paymentMethod === 'mpesa' ? l.staff.mpesaPhone : l.staff.bankAccount) ?? '', width: 18 },
    { header: 'Bank Code', value: (l) => (l.staff.paymentMethod === 'mpesa' ? 'MPESA' : (l.staff.bankCode ?? '')) },
    { header: 'Branch', value: (l) => (l.staff.paymentMethod === 'mpesa' ? '' : (l.staff.bankBranch ?? '')), width: 18 },
    { header: 'Amount', value: (l) => amount(l.netCents) },
    { header: 'Reference', value: (l) => `${ref} ${l.staff.staffNumber}`, width: 28 },
  ];
}

/** KRA P10 B_Employees_Dtls columns (see the module comment for the order and the mapping). */
export function p10Columns(): ExportColumn<LineRow>[] {
  const zero = () => '0.00';
  const cashPay = (l: LineRow) => l.grossCents;
  const benefits = (l: LineRow) => l.breakdown.benefits.reduce((s, b) => s + b.amountCents, 0);
  return [
    { header: 'PIN of Employee', value: (l) => l.staff.kraPin ?? '' },
    { header: 'Name of Employee', value: (l) => l.staff.name },
    { header: 'Residential Status', value: () => 'Resident' },
    { header: 'Type of Employee', value: () => 'Primary Employee' },
    { header: 'Basic Salary', value: (l) => amount(l.basicCents) },
    { header: 'Housing Allowance', value: (l) => amount(sumBy(l, (c, k) => k !== 'basic' && isHouse(c))) },
    { header: 'Transport Allowance', value: (l) => amount(sumBy(l, (c, k) => k !== 'basic' && isTransport(c))) },
    { header: 'Leave Pay', value: zero },
    { header: 'Over Time Allowance', value: zero },
    { header: 'Directors Fee', value: zero },
    { header: 'Lump Sum Payment if any', value: zero },
    { header: 'Other Allowance', value: (l) => amount(sumBy(l, (c, k) => k !== 'basic' && !isHouse(c) && !isTransport(c))) },
    { header: 'Total Cash Pay', value: (l) => amount(cashPay(l)) },
    { header: 'Value of Car Benefit', value: zero },
    { header: 'Other Non Cash Benefits', value: (l) => amount(benefits(l)) },
    { header: 'Total Non Cash Pay', value: (l) => amount(benefits(l)) },
    { header: 'Global Income (in case of non full time service director)', value: zero },
    { header: 'Type of Housing', value: () => 'Benefit not given' },
    { header: 'Rent of House/Market Value', value: zero },
    { header: 'Computed Rent of House', value: zero },
    { header: 'Rent Recovered from Employee', value: zero },
    { header: 'Net Value of Housing', value: zero },
    { header: 'Total Gross Pay', value: (l) => amount(cashPay(l) + benefits(l)) },
    { header: '30% of Cash Pay', value: (l) => amount(Math.round(cashPay(l) * 0.3)) },
    { header: 'Actual Contribution', value: (l) => amount(l.nssfCents + l.breakdown.deductions.filter((d) => d.kind === 'pension').reduce((s, d) => s + d.amountCents, 0)) },
    { header: 'Permissible Limit', value: () => '30000.00' },
    { header: 'Mortgage Interest', value: (l) => amount(l.breakdown.statutory.mortgageInterestReliefCents) },
    { header: 'Deposit on Home Ownership Saving Plan', value: zero },
    { header: 'Affordable Housing Levy (AHL)', value: (l) => amount(l.ahlCents) },
    { header: 'Social Health Insurance Fund (SHIF)', value: (l) => amount(l.shifCents) },
    { header: 'Post Retirement Medical Fund (PRMF)', value: (l) => amount(l.breakdown.statutory.postRetirementMedicalReliefCents) },
    { header: 'Amount of Benefit', value: (l) => amount(l.breakdown.statutory.pensionReliefCents) },
    { header: 'Taxable Pay', value: (l) => amount(l.taxablePayCents) },
    { header: 'Tax Payable', value: (l) => amount(l.breakdown.statutory.taxBeforeReliefCents) },
    { header: 'Monthly Personal Relief', value: (l) => amount(Math.min(l.breakdown.statutory.personalReliefCents, l.breakdown.statutory.taxBeforeReliefCents)) },
    { header: 'Amount of Insurance Relief', value: zero },
    { header: 'PAYE Tax', value: (l) => amount(l.payeCents) },
  ];
}

/** P10 Housing Levy sheet columns. */
export function p10AhlColumns(): ExportColumn<LineRow>[] {
  return [
    { header: 'PIN of Employee', value: (l) => l.staff.kraPin ?? '' },
    { header: 'Name of Employee', value: (l) => l.staff.name },
    { header: 'ID Number', value: (l) => l.staff.nationalId ?? '' },
    { header: 'Gross Pay', value: (l) => amount(l.grossCents) },
    { header: 'Employee Contribution', value: (l) => amount(l.ahlCents) },
    { header: 'Employer Contribution', value: (l) => amount(l.breakdown.statutory.employer.ahlCents) },
    { header: 'Total', value: (l) => amount(l.ahlCents + l.breakdown.statutory.employer.ahlCents) },
  ];
}

/** NSSF return columns (Tier I / Tier II; the employer matches the employee). */
export function nssfColumns(): ExportColumn<LineRow>[] {
  const st = (l: LineRow) => l.breakdown.statutory;
  return [
    { header: 'Payroll Number', value: (l) => l.staff.staffNumber },
    { header: 'Surname', value: (l) => splitName(l.staff.name).last },
    { header: 'Other Names', value: (l) => splitName(l.staff.name).others },
    { header: 'ID Number', value: (l) => l.staff.nationalId ?? '' },
    { header: 'KRA PIN', value: (l) => l.staff.kraPin ?? '' },
    { header: 'NSSF Number', value: (l) => l.staff.nssfNumber ?? '' },
    { header: 'Gross Pay', value: (l) => amount(l.grossCents) },
    { header: 'Tier I Employee', value: (l) => amount(st(l).nssf.tier1Cents) },
    { header: 'Tier II Employee', value: (l) => amount(st(l).nssf.tier2Cents) },
    { header: 'Employee Total', value: (l) => amount(st(l).nssf.totalCents) },
    { header: 'Employer Total', value: (l) => amount(st(l).employer.nssfCents) },
    { header: 'Total', value: (l) => amount(st(l).nssf.totalCents + st(l).employer.nssfCents) },
  ];
}

/** SHIF return columns. */
export function shifColumns(): ExportColumn<LineRow>[] {
  return [
    { header: 'Payroll Number', value: (l) => l.staff.staffNumber },
    { header: 'First Name', value: (l) => splitName(l.staff.name).first },
    { header: 'Last Name', value: (l) => splitName(l.staff.name).last },
    { header: 'ID Number', value: (l) => l.staff.nationalId ?? '' },
    { header: 'KRA PIN', value: (l) => l.staff.kraPin ?? '' },
    { header: 'SHIF Number', value: (l) => l.staff.shifNumber ?? '' },
    { header: 'Gross Pay', value: (l) => amount(l.grossCents) },
    { header: 'SHIF Contribution', value: (l) => amount(l.shifCents) },
  ];
}

/** A journal row: a line, or the totals row (no line). Amounts as KES numbers (Excel sums them). */
export interface JournalRow {
  staffNumber: string;
  name: string;
  department: string;
  kraPin: string;
  basic: number;
  allowances: number;
  benefits: number;
  gross: number;
  nssf: number;
  shif: number;
  ahl: number;
  taxable: number;
  paye: number;
  other: number;
  totalDeductions: number;
  net: number;
  employerNssf: number;
  employerAhl: number;
  nita: number;
  employerCost: number;
}

/** The payroll journal of a run: one row per member of staff, then a TOTAL row. */
export function journalRows(lines: LineRow[]): JournalRow[] {
  const rows: JournalRow[] = lines.map((l) => {
    const st = l.breakdown.statutory;
    return {
      staffNumber: l.staff.staffNumber,
      name: l.staff.name,
      department: l.staff.department ?? '',
      kraPin: l.staff.kraPin ?? '',
      basic: l.basicCents,
      allowances: l.grossCents - l.basicCents,
      benefits: l.breakdown.benefits.reduce((s, b) => s + b.amountCents, 0),
      gross: l.grossCents,
      nssf: l.nssfCents,
      shif: l.shifCents,
      ahl: l.ahlCents,
      taxable: l.taxablePayCents,
      paye: l.payeCents,
      other: l.otherDeductionsCents,
      totalDeductions: l.grossCents - l.netCents,
      net: l.netCents,
      employerNssf: st.employer.nssfCents,
      employerAhl: st.employer.ahlCents,
      nita: st.employer.nitaCents,
      employerCost: l.employerCostCents,
    };
  });
  const keys = ['basic', 'allowances', 'benefits', 'gross', 'nssf', 'shif', 'ahl', 'taxable', 'paye', 'other', 'totalDeductions', 'net', 'employerNssf', 'employerAhl', 'nita', 'employerCost'] as const;
  const total: JournalRow = { staffNumber: '', name: 'TOTAL', department: '', kraPin: '', ...Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) } as JournalRow;
  // Cents → KES at the end so the totals are exact.
  return [...rows, total].map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, centsToKes(r[k])])) }) as JournalRow);
}

export const journalColumns: ExportColumn<JournalRow>[] = [
  { header: 'Staff No', value: (r) => r.staffNumber, width: 14 },
  { header: 'Name', value: (r) => r.name, width: 28 },
  { header: 'Department', value: (r) => r.department, width: 18 },
  { header: 'KRA PIN', value: (r) => r.kraPin, width: 14 },
  { header: 'Basic', value: (r) => r.basic, width: 12 },
  { header: 'Allowances', value: (r) => r.allowances, width: 12 },
  { header: 'Non-cash benefits', value: (r) => r.benefits, width: 14 },
  { header: 'Gross pay', value: (r) => r.gross, width: 12 },
  { header: 'NSSF', value: (r) => r.nssf },
  { header: 'SHIF', value: (r) => r.shif },
  { header: 'Housing Levy', value: (r) => r.ahl, width: 13 },
  { header: 'Taxable pay', value: (r) => r.taxable, width: 12 },
  { header: 'PAYE', value: (r) => r.paye },
  { header: 'Other deductions', value: (r) => r.other, width: 15 },
  { header: 'Total deductions', value: (r) => r.totalDeductions, width: 15 },
  { header: 'Net pay', value: (r) => r.net, width: 12 },
  { header: 'Employer NSSF', value: (r) => r.employerNssf, width: 14 },
  { header: 'Employer Housing Levy', value: (r) => r.employerAhl, width: 18 },
  { header: 'NITA', value: (r) => r.nita },
  { header: 'Employer cost', value: (r) => r.employerCost, width: 14 },
];

const ytdKes = (t: YtdCents) => ({
  months: t.months,
  gross: centsToKes(t.grossCents),
  taxablePay: centsToKes(t.taxablePayCents),
  paye: centsToKes(t.payeCents),
  nssf: centsToKes(t.nssfCents),
  shif: centsToKes(t.shifCents),
  ahl: centsToKes(t.ahlCents),
  otherDeductions: centsToKes(t.otherDeductionsCents),
  net: centsToKes(t.netCents),
  employerCost: centsToKes(t.employerCostCents),
});

/** Year-to-date per member of staff from the year's approved lines (oldest first; the latest snapshot names them). */
export function ytdReport(year: number, rows: { line: LineRow; month: string }[]): YtdResponse {
  const by = new Map<string, { staffId: string; staffNumber: string; name: string; kraPin: string | null; t: YtdCents }>();
  const total = emptyYtd();
  const months = new Set<string>();
  for (const { line, month } of rows) {
    months.add(month);
    const e = by.get(line.staffId) ?? { staffId: line.staffId, staffNumber: '', name: '', kraPin: null, t: emptyYtd() };
    e.staffNumber = line.staff.staffNumber;
    e.name = line.staff.name;
    e.kraPin = line.staff.kraPin;
    addToYtd(e.t, line);
    addToYtd(total, line);
    by.set(line.staffId, e);
  }
  total.months = months.size;
  const items = [...by.values()].sort((a, b) => a.staffNumber.localeCompare(b.staffNumber, 'en', { numeric: true })).map((e) => ({ staffId: e.staffId, staffNumber: e.staffNumber, name: e.name, kraPin: e.kraPin, ...ytdKes(e.t) }));
  return { year, runMonths: [...months].sort(), items, totals: ytdKes(total) };
}

export const ytdColumns: ExportColumn<YtdResponse['items'][number]>[] = [
  { header: 'Staff No', value: (r) => r.staffNumber, width: 14 },
  { header: 'Name', value: (r) => r.name, width: 28 },
  { header: 'KRA PIN', value: (r) => r.kraPin ?? '', width: 14 },
  { header: 'Months', value: (r) => r.months },
  { header: 'Gross pay', value: (r) => r.gross, width: 12 },
  { header: 'Taxable pay', value: (r) => r.taxablePay, width: 12 },
  { header: 'PAYE', value: (r) => r.paye },
  { header: 'NSSF', value: (r) => r.nssf },
  { header: 'SHIF', value: (r) => r.shif },
  { header: 'Housing Levy', value: (r) => r.ahl, width: 13 },
  { header: 'Other deductions', value: (r) => r.otherDeductions, width: 15 },
  { header: 'Net pay', value: (r) => r.net, width: 12 },
  { header: 'Employer cost', value: (r) => r.employerCost, width: 14 },
];

/** A file name for a run's document: "greenhill-p10-2026-10". */
export function runFileName(kind: string, run: Pick<RunRow, 'month'>): string {
  return `payroll-${kind}-${run.month}`;
}

