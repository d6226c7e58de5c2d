import * as React from 'react';
import { useSearchParams } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { GROUP_BY, REPORT_PAYMENT_METHODS, type ReportOptions } from '@shared/contracts/financial-reports';
import { isCalendarDate } from '@shared/contracts/learners';
import { GROUP_BY_LABELS, METHOD_LABELS, financialReportsMessages as m, type ReportId } from '@shared/messages/financial-reports';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { OptionSelectItems } from '@/components/select-parts';
import { DateField as DayInput } from '@/components/date-field';
import { FilterField } from '@/features/attendance';
import type { ReportParams } from './financial-reports-api';

/** The filters each report takes (query names of the public API). */
export const REPORT_FILTERS: Record<ReportId, readonly FilterKey[]> = {
  'fee-collection': ['from', 'to', 'termId', 'levelId', 'classId', 'method', 'groupBy'],
  arrears: ['asOf', 'levelId', 'classId', 'minBalance'],
  defaulters: ['asOf', 'levelId', 'classId', 'minBalance'],
  'cash-book': ['from', 'to'],
  'income-expenditure': ['termId', 'from', 'to'],
  'mpesa-reconciliation': ['from', 'to'],
  'expenses-by-category': ['termId', 'from', 'to'],
  'budget-vs-actual': ['termId', 'year'],
};
type FilterKey = 'from' | 'to' | 'asOf' | 'termId' | 'levelId' | 'classId' | 'method' | 'groupBy' | 'minBalance' | 'year';

const ALL = '__all';

/**
 * The chosen report and its filters, kept in the address (`?report=arrears&asOf=…`) so a link or a
 * reload reopens the same view. Only the report's own filters are read and sent.
 */
export function useReportState(): { report: ReportId | null; params: ReportParams; setParams: (patch: Record<string, string | null>) => void; choose: (r: ReportId | null) => void; reset: () => void } {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('report');
  const report = raw && raw in REPORT_FILTERS ? (raw as ReportId) : null;
  const params = React.useMemo(() => {
    const p: ReportParams = {};
    if (report) for (const k of REPORT_FILTERS[report]) p[k] = search.get(k);
    return p;
  }, [report, search]);
  const setParams = React.useCallback(
    (patch: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const q = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value) q.set(key, value);
            else q.delete(key);
          }
          return q;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const choose = React.useCallback((r: ReportId | null) => setSearch(() => (r ? new URLSearchParams({ report: r }) : new URLSearchParams())), [setSearch]);
  const reset = React.useCallback(() => report && choose(report), [report, choose]);
  return { report, params, setParams, choose, reset };
}

function DateField({ id, label, value, onChange }: { id: string; label: string; value: string | null | undefined; onChange: (v: string | null) => void }) {
  const [text, setText] = React.useState(value ?? '');
  React.useEffect(() => setText(value ?? ''), [value]);
  return (
    <FilterField label={label} htmlFor={id} className="w-[calc(50%-0.375rem)] sm:w-40">
      <DayInput
        id={id}
        value={text}
        onValueChange={(value) => {
          setText(value);
          if (!value) onChange(null);
          else if (isCalendarDate(value)) onChange(value);
        }}
        data-testid={`fr-filter-${id.replace('fr-', '')}`}
      />
    </FilterField>
  );
}

function SelectField({ id, label, value, onChange, allLabel, options, className }: { id: string; label: string; value: string | null | undefined; onChange: (v: string | null) => void; allLabel?: string; options: { value: string; label: string }[]; className?: string }) {
  return (
    <FilterField label={label} className={className ?? 'w-full sm:w-48'}>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? null : v)}>
        <SelectTrigger aria-label={label} data-testid={`fr-filter-${id}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          <OptionSelectItems options={options} />
        </SelectContent>
      </Select>
    </FilterField>
  );
}

/** The filter bar of a report: dates, term, level, stream, method, grouping, minimum balance or year. */
export function ReportFilters({
  report,
  params,
  setParams,
  reset,
  options,
  effective,
}: {
  report: ReportId;
  params: ReportParams;
  setParams: (patch: Record<string, string | null>) => void;
  reset: () => void;
  options: ReportOptions | undefined;
  /** The dates the server used (its defaults when the address names none), shown in empty date fields. */
  effective?: { from?: string; to?: string; asOf?: string; termId?: string | null; year?: number };
}) {
  const f = m.filters;
  const keys = REPORT_FILTERS[report];
  const [minText, setMinText] = React.useState(params.minBalance ?? '');
  React.useEffect(() => setMinText(params.minBalance ?? ''), [params.minBalance]);
  const classes = (options?.classes ?? []).filter((c) => !params.levelId || c.levelId === params.levelId);
  const thisYear = Number((options?.today ?? new Date().toISOString()).slice(0, 4));
  const active = keys.some((k) => params[k]);
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4" data-testid="fr-filters">
      {keys.map((k) => {
        switch (k) {
          case 'from':
            return <DateField key={k} id="fr-from" label={f.from} value={params.from ?? effective?.from} onChange={(v) => setParams({ from: v })} />;
          case 'to':
            return <DateField key={k} id="fr-to" label={f.to} value={params.to ?? effective?.to} onChange={(v) => setParams({ to: v })} />;
          case 'asOf':
            return <DateField key={k} id="fr-asOf" label={f.asOf} value={params.asOf ?? effective?.asOf} onChange={(v) => setParams({ asOf: v })} />;
          case 'termId':
            return (
              <SelectField
                key={k}
                id="term"
                label={f.term}
                value={params.termId ?? (report === 'budget-vs-actual' && !params.year ? effective?.termId : null)}
                onChange={(v) => {
                  if (report !== 'budget-vs-actual') setParams({ termId: v });
                  else setParams(v ? { termId: v, year: null } : { termId: null, year: String(effective?.year ?? thisYear) });
                }}
                allLabel={report === 'budget-vs-actual' ? f.wholeYear : f.anyTerm}
                options={(options?.terms ?? []).map((t) => ({ value: t.id, label: `${t.name} · ${t.year}` }))}
              />
            );
          case 'levelId':
            return (
              <SelectField
                key={k}
                id="level"
                label={f.level}
                value={params.levelId}
                onChange={(v) => {
                  setParams({ levelId: v, classId: null });
                }}
                allLabel={f.allLevels}
                options={(options?.levels ?? []).map((l) => ({ value: l.id, label: l.name }))}
                className="w-[calc(50%-0.375rem)] sm:w-44"
              />
            );
          case 'classId':
            return (
              <SelectField key={k} id="stream" label={f.stream} value={params.classId} onChange={(v) => setParams({ classId: v })} allLabel={f.allStreams} options={classes.map((c) => ({ value: c.id, label: c.name }))} className="w-[calc(50%-0.375rem)] sm:w-48" />
            );
          case 'method':
            return (
              <SelectField
                key={k}
                id="method"
                label={f.method}
                value={params.method}
                onChange={(v) => setParams({ method: v })}
                allLabel={f.allMethods}
                options={REPORT_PAYMENT_METHODS.map((x) => ({ value: x, label: METHOD_LABELS[x] ?? x }))}
                className="w-[calc(50%-0.375rem)] sm:w-40"
              />
            );
          case 'groupBy':
            return (
              <SelectField
                key={k}
                id="groupBy"
                label={f.groupBy}
                value={params.groupBy ?? 'day'}
                onChange={(v) => setParams({ groupBy: v === 'day' ? null : v })}
                options={GROUP_BY.map((x) => ({ value: x, label: GROUP_BY_LABELS[x] ?? x }))}
                className="w-[calc(50%-0.375rem)] sm:w-40"
              />
            );
          case 'minBalance':
            return (
              <FilterField key={k} label={f.minBalance} htmlFor="fr-min" className="w-[calc(50%-0.375rem)] sm:w-44">
                <Input
                  id="fr-min"
                  inputMode="decimal"
                  value={minText}
                  placeholder="0"
                  onChange={(e) => setMinText(e.target.value)}
                  onBlur={() => setParams({ minBalance: minText.trim() || null })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setParams({ minBalance: minText.trim() || null });
                  }}
                  data-testid="fr-filter-minBalance"
                />
              </FilterField>
            );
          case 'year':
            return (
              <SelectField
                key={k}
                id="year"
                label={f.year}
                value={params.year ?? (!params.termId && effective && !effective.termId && effective.year ? String(effective.year) : null)}
                onChange={(v) => {
                  setParams(v ? { year: v, termId: null } : { year: null });
                }}
                allLabel={m.dash}
                options={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: String(y), label: String(y) }))}
                className="w-[calc(50%-0.375rem)] sm:w-32"
              />
            );
        }
      })}
      {active && (
        <Button variant="ghost" size="sm" className="h-10" onClick={reset} data-testid="fr-filter-reset">
          <RotateCcw aria-hidden />
          {f.reset}
        </Button>
      )}
    </div>
  );
}
