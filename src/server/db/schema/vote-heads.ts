import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { terms } from './tenancy.js';
import { cents, createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';

/**
 * Vote heads and government capitation (issue 35 §3). Money is integer KES cents. Every table carries
 * school_id under row-level security (drizzle/0027_ministry_compliance.sql). The Ministry's default
 * vote heads and capitation rates are dated configuration in code (src/server/modules/fees/vote-heads/
 * and docs/decisions); these tables hold a school's own copy, which it may change.
 */

/**
 * A vote head: a budget line the Ministry's guidelines account fees and grants under (Tuition,
 * Medical and insurance, Activity, SMASSE, Maintenance and improvement, Personal emoluments, Boarding
 * and equipment...). `account` is the bank account it belongs to (tuition | operations | school_fund);
 * `priority` the order a payment settles vote heads in under the school's priority rule (lower first).
 * A vote head used by a fee item or an allocation is deactivated, never deleted.
 */
export const voteHeads = pgTable(
  'vote_heads',
  {
    ...schoolRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    account: text('account').notNull().default('operations'),
    priority: integer('priority').notNull().default(100),
    active: boolean('active').notNull().default(true),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('vote_heads_code_uq').on(t.schoolId, t.code),
    index('vote_heads_school_priority_idx').on(t.schoolId, t.priority, t.id),
    check('vote_heads_account_check', sql`${t.account} in ('tuition', 'operations', 'school_fund')`),
  ],
);

/**
 * Capitation per learner per year for one band of levels (primary | junior | senior) and one vote
 * head, in cents: the school's dated copy of the Ministry's rates (FDSE 2024: KES 22,244 a learner,
 * tuition 4,144, medical 2,000, activity 1,500, SMASSE 200, other 9,400, maintenance 5,000).
 */
export const capitationRates = pgTable(
  'capitation_rates',
  {
    ...schoolRow(),
    year: integer('year').notNull(),
    band: text('band').notNull(),
    voteHeadId: requiredRef('vote_head_id', () => voteHeads.id),
    annualCents: cents('annual_cents').notNull(),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [
    uniqueIndex('capitation_rates_uq').on(t.schoolId, t.year, t.band, t.voteHeadId),
    check('capitation_rates_band_check', sql`${t.band} in ('primary', 'junior', 'senior')`),
    check('capitation_rates_amount_check', sql`${t.annualCents} >= 0`),
  ],
);

/**
 * How a year's capitation is paid: the share of the year per term in percent (the Ministry's 50:30:20
 * by default) and the date the learners on roll are counted (null: each term's opening day).
 */
export const capitationYears = pgTable(
  'capitation_years',
  {
    schoolId: schoolId(),
    year: integer('year').notNull(),
    termShares: integer('term_shares').array().notNull().default(sql`'{50,30,20}'::integer[]`),
    countOn: date('count_on'),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.year] })],
);

/** A capitation grant the school received for a term (amount, date, the Ministry's reference). */
export const capitationReceipts = pgTable(
  'capitation_receipts',
  {
    ...schoolRow(),
    termId: requiredRef('term_id', () => terms.id),
    amountCents: cents('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    reference: text('reference').notNull(),
    notes: text('notes'),
    createdBy: profileRef('created_by'),
    createdAt,
    /** Set when the grant was voided (recorded wrongly): it no longer counts anywhere; the row stays. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: profileRef('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    // A voided grant's reference may be recorded again.
    uniqueIndex('capitation_receipts_reference_uq').on(t.schoolId, t.reference).where(sql`${t.voidedAt} is null`),
    index('capitation_receipts_term_idx').on(t.schoolId, t.termId),
    check('capitation_receipts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** How a capitation grant splits over vote heads (sums to the grant). */
export const capitationReceiptAllocations = pgTable(
  'capitation_receipt_allocations',
  {
    schoolId: schoolId(),
    receiptId: requiredRef('receipt_id', () => capitationReceipts.id, { onDelete: 'cascade' }),
    voteHeadId: requiredRef('vote_head_id', () => voteHeads.id),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.voteHeadId] }),
    index('capitation_receipt_allocations_vote_head_idx').on(t.schoolId, t.voteHeadId),
    check('capitation_receipt_allocations_amount_check', sql`${t.amountCents} >= 0`),
  ],
);
