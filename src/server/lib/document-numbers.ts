import { sql } from 'drizzle-orm';
import { documentSequences } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/**
 * Numbered school documents (receipts, invoices, credit notes, expense vouchers): one gap-free
 * sequence per school and kind, taken inside the transaction that issues the document.
 *
 * Taking a number locks the school's sequence row until the transaction ends, so every payment of a
 * school waits for the one before it to commit: callers take it as late as they can (postPayment is
 * the last write of the M-Pesa transactions), keeping that wait to one statement and the commit.
 */

export type DocumentKind = 'receipt' | 'invoice' | 'credit_note' | 'expense';

/**
 * Takes the next `count` numbers of a school's receipt, invoice or credit-note sequence inside the
 * caller's transaction and returns the first. The UPDATE locks the sequence row until the transaction
 * ends, so two payments at once get different numbers, and a rolled-back payment gives its number
 * back: no repeats, no gaps (issue 11 §2).
 */
export async function takeDocumentNumbers(tx: Tx, schoolId: string, kind: DocumentKind, count = 1): Promise<number> {
  // One statement: creates the school's sequence on first use, otherwise increments it under a row lock.
  const [row] = await tx
    .insert(documentSequences)
    .values({ schoolId, kind, lastValue: count })
    .onConflictDoUpdate({ target: [documentSequences.schoolId, documentSequences.kind], set: { lastValue: sql`${documentSequences.lastValue} + ${count}` } })
    .returning({ last: documentSequences.lastValue });
  return row!.last - count + 1;
}

/** A document number as printed: prefix and a six-digit sequence, e.g. "RCT-000042". */
export function documentNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(6, '0')}`;
}
