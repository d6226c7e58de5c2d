import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './tenancy.js';
import { payments } from './fees.js';
import { cents, createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolRow } from './tenant-columns.js';

/**
 * Bank statements (issue 35 §4): the school's bank accounts, each with the column mapping its bank's
 * export needs, the statements imported and every credit line of them. Row-level security as every
 * school table (drizzle/0027_ministry_compliance.sql).
 */

/** How a bank's statement export maps onto a deposit line (saved per bank account). */
export interface BankStatementMapping {
  /** Header of the column holding each field ("Value Date", "Narrative", "Credit"...). */
  date: string;
  reference: string;
  narration: string;
  /** A credit (money in) column, or one signed amount column. */
  amount: string;
  /** 'credit' when `amount` holds money in only; 'signed' when negative amounts are money out. */
  amountKind: 'credit' | 'signed';
  /** The date layout of the file: DD/MM/YYYY, DD-MM-YYYY, YYYY-MM-DD, DD-MMM-YYYY, DD/MM/YY... */
  dateFormat: string;
}

/** A school bank account statements are imported for. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    mapping: jsonb('mapping').$type<BankStatementMapping>(),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('bank_accounts_number_uq').on(t.schoolId, t.accountNumber)],
);

/** One imported statement file and what importing it did. */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    ...schoolRow(),
    bankAccountId: requiredRef('bank_account_id', () => bankAccounts.id),
    fileName: text('file_name').notNull(),
    lineCount: integer('line_count').notNull(),
    matchedCount: integer('matched_count').notNull(),
    duplicateCount: integer('duplicate_count').notNull(),
    unmatchedCount: integer('unmatched_count').notNull(),
    importedBy: profileRef('imported_by'),
    createdAt,
  },
  (t) => [index('bank_statement_imports_school_idx').on(t.schoolId, t.createdAt)],
);

/**
 * A deposit (credit) line of a statement. Unique per bank account and bank reference, so importing the
 * same statement twice adds nothing. matched lines posted a bank payment (payment_id); unmatched ones
 * wait in the bursar's unmatched queue beside M-Pesa's until allocated to a learner or ignored.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    ...schoolRow(),
    bankAccountId: requiredRef('bank_account_id', () => bankAccounts.id),
    importId: requiredRef('import_id', () => bankStatementImports.id),
    bankReference: text('bank_reference').notNull(),
    txnDate: date('txn_date').notNull(),
    amountCents: cents('amount_cents').notNull(),
    narration: text('narration'),
    /** matched | unmatched | allocated | ignored */
    status: text('status').notNull(),
    studentId: uuid('student_id').references(() => students.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    resolvedBy: profileRef('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    createdAt,
  },
  (t) => [
    uniqueIndex('bank_statement_lines_reference_uq').on(t.bankAccountId, t.bankReference),
    uniqueIndex('bank_statement_lines_payment_uq').on(t.paymentId),
    index('bank_statement_lines_status_idx').on(t.schoolId, t.status, t.txnDate),
    check('bank_statement_lines_status_check', sql`${t.status} in ('matched', 'unmatched', 'allocated', 'ignored')`),
    check('bank_statement_lines_amount_check', sql`${t.amountCents} > 0`),
  ],
);
