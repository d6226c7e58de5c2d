import { X } from 'lucide-react';
import { USER_STATUSES, type AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName, type Role } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/filter-select';
import { SearchField } from '@/components/search-field';
import type { SchoolOption } from '../api/users';

const m = messages.users;

export interface Filters {
  role: Role | '';
  status: AdminUser['status'] | '';
  schoolId: string;
}

/** Search box and the role, status and (platform admins) school filters. */
export function UsersToolbar({
  search,
  onSearch,
  filters,
  onFilters,
  roles,
  schools,
}: {
  search: string;
  onSearch: (value: string) => void;
  filters: Filters;
  onFilters: (next: Filters) => void;
  roles: readonly Role[];
  /** null hides the school filter. */
  schools: SchoolOption[] | null;
}) {
  const filtered = !!(search || filters.role || filters.status || filters.schoolId);
  return (
    <div className="flex flex-col gap-2.5 xl:flex-row xl:items-center">
      <SearchField value={search} onChange={onSearch} placeholder={m.searchPlaceholder} testId="users-search" className="flex-1 xl:min-w-56" />
      <div className="grid grid-cols-2 gap-2.5 sm:flex sm:flex-wrap sm:items-center xl:flex-nowrap">
        <FilterSelect
          value={filters.role}
          onChange={(role) => onFilters({ ...filters, role })}
          all={m.allRoles}
          options={roles.map((r) => ({ value: r, label: roleDisplayName(r) }))}
          label={m.filterRole}
          testId="filter-role"
          className="sm:w-40"
        />
        <FilterSelect
          value={filters.status}
          onChange={(status) => onFilters({ ...filters, status })}
          all={m.allStatuses}
          options={USER_STATUSES.map((st) => ({ value: st, label: m.statusLabels[st] }))}
          label={m.filterStatus}
          testId="filter-status"
          className="sm:w-36"
        />
        {schools && (
          <FilterSelect
            value={filters.schoolId}
            onChange={(schoolId) => onFilters({ ...filters, schoolId })}
            all={m.allSchools}
            options={schools.map((sc) => ({ value: sc.id, label: sc.name }))}
            label={m.filterSchool}
            testId="filter-school"
            className="col-span-2 sm:w-48"
          />
        )}
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 h-10 text-muted-foreground sm:col-span-1"
            onClick={() => {
              onSearch('');
              onFilters({ role: '', status: '', schoolId: '' });
            }}
          >
            <X aria-hidden />
            {m.clearFilters}
          </Button>
        )}
      </div>
    </div>
  );
}

