import * as React from 'react';
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { messages } from '@shared/messages';
import { FilterSelect, type FilterOption } from '@/components/filter-select';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { DateField } from '@/components/date-field';
import { EMPTY_FILTERS, type AuditFilters, type AuditSchoolOption } from '../api/audit-logs';
import { schoolToday } from '@shared/dates';
import { perLocale } from '@shared/i18n/localized';

const m = messages.audit;

function FilterField({ label, htmlFor, className, children }: { label: string; htmlFor: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** A list filter in its labelled cell (full width on phones): "All …" first, then `options`; its id and test id are `audit-filter-<name>`. */
function SelectFilter<T extends string>({
  name,
  label,
  selectClassName,
  ...select
}: {
  name: string;
  label: string;
  value: T | '';
  onChange: (value: T | '') => void;
  all: string;
  options: readonly FilterOption<T>[];
  selectClassName?: string;
}) {
  const id = `audit-filter-${name}`;
  return (
    <FilterField label={label} htmlFor={id} className="col-span-2 md:col-span-1">
      <FilterSelect id={id} {...select} testId={id} className={selectClassName} />
    </FilterField>
  );
}

/** Success or failure of the logged action. */
const RESULT_OPTIONS = perLocale((): FilterOption<Exclude<AuditFilters['success'], ''>>[] => ([
  { value: 'true', label: m.success },
  { value: 'false', label: m.failure },
]));

/** A date of the range filter (`from` or `to`), red while the range is wrong. */
function DateFilter({
  name,
  label,
  value,
  min,
  max,
  invalid,
  onChange,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  min?: string;
  max: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const id = `audit-filter-${name}`;
  return (
    <FilterField label={label} htmlFor={id}>
      <DateField
        id={id}
        value={value}
        min={min}
        max={max}
        onValueChange={(value) => onChange(value)}
        aria-invalid={invalid || undefined}
        className={cn('tabular-nums', invalid && 'border-destructive')}
        data-testid={id}
      />
    </FilterField>
  );
}

/**
 * The Audit Trail filters: action (from GET /api/audit/actions), actor and entity searches, a date range
 * in Nairobi days, success or failure, and for platform admins the school.
 */
export function AuditFiltersBar({
  value,
  onChange,
  actions,
  schools,
  dateError,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
  actions: string[];
  /** null hides the school filter (school leaders see only their school). */
  schools: AuditSchoolOption[] | null;
  dateError: string | null;
}) {
  const set = <K extends keyof AuditFilters>(key: K, v: AuditFilters[K]) => onChange({ ...value, [key]: v });
  const today = schoolToday();
  // Keep a chosen action listed even when the current scope no longer has it.
  const actionOptions = value.action && !actions.includes(value.action) ? [value.action, ...actions] : actions;

  const active = Object.values(value).filter((v) => v !== '').length;
  const [open, setOpen] = React.useState(false);
  return (
    <div className="flex flex-col gap-3" data-testid="audit-filters">
      {/* Phones: the filters fold away behind one button so the entries come first. */}
      <Button
        variant="outline"
        className="justify-between md:hidden"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="audit-filter-fields"
        data-testid="audit-filters-toggle"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          {m.filters}
          {active > 0 && <span className="rounded-full bg-primary px-1.5 text-[11px] leading-5 font-semibold text-primary-foreground tabular-nums">{active}</span>}
        </span>
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div
        id="audit-filter-fields"
        className={cn('grid-cols-2 gap-x-3 gap-y-3 md:grid', schools ? 'md:grid-cols-4' : 'md:grid-cols-3', open || dateError ? 'grid' : 'hidden')}
      >
        <SelectFilter
          name="action"
          label={m.action}
          value={value.action}
          onChange={(v) => set('action', v)}
          all={m.allActions}
          options={actionOptions.map((a) => ({ value: a, label: a, className: 'font-mono text-xs' }))}
          selectClassName="font-medium"
        />
        <FilterField label={m.actor} htmlFor="audit-filter-actor" className="col-span-2 md:col-span-1">
          <SearchField
            id="audit-filter-actor"
            value={value.actor}
            onChange={(v) => set('actor', v)}
            placeholder={m.actorPlaceholder}
            maxLength={200}
            testId="audit-filter-actor"
          />
        </FilterField>
        <FilterField label={m.entity} htmlFor="audit-filter-entity" className="col-span-2 md:col-span-1">
          <Input
            id="audit-filter-entity"
            type="search"
            value={value.entity}
            onChange={(e) => set('entity', e.target.value)}
            placeholder={m.entityPlaceholder}
            maxLength={200}
            data-testid="audit-filter-entity"
          />
        </FilterField>
        {schools && <SelectFilter name="school" label={m.school} value={value.schoolId} onChange={(v) => set('schoolId', v)} all={m.allSchools} options={schools.map((sc) => ({ value: sc.id, label: sc.name }))} />}
        <DateFilter name="from" label={m.from} value={value.from} max={value.to || today} invalid={!!dateError} onChange={(v) => set('from', v)} />
        <DateFilter name="to" label={m.to} value={value.to} min={value.from || undefined} max={today} invalid={!!dateError} onChange={(v) => set('to', v)} />
        <SelectFilter<Exclude<AuditFilters['success'], ''>> name="result" label={m.result} value={value.success} onChange={(v) => set('success', v)} all={m.allResults} options={RESULT_OPTIONS} />
      </div>
      {(dateError || active > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-destructive" role={dateError ? 'alert' : undefined} data-testid="audit-date-error">
            {dateError}
          </p>
          {active > 0 && (
            <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)} data-testid="audit-clear-filters">
              <X aria-hidden />
              {m.clearFilters}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
