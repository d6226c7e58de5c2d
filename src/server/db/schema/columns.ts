import { bigint, timestamp, uuid, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * Column builders the schema files share (issue 33). Plain builders only, no table imports, so every
 * schema file (tenancy.ts included) may use them without an import ring; the school and profile
 * references live in tenant-columns.ts. Reusing a builder in several tables is fine: drizzle builds a
 * fresh column from it for each table.
 */

/** `created_at timestamptz not null default now()`. */
export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`. */
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Both of them, to spread into a table: `{ ...timestamps }`. */
export const timestamps = { createdAt, updatedAt };

/** An amount in whole cents (KES x 100) as a bigint read as a JS number. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A `uuid not null` column referencing `target` (e.g. `() => students.id`), with the foreign key's
 * on delete / on update actions when given.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);
