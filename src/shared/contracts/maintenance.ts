import { z } from 'zod';
import { messages } from '../messages.js';
import { ROLES, isAdminRole, type Role } from '../roles.js';

/**
 * Maintenance mode contracts (spec §3 system_settings key maintenance_mode, §4 App gate and
 * Maintenance, §6 Maintenance, §7 item 5 and "Maintenance service", §9). Shared by the API routes
 * (modules/maintenance) and the web gate, banner, admin screen and test panel. Browser-safe.
 */

/** system_settings.setting_key of the maintenance row. No other key is ever read or written here. */
export const MAINTENANCE_SETTING_KEY = 'maintenance_mode';

/** Spec §9: default estimated duration. */
export const DEFAULT_ESTIMATED_DURATION = '2-4 hours';

/** Spec §9 / §5 Other: roles allowed to bypass maintenance by default (edufam_admin only). */
export const DEFAULT_MAINTENANCE_ALLOWED_ROLES: readonly Role[] = ['edufam_admin'];

/** Spec §9 timings (milliseconds). The gate itself polls every MAINTENANCE_POLL_MS (shared/constants). */
export const MAINTENANCE_SETTINGS_STALE_MS = 30_000;
export const MAINTENANCE_SETTINGS_REFETCH_MS = 60_000;
export const MAINTENANCE_STATUS_STALE_MS = 10_000;
export const MAINTENANCE_STATUS_REFETCH_MS = 30_000;
export const MAINTENANCE_STATUS_RETRIES = 3;
export const MAINTENANCE_STATUS_RETRY_DELAY_MS = 1_000;

export const MAINTENANCE_MESSAGE_MAX = 500;
export const MAINTENANCE_DURATION_MAX = 100;

/** Error code of the 503 the API answers to callers blocked by maintenance mode. */
export const MAINTENANCE_ERROR_CODE = 'MAINTENANCE';

/**
 * Can a role keep using EduFam while maintenance is on (spec §5 Other, §6 Maintenance)? Roles listed
 * in allowed_roles bypass; edufam_admin always does, so the administrators who switch maintenance on
 * can never lock themselves out, whatever the stored row says, and so does its older alias
 * elimisha_admin, which spec §1 treats identically.
 */
export function canBypassMaintenance(role: string | null | undefined, allowedRoles: readonly string[] = DEFAULT_MAINTENANCE_ALLOWED_ROLES): boolean {
  if (!role) return false;
  return isAdminRole(role) || allowedRoles.includes(role);
}

/**
 * Does a user see the maintenance notice banner (spec §6: "shows to admins who can bypass, but not to
 * edufam_admin")? Our reading: the banner is for everyone who is let through during maintenance *only
 * because their role is in allowed_roles*, i.e. any bypassing role other than edufam_admin and its
 * alias elimisha_admin (spec §1: treated identically; both have the Maintenance screen). With the
 * default allowed_roles (edufam_admin only) nobody sees it; when allowed_roles also lists a school role
 * (possible through the API), its users keep working with the banner telling them the platform is in
 * maintenance for everyone else.
 */
export function showsMaintenanceNotice(role: string | null | undefined, status: { enabled: boolean; canAccess: boolean | null }): boolean {
  return status.enabled && status.canAccess === true && !!role && !isAdminRole(role);
}

// May be empty: the server then uses the spec's default message (spec §8 Maintenance, "System is under
// maintenance. Please try again later.").
const messageField = z.string({ error: messages.api.badRequest }).trim().max(MAINTENANCE_MESSAGE_MAX, messages.maintenance.messageTooLong);

const durationField = z.string().trim().max(MAINTENANCE_DURATION_MAX, messages.maintenance.durationTooLong);

/**
 * GET /api/maintenance/status (public). `updatedAt` is the ISO instant of the last change (null when
 * the setting was never written: maintenance off). `canAccess` is the role check for a signed-in
 * caller (true when they may use EduFam now), null for anonymous callers.
 */
export const maintenanceStatusResponse = z.object({
  enabled: z.boolean(),
  message: z.string(),
  estimatedDuration: z.string(),
  updatedAt: z.string().nullable(),
  canAccess: z.boolean().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusResponse>;

/**
 * GET /api/maintenance and the answer of every change (edufam_admin): the whole maintenance_mode
 * setting. `exists` is false when the row was never written (then maintenance is off, spec §8).
 */
export const maintenanceSettingResponse = z.object({
  exists: z.boolean(),
  enabled: z.boolean(),
  message: z.string(),
  estimatedDuration: z.string(),
  allowedRoles: z.array(z.enum(ROLES)),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type MaintenanceSetting = z.infer<typeof maintenanceSettingResponse>;

/**
 * POST /api/maintenance/enable. message empty or absent → the default "System is under maintenance.
 * Please try again later."; estimatedDuration empty or absent → "2-4 hours". allowedRoles absent →
 * edufam_admin only; edufam_admin is always added (see canBypassMaintenance).
 */
export const enableMaintenanceBody = z.object(
  {
    message: messageField.optional(),
    estimatedDuration: durationField.optional(),
    allowedRoles: z.array(z.enum(ROLES)).max(ROLES.length).optional(),
  },
  { error: messages.api.badRequest },
);
export type EnableMaintenanceBody = z.infer<typeof enableMaintenanceBody>;

/**
 * PUT /api/maintenance/message. message empty or absent → the default message; estimatedDuration absent
 * keeps the current one; empty → "2-4 hours".
 */
export const updateMaintenanceMessageBody = z.object(
  {
    message: messageField.optional(),
    estimatedDuration: durationField.optional(),
  },
  { error: messages.api.badRequest },
);
export type UpdateMaintenanceMessageBody = z.infer<typeof updateMaintenanceMessageBody>;

/** The web form's schema (same rules as the API; message and duration may be left empty: the defaults apply). */
export const maintenanceForm = z.object({
  message: messageField,
  estimatedDuration: durationField,
});
export type MaintenanceFormValues = z.input<typeof maintenanceForm>;
