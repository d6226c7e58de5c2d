import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles, schools } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef } from './tenant-columns.js';

/**
 * Admin announcements (spec §3 admin_communications, §4 Communication). school_id null means
 * platform-wide; otherwise only that school's users are targeted. Row-level security
 * (drizzle/0003_communications.sql): readable when platform-wide or of a visible school, written by
 * platform context only.
 */
export const adminCommunications = pgTable(
  'admin_communications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** low | medium | high | critical (the banner knows critical, spec §3). */
    priority: text('priority').notNull().default('medium'),
    /** Roles the communication is for (spec §3 target_roles). */
    targetRoles: text('target_roles').array().notNull(),
    schoolId: uuid('school_id').references(() => schools.id),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * A personal alert (issue 13: a learner's absence) for the users notified of it only: it is not a
     * banner, not in anyone's announcements and not in the admin's Communication Center.
     */
    personal: boolean('personal').notNull().default(false),
    dismissible: boolean('dismissible').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('admin_communications_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
    check('admin_communications_roles_check', sql`cardinality(${t.targetRoles}) > 0`),
    index('admin_communications_created_idx').on(t.createdAt.desc(), t.id),
    index('admin_communications_active_idx').on(t.isActive, t.createdAt.desc()),
  ],
);

/**
 * One notification per targeted user and communication (spec §3 notifications, §4 Notification).
 * Row-level security: a user reads and marks only their own; inserts by platform context.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => profiles.id, { onDelete: 'cascade' }),
    /**
     * The user's school when notified, copied for row-level security (no foreign key: publishing
     * inserts tens of thousands of rows at once, and every foreign key adds a check per row).
     */
    schoolId: uuid('school_id'),
    communicationId: requiredRef('communication_id', () => adminCommunications.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    // The bell: a user's unread notifications, newest first.
    index('notifications_user_unread_idx').on(t.userId, t.isRead, t.createdAt.desc()),
    // One notification per user and communication (publishing again adds only the missing ones);
    // also serves the cascade when a communication is deleted.
    uniqueIndex('notifications_communication_user_uq').on(t.communicationId, t.userId),
  ],
);

/** Banners a user dismissed (spec §3 user_dismissed_communications). Row-level security: own rows only. */
export const userDismissedCommunications = pgTable(
  'user_dismissed_communications',
  {
    userId: requiredRef('user_id', () => profiles.id, { onDelete: 'cascade' }),
    communicationId: requiredRef('communication_id', () => adminCommunications.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.communicationId] }),
    index('user_dismissed_communications_communication_idx').on(t.communicationId),
  ],
);
