import { monthName } from '../../../shared/dates.js';
import { payrollDocumentsMessages as m } from '../../../shared/messages/payroll-documents.js';
import { payslipPdfMessages as pm } from '../../../shared/messages/pdf-documents.js';
import { formatKes } from '../../../shared/money.js';
import { contentBox, createDocument, drawLetterhead, formatDay, PDF_COLORS, renderPdf, type Letterhead } from '../../lib/pdf.js';
import { maskAccount, type EmployerNumbers, type LineRow, type RunRow, type YtdCents } from './payroll-documents.service.js';

/**
 * Payslip PDFs (issue 14 §3): one A4 page per member of staff with the school's letterhead, printed
 * entirely from the stored payroll line (figures, breakdown with the statutory PayResult, staff
 * snapshot), so a past month's payslip reproduces exactly. A draft run's payslips carry a "DRAFT"
 * watermark. Sections: staff details; earnings (and non-cash benefits) beside deductions (NSSF tier I
 * and II, SHIF, Housing Levy, PAYE, other deductions); net pay; the tax computation (taxable pay, tax
 * before relief, personal relief, PAYE) beside year-to-date totals and the employer's contributions;
 * payment details. Amounts in KES with two decimals.
 */

type Doc = PDFKit.PDFDocument;

/** One payslip to print: the run, the line and its year-to-date totals. */
export interface PayslipInput {
  run: Pick<RunRow, 'month' | 'payDate' | 'status'>;
  line: LineRow;
  ytd: YtdCents;
}

interface BlockRow {
  label: string;
  cents: number;
  /** Printed with a minus sign (a deduction or relief). */
  minus?: boolean;
  bold?: boolean;
  note?: string;
}


/** Draws a titled block of label/amount rows in a column; returns the y below it. */
function drawBlock(doc: Doc, x: number, y: number, width: number, title: string, rows: BlockRow[]): number {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.brand);
  doc.text(title.toUpperCase(), x, y, { width, characterSpacing: 0.4, lineBreak: false });
  y += 12;
  doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(PDF_COLORS.brand).stroke();
  y += 3;
  for (const r of rows) {
    if (r.bold) {
      doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.4).strokeColor(PDF_COLORS.rule).stroke();
      y += 1;
    }
    doc.font(r.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.6).fillColor(PDF_COLORS.text);
    const label = r.note ? `${r.label} (${r.note})` : r.label;
    doc.text(label, x, y + 2, { width: width * 0.64, lineBreak: false, ellipsis: true });
    const amount = `${r.minus && r.cents > 0 ? '-' : ''}${formatKes(r.cents)}`;
    doc.text(amount, x + width * 0.62, y + 2, { width: width * 0.38, align: 'right', lineBreak: false });
    y += 13;
  }
  return y + 4;
}

/** Two columns of "label: value" pairs (staff details). Returns the y below them. */
function drawDetails(doc: Doc, y: number, pairs: [string, string][]): number {
  const box = contentBox(doc);
  const half = Math.ceil(pairs.length / 2);
  const colW = (box.width - 16) / 2;
  const rows = half;
  const h = rows * 13 + 12;
  doc.roundedRect(box.left, y, box.width, h, 4).fill('#f6faf9');
  pairs.forEach(([label, value], i) => {
    const col = i < half ? 0 : 1;
    const row = i < half ? i : i - half;
    const x = box.left + 8 + col * (colW + 8);
    const ty = y + 6 + row * 13;
    doc.font('Helvetica').fontSize(8).fillColor(PDF_COLORS.muted).text(label, x, ty + 1, { width: colW * 0.36, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(8.6)
      .fillColor(PDF_COLORS.text)
      .text(value || '-', x + colW * 0.36, ty, { width: colW * 0.64, lineBreak: false, ellipsis: true });
  });
  return y + h + 12;
}

/** The "DRAFT" watermark across the page (draft and submitted runs). */
function drawDraftWatermark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc.font('Helvetica-Bold').fontSize(120).fillColor('#b91c1c').fillOpacity(0.09);
  doc.text(m.pdf.draft, 0, height / 2 - 60, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

/** Draws one payslip on the current page. */
function drawPayslip(doc: Doc, school: Letterhead, employer: EmployerNumbers, p: PayslipInput): void {
  const { line, run, ytd } = p;
  const s = line.staff;
  const b = line.breakdown;
  const st = b.statutory;
  const draft = run.status !== 'approved';
  const box = contentBox(doc);
  if (draft) drawDraftWatermark(doc);
  const period = monthName(run.month);
  let y = drawLetterhead(doc, school, {
    title: `${m.pdf.payslip}: ${period}`,
    lines: [`${pm.period(formatDay(`${run.month}-01`), formatDay(endOfMonth(run.month)), formatDay(b.payDate ?? run.payDate))}${draft ? ` · ${m.pdf.draftNote}` : ''}`],
  });

  y = drawDetails(doc, y, [
    [pm.name, s.name],
    [pm.staffNumber, s.staffNumber],
    [pm.jobTitle, s.jobTitle],
    [pm.department, s.department ?? ''],
    [pm.terms, pm.employment[s.employmentType] ?? s.employmentType],
    [pm.nationalId, s.nationalId ?? ''],
    [pm.kraPin, s.kraPin ?? ''],
    [pm.nssfNumber, s.nssfNumber ?? ''],
    [pm.shifNumber, s.shifNumber ?? ''],
    [pm.employerPin, employer.kraPin ?? ''],
  ]);

  const gap = 20;
  const colW = (box.width - gap) / 2;
  const left = box.left;
  const right = box.left + colW + gap;

  const earnings: BlockRow[] = b.earnings.map((e) => ({ label: e.name, cents: e.amountCents, note: e.taxable ? undefined : pm.notTaxable }));
  const benefits: BlockRow[] = b.benefits.map((e) => ({ label: e.name, cents: e.amountCents, note: pm.nonCash }));
  const yEarn = drawBlock(doc, left, y, colW, pm.earnings, [...earnings, { label: pm.grossPay, cents: line.grossCents, bold: true }]);
  let yLeft = yEarn;
  if (benefits.length) yLeft = drawBlock(doc, left, yEarn, colW, pm.benefitsBlock, benefits);

  const deductions: BlockRow[] = [
    { label: pm.nssfTier1, cents: st.nssf.tier1Cents, note: st.nssf.phase },
    { label: pm.nssfTier2, cents: st.nssf.tier2Cents },
    { label: pm.shif, cents: st.shifCents },
    { label: pm.housingLevy, cents: st.ahlCents },
    { label: pm.paye, cents: st.payeCents },
    ...b.deductions.map((d) => ({ label: d.name, cents: d.amountCents })),
    { label: pm.totalDeductions, cents: line.grossCents - line.netCents, bold: true },
  ];
  const yRight = drawBlock(doc, right, y, colW, pm.deductions, deductions);
  y = Math.max(yLeft, yRight) + 2;

  // Net pay band.
  doc.roundedRect(box.left, y, box.width, 30, 4).fill(PDF_COLORS.brand);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#ffffff').text(pm.netPay, box.left + 12, y + 10, { lineBreak: false });
  doc.fontSize(14).text(`KES ${formatKes(line.netCents)}`, box.left, y + 8, { width: box.width - 12, align: 'right', lineBreak: false });
  y += 44;

  const tax: BlockRow[] = [
    { label: pm.grossPay, cents: line.grossCents },
    ...(b.nonTaxableCents ? [{ label: pm.nonTaxableAllowances, cents: b.nonTaxableCents, minus: true }] : []),
    ...(b.benefits.length ? [{ label: pm.nonCashBenefits, cents: b.benefits.reduce((t, x) => t + x.amountCents, 0) }] : []),
    { label: pm.pensionRelief, cents: st.pensionReliefCents, minus: true },
    { label: pm.shif, cents: st.shifCents, minus: true },
    { label: pm.housingLevy, cents: st.ahlCents, minus: true },
    ...(st.postRetirementMedicalReliefCents ? [{ label: pm.postRetirementMedical, cents: st.postRetirementMedicalReliefCents, minus: true }] : []),
    ...(st.mortgageInterestReliefCents ? [{ label: pm.mortgageInterest, cents: st.mortgageInterestReliefCents, minus: true }] : []),
    { label: pm.taxablePay, cents: st.taxablePayCents, bold: true },
    { label: pm.taxBeforeRelief, cents: st.taxBeforeReliefCents },
    { label: pm.personalRelief, cents: Math.min(st.personalReliefCents, st.taxBeforeReliefCents), minus: true },
    { label: pm.paye, cents: st.payeCents, bold: true },
  ];
  const yTax = drawBlock(doc, left, y, colW, pm.taxComputation, tax);
  const year = run.month.slice(0, 4);
  const yYtd = drawBlock(doc, right, y, colW, pm.yearToDate(year), [
    { label: pm.grossPay, cents: ytd.grossCents },
    { label: pm.paye, cents: ytd.payeCents },
    { label: pm.nssf, cents: ytd.nssfCents },
    { label: pm.shif, cents: ytd.shifCents },
    { label: pm.housingLevy, cents: ytd.ahlCents },
    { label: pm.netPayYtd, cents: ytd.netCents, bold: true },
  ]);
  const yEmp = drawBlock(doc, right, yYtd, colW, pm.employerContributions, [
    { label: pm.nssfEmployer, cents: st.employer.nssfCents },
    { label: pm.housingLevyEmployer, cents: st.employer.ahlCents },
    { label: pm.nitaLevy, cents: st.employer.nitaCents },
    { label: pm.costToSchool, cents: st.employer.totalCostCents, bold: true },
  ]);
  y = Math.max(yTax, yEmp) + 2;

  const payment =
    s.paymentMethod === 'mpesa'
      ? pm.mpesaTo(maskAccount(s.mpesaPhone) ?? null)
      : pm.bankTransferTo([s.bankName, s.bankBranch].filter(Boolean).join(', '), maskAccount(s.bankAccount) ?? '-');
  doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.brand).text(pm.payment, box.left, y, { lineBreak: false });
  doc.font('Helvetica').fontSize(8.6).fillColor(PDF_COLORS.text).text(pm.paymentOn(payment, formatDay(b.payDate ?? run.payDate)), box.left + 60, y, { width: box.width - 60 });
  y = doc.y + 6;
  doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(PDF_COLORS.muted);
  doc.text(pm.statutoryNote, box.left, y, { width: box.width });
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
}

function endOfMonth(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, mo, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * A PDF with one payslip page per input (bulk) or a single payslip. `title` is the PDF's title.
 * Returns the bytes; never touches the database.
 */
export async function payslipsPdf(school: Letterhead, employer: EmployerNumbers, slips: PayslipInput[], title: string): Promise<Buffer> {
  const doc = createDocument({ title, subject: pm.subject });
  slips.forEach((p, i) => {
    if (i > 0) doc.addPage();
    drawPayslip(doc, school, employer, p);
  });
  if (slips.length === 0) doc.text(pm.noPayslips);
  return renderPdf(doc, { footerNote: pm.confidential(school.name) });
}
