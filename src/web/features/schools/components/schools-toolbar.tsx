import { X } from 'lucide-react';
import { CURRICULA, SCHOOL_STATUSES, type Curriculum, type SchoolStatus } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/filter-select';
import { SearchField } from '@/components/search-field';

const m = messages.schoolsManagement;

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
      <SearchField value={search} onChange={onSearch} placeholder={m.searchPlaceholder} testId="schools-search" className="flex-1" />
      <div className="grid grid-cols-2 gap-2.5 sm:flex sm:flex-wrap sm:items-center">
        <FilterSelect
          value={filters.status}
          onChange={(status) => onFilters({ ...filters, status })}
          all={m.allStatuses}
          options={SCHOOL_STATUSES.map((st) => ({ value: st, label: m.statusLabels[st] }))}
          label={m.filterStatus}
          testId="schools-filter-status"
          className="sm:w-40"
        />
        <FilterSelect
          value={filters.curriculum}
          onChange={(curriculum) => onFilters({ ...filters, curriculum })}
          all={m.allCurricula}
          options={CURRICULA.map((c) => ({ value: c, label: c }))}
          label={m.filterCurriculum}
          testId="schools-filter-curriculum"
          className="sm:w-40"
        />
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
