import { Search, X } from 'lucide-react';
import { CURRICULA, SCHOOL_STATUSES, type Curriculum, type SchoolStatus } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const m = messages.schoolsManagement;
const ALL = 'all';

export interface SchoolFilters {
  status: SchoolStatus | '';
  curriculum: Curriculum | '';
}

/** Search box and the status and curriculum filters of the schools list. */
export function SchoolsToolbar({
  search,
  onSearch,
  filters,
  onFilters,
}: {
  search: string;
  onSearch: (value: string) => void;
  filters: SchoolFilters;
  onFilters: (next: SchoolFilters) => void;
}) {
  const filtered = !!(search || filters.status || filters.curriculum);
  return (
    <div className="flex flex-col gap-2.5 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={m.searchPlaceholder}
          aria-label={m.searchPlaceholder}
          className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          data-testid="schools-search"
        />
      </div>
      <div className="grid grid-cols-2 gap-2.5 sm:flex sm:flex-wrap sm:items-center">
        <Select value={filters.status || ALL} onValueChange={(v) => onFilters({ ...filters, status: v === ALL ? '' : (v as SchoolStatus) })}>
          <SelectTrigger className="sm:w-40" aria-label={m.filterStatus} data-testid="schools-filter-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.allStatuses}</SelectItem>
            {SCHOOL_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {m.statusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.curriculum || ALL} onValueChange={(v) => onFilters({ ...filters, curriculum: v === ALL ? '' : (v as Curriculum) })}>
          <SelectTrigger className="sm:w-40" aria-label={m.filterCurriculum} data-testid="schools-filter-curriculum">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{m.allCurricula}</SelectItem>
            {CURRICULA.map((c) => (
              <SelectItem key={c} value={c}>
                {c}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 h-10 text-muted-foreground sm:col-span-1"
            onClick={() => {
              onSearch('');
              onFilters({ status: '', curriculum: '' });
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
