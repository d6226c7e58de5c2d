import type { Invoice, Payment, Statement } from '../../../shared/contracts/fees.js';
import { feesMessages } from '../../../shared/messages/fees.js';
import { feeDocumentsMessages as fm } from '../../../shared/messages/pdf-documents.js';
import { voteHeadsMessages } from '../../../shared/messages/vote-heads.js';
import { formatKes, kesInWords } from '../../../shared/money.js';
import { contentBox, createDocument, displayPhone, drawLetterhead, drawTable, formatDay, PDF_COLORS, renderPdf, type Letterhead } from '../../lib/pdf.js';
import type { FeeLearner } from './fees.repository.js';

/**
 * Fee documents as PDF (issue 11 §2): receipts, statements and invoices, on the school's letterhead
 * with page numbers (lib/pdf.ts). Amounts are KES with thousands separators. Every word comes from the
 * catalogue (messages/pdf-documents.ts), so a document is in the language of its request.
 */

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
  const doc = createDocument({ title: fm.receiptTitle(payment.receiptNumber ?? '').trim() });
  let y = drawLetterhead(doc, school, { title: fm.officialReceipt, lines: [fm.receiptNo(payment.receiptNumber ?? '')] });
  const box = contentBox(doc);
  y = details(
    doc,
    [
      [fm.datePaid, formatDay(payment.paidAt)],
      [fm.receivedFor, `${learner.name} (${learner.admissionNumber})`],
      [fm.class, learner.className ?? ''],
      [fm.receivedFrom, [payment.payerName, displayPhone(payment.payerPhone)].filter(Boolean).join(', ')],
      [fm.method, fm.methods[payment.method] ?? payment.method],
      [fm.reference, payment.reference ?? ''],
      [fm.recordedBy, payment.recordedBy ?? (payment.source === 'manual' ? '' : fm.mpesaAutomatic)],
    ],
    y + 6,
  );
  y += 8;
  doc.roundedRect(box.left, y, box.width, 56, 6).fillAndStroke('#ecfdf5', '#a7f3d0');
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text(fm.amountReceived, box.left + 14, y + 10);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(PDF_COLORS.brand).text(kes(payment.amount), box.left + 14, y + 24);
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text(fm.balanceAfter, box.left + box.width / 2, y + 10, { width: box.width / 2 - 14, align: 'right' });
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
    doc.font('Helvetica-Bold').fontSize(44).fillColor(PDF_COLORS.danger).opacity(0.35).text(fm.reversed, box.left, y - 90, { width: box.width, align: 'center' });
    doc.restore();
    doc.opacity(1);
    y = details(doc, [[fm.reversedOn, formatDay(opts.reversal.paidAt)], [fm.reason, opts.reversal.reason ?? '']], y);
  }
  doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted).text(fm.receiptNote, box.left, y + 10, { width: box.width });
  return renderPdf(doc, { footerNote: school.name });
}

/** A statement of account for a date range: opening balance, entries with the running balance, closing balance. */
export async function statementPdf(school: Letterhead, learner: FeeLearner, s: Statement): Promise<Buffer> {
  const doc = createDocument({ title: fm.statementTitle(learner.admissionNumber) });
  const y = drawLetterhead(doc, school, {
    title: fm.feeStatement,
    lines: [`${learner.name} · ${learner.admissionNumber}${learner.className ? ` · ${learner.className}` : ''}`, fm.dateRange(formatDay(s.from), formatDay(s.to))],
  });
  const rows = [{ date: s.from, description: fm.openingBalance, reference: null, debit: 0, credit: 0, balance: s.openingBalance, opening: true }, ...s.entries.map((e) => ({ ...e, opening: false }))];
  drawTable(
    doc,
    [
      { header: fm.date, width: 12, value: (r) => formatDay(r.date) },
      { header: fm.description, width: 34, value: (r) => r.description },
      { header: fm.reference, width: 14, value: (r) => r.reference },
      { header: fm.debit, width: 13, align: 'right', value: (r) => (r.debit ? formatKes(Math.round(r.debit * 100)) : '') },
      { header: fm.credit, width: 13, align: 'right', value: (r) => (r.credit ? formatKes(Math.round(r.credit * 100)) : '') },
      { header: fm.balance, width: 14, align: 'right', value: (r) => formatKes(Math.round(r.balance * 100)) },
    ],
    rows,
    { y: y + 4, onNewPage: (d) => drawLetterhead(d, school, { compact: true, title: fm.statementTitle(learner.admissionNumber) }) },
  );
  const box = contentBox(doc);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_COLORS.text);
  const closing = s.closingBalance > 0 ? fm.balanceOwed(kes(s.closingBalance)) : s.closingBalance < 0 ? fm.inCredit(kes(-s.closingBalance)) : fm.cleared;
  doc.text(closing, box.left, doc.y + 4, { width: box.width, align: 'right' });
  return renderPdf(doc, { footerNote: school.name });
}

/** An invoice: its lines, total, what has been paid against it and what is left. */
export async function invoicePdf(school: Letterhead, learner: FeeLearner, inv: Invoice, opts: { paybill: string | null; broughtForward: number }): Promise<Buffer> {
  const doc = createDocument({ title: fm.invoiceTitle(inv.invoiceNumber) });
  let y = drawLetterhead(doc, school, { title: fm.feeInvoice, lines: [fm.invoiceNo(inv.invoiceNumber, inv.status === 'cancelled')] });
  y = details(
    doc,
    [
      [fm.learner, `${learner.name} (${learner.admissionNumber})`],
      [fm.class, inv.className ?? learner.className ?? ''],
      [fm.term, inv.termName],
      [fm.issued, formatDay(inv.issuedOn)],
      [fm.due, formatDay(inv.dueOn)],
    ],
    y + 6,
  );
  const lines = inv.lines ?? [];
  drawTable(
    doc,
    [
      { header: fm.item, width: 70, value: (r) => r.name },
      { header: fm.amount, width: 30, align: 'right', value: (r) => formatKes(Math.round(r.amount * 100)) },
    ],
    [...lines, { name: fm.total, category: '', amount: inv.total }, ...(inv.adjusted ? [{ name: fm.lessAdjustments, category: '', amount: -inv.adjusted }] : []), { name: fm.paid, category: '', amount: -inv.paid }, { name: fm.balanceDue, category: '', amount: inv.balance }],
    { y: y + 6 },
  );
  const box = contentBox(doc);
  if (opts.broughtForward !== 0 && inv.status !== 'cancelled') {
    const bf = opts.broughtForward;
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
    doc.text(bf > 0 ? fm.arrearsBroughtForward(kes(Math.abs(bf))) : fm.creditBroughtForward(kes(Math.abs(bf))), box.left, doc.y + 4, { width: box.width, align: 'right' });
    doc.font('Helvetica-Bold').text((bf > 0 ? fm.totalDueWithArrears : fm.totalDueWithCredit)(kes(Math.max(inv.total - inv.adjusted + bf, 0))), box.left, doc.y + 2, { width: box.width, align: 'right' });
  }
  if (opts.paybill) {
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_COLORS.muted).text(fm.payByMpesa(opts.paybill, learner.admissionNumber), box.left, doc.y + 10, { width: box.width });
  }
  return renderPdf(doc, { footerNote: school.name });
}
