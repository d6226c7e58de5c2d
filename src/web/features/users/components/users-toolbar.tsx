import { Search, X } from 'lucide-react';
import { USER_STATUSES, type AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName, type Role } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { SchoolOption } from '../api/users';

const m = messages.users;
const ALL = 'all';

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
      <div className="relative min-w-0 flex-1 xl:min-w-56">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={m.searchPlaceholder}
          aria-label={m.searchPlaceholder}
          className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          data-testid="users-search"
        />
      </div>
      <div className="grid grid-cols-2 gap-2.5 sm:flex sm:flex-wrap sm:items-center xl:flex-nowrap">
        <Select value={filters.role || ALL} onValueChange={(v) => onFilters({ ...filters, role: v === ALL ? '' : (v as Role) })}>
          <SelectTrigger className="sm:w-40" aria-label={m.filterRole} data-testid="filter-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.allRoles}</SelectItem>
            {roles.map((r) => (
              <SelectItem key={r} value={r}>
                {roleDisplayName(r)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filters.status || ALL}
          onValueChange={(v) => onFilters({ ...filters, status: v === ALL ? '' : (v as AdminUser['status']) })}
        >
          <SelectTrigger className="sm:w-36" aria-label={m.filterStatus} data-testid="filter-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.allStatuses}</SelectItem>
            {USER_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {m.statusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {schools && (
          <Select value={filters.schoolId || ALL} onValueChange={(v) => onFilters({ ...filters, schoolId: v === ALL ? '' : v })}>
            <SelectTrigger className="col-span-2 sm:w-48" aria-label={m.filterSchool} data-testid="filter-school">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{m.allSchools}</SelectItem>
              {schools.map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
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

