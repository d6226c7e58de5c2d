import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { ROLES } from '../roles.js';
import { MAINTENANCE_POLL_MS } from '../constants.js';
import {
  DEFAULT_ESTIMATED_DURATION,
  DEFAULT_MAINTENANCE_ALLOWED_ROLES,
  MAINTENANCE_SETTINGS_REFETCH_MS,
  MAINTENANCE_SETTINGS_STALE_MS,
  MAINTENANCE_STATUS_REFETCH_MS,
  MAINTENANCE_STATUS_RETRIES,
  MAINTENANCE_STATUS_RETRY_DELAY_MS,
  MAINTENANCE_STATUS_STALE_MS,
  canBypassMaintenance,
  enableMaintenanceBody,
  showsMaintenanceNotice,
} from './maintenance.js';

const m = messages.maintenance;

describe('spec §8 Maintenance strings, word for word', () => {
  it.each([
    [m.enabledTitle, 'Maintenance Mode Enabled'],
    [m.enabledText, 'System is now in maintenance mode. All users except EduFam Administrators are blocked.'],
    [m.disabledTitle, 'Maintenance Mode Disabled'],
    [m.disabledText, 'System is now accessible to all users.'],
    [m.messageUpdated, 'Maintenance message updated successfully'],
    [m.enableFailed, 'Failed to enable maintenance mode'],
    [m.disableFailed, 'Failed to disable maintenance mode'],
    [m.updateFailed, 'Failed to update maintenance message'],
    [m.noSettings, 'No maintenance settings available'],
    [m.accessBlocked, 'System is currently under maintenance. Please try again later.'],
    [m.accessCheckFailed, 'Unable to verify system status.'],
    [m.defaultMessage, 'System is under maintenance. Please try again later.'],
    [m.operational, 'System is operational.'],
    [m.pageTitle, 'System Under Maintenance'],
    [m.tryAgain, 'Try Again'],
    [m.checkStatus, 'Check Status'],
    [messages.unauthorized.maintenanceTestOnly, 'This test is only available to EduFam Administrators.'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});

describe('spec §9 maintenance constants', () => {
  it('poll 10 s; settings stale 30 s / refetch 60 s; status stale 10 s / refetch 30 s / 3 retries 1 s apart', () => {
    expect(MAINTENANCE_POLL_MS).toBe(10_000);
    expect([MAINTENANCE_SETTINGS_STALE_MS, MAINTENANCE_SETTINGS_REFETCH_MS]).toEqual([30_000, 60_000]);
    expect([MAINTENANCE_STATUS_STALE_MS, MAINTENANCE_STATUS_REFETCH_MS]).toEqual([10_000, 30_000]);
    expect([MAINTENANCE_STATUS_RETRIES, MAINTENANCE_STATUS_RETRY_DELAY_MS]).toEqual([3, 1_000]);
    expect(DEFAULT_ESTIMATED_DURATION).toBe('2-4 hours');
    expect(DEFAULT_MAINTENANCE_ALLOWED_ROLES).toEqual(['edufam_admin']);
  });
});

describe('canBypassMaintenance (spec §5 Other, §6 Maintenance)', () => {
  it('by default only edufam_admin and its alias elimisha_admin (spec §1: treated identically) bypass', () => {
    for (const role of ROLES) expect(canBypassMaintenance(role), role).toBe(role === 'edufam_admin' || role === 'elimisha_admin');
    expect(canBypassMaintenance(null)).toBe(false);
  });

  it('roles in allowed_roles bypass; the admin roles always do', () => {
    expect(canBypassMaintenance('hr', ['edufam_admin', 'hr'])).toBe(true);
    expect(canBypassMaintenance('edufam_admin', [])).toBe(true);
    expect(canBypassMaintenance('elimisha_admin', [])).toBe(true);
    expect(canBypassMaintenance('teacher', ['edufam_admin', 'elimisha_admin'])).toBe(false);
  });
});

describe('showsMaintenanceNotice (spec §6: admins who can bypass, but not edufam_admin)', () => {
  it('shows to a bypassing role other than edufam_admin and its alias, only while maintenance is on', () => {
    expect(showsMaintenanceNotice('hr', { enabled: true, canAccess: true })).toBe(true);
    expect(showsMaintenanceNotice('edufam_admin', { enabled: true, canAccess: true })).toBe(false);
    expect(showsMaintenanceNotice('elimisha_admin', { enabled: true, canAccess: true })).toBe(false);
    expect(showsMaintenanceNotice('hr', { enabled: true, canAccess: false })).toBe(false);
    expect(showsMaintenanceNotice('hr', { enabled: false, canAccess: true })).toBe(false);
    expect(showsMaintenanceNotice('teacher', { enabled: true, canAccess: null })).toBe(false);
  });
});

describe('enableMaintenanceBody', () => {
  it('trims the message and accepts an empty or absent one (the server then uses the default message)', () => {
    expect(enableMaintenanceBody.parse({ message: '  Hi  ' }).message).toBe('Hi');
    expect(enableMaintenanceBody.parse({ message: '  ' }).message).toBe('');
    expect(enableMaintenanceBody.parse({}).message).toBeUndefined();
    const r = enableMaintenanceBody.safeParse({ message: 42 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Invalid request');
  });
});
