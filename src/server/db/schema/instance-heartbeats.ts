import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { InstanceFigures } from '../../../shared/contracts/health.js';

/**
 * The fleet's heartbeats (issue 37 §3): one row per running server process on this database, written
 * every HEARTBEAT_INTERVAL_MS by that process (modules/health/heartbeat.ts), read by System Health to
 * show every instance, not only the one that answers. Platform table, not tenant data: platform
 * context only (RLS in drizzle/0035_instance_heartbeats.sql). Rows unseen for FLEET_FORGET_MINUTES
 * are deleted by the writer.
 */
export const instanceHeartbeats = pgTable(
  'instance_heartbeats',
  {
    /** The process's random id (createInstanceInfo), new at every start. */
    instanceId: text('instance_id').primaryKey(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    /** EduFam version (package.json). */
    version: text('version').notNull(),
    nodeVersion: text('node_version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The database's now() at the last heartbeat (one clock for the whole fleet). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance's own figures at that heartbeat. */
    figures: jsonb('figures').$type<InstanceFigures>().notNull(),
  },
  (t) => [index('instance_heartbeats_last_seen_idx').on(t.lastSeenAt)],
);

/** A heartbeat row as stored. */
export type InstanceHeartbeatRow = typeof instanceHeartbeats.$inferSelect;
