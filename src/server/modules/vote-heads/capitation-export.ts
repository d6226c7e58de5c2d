import ExcelJS from 'exceljs';
import type { CapitationResponse } from '../../../shared/contracts/capitation.js';
import { CAPITATION_BAND_LABELS, capitationMessages } from '../../../shared/messages/capitation.js';
import { formatDay as formatInstantDay } from '../../../shared/dates.js';
import { formatKes } from '../../../shared/money.js';
import type { Tx } from '../../db/tenant.js';
import { createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, PDF_COLORS, renderPdf, type TableColumn } from '../../lib/pdf.js';
import { addSheetRow } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';

/**
 * The capitation report as documents (issue 35 §3 "the shortfall per term and vote head ... in a
 * report"), built as the financial reports build theirs (lib/pdf.ts, exceljs): an A4 landscape PDF with
 * the school's letterhead (terms, by vote head, rates, grants), or a workbook with a Summary sheet and a
 * sheet each for terms, vote heads, rates and grants (money as numbers, KES with two decimals).
 */

const r = capitationMessages.report;
const c = capitationMessages.card;
const d = capitationMessages.doc;
const money = (kes: number) => formatKes(Math.round(kes * 100));
const learnersOf = (t: CapitationResponse['terms'][number]) => t.learners.primary + t.learners.junior + t.learners.senior;

type Row = (string | number)[];

function tables(p: CapitationResponse) {
  const terms: Row[] = p.terms.map((t) => [t.termName, t.countOn, learnersOf(t), `${t.share}%`, t.expected, t.received, t.shortfall, t.excess]);
  const heads: Row[] = p.terms.flatMap((t) => t.byVoteHead.map((v) => [t.termName, v.voteHead, v.expected, v.received, Math.max(0, Math.round((v.expected - v.received) * 100) / 100)]));
  const rates: Row[] = p.rates.map((x) => [CAPITATION_BAND_LABELS[x.band] ?? x.band, x.voteHead, x.annual]);
  // A voided grant is listed for the record with why; it is in none of the totals (the position leaves it out).
  const noteOf = (g: CapitationResponse['terms'][number]['receipts'][number]) =>
    [g.voidedAt ? d.voided(formatInstantDay(g.voidedAt), g.voidReason ?? '') : null, g.notes].filter(Boolean).join(' · ');
  const grants: Row[] = p.terms.flatMap((t) => t.receipts.map((g) => [t.termName, g.receivedOn, g.reference, g.amount, noteOf(g)]));
  return { terms, heads, rates, grants };
}

/** The report as a workbook. */
export async function capitationXlsx(p: CapitationResponse): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const s = wb.addWorksheet(d.summarySheet);
  s.columns = [{ width: 34 }, { width: 22 }];
  s.addRow([d.title(p.year)]).font = { bold: true, size: 14 };
  s.addRow([r.shares(p.termShares)]);
  s.addRow([d.generated]);
  s.addRow([]);
  for (const [label, value] of [
    [d.expected, p.totals.expected],
    [d.received, p.totals.received],
    [d.shortfall, p.totals.shortfall],
    [d.excess, p.totals.excess],
  ] as const) {
    const row = s.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).numFmt = '#,##0.00';
  }
  const t = tables(p);
  const sheet = (name: string, headers: { h: string; money?: boolean; w?: number }[], rows: Row[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = headers.map((x) => ({ header: x.h, width: x.w ?? 18, style: x.money ? { numFmt: '#,##0.00' } : undefined }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) addSheetRow(ws, row);
  };
  sheet(d.termsSheet, [{ h: r.term }, { h: r.countedOn }, { h: r.learners }, { h: r.share }, { h: d.expected, money: true }, { h: d.received, money: true }, { h: d.shortfall, money: true }, { h: d.excess, money: true }], t.terms);
  sheet(d.voteHeadsSheet, [{ h: r.term }, { h: c.voteHead, w: 30 }, { h: d.expected, money: true }, { h: d.received, money: true }, { h: d.shortfall, money: true }], t.heads);
  sheet(d.ratesSheet, [{ h: r.band, w: 30 }, { h: c.voteHead, w: 30 }, { h: d.annual, money: true, w: 24 }], t.rates);
  sheet(d.receiptsSheet, [{ h: r.term }, { h: r.receivedOn }, { h: r.reference, w: 24 }, { h: r.amount, money: true }, { h: d.notes, w: 40 }], t.grants);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The report as an A4 landscape PDF with the school's letterhead. */
export async function capitationPdf(tx: Tx, storage: FileStorage, schoolId: string, p: CapitationResponse): Promise<Buffer> {
  const school = await loadLetterhead(tx, storage, schoolId);
  const doc = createDocument({ title: d.title(p.year), layout: 'landscape' });
  const onNewPage = (x: PDFKit.PDFDocument) => drawLetterhead(x, school, { compact: true, title: d.title(p.year) });
  let y = drawLetterhead(doc, school, {
    title: d.title(p.year),
    lines: [r.shares(p.termShares), `${c.expected} ${money(p.totals.expected)} · ${c.received} ${money(p.totals.received)} · ${c.shortfall} ${money(p.totals.shortfall)}`],
  });
  const t = tables(p);
  const section = (title: string, columns: TableColumn<Row>[], rows: Row[]) => {
    if (y + 70 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = onNewPage(doc);
    }
    doc.font('Helvetica-Bold').fontSize(11.5).fillColor(PDF_COLORS.brand).text(title, doc.page.margins.left, y);
    y = drawTable(doc, columns, rows, { y: doc.y + 4, fontSize: 8.5, emptyText: rows === t.grants ? r.noReceipts : r.noTerms, onNewPage }) + 4;
  };
  const col = (header: string, width: number, i: number, kind: 'text' | 'money' | 'date' = 'text'): TableColumn<Row> => ({
    header,
    width,
    align: kind === 'money' ? 'right' : 'left',
    value: (row) => (kind === 'money' ? money(Number(row[i])) : kind === 'date' ? formatDay(String(row[i])) : row[i]),
  });
  section(r.terms, [col(r.term, 4, 0), col(r.countedOn, 3, 1, 'date'), col(r.learners, 2, 2), col(r.share, 2, 3), col(c.expected, 4, 4, 'money'), col(c.received, 4, 5, 'money'), col(c.shortfall, 4, 6, 'money'), col(c.excess, 4, 7, 'money')], t.terms);
  section(c.byVoteHead, [col(r.term, 3, 0), col(c.voteHead, 5, 1), col(c.expected, 3, 2, 'money'), col(c.received, 3, 3, 'money'), col(c.shortfall, 3, 4, 'money')], t.heads);
  section(r.rates, [col(r.band, 5, 0), col(c.voteHead, 5, 1), col(d.annual, 4, 2, 'money')], t.rates);
  section(r.receipts, [col(r.term, 3, 0), col(r.receivedOn, 3, 1, 'date'), col(r.reference, 4, 2), col(r.amount, 3, 3, 'money'), col(d.notes, 6, 4)], t.grants);
  return renderPdf(doc, { footerNote: school.name });
}
