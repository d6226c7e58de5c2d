import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { adminCommunications } from './communications.js';
import { smsMessages } from './fees.js';
import { guardians, profiles } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolRow } from './tenant-columns.js';

/**
 * School announcements (issue 17 §1): posted by the principal or director (whole school or chosen
 * audiences), a teacher (parents of their own streams, "Class Announcements"), the finance officer (fee
 * notices to parents) or HR (staff). Recipients are resolved once when the announcement is published
 * and kept with their per-channel delivery and read status. Row-level security: each school sees its
 * own rows (drizzle/0013_announcements.sql).
 */

/** An attachment kept in `files` (kind 'attachment'): what a list shows without reading the file. */
export interface AttachmentRef {
  fileId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Who an announcement is for (issue 17 §4 `audience`): every listed criterion adds people (a union);
 * `owingOnly` narrows parents to those with a learner who owes fees (finance notices).
 */
export interface AnnouncementAudience {
  roles?: string[];
  classIds?: string[];
  parentsOfClassIds?: string[];
  levelIds?: string[];
  staff?: boolean;
  owingOnly?: boolean;
}

export const schoolAnnouncements = pgTable(
  'school_announcements',
  {
    ...schoolRow(),
    authorId: profileRef('author_id'),
    /** The author's role when posted (principal, school_director, teacher, finance_officer, hr). */
    authorRole: text('author_role').notNull(),
    title: text('title').notNull(),
    /** Basic formatting as Markdown-like text (bold, italics, lists, links); rendered as text, never HTML. */
    body: text('body').notNull(),
    audience: jsonb('audience').$type<AnnouncementAudience>().notNull(),
    /** app, sms, email (app always). */
    channels: text('channels').array().notNull(),
    /** normal | high | urgent (high and urgent show a banner). */
    priority: text('priority').notNull().default('normal'),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    /**
     * Required by law (issue 35 §5): its SMS also goes to guardians who withdrew SMS consent (Data
     * Protection Act 2019; docs/decisions/0025-consent.md).
     */
    statutory: boolean('statutory').notNull().default(false),
    /** scheduled (publish_at in the future) | published | cancelled. */
    status: text('status').notNull().default('published'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** The bell's personal communication of this announcement (set when published): reading the announcement marks it read. */
    communicationId: uuid('communication_id').references(() => adminCommunications.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('school_announcements_priority_check', sql`${t.priority} in ('normal', 'high', 'urgent')`),
    check('school_announcements_status_check', sql`${t.status} in ('scheduled', 'published', 'cancelled')`),
    index('school_announcements_school_idx').on(t.schoolId, t.publishAt.desc()),
    index('school_announcements_due_idx').on(t.status, t.publishAt),
  ],
);

/**
 * One row per recipient of a published announcement: in-app read status and each channel's delivery
 * (null when the channel was not chosen or the person has no phone/e-mail; queued | sent | delivered |
 * failed otherwise). A recipient is an account (user_id) or a guardian without one (guardian_id,
 * issue 36 §2: reached by SMS/e-mail only, never in the app); exactly one of the two is set.
 */
export const schoolAnnouncementRecipients = pgTable(
  'school_announcement_recipients',
  {
    announcementId: requiredRef('announcement_id', () => schoolAnnouncements.id, { onDelete: 'cascade' }),
    /** The recipient's account; null for a guardian without one (guardian_id set instead). */
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    /** A guardian without an account (issue 36 §2); null for an account holder. */
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    smsTo: text('sms_to'),
    smsStatus: text('sms_status'),
    smsError: text('sms_error'),
    /** The sms_messages row of this recipient's SMS: a delivery report finds the recipient through it. */
    smsMessageId: uuid('sms_message_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    emailTo: text('email_to'),
    emailStatus: text('email_status'),
    emailError: text('email_error'),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('school_announcement_recipients_one_recipient_check', sql`num_nonnulls(${t.userId}, ${t.guardianId}) = 1`),
    uniqueIndex('school_announcement_recipients_user_uq').on(t.announcementId, t.userId),
    uniqueIndex('school_announcement_recipients_guardian_uq').on(t.announcementId, t.guardianId).where(sql`${t.guardianId} is not null`),
    index('school_announcement_recipients_user_idx').on(t.userId, t.readAt),
    index('school_announcement_recipients_sms_idx').on(t.smsMessageId),
  ],
);
