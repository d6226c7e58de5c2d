import * as React from 'react';
import { AlertTriangle, Banknote, Building2, ChevronDown, Download, FileSpreadsheet, FileText, Gauge, Image as ImageIcon, Loader2, Percent, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { canOpenSection, pathForSection } from '@shared/access';
import type { AnalyticsChart, FinancialAnalytics } from '@shared/contracts/financial-analytics';
import { METHOD_LABELS, financialAnalyticsMessages as fm } from '@shared/messages/financial-analytics';
import type { Role } from '@shared/roles';
import { EmptyStateCard, PageSkeleton } from '@/components/page-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatDate } from '@/lib/format';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { kesWhole } from '@/lib/kes-format';
import { TermPicker, useFinanceTerm } from '@/features/fees';
import { KesFigure } from '@/components/figures';
import { cn } from '@/lib/utils';
import { ArrearsTable, ExpensesChart, hasLastYear, LevelRateChart, MethodsDonut, methodColour, ProjectionGauge, WeeklyTrendChart } from './analytics-charts';
import { downloadChartPng, downloadCsv, type PngLegendRow } from './chart-export';
import { useAnalyticsXlsx, useFinancialAnalytics } from './financial-analytics-api';
import { PendingButton } from '@/components/pending-button';
import { QueryErrorCard } from '@/components/query-error-card';
import { perLocale } from '@shared/i18n/localized';

const w = fm.web;
const c = fm.cols;
const pct: typeof fm.pct = (...args) => fm.pct(...args);

/** What each chart exports as CSV: a header row and its figures (the same columns as the Excel sheet). */
function csvOf(chart: AnalyticsChart, a: FinancialAnalytics): { header: string[]; rows: (string | number | null)[][] } {
  const p100 = (v: number) => Math.round(v * 1000) / 10;
  switch (chart) {
    case 'weekly':
      return { header: [c.week, c.weekStart, c.collected, c.cumulative, c.lastYearCollected, c.lastYearCumulative], rows: a.weekly.map((x) => [x.week, x.weekStart, x.collected, x.cumulative, x.lastYearCollected, x.lastYearCumulative]) };
    case 'byLevel':
      return { header: [c.level, c.invoiced, c.collected, c.rate], rows: a.byLevel.map((x) => [x.level, x.invoiced, x.collected, p100(x.rate)]) };
    case 'methods':
      return { header: [c.method, c.amount, c.payments, c.share], rows: a.methods.map((x) => [METHOD_LABELS[x.method] ?? x.method, x.amount, x.count, p100(x.share)]) };
    case 'expensesByCategory':
      return { header: [c.category, c.amount, c.share], rows: a.expensesByCategory.map((x) => [x.category, x.amount, p100(x.share)]) };
    case 'projection': {
      const p = a.projection;
      const r = fm.projectionRows;
      return {
        header: [c.figure, c.value],
        rows: p
          ? [
              [r.invoiced, p.invoiced],
              [r.collectedToDate, p.collectedToDate],
              [r.daysElapsed, p.daysElapsed],
              [r.daysInTerm, p.daysInTerm],
              [r.pacePerDay, p.pacePerDay],
              [r.projectedTermEnd, p.projectedTermEnd],
              [r.projectedRate, p100(p.projectedRate)],
            ]
          : [],
      };
    }
    case 'topArrears':
      return { header: [c.admissionNumber, c.name, c.stream, c.balance, c.daysOverdue], rows: a.topArrears.map((x) => [x.admissionNumber, x.name, x.stream, x.balance, x.daysOverdue]) };
  }
}

/** PNG legend rows of the charts whose legend is not part of the SVG. */
function pngLegendOf(chart: AnalyticsChart, a: FinancialAnalytics): PngLegendRow[] | undefined {
  if (chart === 'methods') return a.methods.filter((x) => x.amount > 0).map((x) => ({ label: METHOD_LABELS[x.method] ?? x.method, value: `KES ${kesWhole(x.amount)} · ${pct(x.share)}`, colour: methodColour(x.method) }));
  if (chart === 'weekly') {
    const rows: PngLegendRow[] = [{ label: a.term ? `${a.term.name} ${a.term.academicYear}` : w.thisTerm, value: `KES ${kesWhole(a.projection?.collectedToDate ?? 0)}`, colour: 'var(--color-chart-1)' }];
    if (hasLastYear(a)) rows.push({ label: `${a.lastYearTerm!.name} ${a.lastYearTerm!.academicYear}`, value: `KES ${kesWhole(a.weekly.at(-1)?.lastYearCumulative ?? 0)}`, colour: 'var(--color-muted-foreground)' });
    else rows.push({ label: w.noLastYear, value: '', colour: 'var(--color-muted)' });
    return rows;
  }
  if (chart === 'projection' && a.projection) return [{ label: w.kpiProjected, value: `KES ${kesWhole(a.projection.projectedTermEnd)}`, colour: 'var(--color-chart-1)' }];
  return undefined;
}

const CHART_TITLES = perLocale((): Record<AnalyticsChart, string> => ({
  weekly: w.weekly,
  byLevel: w.byLevel,
  methods: w.methods,
  expensesByCategory: w.expenses,
  projection: w.projection,
  topArrears: w.arrears,
}));

/** What a chart's export menu can do. */
interface ChartExports {
  png: boolean;
  busy: boolean;
  onPng: (el: HTMLElement) => void;
  onXlsx: () => void;
  onCsv: () => void;
}

const TEST_IDS: Record<AnalyticsChart, string> = {
  weekly: 'panel-weekly',
  byLevel: 'panel-by-level',
  methods: 'panel-methods',
  expensesByCategory: 'panel-expenses',
  projection: 'panel-projection',
  topArrears: 'panel-arrears',
};

/** A dashboard panel holding one chart, with its export menu; the PNG is drawn from what the panel shows. */
function ChartPanel({ chart, description, className, bodyClassName, exports, children }: { chart: AnalyticsChart; description: string; className?: string; bodyClassName?: string; exports?: ChartExports; children: React.ReactNode }) {
  const ref = React.useRef<HTMLDivElement>(null);
  return (
    <Panel
      title={CHART_TITLES[chart]}
      description={description}
      className={className}
      bodyClassName={bodyClassName}
      testId={TEST_IDS[chart]}
      action={
        exports && (
          <ExportMenu
            chart={chart}
            png={exports.png}
            busy={exports.busy}
            onXlsx={exports.onXlsx}
            onCsv={exports.onCsv}
            onPng={() => {
              if (ref.current) exports.onPng(ref.current);
            }}
          />
        )
      }
    >
      <div ref={ref} className="w-full min-w-0">
        {children}
      </div>
    </Panel>
  );
}

/** The export menu of one chart: PNG (when it is a chart), Excel and CSV. */
function ExportMenu({ chart, png, busy, onPng, onXlsx, onCsv }: { chart: AnalyticsChart; png: boolean; busy: boolean; onPng: () => void; onXlsx: () => void; onCsv: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8 gap-1.5 px-2.5 text-xs" aria-label={w.exportChart(CHART_TITLES[chart])} data-testid={`export-${chart}`}>
          {busy ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Download className="size-3.5" aria-hidden />}
          <span className="hidden sm:inline">{w.export}</span>
          <ChevronDown className="size-3 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        {png && (
          <DropdownMenuItem onSelect={onPng} data-testid={`export-${chart}-png`}>
            <ImageIcon aria-hidden />
            {w.exportPng}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onXlsx} data-testid={`export-${chart}-xlsx`}>
          <FileSpreadsheet aria-hidden />
          {w.exportXlsx}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCsv} data-testid={`export-${chart}-csv`}>
          <FileText aria-hidden />
          {w.exportCsv}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AnalyticsSkeleton() {
  return (
    <PageSkeleton
      testId="analytics-loading"
      rows={[
        { grid: 'grid gap-4 sm:gap-6 xl:grid-cols-3', cells: ['h-96 rounded-xl xl:col-span-2', 'h-96 rounded-xl'] },
        { grid: 'grid gap-4 sm:gap-6 lg:grid-cols-2', cells: ['h-80 rounded-xl', 'h-80 rounded-xl'] },
      ]}
    />
  );
}

/**
 * Financial Analytics (issue 15 §3) for the finance officer (its own section) and the principal and
 * director (the "Analytics" tab of their finance view), and platform staff for the school picked in the
 * header: the term (picker, shared with the overview through ?term=), KPI tiles, the weekly trend
 * against last year, collection rate by level, payment methods, expenses by category, the projected
 * term-end collection and the top arrears. Every chart exports as PNG (drawn from its SVG), Excel
 * (GET /api/finance/analytics/export.xlsx?chart=) and CSV. Live: every `fees.changed` refetches.
 */
export function FinancialAnalyticsPanel({ role, sectionId = 'financial-analytics' }: { role: Role; sectionId?: string }) {
  const { schoolId, ready, termParam, terms, pickTerm } = useFinanceTerm(role);
  const query = useFinancialAnalytics(termParam, schoolId, ready);
  const xlsx = useAnalyticsXlsx(termParam, schoolId);
  const accounts = canOpenSection(role, 'student-accounts').allowed ? pathForSection(role, 'student-accounts') : null;
  const accountHref = accounts ? (studentId: string) => `${accounts}?student=${studentId}` : null;

  const data = query.data;
  const term = data?.term ?? null;
  const termLabel = term ? w.termOption(term.name, term.academicYear) : '';
  const fileBase = (chart: string) => `financial-analytics-${chart}${term ? `-${term.academicYear}-term-${term.number}` : ''}`;

  const exportsOf = (chart: AnalyticsChart, png = true): ChartExports | undefined =>
    data
      ? {
          png,
          busy: xlsx.busy === chart,
          onXlsx: () => void xlsx.start(chart),
          onCsv: () => {
            const { header, rows } = csvOf(chart, data);
            downloadCsv(`${fileBase(chart)}.csv`, header, rows);
          },
          onPng: (el: HTMLElement) =>
            downloadChartPng(el, { title: CHART_TITLES[chart], subtitle: termLabel, legend: pngLegendOf(chart, data), fileName: `${fileBase(chart)}.png` }).catch((err: unknown) =>
              toast.error(w.exportFailed, { description: err instanceof Error ? err.message : undefined }),
            ),
        }
      : undefined;

  const header = (
    <PageHeader
      sectionId={sectionId}
      title={w.title}
      subtitle={term ? w.subtitle(termLabel, formatDate(term.startsOn), formatDate(term.endsOn)) : w.subtitleNoTerm}
      testId="analytics-header"
      actions={
        ready && (
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap">
            {query.isPlaceholderData && <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label={w.refreshing} />}
            <TermPicker terms={terms.terms} value={termParam ?? term?.id ?? null} onChange={pickTerm} className="min-w-0 flex-1 sm:flex-none" />
            <PendingButton variant="outline" className="shrink-0" pending={xlsx.busy === 'all'} icon={FileSpreadsheet} disabled={!term || xlsx.busy === 'all'} onClick={() => void xlsx.start('all')} data-testid="export-all">
              {w.exportAll}
            </PendingButton>
          </div>
        )
      }
    />
  );

  let body: React.ReactNode;
  if (!ready) {
    body = <EmptyStateCard icon={Building2} title={w.pickSchoolTitle} hint={w.pickSchoolText} testId="analytics-pick-school" />;
  } else if (query.isPending) {
    body = <AnalyticsSkeleton />;
  } else if (query.isError && !data) {
    body = <QueryErrorCard query={query} title={w.loadFailed} retryLabel={w.tryAgain} testId="analytics-error" />;
  } else if (!data?.term) {
    body = <EmptyStateCard icon={Wallet} title={w.noTermTitle} hint={w.noTermText} testId="analytics-no-term" />;
  } else {
    const d = data;
    const p = d.projection!;
    // Both headline figures come from the API on stated bases (contract `collection`).
    const col = d.collection!;
    const collectedBasis = w.kpiCollectedBasis(formatDate(col.receivedFrom), formatDate(col.receivedTo), col.receivedShare);
    const rateBasis = w.kpiRateBasis(kesWhole(col.paidOnInvoices), kesWhole(col.invoiced));
    const arrearsTotal = d.topArrears.reduce((s, x) => s + x.balance, 0);
    body = (
      <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity sm:gap-6', query.isPlaceholderData && 'opacity-60')} data-testid="financial-analytics" data-term={d.term!.id}>
        <StatGrid>
          <StatCard
            testId="fa-kpi-collected"
            label={w.kpiCollected}
            value={<KesFigure value={col.receivedToDate} shrink />}
            hint={<span title={collectedBasis}>{w.kpiCollectedHint}</span>}
            icon={Banknote}
            accent={1}
          />
          <StatCard
            testId="fa-kpi-rate"
            label={w.kpiRate}
            value={pct(col.rate)}
            hint={<span title={rateBasis}>{w.kpiRateHint}</span>}
            icon={Percent}
            accent={2}
          />
          <StatCard testId="fa-kpi-projected" label={w.kpiProjected} value={<KesFigure value={p.projectedTermEnd} shrink />} hint={w.kpiProjectedHint(p.projectedRate)} icon={Gauge} accent={3} />
          <StatCard testId="fa-kpi-arrears" label={w.kpiArrears} value={<KesFigure value={arrearsTotal} shrink />} hint={w.kpiArrearsHint(d.topArrears.length)} icon={AlertTriangle} accent={5} />
        </StatGrid>
        <div className="-mt-2 flex flex-col gap-0.5 text-xs text-muted-foreground sm:-mt-4" data-testid="fa-kpi-bases">
          <p data-testid="fa-kpi-collected-basis">{collectedBasis}</p>
          <p data-testid="fa-kpi-rate-basis">{rateBasis}</p>
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
          <ChartPanel chart="weekly" description={w.weeklyHint} className="xl:col-span-2" exports={exportsOf('weekly')}>
            <WeeklyTrendChart data={d} height={280} />
          </ChartPanel>
          <ChartPanel chart="projection" description={w.projectionHint} exports={exportsOf('projection')}>
            <ProjectionGauge projection={p} />
          </ChartPanel>
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-2">
          <ChartPanel chart="byLevel" description={w.byLevelHint} exports={exportsOf('byLevel', d.byLevel.length > 0)}>
            {d.byLevel.length ? <LevelRateChart data={d.byLevel} height={260} /> : <EmptyNote>{w.byLevelEmpty}</EmptyNote>}
          </ChartPanel>
          <ChartPanel chart="methods" description={w.methodsHint} bodyClassName="flex items-center" exports={exportsOf('methods')}>
            <MethodsDonut data={d.methods} />
          </ChartPanel>
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-2">
          <ChartPanel chart="expensesByCategory" description={w.expensesHint} exports={exportsOf('expensesByCategory', d.expensesByCategory.length > 0)}>
            {d.expensesByCategory.length ? <ExpensesChart data={d.expensesByCategory} /> : <EmptyNote>{w.expensesEmpty}</EmptyNote>}
          </ChartPanel>
          <ChartPanel chart="topArrears" description={w.arrearsHint} exports={exportsOf('topArrears', false)}>
            {d.topArrears.length ? <ArrearsTable rows={d.topArrears} accountHref={accountHref} /> : <EmptyNote>{w.arrearsEmpty}</EmptyNote>}
          </ChartPanel>
        </div>
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="financial-analytics-page">
      {header}
      {body}
    </section>
  );
}
