import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enableMaintenanceBody,
  maintenanceSettingResponse,
  maintenanceStatusResponse,
  updateMaintenanceMessageBody,
} from '../../../shared/contracts/maintenance.js';
import { actorOf, toHeaders } from '../../plugins/access.js';
import { currentUser } from '../auth/index.js';
import { toSetting, toStatus, type MaintenanceService } from './maintenance.service.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import { type AuthDeps } from '../../lib/module-deps.js';

/** The signed-in caller of a public route, or null (no cookie, expired session, or unreadable). */
async function optionalUser(deps: AuthDeps, request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.cookie) return null;
  try {
    return await currentUser(deps, toHeaders(request));
  } catch {
    return null;
  }
}

/**
 * Maintenance mode API (spec §3 system_settings maintenance_mode, §4 App gate and Maintenance, §6
 * Maintenance, §7 item 5 and 6 and "Maintenance service", §8 Maintenance).
 *
 * Errors are `{ error: { code, message, fields? } }`: 401 UNAUTHENTICATED without a session, 403
 * FORBIDDEN for any role but edufam_admin and its alias elimisha_admin (spec §6 User management: the
 * role that may toggle maintenance; spec §1: the alias is treated identically), 400 VALIDATION for bad input (nothing changes), 404 NOT_FOUND "No maintenance settings
 * available" and 409 conflicts as described per route. Every change is one transaction (row upsert +
 * audit_logs entry with target system_settings:maintenance_mode and old/new values), followed by a
 * `maintenance.changed` live event to every signed-in browser.
 *
 * While maintenance is on, every other permission route answers 503 MAINTENANCE with the maintenance
 * message to callers whose role may not bypass it (plugins/access.ts + MaintenanceService.guard).
 */
export async function maintenanceRoutes(app: FastifyInstance, deps: AuthDeps, maintenance: MaintenanceService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/maintenance/status (public) → 200 {enabled, message, estimatedDuration, updatedAt,
   * canAccess}. Spec §7 Maintenance service "get status by role": `canAccess` is whether the signed-in
   * caller may use EduFam now (true when maintenance is off or their role may bypass it), null without a
   * session. Missing settings mean maintenance is off (message "System is operational."). Answered from
   * a copy at most 5 s old, refreshed at once on every change. Polled by the web app gate (spec §9:
   * every 10 s).
   */
  r.get(
    '/api/maintenance/status',
    {
      config: { public: true },
      schema: { tags: ['maintenance'], summary: 'Maintenance status, with the caller’s access check', response: { 200: maintenanceStatusResponse } },
    },
    async (request, reply) => {
      const [state, user] = await Promise.all([maintenance.current(), optionalUser(deps, request)]);
      reply.header('cache-control', 'no-store');
      return toStatus(state, user?.role ?? null, !!user);
    },
  );

  /**
   * GET /api/maintenance (edufam_admin) → 200 {exists, enabled, message, estimatedDuration,
   * allowedRoles, updatedAt, updatedBy: {id, name} | null}: the whole maintenance_mode setting, read
   * fresh. `exists` false: the setting was never written (maintenance off).
   */
  r.get(
    '/api/maintenance',
    {
      config: { permission: 'manageMaintenance' },
      schema: { tags: ['maintenance'], summary: 'The maintenance_mode setting', response: { 200: maintenanceSettingResponse } },
    },
    async () => toSetting(await maintenance.read()),
  );

  /**
   * POST /api/maintenance/enable {message?, estimatedDuration?, allowedRoles?} (edufam_admin) → 200
   * setting. Spec §4: disabled → enabled with the message (empty or absent: the default "System is
   * under maintenance. Please try again later.", spec §8) and estimated duration (empty or absent:
   * "2-4 hours"). allowedRoles (absent: edufam_admin only, spec §9) always includes edufam_admin.
   * Audited as maintenance_enabled. 400 VALIDATION: message not a string or over 500 characters,
   * duration over 100, unknown role. 409 ALREADY_ENABLED when
   * maintenance is already on (use PUT /api/maintenance/message to change the message).
   */
  r.post(
    '/api/maintenance/enable',
    {
      config: { permission: 'manageMaintenance' },
      schema: { tags: ['maintenance'], summary: 'Enable maintenance mode', body: enableMaintenanceBody, response: { 200: maintenanceSettingResponse } },
    },
    async (request) => toSetting(await maintenance.enable(actorOf(request), request.body, { ip: request.ip })),
  );

  /**
   * PUT /api/maintenance/message {message?, estimatedDuration?} (edufam_admin) → 200 setting. Changes
   * what blocked users read while maintenance is on (an empty message: the default message); an absent
   * estimatedDuration keeps the current one, an empty one is "2-4 hours".
   * Audited as maintenance_message_updated (nothing is written or audited when both are unchanged).
   * 400 VALIDATION as for enable; 404 NOT_FOUND "No maintenance settings available" when the setting was
   * never written; 409 MAINTENANCE_NOT_ENABLED "Maintenance mode is not enabled." when it is off.
   */
  r.put(
    '/api/maintenance/message',
    {
      config: { permission: 'manageMaintenance' },
      schema: {
        tags: ['maintenance'],
        summary: 'Update the maintenance message',
        body: updateMaintenanceMessageBody,
        response: { 200: maintenanceSettingResponse },
      },
    },
    async (request) => toSetting(await maintenance.updateMessage(actorOf(request), request.body, { ip: request.ip })),
  );

  /**
   * POST /api/maintenance/disable (edufam_admin, no body) → 200 setting. Spec §4: enabled → disabled,
   * message "System is operational."; audited as maintenance_disabled. Already off: 200 with the
   * unchanged setting, nothing written or audited (safe to repeat).
   */
  r.post(
    '/api/maintenance/disable',
    {
      config: { permission: 'manageMaintenance' },
      schema: { tags: ['maintenance'], summary: 'Disable maintenance mode', response: { 200: maintenanceSettingResponse } },
    },
    async (request) => toSetting(await maintenance.disable(actorOf(request), { ip: request.ip })),
  );
}
