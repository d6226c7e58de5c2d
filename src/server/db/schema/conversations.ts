import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentRef } from './announcements.js';
import { classes, guardians, profiles } from './tenancy.js';
import { smsMessages } from './fees.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';

/**
 * Conversations between parents and staff and among staff (issue 17 §2). A teacher's broadcast to the
 * parents of a stream is one `broadcast` row plus one direct conversation per parent, so replies come
 * back privately. Row-level security: each school sees its own rows (drizzle/0014_conversations.sql);
 * the service narrows to conversations the caller takes part in.
 */
export const conversations = pgTable(
  'conversations',
  {
    ...schoolRow(),
    /** direct (two people) | group. */
    kind: text('kind').notNull().default('direct'),
    subject: text('subject'),
    createdBy: profileRef('created_by'),
    /** Set on the per-parent conversations a broadcast created. */
    broadcastId: uuid('broadcast_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt,
  },
  (t) => [
    check('conversations_kind_check', sql`${t.kind} in ('direct', 'group')`),
    index('conversations_school_idx').on(t.schoolId, t.lastMessageAt.desc()),
  ],
);

/** A conversations row as stored. */
export type ConversationRow = typeof conversations.$inferSelect;

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: requiredRef('conversation_id', () => conversations.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => profiles.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.userId)],
);

/** A conversation_participants row as stored. */
export type ConversationParticipantRow = typeof conversationParticipants.$inferSelect;

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: requiredRef('conversation_id', () => conversations.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    senderId: profileRef('sender_id'),
    /** Plain text; shown as text, never as HTML. */
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    /** An office-hours auto-reply, sent by the server for the staff member. */
    autoReply: boolean('auto_reply').notNull().default(false),
    /** The sender's Idempotency-Key: a retried send is stored once. */
    idempotencyKey: text('idempotency_key'),
    createdAt,
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('conversation_messages_idempotency_uq').on(t.senderId, t.idempotencyKey),
  ],
);

/** A conversation_messages row as stored. */
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;

/** A teacher's broadcast to all parents of a stream (one message, private replies). */
export const conversationBroadcasts = pgTable('conversation_broadcasts', {
  ...schoolRow(),
  senderId: profileRef('sender_id'),
  classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
  subject: text('subject'),
  body: text('body').notNull(),
  createdAt,
});

/**
 * One person a broadcast reaches (issue 36 §2): a parent account (user_id: in the app) or a guardian
 * without one (guardian_id: by SMS, and e-mail where known); exactly one of the two, each once per
 * broadcast. `channel` is how they are reached first (app | sms | email) and `status` its delivery
 * (queued | sent | delivered | failed, `error` why); an SMS's live status is its sms_messages row
 * (sms_message_id: delivery reports update it). Row-level security by school_id (drizzle/0034).
 */
export const conversationBroadcastRecipients = pgTable(
  'conversation_broadcast_recipients',
  {
    ...schoolRow(),
    broadcastId: requiredRef('broadcast_id', () => conversationBroadcasts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'cascade' }),
    /** Shown in the Delivery view (a guardian's or an account's name when sent). */
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    smsTo: text('sms_to'),
    smsMessageId: uuid('sms_message_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    emailTo: text('email_to'),
    /** queued | sent | failed, null when no e-mail goes to them. */
    emailStatus: text('email_status'),
    emailError: text('email_error'),
    createdAt,
  },
  (t) => [
    check('conversation_broadcast_recipients_one_check', sql`num_nonnulls(${t.userId}, ${t.guardianId}) = 1`),
    check('conversation_broadcast_recipients_channel_check', sql`${t.channel} in ('app', 'sms', 'email')`),
    check('conversation_broadcast_recipients_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    uniqueIndex('conversation_broadcast_recipients_user_uq').on(t.broadcastId, t.userId),
    uniqueIndex('conversation_broadcast_recipients_guardian_uq').on(t.broadcastId, t.guardianId),
    index('conversation_broadcast_recipients_school_idx').on(t.schoolId),
  ],
);

/** A conversation_broadcast_recipients row as stored. */
export type ConversationBroadcastRecipientRow = typeof conversationBroadcastRecipients.$inferSelect;

/** An abusive message reported by a participant (safeguarding, issue 17 §2); the principal reviews it. */
export const messageReports = pgTable(
  'message_reports',
  {
    ...schoolRow(),
    messageId: requiredRef('message_id', () => conversationMessages.id, { onDelete: 'cascade' }),
    reportedBy: profileRef('reported_by'),
    reason: text('reason').notNull(),
    /** open | reviewed | dismissed. */
    status: text('status').notNull().default('open'),
    reviewedBy: profileRef('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('message_reports_school_idx').on(t.schoolId, t.status, t.createdAt.desc())],
);

/** A message_reports (safeguarding report) row as stored. */
export type MessageReportRow = typeof messageReports.$inferSelect;

/**
 * A staff member's office hours and auto-reply (e.g. "I reply between 8 AM and 5 PM on school days").
 * `hours`: { days: number[] (0 = Monday), start 'HH:MM', end 'HH:MM' } in Africa/Nairobi.
 */
export const staffOfficeHours = pgTable('staff_office_hours', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  schoolId: schoolId(),
  enabled: boolean('enabled').notNull().default(false),
  hours: jsonb('hours').$type<{ days: number[]; start: string; end: string }>().notNull(),
  autoReply: text('auto_reply').notNull(),
  updatedAt,
});

/** A staff_office_hours row as stored. */
export type StaffOfficeHoursRow = typeof staffOfficeHours.$inferSelect;
