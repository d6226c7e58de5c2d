import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { smsMessages } from './fees.js';
import { guardians, profiles, schools } from './tenancy.js';
import { createdAt } from './columns.js';

/**
 * Replies to the school's SMS (issue 36 §2): one row per message Africa's Talking's incoming-message
 * callback delivers (POST /api/sms/incoming/:token), stored once per provider id. `school_id` is the
 * school the number belongs to (the guardian's school; with guardians in several schools, or an unknown
 * number, the school that last sent an SMS to it); null when no school knows the number (platform log
 * only). `guardian_id` is null for an unknown number. `sms_message_id` is the outbound SMS it answers
 * (the latest sent to that phone by that school), `staff_id` the staff member who sent it; null: the
 * school's inbox. `read_at` is when staff marked it read.
 */
export const smsReplies = pgTable(
  'sms_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id').references(() => schools.id),
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    /** The sender, normalised to 2547XXXXXXXX / 2541XXXXXXXX when Kenyan, else as received. */
    fromPhone: text('from_phone').notNull(),
    /** The shortcode or number it was sent to (Africa's Talking's `to`). */
    toNumber: text('to_number'),
    text: text('text').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Africa's Talking's message id: a retried callback stores nothing twice. */
    providerId: text('provider_id').notNull(),
    linkId: text('link_id'),
    smsMessageId: uuid('sms_message_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** 'stop' | 'start' when the reply was an opt-out / opt-in keyword (issue 36 §5), else null. */
    keyword: text('keyword'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex('sms_replies_provider_uq').on(t.providerId),
    index('sms_replies_school_idx').on(t.schoolId, t.receivedAt),
    index('sms_replies_staff_idx').on(t.staffId, t.receivedAt),
  ],
);

/** An sms_replies row as stored. */
export type SmsReplyRow = typeof smsReplies.$inferSelect;
