import type { BillingStatement, PlatformInvoiceDetail, PlatformPayment } from '../../../shared/contracts/billing.js';
import { billingMessages as bm, PLATFORM_INVOICE_STATUS_LABELS, PLATFORM_PAYMENT_METHOD_LABELS } from '../../../shared/messages/billing.js';
import { formatKes, formatKesLabel } from '../../../shared/money.js';
import { schoolToday } from '../../../shared/dates.js';
import { contentBox, createDocument, drawLetterhead, drawTable, formatDay, PDF_COLORS, renderPdf, type Letterhead } from '../../lib/pdf.js';
import { toXlsx, type ExportColumn } from '../../lib/spreadsheet.js';
import { vatPercentLabel } from './pricing.js';
import type { CompanyDetails } from './settings.service.js';

/**
 * Platform billing documents (issue 18 §1): the tax invoice (company letterhead with KRA PIN, bill-to
 * school, lines, VAT, total, paid, balance, how to pay), the payment receipt, and the billing statement
 * across schools (PDF and Excel). Amounts printed as KES with two decimals; dates as "12 Mar 2026".
 */

const p = bm.pdf;
type Doc = PDFKit.PDFDocument;

function letterheadOf(company: CompanyDetails): Letterhead {
  return { name: company.name, motto: null, address: company.address, county: null, phone: company.phone, email: company.email, logo: null };
}

function companyLines(company: CompanyDetails): string[] {
  return company.kraPin ? [`${p.kraPin}: ${company.kraPin}`] : [];
}

/** Two columns of "label: value" pairs side by side; returns the y below the taller one. */
function drawPairs(doc: Doc, y: number, left: { heading: string; lines: string[] }, right: [string, string][]): number {
  const box = contentBox(doc);
  const half = box.width / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.muted).text(left.heading.toUpperCase(), box.left, y, { width: half });
  let ly = doc.y + 2;
  left.lines.forEach((line, i) => {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(i === 0 ? 11 : 9.5).fillColor(PDF_COLORS.text).text(line, box.left, ly, { width: half });
    ly = doc.y + 1;
  });
  let ry = y;
  const rx = box.left + box.width / 2 + 10;
  for (const [label, value] of right) {
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted).text(label, rx, ry, { width: half * 0.45 });
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(PDF_COLORS.text).text(value, rx + half * 0.45, ry, { width: half * 0.55, align: 'right' });
    ry = Math.max(doc.y, ry + 12) + 2;
  }
  return Math.max(ly, ry) + 12;
}

/** Right-aligned totals block; `strong` rows bold with a rule above. */
function drawTotals(doc: Doc, y: number, rows: { label: string; value: string; strong?: boolean }[]): number {
  const box = contentBox(doc);
  const w = 240;
  const x = box.right - w;
  for (const r of rows) {
    if (r.strong) {
      doc.moveTo(x, y - 2).lineTo(box.right, y - 2).lineWidth(0.6).strokeColor(PDF_COLORS.brand).stroke();
      y += 2;
    }
    doc.font(r.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(r.strong ? 10.5 : 9.5).fillColor(r.strong ? PDF_COLORS.text : PDF_COLORS.muted);
    doc.text(r.label, x, y, { width: w * 0.55 });
    doc.fillColor(PDF_COLORS.text).text(r.value, x + w * 0.55, y, { width: w * 0.45, align: 'right' });
    y += r.strong ? 16 : 14;
  }
  return y + 6;
}

function howToPay(doc: Doc, y: number, paybill: string | null, accountNumber: string, company: CompanyDetails): number {
  const box = contentBox(doc);
  if (y + 80 > box.bottom) {
    doc.addPage();
    y = box.top;
  }
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(PDF_COLORS.brand).text(p.howToPay, box.left, y, { width: box.width });
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.text);
  doc.text(paybill ? p.mpesaHow(paybill, accountNumber) : p.mpesaNone, box.left, y, { width: box.width });
  y = doc.y + 2;
  if (company.bankName && company.bankAccountNumber) {
    doc.text(
      p.bankHow(company.bankName, company.bankAccountName ?? company.name, company.bankAccountNumber, company.bankBranch ?? '').replace('the invoice number', accountNumber),
      box.left,
      y,
      { width: box.width },
    );
    y = doc.y + 2;
  }
  return y + 6;
}

export interface BillTo {
  name: string;
  address: string | null;
  county: string | null;
  email: string | null;
}

/** The tax invoice PDF. */
export async function invoicePdf(inv: PlatformInvoiceDetail, company: CompanyDetails, school: BillTo, paybill: string | null): Promise<Buffer> {
  const doc = createDocument({ title: `${p.invoiceTitle} ${inv.number}`, subject: `${company.name} invoice ${inv.number} to ${school.name}` });
  let y = drawLetterhead(doc, letterheadOf(company), { title: p.invoiceTitle, lines: companyLines(company) });
  y = drawPairs(
    doc,
    y,
    { heading: p.billTo, lines: [school.name, ...[school.address, school.county].filter((x): x is string => !!x), ...(school.email ? [school.email] : [])] },
    [
      [p.invoiceNumber, inv.number],
      [p.term, inv.termLabel],
      [p.snapshot, formatDay(inv.snapshotDate)],
      [p.issuedOn, formatDay(inv.issuedOn)],
      [p.dueOn, formatDay(inv.dueOn)],
      [p.status, PLATFORM_INVOICE_STATUS_LABELS[inv.status] ?? inv.status],
    ],
  );
  y = drawTable(
    doc,
    [
      { header: p.description, width: 50, value: (l) => l.description },
      { header: p.quantity, width: 10, align: 'right', value: (l) => l.quantity.toLocaleString('en-KE') },
      { header: p.unit, width: 18, align: 'right', value: (l) => formatKes(l.unitCents) },
      { header: p.amount, width: 18, align: 'right', value: (l) => formatKes(l.amountCents) },
    ],
    inv.lines,
    { y },
  );
  y = drawTotals(doc, y, [
    { label: p.subtotal, value: formatKesLabel(inv.subtotalCents - inv.discountCents) },
    { label: p.vat(vatPercentLabel(inv.vatRateBps)), value: formatKesLabel(inv.vatCents) },
    { label: p.total, value: formatKesLabel(inv.totalCents), strong: true },
    { label: p.paid, value: formatKesLabel(inv.paidCents) },
    ...(inv.creditedCents ? [{ label: p.credited, value: formatKesLabel(inv.creditedCents) }] : []),
    { label: p.balance, value: formatKesLabel(inv.balanceCents), strong: true },
  ]);
  if (inv.status !== 'void' && inv.balanceCents > 0) howToPay(doc, y, paybill, inv.number, company);
  return renderPdf(doc, { footerNote: [company.name, company.kraPin ? `${p.kraPin} ${company.kraPin}` : null].filter(Boolean).join(' · ') });
}

/** The payment receipt PDF. */
export async function receiptPdf(pay: PlatformPayment, invoice: { number: string; termLabel: string; balanceCents: number }, company: CompanyDetails): Promise<Buffer> {
  const doc = createDocument({ title: `${p.receiptTitle} ${pay.receiptNumber}` });
  let y = drawLetterhead(doc, letterheadOf(company), { title: p.receiptTitle, lines: companyLines(company) });
  y = drawPairs(doc, y, { heading: p.receivedFrom, lines: [pay.schoolName] }, [
    [p.receiptNumber, pay.receiptNumber],
    [p.forInvoice, `${invoice.number} (${invoice.termLabel})`],
    [p.method, PLATFORM_PAYMENT_METHOD_LABELS[pay.method] ?? pay.method],
    [p.reference, pay.reference],
    [p.paidAt, formatDay(schoolToday(new Date(pay.paidAt)))],
  ]);
  y = drawTotals(doc, y, [
    { label: p.amountReceived, value: formatKesLabel(pay.amountCents), strong: true },
    { label: p.balanceAfter, value: formatKesLabel(invoice.balanceCents) },
  ]);
  const box = contentBox(doc);
  doc.font('Helvetica-Oblique').fontSize(10).fillColor(PDF_COLORS.muted).text(p.thanks, box.left, y + 6, { width: box.width, align: 'center' });
  return renderPdf(doc, { footerNote: company.name });
}

/** The billing statement across schools (invoices, payments, credit notes in the period) as PDF. */
export async function statementPdf(st: BillingStatement, company: CompanyDetails): Promise<Buffer> {
  const doc = createDocument({ title: `${p.statementTitle} ${st.from} – ${st.to}`, layout: 'landscape' });
  const head = () => drawLetterhead(doc, letterheadOf(company), { compact: true, title: p.statementTitle });
  let y = drawLetterhead(doc, letterheadOf(company), { title: p.statementTitle, lines: [p.statementPeriod(formatDay(st.from), formatDay(st.to)), ...companyLines(company)] });
  const heading = (text: string) => {
    const box = contentBox(doc);
    if (y + 60 > box.bottom) {
      doc.addPage();
      y = head();
    }
    doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_COLORS.brand).text(text, box.left, y);
    y = doc.y + 4;
  };
  heading(`${p.invoicesHeading} (${st.invoices.length})`);
  y = drawTable(
    doc,
    [
      { header: p.invoiceNumber, width: 14, value: (i) => i.number },
      { header: p.school, width: 24, value: (i) => i.schoolName },
      { header: p.term, width: 14, value: (i) => i.termLabel },
      { header: p.issuedOn, width: 11, value: (i) => formatDay(i.issuedOn) },
      { header: p.status, width: 10, value: (i) => PLATFORM_INVOICE_STATUS_LABELS[i.status] ?? i.status },
      { header: p.total, width: 12, align: 'right', value: (i) => formatKes(i.totalCents) },
      { header: p.paid, width: 12, align: 'right', value: (i) => formatKes(i.paidCents) },
      { header: p.balance, width: 12, align: 'right', value: (i) => formatKes(i.balanceCents) },
    ],
    st.invoices,
    { y, onNewPage: head, emptyText: p.none },
  );
  heading(`${p.paymentsHeading} (${st.payments.length})`);
  y = drawTable(
    doc,
    [
      { header: p.receiptNumber, width: 16, value: (x) => x.receiptNumber },
      { header: p.school, width: 24, value: (x) => x.schoolName },
      { header: p.forInvoice, width: 14, value: (x) => x.invoiceNumber },
      { header: p.date, width: 11, value: (x) => formatDay(schoolToday(new Date(x.paidAt))) },
      { header: p.method, width: 9, value: (x) => PLATFORM_PAYMENT_METHOD_LABELS[x.method] ?? x.method },
      { header: p.reference, width: 14, value: (x) => x.reference },
      { header: p.amount, width: 12, align: 'right', value: (x) => formatKes(x.amountCents) },
    ],
    st.payments,
    { y, onNewPage: head, emptyText: p.none },
  );
  heading(`${p.creditNotesHeading} (${st.creditNotes.length})`);
  y = drawTable(
    doc,
    [
      { header: p.invoiceNumber, width: 14, value: (x) => x.number },
      { header: p.school, width: 24, value: (x) => x.schoolName },
      { header: p.forInvoice, width: 14, value: (x) => x.invoiceNumber },
      { header: p.date, width: 11, value: (x) => formatDay(schoolToday(new Date(x.createdAt))) },
      { header: p.description, width: 25, value: (x) => x.reason },
      { header: p.amount, width: 12, align: 'right', value: (x) => formatKes(x.amountCents) },
    ],
    st.creditNotes,
    { y, onNewPage: head, emptyText: p.none },
  );
  drawTotals(doc, y, [
    { label: p.total, value: formatKesLabel(st.totals.invoicedCents) },
    { label: p.paid, value: formatKesLabel(st.totals.paidCents) },
    { label: p.credited, value: formatKesLabel(st.totals.creditedCents) },
  ]);
  return renderPdf(doc, { footerNote: company.name });
}

interface StatementRow {
  date: string;
  kind: string;
  number: string;
  school: string;
  detail: string;
  debitCents: number | null;
  creditCents: number | null;
}

/** The billing statement as one Excel sheet, in date order: invoices (debits), payments and credit notes (credits). */
export function statementXlsx(st: BillingStatement): Promise<Buffer> {
  const rows: StatementRow[] = [
    ...st.invoices.map((i) => ({ date: i.issuedOn ?? '', kind: bm.sheet.invoices, number: i.number, school: i.schoolName, detail: i.termLabel, debitCents: i.totalCents, creditCents: null })),
    ...st.payments.map((x) => ({ date: schoolToday(new Date(x.paidAt)), kind: bm.sheet.payments, number: x.receiptNumber, school: x.schoolName, detail: `${x.invoiceNumber} · ${PLATFORM_PAYMENT_METHOD_LABELS[x.method]} ${x.reference}`, debitCents: null, creditCents: x.amountCents })),
    ...st.creditNotes.map((x) => ({ date: schoolToday(new Date(x.createdAt)), kind: bm.sheet.creditNotes, number: x.number, school: x.schoolName, detail: `${x.invoiceNumber} · ${x.reason}`, debitCents: null, creditCents: x.amountCents })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number));
  const columns: ExportColumn<StatementRow>[] = [
    { header: p.date, value: (r) => r.date, width: 12 },
    { header: 'Type', value: (r) => r.kind, width: 14 },
    { header: 'Number', value: (r) => r.number, width: 18 },
    { header: p.school, value: (r) => r.school, width: 30 },
    { header: 'Detail', value: (r) => r.detail, width: 40 },
    { header: 'Invoiced (KES)', value: (r) => (r.debitCents === null ? null : r.debitCents / 100), width: 16 },
    { header: 'Received or credited (KES)', value: (r) => (r.creditCents === null ? null : r.creditCents / 100), width: 22 },
  ];
  return toXlsx('Billing statement', columns, rows);
}
