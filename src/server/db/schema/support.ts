import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentRef } from './announcements.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId } from './tenant-columns.js';

/**
 * Support tickets (issue 17 §3): school users open them, the school's director sees the school's, and
 * EduFam staff work them across schools in the Support Center. Row-level security: a school sees its
 * own tickets; platform context sees all (drizzle/0015_support.sql).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short number people quote ("T-1042"). */
    number: serial('number').notNull().unique(),
    schoolId: schoolId(),
    openedBy: profileRef('opened_by'),
    /** technical | billing | data_correction | feature_request. */
    category: text('category').notNull(),
    /** low | normal | high | urgent. */
    priority: text('priority').notNull().default('normal'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    /** open | in_progress | waiting_for_school | resolved | closed. */
    status: text('status').notNull().default('open'),
    assignedTo: profileRef('assigned_to'),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    satisfactionRating: integer('satisfaction_rating'),
    satisfactionComment: text('satisfaction_comment'),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('support_tickets_category_check', sql`${t.category} in ('technical', 'billing', 'data_correction', 'feature_request')`),
    check('support_tickets_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'in_progress', 'waiting_for_school', 'resolved', 'closed')`),
    check('support_tickets_rating_check', sql`${t.satisfactionRating} is null or ${t.satisfactionRating} between 1 and 5`),
    index('support_tickets_school_idx').on(t.schoolId, t.createdAt.desc()),
    index('support_tickets_queue_idx').on(t.status, t.priority, t.createdAt),
  ],
);

/** The reply thread; `internal` notes are EduFam staff only and never shown to the school. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: requiredRef('ticket_id', () => supportTickets.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    authorId: profileRef('author_id'),
    /** True when EduFam staff wrote it (platform side of the thread). */
    fromSupport: boolean('from_support').notNull().default(false),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    createdAt,
  },
  (t) => [index('support_ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Canned replies for EduFam support staff (platform-wide; platform context only). */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: profileRef('created_by'),
  createdAt,
  updatedAt,
});
