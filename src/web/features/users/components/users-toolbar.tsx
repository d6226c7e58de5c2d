import { USER_STATUSES, type AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName, type Role } from '@shared/roles';
import { cn } from '@/lib/utils';
import { FilterSelect } from '@/components/filter-select';
import type { SchoolOption } from '../api/users';

const m = messages.users;
/**
 * Filters a little narrower than the toolbar's default: a platform admin's search, three filters,
 * Clear filters and Columns then still share one line on a laptop.
 */
const NARROW = 'lg:w-40!';

/** The users list's filters as kept in the URL ('' = any): `?search=&role=&status=&schoolId=`. */
export const USER_FILTERS = { search: '', role: '', status: '', schoolId: '' };

export interface Filters {
  role: Role | '';
  status: AdminUser['status'] | '';
  schoolId: string;
}

/**
 * The filters of a URL, checked: a role the viewer cannot filter by or an unknown status counts as
 * "any" (a hand-edited or stale link), and the school filter is for platform staff only.
 */
export function parseFilters(values: typeof USER_FILTERS, roles: readonly Role[], platform: boolean): Filters {
  return {
    role: (roles as readonly string[]).includes(values.role) ? (values.role as Role) : '',
    status: (USER_STATUSES as readonly string[]).includes(values.status) ? (values.status as AdminUser['status']) : '',
    schoolId: platform ? values.schoolId : '',
  };
}

/** The role, status and (platform admins) school filters, for the list toolbar. */
export function UsersFilters({
  filters,
  onFilters,
  roles,
  schools,
}: {
  filters: Filters;
  onFilters: (patch: Partial<Filters>) => void;
  roles: readonly Role[];
  /** null hides the school filter. */
  schools: SchoolOption[] | null;
}) {
  return (
    <>
      <FilterSelect
        value={filters.role}
        onChange={(role) => onFilters({ role })}
        all={m.allRoles}
        options={roles.map((r) => ({ value: r, label: roleDisplayName(r) }))}
        label={m.filterRole}
        testId="filter-role"
        className={NARROW}
      />
      <FilterSelect
        value={filters.status}
        onChange={(status) => onFilters({ status })}
        all={m.allStatuses}
        options={USER_STATUSES.map((st) => ({ value: st, label: m.statusLabels[st] }))}
        label={m.filterStatus}
        testId="filter-status"
        className={NARROW}
      />
      {schools && (
        <FilterSelect
          value={filters.schoolId}
          onChange={(schoolId) => onFilters({ schoolId })}
          all={m.allSchools}
          options={schools.map((sc) => ({ value: sc.id, label: sc.name }))}
          label={m.filterSchool}
          testId="filter-school"
          className={cn(NARROW, 'sm:col-span-2')}
        />
      )}
    </>
  );
}
