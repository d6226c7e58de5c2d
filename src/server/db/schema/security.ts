import { date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * One row per user per day they used EduFam (issue 18 §3 "daily active users by role"): written by
 * the access gate on a user's first signed-in request of the day (Africa/Nairobi). Platform-level:
 * read by platform analytics only; `school_id` lets the analytics group by school without a join.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Calendar day in Africa/Nairobi. */
    day: date('day').notNull(),
    role: text('role').notNull(),
    schoolId: uuid('school_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('user_activity_days_day_idx').on(t.day, t.role)],
);
