import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.js';
import { profiles, schools } from './tenancy.js';

/**
 * Columns every school table repeats (issue 33), for the schema files above tenancy.ts (which defines
 * schools and profiles and so cannot import this file without an import ring).
 */

/** `school_id uuid not null references schools(id)`: the tenant key row-level security filters on. */
export const schoolId = () => requiredRef('school_id', () => schools.id);

/**
 * A nullable `uuid` referencing profiles, set null when the profile goes: who did something (created_by,
 * decided_by ...) or a linked sign-in account.
 */
export const profileRef = (name: string) => uuid(name).references(() => profiles.id, { onDelete: 'set null' });

/**
 * The two columns most school tables open with, to spread first into the table: `id` (uuid primary key,
 * random default) and `school_id` (above).
 */
export const schoolRow = () => ({ id: uuid('id').primaryKey().defaultRandom(), schoolId: schoolId() });

/**
 * The columns of a request someone approves or rejects (fee adjustments, expenses, leave requests), to spread in place:
 * requested_by and decided_by (profiles, set null), decided_at (timestamptz, null until decided) and
 * decision_note.
 */
export const decisionColumns = () => ({
  requestedBy: profileRef('requested_by'),
  decidedBy: profileRef('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
});
