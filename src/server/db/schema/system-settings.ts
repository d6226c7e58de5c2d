import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { profileRef, schoolId } from './tenant-columns.js';

/**
 * Feature flags per school (issue 18 §4 "feature flags per school"): a row turns one feature of the
 * catalogue (shared/contracts/system-settings.ts FEATURE_KEYS) on or off for one school; a missing row
 * means on. The access gate (modules/system-settings/feature-flag-gate.ts) refuses a school user's
 * requests to a turned-off feature's API. Row-level security: app_can_see_school(school_id)
 * (drizzle/0022_system_settings.sql).
 */
export const schoolFeatureFlags = pgTable(
  'school_feature_flags',
  {
    schoolId: schoolId(),
    featureKey: text('feature_key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.featureKey] })],
);
