import type { Invoice, Payment, Statement } from '../../../shared/contracts/fees.js';
import { feesMessages } from '../../../shared/messages/fees.js';
import { voteHeadsMessages } from '../../../shared/messages/vote-heads.js';
import { formatKes, kesInWords } from '../../../shared/money.js';
import { contentBox, createDocument, displayPhone, drawLetterhead, drawTable, formatDay, PDF_COLORS, renderPdf, type Letterhead } from '../../lib/pdf.js';
import type { FeeLearner } from './fees.repository.js';

/**
 * Fee documents as PDF (issue 11 §2): receipts, statements and invoices, on the school's letterhead
 * with page numbers (lib/pdf.ts). Amounts are KES with thousands separators.
 */

const METHOD_LABELS: Record<string, string> = { cash: 'Cash', bank_deposit: 'Bank deposit', cheque: 'Cheque', mpesa: 'M-Pesa', bank_transfer: 'Bank transfer' };

/** "KES 12,345.00" from a KES number. */
function kes(amount: number): string {
  return amount < 0 ? `-KES ${formatKes(Math.round(-amount * 100))}` : `KES ${formatKes(Math.round(amount * 100))}`;
}

type Doc = PDFKit.PDFDocument;

/** Label/value pairs in two columns. */
function details(doc: Doc, rows: [string, string][], y: number): number {
  const box = contentBox(doc);
  const labelWidth = 130;
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted).text(label, box.left, y, { width: labelWidth });
    doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_COLORS.text).text(value || '—', box.left + labelWidth, y, { width: box.width - labelWidth });
    y = Math.max(doc.y, y + 14) + 4;
  }
  return y;
}

/**
 * An official receipt: receipt number, date, learner, the payer (phone as Kenyans write it, 0722 334 455),
 * amount in figures and in words, method and reference, the balance after it, who recorded it. A
 * reversed payment carries a REVERSED stamp and the reason. Issue 35 §3: the split of the payment over
 * vote heads (the Ministry asks every receipt to show it), one row per vote head.
 */
export async function receiptPdf(school: Letterhead, learner: FeeLearner, payment: Payment, opts: { balance: number; reversal?: Payment | null }): Promise<Buffer> {
  const doc = createDocument({ title: `Receipt ${payment.receiptNumber ?? ''}`.trim() });
  let y = drawLetterhead(doc, school, { title: 'Official Receipt', lines: [`Receipt No. ${payment.receiptNumber ?? ''}`] });
  const box = contentBox(doc);
  y = details(
    doc,
    [
      ['Date paid', formatDay(payment.paidAt)],
      ['Received for', `${learner.name} (${learner.admissionNumber})`],
      ['Class', learner.className ?? ''],
      ['Received from', [payment.payerName, displayPhone(payment.payerPhone)].filter(Boolean).join(', ')],
      ['Method', METHOD_LABELS[payment.method] ?? payment.method],
      ['Reference', payment.reference ?? ''],
      ['Recorded by', payment.recordedBy ?? (payment.source === 'manual' ? '' : 'M-Pesa (automatic)')],
    ],
    y + 6,
  );
  y += 8;
  doc.roundedRect(box.left, y, box.width, 56, 6).fillAndStroke('#ecfdf5', '#a7f3d0');
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('Amount received', box.left + 14, y + 10);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(PDF_COLORS.brand).text(kes(payment.amount), box.left + 14, y + 24);
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('Fee balance after this payment', box.left + box.width / 2, y + 10, { width: box.width / 2 - 14, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(PDF_COLORS.text).text(kes(opts.balance), box.left + box.width / 2, y + 26, { width: box.width / 2 - 14, align: 'right' });
  y += 64;
  doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted).text(`${feesMessages.amountInWords}: `, box.left, y, { continued: true });
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(PDF_COLORS.text).text(kesInWords(Math.round(Math.abs(payment.amount) * 100)), { width: box.width });
  y = doc.y + 10;
  if (payment.allocations.length > 0) {
    const vh = voteHeadsMessages.receipt;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_COLORS.text).text(vh.heading, box.left, y);
    y = drawTable(
      doc,
      [
        { header: vh.voteHead, width: 70, value: (r) => r.voteHead },
        { header: vh.amount, width: 30, align: 'right', value: (r) => formatKes(Math.round(r.amount * 100)) },
      ],
      payment.allocations,
      { y: doc.y + 4, fontSize: 9 },
    );
    y += 10;
  }
  if (opts.reversal) {
    doc.save();
    doc.rotate(-18, { origin: [box.left + box.width / 2, y - 60] });
    doc.font('Helvetica-Bold').fontSize(44).fillColor(PDF_COLORS.danger).opacity(0.35).text('REVERSED', box.left, y - 90, { width: box.width, align: 'center' });
    doc.restore();
    doc.opacity(1);
    y = details(doc, [['Reversed on', formatDay(opts.reversal.paidAt)], ['Reason', opts.reversal.reason ?? '']], y);
  }
  doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted).text('This receipt was issued by EduFam for the school named above. Keep it for your records.', box.left, y + 10, { width: box.width });
  return renderPdf(doc, { footerNote: school.name });
}

/** A statement of account for a date range: opening balance, entries with the running balance, closing balance. */
export async function statementPdf(school: Letterhead, learner: FeeLearner, s: Statement): Promise<Buffer> {
  const doc = createDocument({ title: `Fee statement ${learner.admissionNumber}` });
  const y = drawLetterhead(doc, school, {
    title: 'Fee Statement',
    lines: [`${learner.name} · ${learner.admissionNumber}${learner.className ? ` · ${learner.className}` : ''}`, `${formatDay(s.from)} to ${formatDay(s.to)}`],
  });
  const rows = [{ date: s.from, description: 'Opening balance', reference: null, debit: 0, credit: 0, balance: s.openingBalance, opening: true }, ...s.entries.map((e) => ({ ...e, opening: false }))];
  drawTable(
    doc,
    [
      { header: 'Date', width: 12, value: (r) => formatDay(r.date) },
      { header: 'Description', width: 34, value: (r) => r.description },
      { header: 'Reference', width: 14, value: (r) => r.reference },
      { header: 'Debit (KES)', width: 13, align: 'right', value: (r) => (r.debit ? formatKes(Math.round(r.debit * 100)) : '') },
      { header: 'Credit (KES)', width: 13, align: 'right', value: (r) => (r.credit ? formatKes(Math.round(r.credit * 100)) : '') },
      { header: 'Balance (KES)', width: 14, align: 'right', value: (r) => formatKes(Math.round(r.balance * 100)) },
    ],
    rows,
    { y: y + 4, onNewPage: (d) => drawLetterhead(d, school, { compact: true, title: `Fee statement ${learner.admissionNumber}` }) },
  );
  const box = contentBox(doc);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_COLORS.text);
  const closing = s.closingBalance > 0 ? `Balance owed: ${kes(s.closingBalance)}` : s.closingBalance < 0 ? `In credit: ${kes(-s.closingBalance)}` : 'Balance: KES 0.00 (cleared)';
  doc.text(closing, box.left, doc.y + 4, { width: box.width, align: 'right' });
  return renderPdf(doc, { footerNote: school.name });
}

/** An invoice: its lines, total, what has been paid against it and what is left. */
export async function invoicePdf(school: Letterhead, learner: FeeLearner, inv: Invoice, opts: { paybill: string | null; broughtForward: number }): Promise<Buffer> {
  const doc = createDocument({ title: `Invoice ${inv.invoiceNumber}` });
  let y = drawLetterhead(doc, school, { title: 'Fee Invoice', lines: [`Invoice No. ${inv.invoiceNumber}${inv.status === 'cancelled' ? ' (CANCELLED)' : ''}`] });
  y = details(
    doc,
    [
      ['Learner', `${learner.name} (${learner.admissionNumber})`],
      ['Class', inv.className ?? learner.className ?? ''],
      ['Term', inv.termName],
      ['Issued', formatDay(inv.issuedOn)],
      ['Due', formatDay(inv.dueOn)],
    ],
    y + 6,
  );
  const lines = inv.lines ?? [];
  drawTable(
    doc,
    [
      { header: 'Item', width: 70, value: (r) => r.name },
      { header: 'Amount (KES)', width: 30, align: 'right', value: (r) => formatKes(Math.round(r.amount * 100)) },
    ],
    [...lines, { name: 'Total', category: '', amount: inv.total }, ...(inv.adjusted ? [{ name: 'Less adjustments', category: '', amount: -inv.adjusted }] : []), { name: 'Paid', category: '', amount: -inv.paid }, { name: 'Balance due', category: '', amount: inv.balance }],
    { y: y + 6 },
  );
  const box = contentBox(doc);
  if (opts.broughtForward !== 0 && inv.status !== 'cancelled') {
    const bf = opts.broughtForward;
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
    doc.text(`${bf > 0 ? 'Arrears brought forward' : 'Credit brought forward'}: ${kes(Math.abs(bf))}`, box.left, doc.y + 4, { width: box.width, align: 'right' });
    doc.font('Helvetica-Bold').text(`Total due with ${bf > 0 ? 'arrears' : 'credit'}: ${kes(Math.max(inv.total - inv.adjusted + bf, 0))}`, box.left, doc.y + 2, { width: box.width, align: 'right' });
  }
  if (opts.paybill) {
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted).text(`Pay by M-Pesa: paybill ${opts.paybill}, account number ${learner.admissionNumber}.`, box.left, doc.y + 10, { width: box.width });
  }
  return renderPdf(doc, { footerNote: school.name });
}
