import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentRef } from './announcements.js';
import { classes, profiles, schools } from './tenancy.js';

/**
 * Conversations between parents and staff and among staff (issue 17 §2). A teacher's broadcast to the
 * parents of a stream is one `broadcast` row plus one direct conversation per parent, so replies come
 * back privately. Row-level security: each school sees its own rows (drizzle/0014_conversations.sql);
 * the service narrows to conversations the caller takes part in.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** direct (two people) | group. */
    kind: text('kind').notNull().default('direct'),
    subject: text('subject'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Set on the per-parent conversations a broadcast created. */
    broadcastId: uuid('broadcast_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_kind_check', sql`${t.kind} in ('direct', 'group')`),
    index('conversations_school_idx').on(t.schoolId, t.lastMessageAt.desc()),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.userId)],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    senderId: uuid('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Plain text; shown as text, never as HTML. */
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    /** An office-hours auto-reply, sent by the server for the staff member. */
    autoReply: boolean('auto_reply').notNull().default(false),
    /** The sender's Idempotency-Key: a retried send is stored once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('conversation_messages_idempotency_uq').on(t.senderId, t.idempotencyKey),
  ],
);

/** A teacher's broadcast to all parents of a stream (one message, private replies). */
export const conversationBroadcasts = pgTable('conversation_broadcasts', {
  id: uuid('id').primaryKey().defaultRandom(),
  schoolId: uuid('school_id')
    .notNull()
    .references(() => schools.id),
  senderId: uuid('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
  classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
  subject: text('subject'),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An abusive message reported by a participant (safeguarding, issue 17 §2); the principal reviews it. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    reportedBy: uuid('reported_by').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** open | reviewed | dismissed. */
    status: text('status').notNull().default('open'),
    reviewedBy: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_reports_school_idx').on(t.schoolId, t.status, t.createdAt.desc())],
);

/**
 * A staff member's office hours and auto-reply (e.g. "I reply between 8 AM and 5 PM on school days").
 * `hours`: { days: number[] (0 = Monday), start 'HH:MM', end 'HH:MM' } in Africa/Nairobi.
 */
export const staffOfficeHours = pgTable('staff_office_hours', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  schoolId: uuid('school_id')
    .notNull()
    .references(() => schools.id),
  enabled: boolean('enabled').notNull().default(false),
  hours: jsonb('hours').$type<{ days: number[]; start: string; end: string }>().notNull(),
  autoReply: text('auto_reply').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
