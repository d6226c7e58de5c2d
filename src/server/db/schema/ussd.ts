import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { guardians } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { schoolId } from './tenant-columns.js';

/**
 * USSD for basic phones (issue 36 §3): one row per Africa's Talking session (sessionId), holding where
 * the caller is in the menu (`state`), and the last answered request (`last_text` and its `last_screen`)
 * so a retried identical request gets the same screen. `pay_key` is the request text that started an
 * M-Pesa push in this session: claimed once, so a retry never pays twice. Platform table (the caller
 * may not have chosen a school yet); reached in system context only. Expires a few minutes after its
 * last request.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    phone: text('phone').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    lastText: text('last_text'),
    lastScreen: text('last_screen'),
    payKey: text('pay_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index('ussd_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A guardian's USSD credentials (issue 36 §3), per school (a guardian row is per school): the scrypt
 * hash of the 4-digit PIN, of the one-time 6-digit code sent by SMS at first use (and when it expires),
 * wrong attempts today, and the Africa/Nairobi day USSD is locked on after three wrong PINs.
 */
export const ussdGuardianPins = pgTable('ussd_guardian_pins', {
  guardianId: requiredRef('guardian_id', () => guardians.id, { onDelete: 'cascade' }).primaryKey(),
  schoolId: schoolId(),
  pinHash: text('pin_hash'),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** The day (YYYY-MM-DD, Africa/Nairobi) the failed attempts were counted on. */
  failedOn: date('failed_on'),
  lockedOn: date('locked_on'),
  createdAt,
  updatedAt,
});

/** A ussd_guardian_pins row as stored. */
export type UssdGuardianPinRow = typeof ussdGuardianPins.$inferSelect;
