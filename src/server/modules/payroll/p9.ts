import { monthName } from '../../../shared/dates.js';
import { payrollDocumentsMessages as m } from '../../../shared/messages/payroll-documents.js';
import { formatKes } from '../../../shared/money.js';
import { contentBox, createDocument, drawLetterhead, drawTable, PDF_COLORS, renderPdf, type Letterhead, type TableColumn } from '../../lib/pdf.js';
import { type EmployerNumbers, type LineRow } from './payroll-documents.service.js';

/**
 * The annual P9A tax deduction card of one member of staff (issue 14 §3), A4 landscape, from the
 * year's APPROVED payroll lines only (stored figures, never recomputed). One row per month of the
 * year (months without an approved line print blank), then the year's totals. Columns follow KRA's
 * P9A layout, in KES:
 *   A basic salary · allowances (cash pay beyond basic) · B non-cash benefits · D total gross pay ·
 *   E retirement contribution relieved (NSSF + registered pension, within 30,000) · F Housing Levy ·
 *   G SHIF · H post-retirement medical · I mortgage interest · K chargeable (taxable) pay ·
 *   L tax charged · M personal relief · O PAYE.
 * (C value of quarters and N insurance relief are not held: the school provides no housing benefit
 * and insurance relief no longer applies.)
 */

export interface P9Input {
  year: number;
  /** The year's approved lines of the member of staff with their run's month (oldest first). */
  lines: { month: string; line: LineRow }[];
}

interface P9Row {
  month: string;
  basic: number;
  allowances: number;
  benefits: number;
  gross: number;
  retirement: number;
  ahl: number;
  shif: number;
  prmf: number;
  mortgage: number;
  taxable: number;
  tax: number;
  relief: number;
  paye: number;
}

const KEYS = ['basic', 'allowances', 'benefits', 'gross', 'retirement', 'ahl', 'shif', 'prmf', 'mortgage', 'taxable', 'tax', 'relief', 'paye'] as const;

/** The P9A's money columns in KEYS order: header (KRA's letter first) and relative width. */
const MONEY_COLUMNS: Record<(typeof KEYS)[number], [header: string, width: number]> = {
  basic: ['A Basic salary', 1],
  allowances: ['Allowances', 1],
  benefits: ['B Non-cash benefits', 1],
  gross: ['D Total gross pay', 1.05],
  retirement: ['E Retirement (NSSF + pension)', 1.05],
  ahl: ['F Housing Levy', 0.95],
  shif: ['G SHIF', 0.9],
  prmf: ['H PRMF', 0.85],
  mortgage: ['I Mortgage interest', 0.9],
  taxable: ['K Chargeable pay', 1.05],
  tax: ['L Tax charged', 1],
  relief: ['M Personal relief', 0.95],
  paye: ['O PAYE', 1],
};

function rowOf(month: string, l: LineRow): P9Row {
  const st = l.breakdown.statutory;
  const benefits = l.breakdown.benefits.reduce((s, b) => s + b.amountCents, 0);
  return {
    month,
    basic: l.basicCents,
    allowances: l.grossCents - l.basicCents,
    benefits,
    gross: l.grossCents + benefits,
    retirement: st.pensionReliefCents,
    ahl: st.ahlCents,
    shif: st.shifCents,
    prmf: st.postRetirementMedicalReliefCents,
    mortgage: st.mortgageInterestReliefCents,
    taxable: st.taxablePayCents,
    tax: st.taxBeforeReliefCents,
    relief: Math.min(st.personalReliefCents, st.taxBeforeReliefCents),
    paye: st.payeCents,
  };
}

/** The P9A rows of a year: twelve months (blank where no approved line) and a TOTAL row (cents). */
export function p9Rows(input: P9Input): (P9Row | { month: string; blank: true })[] {
  const byMonth = new Map(input.lines.map((x) => [x.month, x.line]));
  const rows: (P9Row | { month: string; blank: true })[] = [];
  const total = Object.fromEntries(KEYS.map((k) => [k, 0])) as Record<(typeof KEYS)[number], number>;
  for (let i = 1; i <= 12; i++) {
    const month = `${input.year}-${String(i).padStart(2, '0')}`;
    const line = byMonth.get(month);
    if (!line) {
      rows.push({ month, blank: true });
      continue;
    }
    const r = rowOf(month, line);
    for (const k of KEYS) total[k] += r[k];
    rows.push(r);
  }
  rows.push({ month: 'TOTAL', ...total });
  return rows;
}

/** The P9A PDF of one member of staff and year. */
export async function p9Pdf(school: Letterhead, employer: EmployerNumbers, input: P9Input): Promise<Buffer> {
  const latest = input.lines.at(-1)!.line.staff;
  const doc = createDocument({ title: `P9A ${input.year}: ${latest.name}`, subject: 'P9A tax deduction card', layout: 'landscape' });
  let y = drawLetterhead(doc, school, { title: `${m.pdf.p9Title} ${input.year}`, lines: ["Kenya Revenue Authority · Domestic Taxes Department · Employer's certificate of pay and tax"] });
  const box = contentBox(doc);
  const pairs: [string, string][] = [
    ["Employer's name", school.name],
    ["Employer's PIN", employer.kraPin ?? '-'],
    ["Employee's name", latest.name],
    ["Employee's PIN", latest.kraPin ?? '-'],
    ['Staff number', latest.staffNumber],
    ['National ID', latest.nationalId ?? '-'],
  ];
  const colW = box.width / 3;
  pairs.forEach(([label, value], i) => {
    const x = box.left + (i % 3) * colW;
    const ty = y + Math.floor(i / 3) * 14;
    doc.font('Helvetica').fontSize(8).fillColor(PDF_COLORS.muted).text(`${label}:`, x, ty, { width: 80, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(PDF_COLORS.text).text(value, x + 82, ty, { width: colW - 86, lineBreak: false, ellipsis: true });
  });
  y += 36;
  const money = (k: (typeof KEYS)[number]) => (r: P9Row | { month: string; blank: true }) => ('blank' in r ? '' : formatKes(r[k]));
  const columns: TableColumn<P9Row | { month: string; blank: true }>[] = [
    { header: 'Month', width: 1.25, value: (r) => (r.month === 'TOTAL' ? 'TOTAL' : monthName(r.month).split(' ')[0]) },
    ...KEYS.map((k) => ({ header: MONEY_COLUMNS[k][0], width: MONEY_COLUMNS[k][1], align: 'right' as const, value: money(k) })),
  ];
  y = drawTable(doc, columns, p9Rows(input), { y, fontSize: 7.5, onNewPage: (d) => drawLetterhead(d, school, { compact: true, title: 'P9A' }) });
  doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(PDF_COLORS.muted);
  doc.text(
    'Figures from the approved payroll runs of the year, as paid. E is the retirement contribution relieved (NSSF and registered pension, up to KES 30,000 a month); K = D - E - F - G - H - I (non-taxable allowances excluded); O = L - M. Amounts in KES.',
    box.left,
    y,
    { width: box.width },
  );
  return renderPdf(doc, { footerNote: `${school.name} · P9A ${input.year}` });
}
