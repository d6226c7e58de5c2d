import type { AdminUser } from '@shared/contracts/users';
import { isAdminRole } from '@shared/roles';
import { formatInstantDay } from '@/lib/format';


/** An ISO instant as its calendar date in Nairobi, e.g. "03/03/2026". */
export function formatCreated(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : formatInstantDay(d);
}

/** Rows whose status cannot be toggled (spec §5 Other: system administrator accounts). */
export function isSystemAdminRow(user: Pick<AdminUser, 'role'>): boolean {
  return isAdminRole(user.role);
}
