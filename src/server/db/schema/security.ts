import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';

/**
 * One row per user per day they used EduFam (issue 18 §3 "daily active users by role"): written by
 * the access gate on a user's first signed-in request of the day (Africa/Nairobi). Platform-level:
 * read by platform analytics only; `school_id` lets the analytics group by school without a join.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** Calendar day in Africa/Nairobi. */
    day: date('day').notNull(),
    role: text('role').notNull(),
    schoolId: uuid('school_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('user_activity_days_day_idx').on(t.day, t.role)],
);

/**
 * A user's TOTP two-factor credential (issue 18 §2). `secret` is the base32 secret encrypted with the
 * secrets key (lib/secrets.ts encryptSecret), set once a code confirmed it (`enabled_at`);
 * `pending_secret` is an enrolment waiting for its first code (two-factor stays off meanwhile).
 * `last_used_step` is the TOTP time step (unix seconds / 30) of the last accepted code: a code of that
 * step or earlier is refused, so a code cannot be replayed within its window. Platform-only (RLS).
 */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt,
  updatedAt,
});

/**
 * Recovery codes (issue 18 §2 "shown once and stored hashed"): sha256(salt ‖ code) with a random
 * per-code salt; `used_at` set when one is spent (each works once). Regenerating deletes the old set.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its two-factor code: the session (two_factor_pending) the password opened,
 * what the session becomes once the code is accepted (remember me, login area), and wrong codes so far
 * (TWO_FACTOR_MAX_ATTEMPTS end it). Deleted with the session.
 */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
  rememberMe: boolean('remember_me').notNull(),
  accessType: text('access_type').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt,
});

/**
 * Networks a user has signed in from (IPv4 /16 as "41.90", IPv6 /48 as "2001:db8:1"), for the
 * "sign-in from a new network" alert. Platform-only (RLS).
 */
export const userSignInNetworks = pgTable(
  'user_sign_in_networks',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.network] })],
);

/**
 * Security alerts for EduFam staff (issue 18 §2 "alerts for suspicious patterns"): kind
 * failed_sign_ins_account | failed_sign_ins_ip | new_network; `subject` is the e-mail or IP address it is
 * about. At most one open alert per (kind, subject): repeats update its count and last_seen_at.
 * `school_id` (nullable) is the account's school, for filtering; platform-only RLS all the same.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('open'),
    subject: text('subject').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    schoolId: uuid('school_id'),
    ipAddress: text('ip_address'),
    network: text('network'),
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('security_alerts_open_uq').on(t.kind, t.subject).where(sql`${t.status} = 'open'`),
    index('security_alerts_status_idx').on(t.status, t.lastSeenAt.desc()),
    check('security_alerts_kind_check', sql`${t.kind} in ('failed_sign_ins_account', 'failed_sign_ins_ip', 'new_network')`),
    check('security_alerts_status_check', sql`${t.status} in ('open', 'acknowledged')`),
  ],
);
