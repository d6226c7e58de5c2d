import type { AdminUser } from '@shared/contracts/users';
import { isAdminRole } from '@shared/roles';

const createdFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });

/** An ISO instant as its calendar date in Nairobi, e.g. "3 Mar 2026". */
export function formatCreated(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : createdFormat.format(d);
}

/** Rows whose status cannot be toggled (spec §5 Other: system administrator accounts). */
export function isSystemAdminRow(user: Pick<AdminUser, 'role'>): boolean {
  return isAdminRole(user.role);
}
