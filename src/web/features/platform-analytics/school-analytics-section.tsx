import * as React from 'react';
import { BarChart3, Building2, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { SchoolHealth } from '@shared/contracts/platform-analytics';
import { BILLING_STATUSES, billingStatusLabel, COMPARISON_METRICS, METRIC_HINTS, METRIC_LABELS, type ComparisonMetric } from '@shared/messages/platform-analytics';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { schoolToday } from '@shared/dates';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyNote, Panel } from '@/components/page-layout';
import { cn } from '@/lib/utils';
import { HealthCard, HealthSheet } from './health-card';
import { PeriodPicker, usePeriod } from './period-picker';
import { useComparison, useSchoolsHealth } from './platform-analytics-api';
import { ComparisonChart, comparisonValue } from './platform-charts';
import { QueryErrorCard } from '@/components/query-error-card';

const h = s.schools;
const NONE = '__none__';
const HEALTH_STATES = ['good', 'attention', 'inactive'] as const;

/** The anonymised comparison: a measure, a school to name, the period, one bar per school and the spread. */
function ComparisonPanel({ schools }: { schools: SchoolHealth[] }) {
  const [metric, setMetric] = React.useState<ComparisonMetric>('attendance_rate');
  const [picked, setPicked] = React.useState<string | null>(null);
  // The last twelve months: every school's year has data whatever the day ("this year" is empty in January).
  const period = usePeriod('365');
  const query = useComparison(metric, picked, period.from, period.to);
  const data = query.data;
  const active = schools.filter((x) => x.status === 'active');
  return (
    <Panel title={h.compare} description={`${h.compareHint} ${METRIC_HINTS[metric]}`} testId="panel-comparison">
      <div className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center">
        <Select value={metric} onValueChange={(v) => setMetric(v as ComparisonMetric)}>
          <SelectTrigger className="w-full lg:w-52" aria-label={h.metric} data-testid="comparison-metric">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COMPARISON_METRICS.map((m) => (
              <SelectItem key={m} value={m}>
                {METRIC_LABELS[m]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={picked ?? NONE} onValueChange={(v) => setPicked(v === NONE ? null : v)}>
          <SelectTrigger className="w-full lg:w-60" aria-label={h.pickSchool} data-testid="comparison-school">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{h.noSchoolPicked}</SelectItem>
            {active.map((x) => (
              <SelectItem key={x.schoolId} value={x.schoolId}>
                {x.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <PeriodPicker period={period} className="sm:col-span-2 lg:ml-auto" />
      </div>
      {query.isPending ? (
        <Skeleton className="h-48 rounded-lg" />
      ) : query.isError && !data ? (
        <QueryErrorCard query={query} title={h.compareLoadFailed} retryLabel={s.common.tryAgain} testId="comparison-error" />
      ) : data && data.schools.length ? (
        <div className={cn('flex flex-col gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          {data.distribution && (
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="comparison-distribution">
              {(
                [
                  [h.min, data.distribution.min],
                  [h.median, data.distribution.median],
                  [h.mean, data.distribution.mean],
                  [h.max, data.distribution.max],
                ] as const
              ).map(([label, v]) => (
                <div key={label} className="rounded-lg border bg-muted/30 px-3 py-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{comparisonValue(data, v)}</dd>
                </div>
              ))}
            </dl>
          )}
          <ComparisonChart data={data} />
          {data.withoutData > 0 && <p className="text-xs text-muted-foreground">{h.withoutData(data.withoutData)}</p>}
        </div>
      ) : (
        <EmptyNote>{h.compareEmpty}</EmptyNote>
      )}
    </Panel>
  );
}

/**
 * School Analytics (issue 18 §3), the edufam_admin 'school-analytics' section: a health card per school
 * (last activity, active users, data completeness, billing status, modules used) with search and
 * filters by billing status and health; a card opens the school's full health card in a sheet
 * (?school=<id>); below, the anonymised comparison between schools.
 */
export function SchoolAnalyticsSection() {
  const query = useSchoolsHealth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = React.useState('');
  const [billing, setBilling] = React.useState<string>('');
  const [health, setHealth] = React.useState<string>('');
  const openId = params.get('school');
  const today = query.data?.asOf ?? schoolToday();
  const all = React.useMemo(() => query.data?.schools ?? [], [query.data]);

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('school', id);
    else next.delete('school');
    setParams(next, { replace: !id });
  };

  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (x) =>
      (!needle || [x.name, x.code, x.county ?? ''].some((v) => v.toLowerCase().includes(needle))) &&
      (!billing || x.billingStatus === billing) &&
      (!health || x.health === health),
  );
  const filtered = !!(needle || billing || health);

  let grid: React.ReactNode;
  if (query.isPending) {
    grid = (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" data-testid="health-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-52 rounded-xl" />
        ))}
      </div>
    );
  } else if (query.isError) {
    grid = <QueryErrorCard query={query} title={h.loadFailed} retryLabel={s.common.tryAgain} testId="health-error" />;
  } else if (all.length === 0) {
    grid = <EmptyListState icon={Building2} title={h.noSchools} hint={h.noSchoolsHint} testId="health-empty" />;
  } else if (shown.length === 0) {
    grid = (
      <EmptyListState
        icon={SearchX}
        title={h.noMatch}
        hint={h.noMatchHint}
        testId="health-no-match"
        action={
          <Button
            variant="outline"
            onClick={() => {
              setSearch('');
              setBilling('');
              setHealth('');
            }}
          >
            {h.clearFilters}
          </Button>
        }
      />
    );
  } else {
    grid = (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="health-grid">
        {shown.map((x) => (
          <HealthCard key={x.schoolId} school={x} today={today} onOpen={() => open(x.schoolId)} />
        ))}
      </div>
    );
  }

  const billingOptions = BILLING_STATUSES.filter((b) => all.some((x) => x.billingStatus === b)).map((b) => ({ value: b, label: billingStatusLabel(b) }));

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="school-analytics-page">
      <PageHeader sectionId="school-analytics" title={h.title} subtitle={h.subtitle} testId="school-analytics-header" />
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_13rem]">
          <SearchField value={search} onChange={setSearch} placeholder={h.search} testId="health-search" className="sm:col-span-2 lg:col-span-1" />
          <FilterSelect value={billing} onChange={setBilling} all={h.allBilling} options={billingOptions} label={h.billingFilter} testId="health-billing-filter" />
          <FilterSelect value={health} onChange={setHealth} all={h.allHealth} options={HEALTH_STATES.map((x) => ({ value: x, label: h.health[x]! }))} label={h.healthFilter} testId="health-state-filter" />
        </div>
        {!query.isPending && all.length > 0 && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="health-count">
            <BarChart3 className="size-3.5" aria-hidden />
            {h.count(shown.length, all.length)}
            {filtered && (
              <button
                type="button"
                className="ml-1 underline-offset-4 hover:text-foreground hover:underline"
                onClick={() => {
                  setSearch('');
                  setBilling('');
                  setHealth('');
                }}
              >
                {h.clearFilters}
              </button>
            )}
          </p>
        )}
      </div>
      {grid}
      {all.length > 0 && <ComparisonPanel schools={all} />}
      <HealthSheet schoolId={openId} fallback={all.find((x) => x.schoolId === openId) ?? null} today={today} onClose={() => open(null)} />
    </section>
  );
}
