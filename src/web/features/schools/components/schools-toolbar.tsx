import { CURRICULA, SCHOOL_STATUSES, type Curriculum, type SchoolStatus } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { FilterSelect } from '@/components/filter-select';

const m = messages.schoolsManagement;

/** The schools list's search and filters as kept in the URL ('' = any): `?search=&status=&curriculum=`. */
export const SCHOOL_FILTERS = { search: '', status: '', curriculum: '' };

export interface SchoolFilters {
  status: SchoolStatus | '';
  curriculum: Curriculum | '';
}

/** The filters of a URL, checked: an unknown status or curriculum (a hand-edited or stale link) counts as "any". */
export function parseSchoolFilters(values: typeof SCHOOL_FILTERS): SchoolFilters {
  return {
    status: (SCHOOL_STATUSES as readonly string[]).includes(values.status) ? (values.status as SchoolStatus) : '',
    curriculum: (CURRICULA as readonly string[]).includes(values.curriculum) ? (values.curriculum as Curriculum) : '',
  };
}

/** The status and curriculum filters of the schools list, for the list toolbar. */
export function SchoolsFilters({ filters, onFilters }: { filters: SchoolFilters; onFilters: (patch: Partial<SchoolFilters>) => void }) {
  return (
    <>
      <FilterSelect
        value={filters.status}
        onChange={(status) => onFilters({ status })}
        all={m.allStatuses}
        options={SCHOOL_STATUSES.map((st) => ({ value: st, label: m.statusLabels[st] }))}
        label={m.filterStatus}
        testId="schools-filter-status"
      />
      <FilterSelect
        value={filters.curriculum}
        onChange={(curriculum) => onFilters({ curriculum })}
        all={m.allCurricula}
        options={CURRICULA.map((c) => ({ value: c, label: c }))}
        label={m.filterCurriculum}
        testId="schools-filter-curriculum"
      />
    </>
  );
}
