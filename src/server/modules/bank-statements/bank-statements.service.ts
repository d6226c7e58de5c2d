import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import {
  bankStatementMappingSchema,
  type BankAccount,
  type BankLine,
  type BankMapping,
  type createBankAccountBody,
  type ImportStatementResponse,
  type ListBankLinesResponse,
  type ListBankUnmatchedQuery,
  type PreviewLine,
  type StatementColumns,
  type StatementImport,
  type updateBankAccountBody,
} from '../../../shared/contracts/bank-statements.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { bankStatementMessages } from '../../../shared/messages/bank-statements.js';
import { centsToKes, formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { assertDemoSchool } from '../../lib/demo-aids.js';
import type { Upload } from '../../lib/files.js';
import { pageWindow } from '../../lib/paging.js';
import { auditSchool, inSchool, readSchool, findSchoolName } from '../../lib/school-context.js';
import { afterPayment, findLearner, postPayment, type NoticeDeps } from '../fees/index.js';
import * as repo from './bank-statements.repository.js';
import { learnerMatcher } from './matching.js';
import { readTable, statementColumns, statementLines } from './statement-file.js';

/**
 * Bank statements (issue 35 §4, §6; docs/decisions/0029-bank-statements.md): the school's bank accounts
 * with the column mapping of each bank's export; importing a statement (dry run, then commit in one
 * transaction: the import, its deposit lines, and a bank payment with a receipt for every line matched to
 * a learner); the bank lines of the unmatched queue, allocated to a learner or ignored (audited).
 * Amounts are integer cents inside and KES numbers in the API.
 */

const m = bankStatementMessages.api;
const AUDIT = bankStatementMessages.audit;

function toAccount(r: repo.BankAccountRow): BankAccount {
  return { id: r.id, name: r.name, bankName: r.bankName, accountNumber: r.accountNumber, mapping: (r.mapping as BankMapping | null) ?? null, createdAt: r.createdAt.toISOString() };
}

/** GET /api/fees/bank-accounts → { items }: the school's bank accounts with their saved mappings. */
export async function listBankAccounts(database: Database, actor: Actor, schoolId?: string) {
  return readSchool(database, actor, schoolId, async (tx, id) => ({ items: (await repo.listBankAccountRows(tx, id)).map(toAccount) }));
}

/** POST /api/fees/bank-accounts → 201 the account; 409 ACCOUNT_NUMBER_TAKEN for a number the school already has. */
export async function createBankAccount(database: Database, actor: Actor, body: z.output<typeof createBankAccountBody>, ip: string): Promise<BankAccount> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    if (await repo.findBankAccountByNumber(tx, schoolId, body.accountNumber)) throw new AppError(409, 'ACCOUNT_NUMBER_TAKEN', m.accountNumberTaken, { fields: { accountNumber: m.accountNumberTaken } });
    const row = await repo.insertBankAccount(tx, { schoolId, name: body.name, bankName: body.bankName, accountNumber: body.accountNumber, mapping: body.mapping ?? null, createdBy: actor.id });
    await auditSchool(tx, { actor, schoolId, ip }, AUDIT.accountCreated, `bank_account:${row.id}`, null, toAccount(row));
    return toAccount(row);
  });
}

/** PATCH /api/fees/bank-accounts/:id → the account; 404 for another school's; 409 for a number taken. */
export async function updateBankAccount(database: Database, actor: Actor, id: string, body: z.output<typeof updateBankAccountBody>, ip: string): Promise<BankAccount> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await repo.findBankAccount(tx, schoolId, id, true);
    if (!before) throw notFound(m.accountNotFound);
    if (body.accountNumber && body.accountNumber !== before.accountNumber && (await repo.findBankAccountByNumber(tx, schoolId, body.accountNumber))) {
      throw new AppError(409, 'ACCOUNT_NUMBER_TAKEN', m.accountNumberTaken, { fields: { accountNumber: m.accountNumberTaken } });
    }
    const row = await repo.updateBankAccount(tx, id, body);
    await auditSchool(tx, { actor, schoolId, ip }, AUDIT.accountUpdated, `bank_account:${id}`, toAccount(before), toAccount(row));
    return toAccount(row);
  });
}

/** The multipart `mapping` field: JSON of a mapping, or 400 naming what is wrong; undefined when not sent. */
export function parseMappingField(raw: string | undefined): BankMapping | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(m.mappingInvalid, { mapping: m.mappingInvalid });
  }
  const parsed = bankStatementMappingSchema.safeParse(json);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? m.mappingInvalid;
    throw badRequest(message, { mapping: message });
  }
  return parsed.data;
}

/** POST /api/fees/bank-statements/columns: what the mapping step shows (no account needed, nothing written). */
export async function readColumns(upload: Upload): Promise<StatementColumns> {
  return statementColumns(await readTable(upload.buffer, upload.contentType));
}

const sameMapping = (a: BankMapping | null, b: BankMapping) => !!a && (Object.keys(b) as (keyof BankMapping)[]).every((k) => a[k] === b[k]);

/**
 * POST /api/fees/bank-statements?commit=&bankAccountId= (multipart `mapping` JSON, optional when the
 * account has a saved mapping, then `file`): reads the statement's deposit lines, matches each to a
 * learner and answers { lines, matched, duplicates, unmatched, preview }. A duplicate is a line whose
 * bank reference the account already has, or that appeared earlier in the file. Dry run (commit false)
 * writes nothing. Commit, in one transaction: the import row, every line that is not a duplicate (matched
 * or unmatched), a bank payment (method bank_deposit, source bank_statement, reference the bank's, paid
 * on the transaction date, payer from the narration) with its receipt for each matched line, the mapping
 * saved to the account, and an audit entry; the receipts' SMS go after the commit. 404 for another
 * school's account; 400 (nothing written) for a mapping missing or naming columns the file lacks, a date
 * the format does not fit, an amount that is none.
 */
export async function importStatement(
  deps: NoticeDeps,
  actor: Actor,
  q: { bankAccountId: string; commit: boolean },
  upload: Upload,
  ip: string,
): Promise<ImportStatementResponse> {
  const sent = parseMappingField(upload.fields.mapping);
  const table = await readTable(upload.buffer, upload.contentType);
  const fileName = (upload.filename || 'statement').slice(0, 200);
  const out = await inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const account = await repo.findBankAccount(tx, schoolId, q.bankAccountId, q.commit);
    if (!account) throw notFound(m.accountNotFound);
    const mapping = sent ?? (account.mapping as BankMapping | null);
    if (!mapping) throw badRequest(m.mappingRequired, { mapping: m.mappingRequired });
    const { lines, skipped } = statementLines(table, mapping, schoolToday());
    const known = await repo.existingReferences(tx, account.id, [...new Set(lines.map((l) => l.reference))]);
    const match = learnerMatcher(await repo.listMatchableLearners(tx, schoolId));
    const seen = new Set<string>();
    const preview: PreviewLine[] = lines.map((l) => {
      const base = { row: l.row, date: l.date, reference: l.reference, narration: l.narration, amount: centsToKes(l.amountCents), receiptNumber: null };
      const none = { studentId: null, studentName: null, admissionNumber: null, matchedBy: null };
      if (known.has(l.reference)) return { ...base, ...none, outcome: 'duplicate', reason: m.reasons.duplicateImported };
      if (seen.has(l.reference)) return { ...base, ...none, outcome: 'duplicate', reason: m.reasons.duplicateInFile };
      seen.add(l.reference);
      const r = match(l.narration, l.reference);
      if (!r.learner) return { ...base, ...none, outcome: 'unmatched', reason: r.reason };
      return { ...base, outcome: 'matched', studentId: r.learner.id, studentName: learnerName(r.learner), admissionNumber: r.learner.admissionNumber, matchedBy: r.matchedBy, reason: r.reason };
    });
    const counts = {
      lines: preview.length,
      matched: preview.filter((p) => p.outcome === 'matched').length,
      duplicates: preview.filter((p) => p.outcome === 'duplicate').length,
      unmatched: preview.filter((p) => p.outcome === 'unmatched').length,
    };
    if (!q.commit) return { result: { ...counts, committed: false, importId: null, skipped, mapping, preview }, schoolId, paymentIds: [] as string[] };

    const imp = await repo.insertImport(tx, { schoolId, bankAccountId: account.id, fileName, lineCount: counts.lines, matchedCount: counts.matched, duplicateCount: counts.duplicates, unmatchedCount: counts.unmatched, importedBy: actor.id });
    const fresh = preview.map((p, i) => ({ p, l: lines[i]! })).filter(({ p }) => p.outcome !== 'duplicate');
    const inserted = await repo.insertLines(
      tx,
      fresh.map(({ p, l }) => ({ schoolId, bankAccountId: account.id, importId: imp.id, bankReference: l.reference, txnDate: l.date, amountCents: l.amountCents, narration: l.narration || null, status: p.outcome, studentId: p.studentId })),
    );
    const lineIds = new Map(inserted.map((r) => [r.bankReference, r.id]));
    if (sent && !sameMapping(account.mapping as BankMapping | null, sent)) await repo.updateBankAccount(tx, account.id, { mapping: sent });
    await auditSchool(tx, { actor, schoolId, ip }, AUDIT.imported, `bank_statement_import:${imp.id}`, null, { bankAccountId: account.id, fileName, ...counts, skipped });
    // The payments last: each takes the school's receipt sequence, locked until the commit.
    const paymentIds: string[] = [];
    for (const { p, l } of fresh) {
      if (p.outcome !== 'matched') continue;
      const payment = await postPayment(tx, schoolId, {
        studentId: p.studentId!,
        amountCents: l.amountCents,
        method: 'bank_deposit',
        reference: l.reference,
        paidOn: l.date,
        source: 'bank_statement',
        payerName: l.narration ? l.narration.slice(0, 100) : null,
        payerPhone: null,
        notes: null,
        createdBy: actor.id,
      });
      await repo.resolveLine(tx, lineIds.get(l.reference)!, { paymentId: payment.id });
      p.receiptNumber = payment.receiptNumber;
      paymentIds.push(payment.id);
    }
    return { result: { ...counts, committed: true, importId: imp.id, skipped, mapping, preview }, schoolId, paymentIds };
  });
  for (const id of out.paymentIds) await afterPayment(deps, out.schoolId, id);
  return out.result;
}

/** GET /api/fees/bank-statements?bankAccountId= → { items }: the statements imported, newest first (200 at most). */
export async function listImports(database: Database, actor: Actor, q: { bankAccountId?: string; schoolId?: string }): Promise<{ items: StatementImport[] }> {
  return readSchool(database, actor, q.schoolId, async (tx, schoolId) => ({
    items: (await repo.listImportRows(tx, schoolId, q.bankAccountId)).map(({ i, accountName, importedBy }) => ({
      id: i.id,
      bankAccountId: i.bankAccountId,
      bankAccountName: accountName,
      fileName: i.fileName,
      lines: i.lineCount,
      matched: i.matchedCount,
      duplicates: i.duplicateCount,
      unmatched: i.unmatchedCount,
      importedBy,
      createdAt: i.createdAt.toISOString(),
    })),
  }));
}

function toLine({ l, ...r }: repo.LineRow): BankLine {
  return {
    id: l.id,
    bankAccountId: l.bankAccountId,
    bankAccountName: r.accountName,
    bankName: r.bankName,
    bankReference: l.bankReference,
    txnDate: l.txnDate,
    amount: centsToKes(l.amountCents),
    narration: l.narration,
    status: l.status as BankLine['status'],
    studentId: l.studentId,
    studentName: r.firstName ? learnerName({ firstName: r.firstName, middleName: r.middleName, lastName: r.lastName! }) : null,
    admissionNumber: r.admissionNumber,
    paymentId: l.paymentId,
    receiptNumber: r.receiptNumber,
    note: l.note,
    resolvedAt: l.resolvedAt?.toISOString() ?? null,
  };
}

/** GET /api/fees/bank-statements/unmatched?search=&from=&to= → { items, total, sum }: bank deposits waiting for the finance officer, oldest first. */
export async function listUnmatchedLines(database: Database, actor: Actor, q: ListBankUnmatchedQuery): Promise<ListBankLinesResponse> {
  return readSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const f = { status: 'unmatched', search: q.search, from: q.from, to: q.to };
    const items = (await repo.listLineRows(tx, schoolId, f, pageWindow(q))).map(toLine);
    const totals = await repo.lineTotals(tx, schoolId, f);
    return { items, total: totals.count, sum: centsToKes(totals.sumCents) };
  });
}

/**
 * The school's bank deposits waiting in the unmatched queue: how many and their sum in integer cents
 * (for the queue's count beside M-Pesa's: GET /api/fees/unmatched-summary). Runs in the caller's transaction.
 */
export function unmatchedBankTotals(tx: Tx, schoolId: string): Promise<{ count: number; sumCents: number }> {
  return repo.lineTotals(tx, schoolId, { status: 'unmatched' });
}

async function unmatchedForUpdate(tx: Tx, schoolId: string, id: string) {
  const line = await repo.lockLine(tx, schoolId, id);
  if (!line) throw notFound(m.lineNotFound);
  if (line.status !== 'unmatched') throw new AppError(409, 'NOT_UNMATCHED', m.notUnmatched);
  return line;
}

/**
 * POST /api/fees/bank-statement-lines/:id/allocate { studentId, note? } → the line (status allocated,
 * receipt): posts the deposit as a bank payment of a learner of the school, audited. 404 for another
 * school's line or learner; 409 NOT_UNMATCHED once allocated or ignored (the row lock makes two clicks post once).
 */
export async function allocateLine(deps: NoticeDeps, actor: Actor, id: string, body: { studentId: string; note?: string }, ip: string): Promise<BankLine> {
  const out = await inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const line = await unmatchedForUpdate(tx, schoolId, id);
    const learner = await findLearner(tx, schoolId, body.studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    const payment = await postPayment(tx, schoolId, {
      studentId: learner.id,
      amountCents: line.amountCents,
      method: 'bank_deposit',
      reference: line.bankReference,
      paidOn: line.txnDate,
      source: 'bank_statement',
      payerName: line.narration ? line.narration.slice(0, 100) : null,
      payerPhone: null,
      notes: body.note ?? null,
      createdBy: actor.id,
    });
    await repo.resolveLine(tx, line.id, { status: 'allocated', studentId: learner.id, paymentId: payment.id, resolvedBy: actor.id, resolvedAt: new Date(), note: body.note ?? null });
    await auditSchool(tx, { actor, schoolId, ip }, AUDIT.lineAllocated, `bank_statement_line:${line.id}`, { status: 'unmatched' }, {
      status: 'allocated',
      studentId: learner.id,
      admissionNumber: learner.admissionNumber,
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      note: body.note ?? null,
    });
    return { item: toLine((await repo.findLineRow(tx, schoolId, line.id))!), schoolId, paymentId: payment.id };
  });
  await afterPayment(deps, out.schoolId, out.paymentId);
  return out.item;
}

/** POST /api/fees/bank-statement-lines/:id/ignore { reason } → the line (status ignored): not a fee payment; audited. 409 once resolved. */
export async function ignoreLine(database: Database, actor: Actor, id: string, reason: string, ip: string): Promise<BankLine> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const line = await unmatchedForUpdate(tx, schoolId, id);
    await repo.resolveLine(tx, line.id, { status: 'ignored', resolvedBy: actor.id, resolvedAt: new Date(), note: reason });
    await auditSchool(tx, { actor, schoolId, ip }, AUDIT.lineIgnored, `bank_statement_line:${line.id}`, { status: 'unmatched' }, { status: 'ignored', reason });
    return toLine((await repo.findLineRow(tx, schoolId, line.id))!);
  });
}

/** A stable bank reference for the sample's line `i` (the same learners give the same references, so a re-import adds nothing). */
function sampleReference(schoolId: string, seed: string): string {
  return `FT${createHash('sha256').update(`${schoolId}|${seed}`).digest('hex').slice(0, 10).toUpperCase()}`;
}

/**
 * GET /api/fees/bank-statements/sample → a CSV statement in a KCB-like layout (title rows, then
 * "Transaction Date, Value Date, Transaction Details, Cheque No/Reference, Money Out, Money In, Ledger
 * Balance"; dates DD/MM/YYYY; amounts "12,500.00") built from the school's learners: twelve deposits
 * (eight naming an admission number written in different ways, two a learner's name only, two naming no
 * learner) and one cheque paid out. References depend on the learners only, so importing the sample
 * twice adds nothing the second time. A demo aid: 409 DEMO_ONLY for a live school (lib/demo-aids.ts).
 */
export async function sampleStatement(database: Database, actor: Actor): Promise<{ csv: string; fileName: string }> {
  return readSchool(database, actor, undefined, async (tx, schoolId) => {
    await assertDemoSchool(tx, schoolId);
    const school = await findSchoolName(tx, schoolId);
    const accounts = await repo.listBankAccountRows(tx, schoolId);
    const learners = (await repo.listMatchableLearners(tx, schoolId)).filter((l) => l.status === 'active').sort((a, b) => a.admissionNumber.localeCompare(b.admissionNumber));
    // Name-only lines need a name no other learner has.
    const fullName = (l: (typeof learners)[number]) => `${l.firstName} ${l.lastName}`.toUpperCase();
    const nameCount = new Map<string, number>();
    for (const l of learners) nameCount.set(fullName(l), (nameCount.get(fullName(l)) ?? 0) + 1);
    const byAdmission = learners.filter((_, i) => i % 7 === 0).slice(0, 8);
    const byName = learners.filter((l) => !byAdmission.includes(l) && nameCount.get(fullName(l)) === 1).slice(0, 2);
    const today = schoolToday();
    const day = (n: number) => {
      const [y, mo, d] = addDays(today, -n).split('-');
      return `${d}/${mo}/${y}`;
    };
    const amounts = [1_250_000, 800_000, 1_500_000, 2_000_000, 550_000, 1_000_000, 1_875_000, 700_000, 1_200_000, 950_000, 3_000_000, 450_000];
    const styles = [
      (a: string) => `CASH DEPOSIT SCHOOL FEES ${a}`,
      (a: string) => `FEES ${a.replace(/[^A-Za-z0-9]+/g, ' ')}`,
      (a: string) => `EFT FROM EQUITY BANK ${a.replace(/[^A-Za-z0-9]+/g, '')} TERM FEES`,
      (a: string) => `AGENT DEPOSIT ${a.toLowerCase()}`,
    ];
    type Entry = { n: number; details: string; ref: string; out: number; in: number };
    const entries: Entry[] = [];
    byAdmission.forEach((l, i) => entries.push({ n: 20 - i * 2, details: styles[i % styles.length]!(l.admissionNumber), ref: sampleReference(schoolId, `adm:${l.id}`), out: 0, in: amounts[i]! }));
    byName.forEach((l, i) => entries.push({ n: 5 - i * 2, details: `CHQ DEP SCHOOL FEES FOR ${fullName(l)}`, ref: sampleReference(schoolId, `name:${l.id}`), out: 0, in: amounts[8 + i]! }));
    entries.push({ n: 4, details: 'CASH DEPOSIT SCHOOL FEES', ref: sampleReference(schoolId, 'unmatched:1'), out: 0, in: amounts[10]! });
    entries.push({ n: 2, details: 'MPESA B2B TRANSFER 254722000111', ref: sampleReference(schoolId, 'unmatched:2'), out: 0, in: amounts[11]! });
    entries.push({ n: 9, details: 'CHQ 000123 PAID TO GREENLEAF SUPPLIES', ref: '000123', out: 3_450_000, in: 0 });
    entries.sort((a, b) => b.n - a.n || a.ref.localeCompare(b.ref));
    const s = bankStatementMessages.sample;
    const account = accounts[0];
    let balance = 25_000_000;
    const rows: string[][] = [
      [s.bankName],
      [s.title],
      [s.accountName, school?.name ?? ''],
      [s.accountNumber, account?.accountNumber ?? ''],
      [s.period, `${day(30)} - ${day(1)}`],
      [],
      [...s.headers],
      ['', '', 'OPENING BALANCE', '', '', '', formatKes(balance)],
    ];
    for (const e of entries) {
      balance += e.in - e.out;
      rows.push([day(e.n), day(e.n), e.details, e.ref, e.out ? formatKes(e.out) : '', e.in ? formatKes(e.in) : '', formatKes(balance)]);
    }
    rows.push(['', '', 'CLOSING BALANCE', '', '', '', formatKes(balance)]);
    return { csv: stringify(rows), fileName: 'sample-bank-statement.csv' };
  });
}
