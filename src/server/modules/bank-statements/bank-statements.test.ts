import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, multipartFile, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { BankAccount, BankLine, BankMapping, ImportStatementResponse, ListBankLinesResponse, StatementColumns, UnmatchedSummary } from '../../../shared/contracts/bank-statements.js';
import type { FinancialOverview } from '../../../shared/contracts/fees.js';
import type { ListTransactionsResponse } from '../../../shared/contracts/mpesa.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { bankStatementMessages } from '../../../shared/messages/bank-statements.js';
import { demoAidMessages } from '../../../shared/messages/demo-aids.js';
import { auditLogs, bankAccounts, bankStatementImports, bankStatementLines, mpesaConfigs, payments } from '../../db/schema/index.js';

/**
 * Bank statement import (issue 35 §4, §6, "Bad input"): bank accounts, the sample statement, the mapping
 * step's columns, dry run (nothing written), commit (matched deposits posted as bank payments with
 * receipts, the mapping saved), duplicates skipped (within a file and across imports: a re-import adds 0
 * payments), a date the format does not fit and an unknown column (400, nothing written), an .xlsx file,
 * the unmatched queue (allocate, ignore), who may do what (finance officer; principal reads; teacher
 * 403) and another school's account or line (404). PGlite and PostgreSQL.
 */

const m = bankStatementMessages.api;
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const cookie: Record<string, string> = {};
let t: TestApp;
let greenhill: string;
let account: BankAccount;
let sample: string;
const { ok, fails } = apiCaller(() => t.app, cookie);

const KCB: BankMapping = { date: 'Transaction Date', reference: 'Cheque No/Reference', narration: 'Transaction Details', amount: 'Money In', amountKind: 'credit', dateFormat: 'DD/MM/YYYY' };

/** POST a statement (the `mapping` field first, as the web sends it). */
function upload(url: string, who: string, name: string, content: string | Buffer, opts: { mapping?: BankMapping | string; type?: string } = {}) {
  const boundary = '----edufam-bank-test';
  const field =
    opts.mapping === undefined
      ? Buffer.alloc(0)
      : Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${typeof opts.mapping === 'string' ? opts.mapping : JSON.stringify(opts.mapping)}\r\n`);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([field, multipartFile(boundary, name, opts.type ?? CSV, content)]),
  });
}

async function importFile(commit: boolean, content: string | Buffer, opts: { mapping?: BankMapping | string; type?: string; accountId?: string; who?: string; status?: number } = {}) {
  const res = await upload(`/api/fees/bank-statements?commit=${commit}&bankAccountId=${opts.accountId ?? account.id}`, opts.who ?? 'finance', 'statement.csv', content, opts);
  expect(res.statusCode, res.body).toBe(opts.status ?? 200);
  return res.json() as ImportStatementResponse & { error: { code: string; message: string } };
}

const counts = () =>
  system(t.database, async (tx) => ({
    imports: (await tx.select({ n: count() }).from(bankStatementImports))[0]!.n,
    lines: (await tx.select({ n: count() }).from(bankStatementLines))[0]!.n,
    payments: (await tx.select({ n: count() }).from(payments).where(eq(payments.source, 'bank_statement')))[0]!.n,
  }));

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['finance', 'principal', 'teacher', 'rsFinance']));
  account = await ok<BankAccount>('finance', 'POST', '/api/fees/bank-accounts', { name: 'Fees collection', bankName: 'KCB', accountNumber: '1100223344' }, 201);
  const res = await t.app.inject({ method: 'GET', url: '/api/fees/bank-statements/sample', headers: { cookie: cookie.finance! } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/csv/);
  sample = res.body;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('bank accounts', () => {
  it('the finance officer adds and edits accounts; a number twice is 409; principal reads only; teacher 403; another school 404', async () => {
    expect(account).toMatchObject({ name: 'Fees collection', bankName: 'KCB', accountNumber: '1100223344', mapping: null });
    await fails('finance', 'POST', '/api/fees/bank-accounts', { name: 'Again', bankName: 'KCB', accountNumber: '1100223344' }, 409);
    const e = await fails('finance', 'POST', '/api/fees/bank-accounts', { name: '', bankName: 'KCB', accountNumber: '1' }, 400);
    expect(e.message).toContain(m.nameRequired);
    const list = await ok<{ items: BankAccount[] }>('principal', 'GET', '/api/fees/bank-accounts');
    expect(list.items.map((a) => a.id)).toContain(account.id);
    await fails('principal', 'POST', '/api/fees/bank-accounts', { name: 'X', bankName: 'KCB', accountNumber: '9' }, 403);
    await fails('teacher', 'GET', '/api/fees/bank-accounts', undefined, 403);
    const other = await ok<BankAccount>('finance', 'POST', '/api/fees/bank-accounts', { name: 'Development', bankName: 'Equity', accountNumber: '0170000001' }, 201);
    const edited = await ok<BankAccount>('finance', 'PATCH', `/api/fees/bank-accounts/${other.id}`, { name: 'Development fund' });
    expect(edited.name).toBe('Development fund');
    await fails('rsFinance', 'PATCH', `/api/fees/bank-accounts/${other.id}`, { name: 'Mine' }, 404);
    expect((await ok<{ items: BankAccount[] }>('rsFinance', 'GET', '/api/fees/bank-accounts')).items.map((a) => a.id)).not.toContain(other.id);
  });
});

describe('importing a statement', () => {
  it('the sample statement: KCB-like layout; the columns step finds the header under the title rows and guesses the mapping', async () => {
    expect(sample).toContain('Transaction Date,Value Date,Transaction Details,Cheque No/Reference,Money Out,Money In,Ledger Balance');
    const res = await upload('/api/fees/bank-statements/columns', 'finance', 'sample.csv', sample);
    expect(res.statusCode, res.body).toBe(200);
    const cols = res.json() as StatementColumns;
    expect(cols.headerRow).toBe(7);
    expect(cols.suggested).toEqual({ ...KCB });
    await fails('principal', 'GET', '/api/fees/bank-statements/sample', undefined, 403);
  });

  it('the sample is a demo aid: a school whose M-Pesa is live gets 409 and no file', async () => {
    const setEnv = (environment: string) => system(t.database, (tx) => tx.update(mpesaConfigs).set({ environment }).where(eq(mpesaConfigs.schoolId, greenhill)));
    await setEnv('production');
    try {
      const refused = await fails('finance', 'GET', '/api/fees/bank-statements/sample', undefined, 409);
      expect(refused.message).toBe(demoAidMessages.liveSchool);
    } finally {
      await setEnv('simulator');
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/fees/bank-statements/sample', headers: { cookie: cookie.finance! } });
    expect(again.statusCode).toBe(200);
  });

  it('dry run: counts and each line’s outcome, and nothing written', async () => {
    const before = await counts();
    const r = await importFile(false, sample, { mapping: KCB });
    expect(r).toMatchObject({ lines: 12, matched: 10, duplicates: 0, unmatched: 2, committed: false, importId: null });
    expect(r.skipped).toBeGreaterThanOrEqual(3); // the debit, the opening and closing balances
    const byName = r.preview.filter((p) => p.matchedBy === 'name');
    expect(byName).toHaveLength(2);
    expect(r.preview.filter((p) => p.matchedBy === 'admission_number')).toHaveLength(8);
    for (const p of r.preview.filter((p) => p.outcome === 'matched')) expect(p.studentName && p.admissionNumber && p.reason).toBeTruthy();
    expect(r.preview.filter((p) => p.outcome === 'unmatched').every((p) => p.reason === m.reasons.noMatch)).toBe(true);
    expect(await counts()).toEqual(before);
    expect((await system(t.database, (tx) => tx.select().from(bankAccounts).where(eq(bankAccounts.id, account.id))))[0]!.mapping).toBeNull();
  });

  it('principal and teacher may not import (403); another school’s account is 404', async () => {
    await importFile(false, sample, { mapping: KCB, who: 'principal', status: 403 });
    await importFile(false, sample, { mapping: KCB, who: 'teacher', status: 403 });
    const e = await importFile(false, sample, { mapping: KCB, who: 'rsFinance', status: 404 });
    expect(e.error.message).toBe(m.accountNotFound);
  });

  it('commit posts the matched deposits as bank payments with receipts, saves the mapping, audits; a re-import adds nothing', async () => {
    const before = await counts();
    const r = await importFile(true, sample, { mapping: KCB });
    expect(r).toMatchObject({ lines: 12, matched: 10, duplicates: 0, unmatched: 2, committed: true });
    const matched = r.preview.filter((p) => p.outcome === 'matched');
    expect(matched.every((p) => /\S/.test(p.receiptNumber ?? ''))).toBe(true);
    const after = await counts();
    expect(after).toEqual({ imports: before.imports + 1, lines: before.lines + 12, payments: before.payments + 10 });
    const posted = await system(t.database, (tx) => tx.select().from(payments).where(eq(payments.source, 'bank_statement')));
    const first = posted.find((p) => p.reference === matched[0]!.reference)!;
    expect(first).toMatchObject({ method: 'bank_deposit', studentId: matched[0]!.studentId, amountCents: Math.round(matched[0]!.amount * 100), paidOn: matched[0]!.date, receiptNumber: matched[0]!.receiptNumber });
    const saved = await ok<{ items: BankAccount[] }>('finance', 'GET', '/api/fees/bank-accounts');
    expect(saved.items.find((a) => a.id === account.id)!.mapping).toEqual(KCB);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, bankStatementMessages.audit.imported)));
    expect(audits.some((a) => a.targetEntity === `bank_statement_import:${r.importId}`)).toBe(true);

    // The same file again, with the saved mapping (no mapping field): every line a duplicate, 0 payments.
    const again = await importFile(true, sample);
    expect(again).toMatchObject({ lines: 12, matched: 0, duplicates: 12, unmatched: 0 });
    expect(again.preview.every((p) => p.reason === m.reasons.duplicateImported)).toBe(true);
    expect((await counts()).payments).toBe(after.payments);
    const history = await ok<{ items: { id: string; matched: number; duplicates: number }[] }>('principal', 'GET', `/api/fees/bank-statements?bankAccountId=${account.id}`);
    expect(history.items.map((i) => [i.matched, i.duplicates])).toEqual([
      [0, 12],
      [10, 0],
    ]);
  });

  it('a reference twice in one file: the second is a duplicate', async () => {
    const day = ddmmyyyy(addDays(schoolToday(), -3));
    const csv = `Date,Narrative,Reference,Debit,Credit,Balance\n${day},SCHOOL FEES UNKNOWN PAYER,TT-DUP-1,,"1,000.00",\n${day},SCHOOL FEES UNKNOWN PAYER,TT-DUP-1,,"1,000.00",\n`;
    const mapping: BankMapping = { date: 'Date', reference: 'Reference', narration: 'Narrative', amount: 'Credit', amountKind: 'credit', dateFormat: 'DD/MM/YYYY' };
    const r = await importFile(false, csv, { mapping });
    expect(r).toMatchObject({ lines: 2, matched: 0, duplicates: 1, unmatched: 1 });
    expect(r.preview[1]!.reason).toBe(m.reasons.duplicateInFile);
  });

  it('bad input: a date the format does not fit, an unknown column, a bad mapping, no mapping at all: 400 and nothing written', async () => {
    const before = await counts();
    const wrongFormat = await importFile(true, sample, { mapping: { ...KCB, dateFormat: 'YYYY-MM-DD' }, status: 400 });
    const firstDate = /\n(\d{2}\/\d{2}\/\d{4}),/.exec(sample)![1]!;
    expect(wrongFormat.error.message).toBe(m.dateMismatch(9, firstDate, 'YYYY-MM-DD'));
    const unknown = await importFile(true, sample, { mapping: { ...KCB, amount: 'Credit Amount' }, status: 400 });
    expect(unknown.error.code).toBe('UNKNOWN_COLUMNS');
    expect(unknown.error.message).toBe(m.unknownColumns(['Credit Amount']));
    const badJson = await importFile(true, sample, { mapping: '{not json', status: 400 });
    expect(badJson.error.message).toBe(m.mappingInvalid);
    const badFormat = await importFile(true, sample, { mapping: JSON.stringify({ ...KCB, dateFormat: 'D/M/Y' }), status: 400 });
    expect(badFormat.error.message).toBe(m.dateFormatInvalid);
    const fresh = await ok<BankAccount>('finance', 'POST', '/api/fees/bank-accounts', { name: 'New', bankName: 'Co-op', accountNumber: '011000555' }, 201);
    const none = await importFile(true, sample, { accountId: fresh.id, status: 400 });
    expect(none.error.message).toBe(m.mappingRequired);
    const amount = await importFile(true, `Date,Narrative,Reference,Credit\n${ddmmyyyy(addDays(schoolToday(), -1))},X,R1,twelve\n`, {
      mapping: { date: 'Date', reference: 'Reference', narration: 'Narrative', amount: 'Credit', amountKind: 'credit', dateFormat: 'DD/MM/YYYY' },
      status: 400,
    });
    expect(amount.error.message).toBe(m.amountInvalid(2, 'twelve'));
    expect(await counts()).toEqual(before);
  });

  it('an .xlsx statement with real dates and a signed amount column (money out negative)', async () => {
    const learners = await ok<{ items: { admissionNumber: string; id: string }[] }>('finance', 'GET', '/api/students?pageSize=5&status=active');
    const target = learners.items[4]!;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Statement');
    ws.addRow(['EQUITY BANK (KENYA) LIMITED']);
    ws.addRow([]);
    ws.addRow(['Transaction Date', 'Narrative', 'Reference', 'Amount', 'Running Balance']);
    const d = addDays(schoolToday(), -2);
    ws.addRow([new Date(`${d}T00:00:00Z`), `FEES ${target.admissionNumber}`, 'EQ-XLSX-1', 4500.5, 100000]);
    ws.addRow([new Date(`${d}T00:00:00Z`), 'WITHDRAWAL', 'EQ-XLSX-2', -2000, 98000]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const mapping: BankMapping = { date: 'Transaction Date', reference: 'Reference', narration: 'Narrative', amount: 'Amount', amountKind: 'signed', dateFormat: 'DD-MMM-YYYY' };
    const cols = (await upload('/api/fees/bank-statements/columns', 'finance', 's.xlsx', buf, { type: XLSX })).json() as StatementColumns;
    expect(cols.headerRow).toBe(3);
    expect(cols.suggested).toMatchObject({ date: 'Transaction Date', narration: 'Narrative', reference: 'Reference', amount: 'Amount', amountKind: 'signed' });
    const r = await importFile(true, buf, { mapping, type: XLSX });
    expect(r).toMatchObject({ lines: 1, matched: 1, duplicates: 0, unmatched: 0, skipped: 1 });
    expect(r.preview[0]).toMatchObject({ date: d, amount: 4500.5, studentId: target.id, matchedBy: 'admission_number' });
  });
});

/**
 * The queue's count as M-Pesa Payments' badge and strip and the finance overview show it: M-Pesa
 * payments and bank deposits together, each equal to its own list's total.
 */
async function queueCounts(who = 'finance') {
  const summary = await ok<UnmatchedSummary>(who, 'GET', '/api/fees/unmatched-summary');
  const mpesa = await ok<ListTransactionsResponse>(who, 'GET', '/api/mpesa/unmatched?pageSize=1');
  const bank = await ok<ListBankLinesResponse>(who, 'GET', '/api/fees/bank-statements/unmatched?pageSize=1');
  expect(summary.mpesa).toEqual({ total: mpesa.total, sum: mpesa.sum });
  expect(summary.bank).toEqual({ total: bank.total, sum: bank.sum });
  expect(summary.total).toBe(mpesa.total + bank.total);
  expect(summary.sum).toBeCloseTo(mpesa.sum + bank.sum, 2);
  const overview = await ok<FinancialOverview>(who, 'GET', '/api/fees/overview');
  expect(overview.mpesa.unmatched).toBe(mpesa.total);
  expect(overview.bank).toEqual({ unmatched: bank.total, unmatchedAmount: bank.sum });
  return summary;
}

describe('the unmatched queue', () => {
  it('its count (badge, strip, finance overview) holds M-Pesa payments and bank deposits; principal reads, teacher 403, another school sees its own', async () => {
    const summary = await queueCounts('principal');
    expect(summary.bank.total).toBeGreaterThanOrEqual(2);
    expect(summary.mpesa.total).toBeGreaterThan(0); // Greenhill's demo paybill payments that named no learner
    await fails('teacher', 'GET', '/api/fees/unmatched-summary', undefined, 403);
    const other = await queueCounts('rsFinance');
    expect(other.bank).toEqual({ total: 0, sum: 0 });
  });

  it('lists the unmatched bank deposits; the finance officer allocates one (payment with receipt) and ignores another; 409 after', async () => {
    const list = await ok<ListBankLinesResponse>('principal', 'GET', '/api/fees/bank-statements/unmatched');
    expect(list.total).toBeGreaterThanOrEqual(2);
    const [a, b] = list.items.filter((l) => l.bankAccountId === account.id);
    expect(a!.status).toBe('unmatched');
    await fails('teacher', 'GET', '/api/fees/bank-statements/unmatched', undefined, 403);
    const learners = await ok<{ items: { id: string }[] }>('finance', 'GET', '/api/students?pageSize=1&status=active');
    const studentId = learners.items[0]!.id;
    await fails('principal', 'POST', `/api/fees/bank-statement-lines/${a!.id}/allocate`, { studentId }, 403);
    await fails('rsFinance', 'POST', `/api/fees/bank-statement-lines/${a!.id}/allocate`, { studentId }, 404);
    const before = (await counts()).payments;
    const queueBefore = await queueCounts();
    const done = await ok<BankLine>('finance', 'POST', `/api/fees/bank-statement-lines/${a!.id}/allocate`, { studentId, note: 'Parent called' });
    expect(done).toMatchObject({ status: 'allocated', studentId, note: 'Parent called' });
    expect(done.receiptNumber).toBeTruthy();
    expect((await counts()).payments).toBe(before + 1);
    const again = await fails('finance', 'POST', `/api/fees/bank-statement-lines/${a!.id}/allocate`, { studentId }, 409);
    expect(again.message).toBe(m.notUnmatched);

    await fails('finance', 'POST', `/api/fees/bank-statement-lines/${b!.id}/ignore`, { reason: ' ' }, 400);
    await fails('rsFinance', 'POST', `/api/fees/bank-statement-lines/${b!.id}/ignore`, { reason: 'Grant' }, 404);
    const ignored = await ok<BankLine>('finance', 'POST', `/api/fees/bank-statement-lines/${b!.id}/ignore`, { reason: 'Capitation grant' });
    expect(ignored).toMatchObject({ status: 'ignored', note: 'Capitation grant', paymentId: null });
    await fails('finance', 'POST', `/api/fees/bank-statement-lines/${b!.id}/allocate`, { studentId }, 409);
    const left = await ok<ListBankLinesResponse>('finance', 'GET', '/api/fees/bank-statements/unmatched');
    expect(left.items.map((l) => l.id)).not.toContain(a!.id);
    expect(left.items.map((l) => l.id)).not.toContain(b!.id);
    expect(left.total).toBe(list.total - 2);
    const queueAfter = await queueCounts();
    expect(queueAfter.bank.total).toBe(queueBefore.bank.total - 2);
    expect(queueAfter.total).toBe(queueBefore.total - 2);
    expect(queueAfter.mpesa).toEqual(queueBefore.mpesa);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `bank_statement_line:${a!.id}`)));
    expect(audits.map((x) => x.action)).toEqual([bankStatementMessages.audit.lineAllocated]);
    expect(greenhill).toBeTruthy();
  });
});
