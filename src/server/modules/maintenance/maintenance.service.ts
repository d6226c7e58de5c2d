import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import {
  DEFAULT_ESTIMATED_DURATION,
  DEFAULT_MAINTENANCE_ALLOWED_ROLES,
  MAINTENANCE_ERROR_CODE,
  canBypassMaintenance,
  type EnableMaintenanceBody,
  type MaintenanceSetting,
  type MaintenanceStatus,
  type UpdateMaintenanceMessageBody,
} from '../../../shared/contracts/maintenance.js';
import { messages } from '../../../shared/messages.js';
import { ROLES, type Role } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, withSystem, type TenantScope } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import { recordAudit } from '../../lib/audit.js';
import { findMaintenanceRow, saveMaintenanceRow, type MaintenanceRow, type StoredMaintenanceValue } from './maintenance.repository.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import { perLocale } from '../../../shared/i18n/localized.js';

const m = messages.maintenance;

/** How long the access gate trusts its in-memory copy of the setting (changes also invalidate it at once). */
export const MAINTENANCE_CACHE_MS = 5_000;

/** Retry-After (seconds) sent with the 503 maintenance refusal. */
const RETRY_AFTER_S = 30;

/**
 * Permission routes that keep working during maintenance for everybody: the live-event stream (it
 * carries no data, and it is how a blocked browser learns that maintenance ended). Public routes
 * (status, sign-in, sign-out, session, health) are never refused: the gate only runs on permission
 * routes.
 */
const OPEN_DURING_MAINTENANCE = new Set(['/api/events']);

/** The audit target of every maintenance entry (spec §7 item 6). */
const AUDIT_TARGET = 'system_settings:maintenance_mode';

/** The maintenance setting as the server works with it. */
export interface MaintenanceState {
  exists: boolean;
  enabled: boolean;
  message: string;
  estimatedDuration: string;
  allowedRoles: Role[];
  updatedAt: Date | null;
  updatedBy: string | null;
  updatedByName: string | null;
}

/** Spec §8: missing settings mean maintenance is off. */
const OFF = perLocale((): MaintenanceState => ({
  exists: false,
  enabled: false,
  message: m.operational,
  estimatedDuration: DEFAULT_ESTIMATED_DURATION,
  allowedRoles: [...DEFAULT_MAINTENANCE_ALLOWED_ROLES],
  updatedAt: null,
  updatedBy: null,
  updatedByName: null,
}));

/** Reads a stored value leniently: anything missing or malformed falls back to the spec's defaults. */
const storedValue = z.object({
  enabled: z.boolean().catch(false),
  message: z.string().optional().catch(undefined),
  estimated_duration: z.string().optional().catch(undefined),
  allowed_roles: z.array(z.string()).optional().catch(undefined),
});

/** The row (or its absence) as a MaintenanceState. */
export function toState(row: MaintenanceRow | null): MaintenanceState {
  if (!row) return OFF;
  const parsed = storedValue.safeParse(row.value);
  const v = parsed.success ? parsed.data : { enabled: false, message: undefined, estimated_duration: undefined, allowed_roles: undefined };
  const roles = (v.allowed_roles ?? DEFAULT_MAINTENANCE_ALLOWED_ROLES).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return {
    exists: true,
    enabled: v.enabled,
    message: v.message?.trim() || (v.enabled ? m.defaultMessage : m.operational),
    estimatedDuration: v.estimated_duration?.trim() || DEFAULT_ESTIMATED_DURATION,
    allowedRoles: roles.includes('edufam_admin') ? roles : ['edufam_admin', ...roles],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    updatedByName: row.updatedByName,
  };
}

/** The public status (spec §7 Maintenance service: status by role, with message and estimatedDuration). */
export function toStatus(s: MaintenanceState, role: string | null | undefined, signedIn: boolean): MaintenanceStatus {
  return {
    enabled: s.enabled,
    message: s.message,
    estimatedDuration: s.estimatedDuration,
    updatedAt: s.updatedAt?.toISOString() ?? null,
    canAccess: signedIn ? !s.enabled || canBypassMaintenance(role, s.allowedRoles) : null,
  };
}

/** The full setting for edufam_admin. */
export function toSetting(s: MaintenanceState): MaintenanceSetting {
  return {
    exists: s.exists,
    enabled: s.enabled,
    message: s.message,
    estimatedDuration: s.estimatedDuration,
    allowedRoles: s.allowedRoles,
    updatedAt: s.updatedAt?.toISOString() ?? null,
    updatedBy: s.updatedBy ? { id: s.updatedBy, name: s.updatedByName } : null,
  };
}

/** Where a change came from, for the audit entry. */
export interface ChangeContext {
  ip?: string | null;
}

export interface MaintenanceService {
  /** The setting, from a short-lived in-memory copy (MAINTENANCE_CACHE_MS; invalidated on every change). */
  current(): Promise<MaintenanceState>;
  /** The setting read fresh from the database (with the updater's name). */
  read(): Promise<MaintenanceState>;
  /** Drops the in-memory copy (called on maintenance.changed events from any instance). */
  invalidate(): void;
  enable(actor: Actor, body: EnableMaintenanceBody, ctx?: ChangeContext): Promise<MaintenanceState>;
  updateMessage(actor: Actor, body: UpdateMaintenanceMessageBody, ctx?: ChangeContext): Promise<MaintenanceState>;
  disable(actor: Actor, ctx?: ChangeContext): Promise<MaintenanceState>;
  /**
   * The access gate's maintenance check (spec §6: non-bypass roles are blocked with the maintenance
   * message): throws 503 MAINTENANCE with the current message when maintenance is on and the caller's
   * role may not bypass it. Fails open (lets the call through) when the setting cannot be read.
   */
  guard(request: FastifyRequest, user: SessionUser): Promise<void>;
}

/**
 * Maintenance mode (spec §3, §4 Maintenance, §6, §7 items 5 and 6). Every change runs in one
 * transaction (row locked, upsert, audit entry), then drops the cache and publishes
 * `maintenance.changed` to every signed-in browser after the commit.
 */
export function createMaintenanceService(database: Database, events: EventBus, log?: { warn(obj: unknown, msg: string): void }): MaintenanceService {
  let cached: { state: MaintenanceState; at: number } | null = null;
  let inflight: Promise<MaintenanceState> | null = null;
  let generation = 0;

  const read = () => withSystem(database.db, async (tx) => toState(await findMaintenanceRow(tx)));

  function invalidate() {
    generation++;
    cached = null;
    inflight = null;
  }

  events.subscribe((e) => {
    if (e.type === 'maintenance.changed') invalidate();
  });

  async function current(): Promise<MaintenanceState> {
    if (cached && Date.now() - cached.at < MAINTENANCE_CACHE_MS) return cached.state;
    if (inflight) return inflight;
    const gen = generation;
    const p = read().then(
      (state) => {
        if (gen === generation) {
          cached = { state, at: Date.now() };
          inflight = null;
        }
        return state;
      },
      (err: unknown) => {
        if (gen === generation) inflight = null;
        throw err;
      },
    );
    inflight = p;
    return p;
  }

  const scopeFor = (actor: Actor): TenantScope => ({ schoolId: null, userId: actor.id, allSchools: true });

  /** Locks the row, applies `change` (null: nothing to do), writes the row and the audit entry. */
  async function change(
    actor: Actor,
    action: 'maintenance_enabled' | 'maintenance_disabled' | 'maintenance_message_updated',
    apply: (before: MaintenanceState) => { enabled: boolean; message: string; estimatedDuration: string; allowedRoles: Role[] } | null,
    ctx: ChangeContext,
  ): Promise<MaintenanceState> {
    const { state, changed } = await withScope(database.db, scopeFor(actor), async (tx) => {
      const before = toState(await findMaintenanceRow(tx, { forUpdate: true }));
      const next = apply(before);
      if (!next) return { state: before, changed: false };
      const at = new Date();
      const value: StoredMaintenanceValue = {
        enabled: next.enabled,
        message: next.message,
        estimated_duration: next.estimatedDuration,
        allowed_roles: next.allowedRoles,
        updated_by: actor.id,
        updated_at: at.toISOString(),
      };
      await saveMaintenanceRow(tx, value, at, actor.id);
      await recordAudit(tx, {
        schoolId: null,
        action,
        performedByUserId: actor.id,
        performedByRole: actor.role,
        targetEntity: AUDIT_TARGET,
        resource: 'maintenance',
        oldValue: before.exists
          ? { enabled: before.enabled, message: before.message, estimated_duration: before.estimatedDuration, allowed_roles: before.allowedRoles }
          : null,
        newValue: { enabled: value.enabled, message: value.message, estimated_duration: value.estimated_duration, allowed_roles: value.allowed_roles },
        ipAddress: ctx.ip ?? null,
      });
      return { state: toState(await findMaintenanceRow(tx)), changed: true };
    });
    if (changed) {
      invalidate();
      cached = { state, at: Date.now() };
      await events
        .publish({
          type: 'maintenance.changed',
          audience: {},
          data: { enabled: state.enabled, message: state.message, estimatedDuration: state.estimatedDuration },
        })
        .catch(() => undefined);
    }
    return state;
  }

  return {
    current,
    read,
    invalidate,

    enable(actor, body, ctx = {}) {
      return change(
        actor,
        'maintenance_enabled',
        (before) => {
          if (before.enabled) throw new AppError(409, 'ALREADY_ENABLED', m.alreadyEnabled);
          const roles = body.allowedRoles ?? DEFAULT_MAINTENANCE_ALLOWED_ROLES;
          return {
            enabled: true,
            // Spec §8 Maintenance: the default message when none is given.
            message: body.message || m.defaultMessage,
            estimatedDuration: body.estimatedDuration || DEFAULT_ESTIMATED_DURATION,
            allowedRoles: [...new Set<Role>(['edufam_admin', ...roles])],
          };
        },
        ctx,
      );
    },

    updateMessage(actor, body, ctx = {}) {
      return change(
        actor,
        'maintenance_message_updated',
        (before) => {
          if (!before.exists) throw notFound(m.noSettings);
          if (!before.enabled) throw new AppError(409, 'MAINTENANCE_NOT_ENABLED', m.notEnabled);
          const estimatedDuration =
            body.estimatedDuration === undefined ? before.estimatedDuration : body.estimatedDuration || DEFAULT_ESTIMATED_DURATION;
          const message = body.message || m.defaultMessage;
          if (message === before.message && estimatedDuration === before.estimatedDuration) return null;
          return { enabled: true, message, estimatedDuration, allowedRoles: before.allowedRoles };
        },
        ctx,
      );
    },

    disable(actor, ctx = {}) {
      return change(
        actor,
        'maintenance_disabled',
        (before) => {
          // Already off: nothing changes and nothing is audited (safe to call twice).
          if (!before.enabled) return null;
          return { enabled: false, message: m.operational, estimatedDuration: before.estimatedDuration, allowedRoles: before.allowedRoles };
        },
        ctx,
      );
    },

    async guard(request, user) {
      if (OPEN_DURING_MAINTENANCE.has(request.routeOptions.url ?? '')) return;
      let state: MaintenanceState;
      try {
        state = await current();
      } catch (err) {
        log?.warn({ err }, 'maintenance setting unreadable; letting the request through');
        return;
      }
      if (!state.enabled || canBypassMaintenance(user.role, state.allowedRoles)) return;
      throw new AppError(503, MAINTENANCE_ERROR_CODE, state.message, { retryAfterSeconds: RETRY_AFTER_S });
    },
  };
}
