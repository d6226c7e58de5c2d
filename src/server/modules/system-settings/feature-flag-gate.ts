import type { FastifyRequest } from 'fastify';
import { FEATURE_KEYS, type FeatureKey } from '../../../shared/contracts/system-settings.js';
import { systemSettingsMessages as sm } from '../../../shared/messages/system-settings.js';
import { isSchoolRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { forbidden } from '../../errors.js';
import { bumpSettingsGeneration, settingsGeneration } from './settings-store.js';
import { listSchoolFeatureFlags } from './system-settings.repository.js';
import { type SessionUser } from '../../../shared/contracts/session.js';

/**
 * The API prefixes of each feature of the catalogue: a school user's request to a path equal to a
 * prefix or under it ("/api/transport", "/api/transport/routes") is refused while the feature is off
 * for their school. Public routes (M-Pesa callbacks, certificate verification, SMS delivery reports)
 * never reach the gate.
 */
export const FEATURE_PREFIXES: Record<FeatureKey, readonly string[]> = {
  mpesa: ['/api/mpesa'],
  transport: ['/api/transport'],
  inventory: ['/api/inventory', '/api/suppliers'],
  timetable: ['/api/timetables'],
  messages: ['/api/conversations'],
  sms: ['/api/sms'],
  payroll: ['/api/payroll', '/api/me/payslips'],
  certificates: ['/api/certificates'],
};

/** The feature whose API `path` (no query string) belongs to, or null. */
export function featureOfPath(path: string): FeatureKey | null {
  for (const key of FEATURE_KEYS) {
    for (const prefix of FEATURE_PREFIXES[key]) {
      if (path === prefix || path.startsWith(`${prefix}/`)) return key;
    }
  }
  return null;
}

/** Every feature → on/off for a school (a missing row is on), read in the caller's transaction. */
export async function schoolFlags(tx: Tx, schoolId: string): Promise<Record<FeatureKey, boolean>> {
  const rows = await listSchoolFeatureFlags(tx, schoolId, [...FEATURE_KEYS]);
  const flags = Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])) as Record<FeatureKey, boolean>;
  for (const r of rows) flags[r.key as FeatureKey] = r.enabled;
  return flags;
}

/** Is `feature` on for the school? For modules that check a feature outside its URL prefix (e.g. SMS sends). */
export async function isFeatureEnabled(tx: Tx, schoolId: string, feature: FeatureKey): Promise<boolean> {
  return (await schoolFlags(tx, schoolId))[feature];
}

/** Drops every cached school's flags in this process (called after PUT /api/system-settings/feature-flags/:schoolId). */
export function invalidateFeatureFlags(): void {
  bumpSettingsGeneration();
}

/** How long a school's flags are kept in memory (other instances see a change within this time). */
export const FEATURE_FLAG_TTL_MS = 30_000;

/**
 * Access-gate guard (plugins/access.ts hooks.guards; issue 18 §4 "feature flags per school"): refuses a
 * school user's request to a turned-off feature's API with 403 FEATURE_DISABLED and a message naming
 * the feature. Platform staff are never refused. Flags are cached per school for FEATURE_FLAG_TTL_MS
 * (and dropped at once in this process when they are saved), so the gate costs no query on most requests.
 */
export function createFeatureFlagGate(database: Database): (request: FastifyRequest, user: SessionUser) => Promise<void> {
  const cache = new Map<string, { at: number; generation: number; flags: Record<FeatureKey, boolean> }>();
  return async (request, user) => {
    if (!user.schoolId || !isSchoolRole(user.role)) return;
    const path = request.url.split('?')[0] ?? '';
    const feature = featureOfPath(path);
    if (!feature) return;
    const now = Date.now();
    let hit = cache.get(user.schoolId);
    if (!hit || now - hit.at > FEATURE_FLAG_TTL_MS || hit.generation !== settingsGeneration()) {
      const flags = await withSystem(database.db, (tx) => schoolFlags(tx, user.schoolId!));
      hit = { at: now, generation: settingsGeneration(), flags };
      cache.set(user.schoolId, hit);
    }
    if (!hit.flags[feature]) throw forbidden(sm.featureDisabled(sm.features[feature].label), 'FEATURE_DISABLED');
  };
}
