import { and, asc, count, desc, eq, gte, inArray, lte, sql, sum, type SQL } from 'drizzle-orm';
import { bankAccounts, bankStatementImports, bankStatementLines, payments, profiles, students } from '../../db/schema/index.js';
import type { BankStatementMapping } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { containsAny } from '../../lib/like.js';
import type { PageWindow } from '../../lib/paging.js';
import type { MatchableLearner } from './matching.js';

/** Reads and writes of bank accounts, statement imports and their lines, always within one school. */

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The school's bank accounts, by name. */
export function listBankAccountRows(tx: Tx, schoolId: string): Promise<BankAccountRow[]> {
  return tx.select().from(bankAccounts).where(eq(bankAccounts.schoolId, schoolId)).orderBy(asc(bankAccounts.name), asc(bankAccounts.id));
}

/** Bank account `id` of the school (undefined for another school's: row-level security and the filter). */
export async function findBankAccount(tx: Tx, schoolId: string, id: string, lock = false): Promise<BankAccountRow | undefined> {
  const q = tx.select().from(bankAccounts).where(and(eq(bankAccounts.schoolId, schoolId), eq(bankAccounts.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The school's bank account numbered `accountNumber`, if any. */
export async function findBankAccountByNumber(tx: Tx, schoolId: string, accountNumber: string): Promise<BankAccountRow | undefined> {
  const [row] = await tx.select().from(bankAccounts).where(and(eq(bankAccounts.schoolId, schoolId), eq(bankAccounts.accountNumber, accountNumber)));
  return row;
}

export async function insertBankAccount(tx: Tx, v: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await tx.insert(bankAccounts).values(v).returning();
  return row!;
}

export async function updateBankAccount(
  tx: Tx,
  id: string,
  v: Partial<{ name: string; bankName: string; accountNumber: string; mapping: BankStatementMapping | null }>,
): Promise<BankAccountRow> {
  const [row] = await tx
    .update(bankAccounts)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(bankAccounts.id, id))
    .returning();
  return row!;
}

/** Which of `references` the bank account already has lines for. */
export async function existingReferences(tx: Tx, bankAccountId: string, references: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < references.length; i += 1000) {
    const chunk = references.slice(i, i + 1000);
    const rows = await tx
      .select({ ref: bankStatementLines.bankReference })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.bankAccountId, bankAccountId), inArray(bankStatementLines.bankReference, chunk)));
    for (const r of rows) out.add(r.ref);
  }
  return out;
}

/** Every learner of the school with what matching needs (names, admission number and its account key). */
export function listMatchableLearners(tx: Tx, schoolId: string): Promise<MatchableLearner[]> {
  return tx
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      accountKey: students.accountKey,
      status: students.status,
    })
    .from(students)
    .where(eq(students.schoolId, schoolId));
}

export async function insertImport(tx: Tx, v: typeof bankStatementImports.$inferInsert): Promise<{ id: string }> {
  const [row] = await tx.insert(bankStatementImports).values(v).returning({ id: bankStatementImports.id });
  return row!;
}

export async function insertLines(tx: Tx, rows: (typeof bankStatementLines.$inferInsert)[]): Promise<{ id: string; bankReference: string }[]> {
  const out: { id: string; bankReference: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    out.push(...(await tx.insert(bankStatementLines).values(rows.slice(i, i + 500)).returning({ id: bankStatementLines.id, bankReference: bankStatementLines.bankReference })));
  }
  return out;
}

/** The statements imported, newest first (with the account's name and who imported). */
export function listImportRows(tx: Tx, schoolId: string, bankAccountId?: string) {
  return tx
    .select({ i: bankStatementImports, accountName: bankAccounts.name, importedBy: profiles.name })
    .from(bankStatementImports)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementImports.bankAccountId))
    .leftJoin(profiles, eq(profiles.id, bankStatementImports.importedBy))
    .where(and(eq(bankStatementImports.schoolId, schoolId), bankAccountId ? eq(bankStatementImports.bankAccountId, bankAccountId) : undefined))
    .orderBy(desc(bankStatementImports.createdAt), desc(bankStatementImports.id))
    .limit(200);
}

export interface LineFilters {
  status?: string;
  search?: string;
  from?: string;
  to?: string;
}

function lineWhere(schoolId: string, f: LineFilters): SQL {
  return and(
    eq(bankStatementLines.schoolId, schoolId),
    f.status ? eq(bankStatementLines.status, f.status) : undefined,
    f.from ? gte(bankStatementLines.txnDate, f.from) : undefined,
    f.to ? lte(bankStatementLines.txnDate, f.to) : undefined,
    f.search ? containsAny(f.search, [bankStatementLines.bankReference, sql`coalesce(${bankStatementLines.narration}, '')`, bankAccounts.name]) : undefined,
  )!;
}

const lineColumns = {
  l: bankStatementLines,
  accountName: bankAccounts.name,
  bankName: bankAccounts.bankName,
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
  admissionNumber: students.admissionNumber,
  receiptNumber: payments.receiptNumber,
};
export type LineRow = { l: typeof bankStatementLines.$inferSelect; accountName: string; bankName: string; firstName: string | null; middleName: string | null; lastName: string | null; admissionNumber: string | null; receiptNumber: string | null };

function lineSelect(tx: Tx) {
  return tx
    .select(lineColumns)
    .from(bankStatementLines)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementLines.bankAccountId))
    .leftJoin(students, eq(students.id, bankStatementLines.studentId))
    .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId));
}

/** A page of the school's lines (oldest deposit first, as a queue). */
export function listLineRows(tx: Tx, schoolId: string, f: LineFilters, w: PageWindow): Promise<LineRow[]> {
  return lineSelect(tx).where(lineWhere(schoolId, f)).orderBy(asc(bankStatementLines.txnDate), asc(bankStatementLines.id)).limit(w.limit).offset(w.offset);
}

/** How many lines match and their sum in cents. */
export async function lineTotals(tx: Tx, schoolId: string, f: LineFilters): Promise<{ count: number; sumCents: number }> {
  const [row] = await tx
    .select({ n: count(), s: sum(bankStatementLines.amountCents) })
    .from(bankStatementLines)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementLines.bankAccountId))
    .where(lineWhere(schoolId, f));
  return { count: Number(row?.n ?? 0), sumCents: Number(row?.s ?? 0) };
}

/** Line `id` of the school in the API's joins. */
export async function findLineRow(tx: Tx, schoolId: string, id: string): Promise<LineRow | undefined> {
  const [row] = await lineSelect(tx).where(and(eq(bankStatementLines.schoolId, schoolId), eq(bankStatementLines.id, id)));
  return row;
}

/** Line `id` of the school, locked until the transaction ends (two clicks resolve it once). */
export async function lockLine(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.schoolId, schoolId), eq(bankStatementLines.id, id)))
    .for('update');
  return row;
}

export async function resolveLine(tx: Tx, id: string, v: Partial<Pick<typeof bankStatementLines.$inferInsert, 'status' | 'studentId' | 'paymentId' | 'resolvedBy' | 'resolvedAt' | 'note'>>): Promise<void> {
  await tx.update(bankStatementLines).set(v).where(eq(bankStatementLines.id, id));
}
