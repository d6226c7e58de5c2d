import { createHash } from 'node:crypto';
import { BANK_DATE_FORMATS, type BankDateFormat, type BankMapping, type StatementColumns } from '../../../shared/contracts/bank-statements.js';
import { bankStatementMessages } from '../../../shared/messages/bank-statements.js';
import { isCalendarDate } from '../../../shared/contracts/learners.js';
import { AppError, badRequest } from '../../errors.js';
import { readCsv, readXlsx } from '../learner-files/index.js';

/**
 * Reading a bank statement as Kenyan banks export it (issue 35 §4; decision 0029): CSV (csv-parse, the
 * delimiter detected) or the first sheet of an .xlsx workbook (exceljs), with the bank's title rows
 * (bank name, account, period) above the header row. The header row is the first of the first 30 rows
 * holding every mapped column (or, to suggest a mapping, the first with three or more filled cells).
 * Rows are numbered as a spreadsheet numbers them (row 1 is the file's first row).
 */

const m = bankStatementMessages.api;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How far down the header row may be (title rows above it). */
const HEADER_SEARCH_ROWS = 30;
/** The most lines one statement may hold (a busy school's year of deposits fits). */
export const MAX_STATEMENT_LINES = 20_000;

type Cell = string | number | boolean | Date | null;

/** A deposit (credit) line read from the file. */
export interface StatementLine {
  row: number;
  date: string;
  reference: string;
  narration: string;
  amountCents: number;
}

/** The cells of the file, row by row (400 for an unreadable file). */
export async function readTable(buffer: Buffer, contentType: string): Promise<Cell[][]> {
  return contentType === XLSX ? readXlsx(buffer) : readCsv(buffer);
}

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A cell as trimmed text (real Excel dates as YYYY-MM-DD; non-breaking spaces as spaces). */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : new Date(Math.round(cell.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return cell.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
}

const headerKey = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date of the statement as YYYY-MM-DD in `format`, or null when the text does not fit it. A real
 * Excel date (or a date serial number in the date column) fits every format: it carries no layout.
 */
export function parseStatementDate(cell: Cell | undefined, format: BankDateFormat): string | null {
  if (cell instanceof Date) return cellText(cell) || null;
  if (typeof cell === 'number') return cell > 20_000 && cell < 2_958_466 ? new Date(EXCEL_EPOCH_MS + Math.round(cell) * DAY_MS).toISOString().slice(0, 10) : null;
  // Some exports add a time ("15/01/2026 10:32:11"): the day is what counts.
  const text = cellText(cell).replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\s?[AP]M)?$/i, '');
  let y: number, mo: number, d: number;
  let match: RegExpExecArray | null;
  switch (format) {
    case 'DD/MM/YYYY':
    case 'DD-MM-YYYY':
    case 'DD.MM.YYYY': {
      const sep = format[2]!.replace('.', '\\.');
      match = new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4})$`).exec(text);
      if (!match) return null;
      [d, mo, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
      break;
    }
    case 'DD/MM/YY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(text);
      if (!match) return null;
      [d, mo, y] = [Number(match[1]), Number(match[2]), 2000 + Number(match[3])];
      break;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      if (!match) return null;
      [mo, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
      break;
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
      if (!match) return null;
      [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
      break;
    case 'DD-MMM-YYYY':
    case 'DD MMM YYYY': {
      match = (format === 'DD-MMM-YYYY' ? /^(\d{1,2})-([A-Za-z]{3,9})-(\d{2}|\d{4})$/ : /^(\d{1,2}) ([A-Za-z]{3,9}),? (\d{2}|\d{4})$/).exec(text);
      if (!match) return null;
      const month = MONTHS.indexOf(match[2]!.slice(0, 3).toUpperCase());
      if (month < 0) return null;
      [d, mo, y] = [Number(match[1]), month + 1, match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3])];
      break;
    }
  }
  const iso = `${y}-${pad(mo)}-${pad(d)}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * Integer cents of an amount as banks write it ("1,234.00", "KES 1,234.00", "1234.5 CR", "(500.00)",
 * "-500.00", a number cell), or null when the text is no amount; '' (blank) is 0.
 */
export function parseStatementAmount(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : null;
  let text = cellText(cell).toUpperCase().replace(/^KES\s*|^KSH\.?\s*|\s*KES$/g, '');
  if (!text || text === '-') return 0;
  let sign = 1;
  if (/^\(.*\)$/.test(text)) [sign, text] = [-1, text.slice(1, -1)];
  if (/\s*DR$/.test(text)) [sign, text] = [-1, text.replace(/\s*DR$/, '')];
  text = text.replace(/\s*CR$/, '').replace(/,/g, '').replace(/\s/g, '');
  if (text.startsWith('-')) [sign, text] = [-sign, text.slice(1)];
  if (text.startsWith('+')) text = text.slice(1);
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return sign * (Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

/** The header row index (0-based) holding every mapped column, or the best candidate and the columns it lacks. */
function findHeader(table: Cell[][], mapping: BankMapping): { index: number; missing: string[] } {
  const wanted = [mapping.date, mapping.reference, mapping.narration, mapping.amount];
  let best = { index: -1, missing: wanted, filled: 0 };
  for (let i = 0; i < Math.min(table.length, HEADER_SEARCH_ROWS); i++) {
    const keys = new Set((table[i] ?? []).map((c) => headerKey(cellText(c))).filter(Boolean));
    const missing = wanted.filter((w) => !keys.has(headerKey(w)));
    if (!missing.length) return { index: i, missing: [] };
    if (keys.size >= 3 && (best.index < 0 || missing.length < best.missing.length)) best = { index: i, missing, filled: keys.size };
  }
  return { index: best.index, missing: [...new Set(best.missing)] };
}

/** A reference for a line the bank gave none: the same line always gets the same one (dedupe still works). */
function derivedReference(date: string, amountCents: number, narration: string): string {
  return `NOREF-${createHash('sha256').update(`${date}|${amountCents}|${narration.toUpperCase()}`).digest('hex').slice(0, 12).toUpperCase()}`;
}

/**
 * The deposit lines of a statement under `mapping`. Only money in counts: with amountKind 'credit' a
 * line whose amount cell is blank or 0 is not a deposit; with 'signed' a negative amount is money out.
 * Rows with no date (opening and closing balances, totals, blank rows) are skipped. 400 naming the
 * columns for a mapped column the file lacks; 400 naming the row and the value for a date the format
 * does not fit, a date after `today`, or an amount that is no amount. Nothing is read further.
 */
export function statementLines(table: Cell[][], mapping: BankMapping, today: string): { lines: StatementLine[]; skipped: number } {
  const header = findHeader(table, mapping);
  if (header.missing.length) throw new AppError(400, 'UNKNOWN_COLUMNS', m.unknownColumns(header.missing), { fields: { mapping: m.unknownColumns(header.missing) } });
  const headerCells = (table[header.index] ?? []).map((c) => headerKey(cellText(c)));
  const col = (name: string) => headerCells.indexOf(headerKey(name));
  const at = { date: col(mapping.date), reference: col(mapping.reference), narration: col(mapping.narration), amount: col(mapping.amount) };
  const lines: StatementLine[] = [];
  let skipped = 0;
  for (let i = header.index + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    const row = i + 1;
    const rawDate = cells[at.date];
    const dateText = cellText(rawDate);
    if (!dateText) {
      if (cells.some((c) => cellText(c))) skipped++;
      continue;
    }
    const date = parseStatementDate(rawDate, mapping.dateFormat);
    if (!date) throw badRequest(m.dateMismatch(row, dateText, mapping.dateFormat), { file: m.dateMismatch(row, dateText, mapping.dateFormat) });
    if (date > today) throw badRequest(m.dateInFuture(row, dateText), { file: m.dateInFuture(row, dateText) });
    const amountText = cellText(cells[at.amount]);
    const cents = parseStatementAmount(cells[at.amount]);
    if (cents === null) throw badRequest(m.amountInvalid(row, amountText), { file: m.amountInvalid(row, amountText) });
    if (cents <= 0) {
      skipped++;
      continue;
    }
    if (lines.length >= MAX_STATEMENT_LINES) throw badRequest(m.tooManyLines(MAX_STATEMENT_LINES));
    const narration = cellText(cells[at.narration]).slice(0, 500);
    const reference = cellText(cells[at.reference]).slice(0, 100) || derivedReference(date, cents, narration);
    lines.push({ row, date, reference, narration, amountCents: cents });
  }
  if (!lines.length && !skipped) throw badRequest(m.noLines);
  return { lines, skipped };
}

const GUESSES: Record<'date' | 'reference' | 'narration' | 'amount', RegExp[]> = {
  date: [/^(transaction|txn|trans|posting|tran)\.? ?date$/i, /^date$/i, /date/i],
  reference: [/ref/i, /cheque/i, /chq/i, /document/i],
  narration: [/narrat/i, /descr/i, /details/i, /particular/i, /remark/i],
  amount: [/^credit/i, /money in/i, /^cr\b/i, /deposit/i, /^amount$/i, /amount/i],
};

/**
 * POST /api/fees/bank-statements/columns: the header row (the first of the first 30 rows with three or
 * more filled cells), the five rows under it and a guessed mapping (headers named like Kenyan banks'
 * exports; the date format that fits the first dates). 400 when no header row is found.
 */
export function statementColumns(table: Cell[][]): StatementColumns {
  let index = -1;
  for (let i = 0; i < Math.min(table.length, HEADER_SEARCH_ROWS); i++) {
    const filled = (table[i] ?? []).filter((c) => cellText(c)).length;
    if (filled >= 3) {
      index = i;
      break;
    }
  }
  if (index < 0) throw badRequest(m.noHeader);
  const headers = (table[index] ?? []).map((c) => cellText(c));
  const named = headers.filter(Boolean);
  const guess = (field: keyof typeof GUESSES): string | null => {
    for (const re of GUESSES[field]) {
      const hit = named.find((h) => re.test(h));
      if (hit) return hit;
    }
    return null;
  };
  const date = guess('date');
  const amount = guess('amount');
  const rows = table.slice(index + 1, index + 6).map((r) => headers.map((_, c) => cellText(r?.[c])));
  let dateFormat: StatementColumns['suggested']['dateFormat'] = null;
  if (date) {
    const at = headers.indexOf(date);
    const samples = table
      .slice(index + 1, index + 30)
      .map((r) => r?.[at])
      .filter((c) => cellText(c));
    dateFormat = BANK_DATE_FORMATS.find((f) => samples.length > 0 && samples.every((c) => parseStatementDate(c, f))) ?? null;
  }
  const amountKind = amount && /^amount$/i.test(amount) ? 'signed' : 'credit';
  return { headers, headerRow: index + 1, rows, suggested: { date, reference: guess('reference'), narration: guess('narration'), amount, amountKind, dateFormat } };
}
