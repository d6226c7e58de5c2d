import * as React from 'react';
import { Activity, AlertTriangle, Database, Gauge, HeartPulse, RefreshCw, TriangleAlert } from 'lucide-react';
import { HEALTH_THRESHOLDS, healthLevels, type SystemHealth } from '@shared/contracts/health';
import { messages } from '@shared/messages';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { useSystemHealth } from './api/system-health';
import { formatInteger, formatMs, formatNumber } from './components/format';
import { KpiCard } from './components/kpi-card';
import { InstancePanel, ResourcesPanel } from './components/panels';
import { FleetPanel } from './components/fleet-panel';
import { Panel, PanelGrid } from '@/components/page-layout';
import { LiveIndicator, OverallStatus } from './components/status';
import { TrafficChart } from './components/traffic-chart';
import { PageTitle } from '@/components/page-header';
import { PageSkeleton } from '@/components/page-states';

const m = messages.systemHealth;

/** The four golden signals: request rate, error rate, p95 latency and database latency. */
function Kpis({ health }: { health: SystemHealth }) {
  const { requests, database, windowMinutes } = health;
  const levels = healthLevels(health);
  const idle = requests.total === 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <KpiCard
        label={m.requestRate}
        icon={Activity}
        value={formatNumber(requests.ratePerMinute)}
        unit={m.perMinute}
        hint={m.requestsInWindow(formatInteger(requests.total), windowMinutes)}
        spark={requests.series.map((s) => s.requests)}
        testId="health-kpi-rate"
      />
      <KpiCard
        label={m.errorRate}
        icon={TriangleAlert}
        value={idle ? '0' : formatNumber(requests.errorRatePercent)}
        unit="%"
        hint={idle ? m.noRequests : m.serverErrors(formatInteger(requests.errors))}
        level={levels.errorRate}
        spark={requests.series.map((s) => s.errors)}
        sparkColor={requests.errors > 0 ? 'var(--color-destructive)' : 'var(--color-muted-foreground)'}
        testId="health-kpi-errors"
      />
      <KpiCard
        label={m.p95}
        icon={Gauge}
        value={requests.p95Ms === null ? '–' : formatMs(requests.p95Ms)}
        hint={requests.averageMs === null ? m.noRequests : m.average(formatMs(requests.averageMs))}
        level={levels.p95}
        spark={requests.series.map((s) => s.p95Ms)}
        sparkColor="var(--color-chart-3)"
        testId="health-kpi-p95"
      />
      <KpiCard
        label={m.databaseLatency}
        icon={Database}
        value={database.latencyMs === null ? m.unreachable : formatMs(database.latencyMs)}
        hint={database.kind === 'pglite' ? m.pglite : m.postgres}
        level={levels.database}
        testId="health-kpi-db"
      />
    </div>
  );
}

/** The badge thresholds, as a footnote under the chart. */
function ThresholdNote() {
  const t = HEALTH_THRESHOLDS;
  const items = [
    `${m.errorRate} ${t.errorRatePercent.warning}% / ${t.errorRatePercent.critical}%`,
    `${m.p95} ${formatMs(t.p95Ms.warning)} / ${formatMs(t.p95Ms.critical)}`,
    `${m.databaseLatency} ${formatMs(t.databaseLatencyMs.warning)} / ${formatMs(t.databaseLatencyMs.critical)}`,
    `${m.memory} ${t.heapPercent.warning}% / ${t.heapPercent.critical}%`,
  ];
  return (
    <p className="text-xs leading-relaxed text-muted-foreground">
      <span className="font-medium text-foreground">{m.thresholds}</span> (
      <span className="text-amber-700 dark:text-amber-400">{m.levelWarning.toLowerCase()}</span> /{' '}
      <span className="text-destructive">{m.levelCritical.toLowerCase()}</span>): {items.join(' · ')}
    </p>
  );
}

/**
 * The System Health section (edufam_admin and elimisha_admin; issue 3 §6): live figures of the
 * instance from GET /api/system/health, polled every 5 s — overall status, request rate, error rate,
 * p95 and database latency with green/amber/red badges, a per-minute chart of requests, errors and
 * p95 over the last 15 minutes, memory, database size, active sessions, job backlog and the
 * instance's identity, then every instance of the fleet (issue 37 §3). Skeletons while loading, an error card with Try Again when nothing could be
 * loaded, and a "Live updates paused" notice (keeping the last figures) when a poll fails.
 */
export function SystemHealthSection() {
  const query = useSystemHealth();
  const health = query.data;
  const failedNow = query.isError && !query.isFetching;

  let body: React.ReactNode;
  if (!health && failedNow) {
    body = (
      <QueryErrorCard query={query} title={m.errorTitle} text={m.errorText} retryLabel={m.tryAgain} retryTestId="health-retry" />
    );
  } else if (!health) {
    body = <PageSkeleton testId="health-loading" tileHeight="h-36" rows={[{ grid: 'grid gap-4 sm:gap-6 lg:grid-cols-3', cells: ['h-80 rounded-xl lg:col-span-2', 'h-80 rounded-xl'] }, { cells: ['h-24 rounded-xl'] }]} />;
  } else {
    body = (
      <div className="flex flex-col gap-4 sm:gap-6">
        {query.isError && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/8 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="health-stale"
          >
            <div className="flex min-w-0 items-start gap-3">
              <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
              <div className="min-w-0">
                <p className="text-sm font-medium">{m.staleTitle}</p>
                <p className="text-sm text-muted-foreground">{m.staleText}</p>
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="health-stale-retry">
              <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
              {m.tryAgain}
            </Button>
          </div>
        )}
        <Kpis health={health} />
        <PanelGrid>
          <Panel title={m.chartTitle} description={m.chartDescription(health.windowMinutes)} className="lg:col-span-2" testId="health-traffic">
            <div className="relative">
              <TrafficChart series={health.requests.series} />
              {health.requests.total === 0 && (
                <p className="pointer-events-none absolute inset-x-6 top-1/2 -translate-y-1/2 text-center text-sm text-muted-foreground">{m.noTraffic}</p>
              )}
            </div>
            <div className="mt-3 flex flex-col gap-1.5 border-t pt-3">
              <ThresholdNote />
              <p className="text-xs text-muted-foreground">{m.windowNote}</p>
            </div>
          </Panel>
          <ResourcesPanel health={health} />
        </PanelGrid>
        <InstancePanel health={health} />
        <FleetPanel fleet={health.fleet} />
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="system-health-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle icon={<HeartPulse className="size-5" aria-hidden />} title={m.title} subtitle={m.subtitle} />
        <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:w-auto sm:justify-end">
          {health && <OverallStatus status={health.status} />}
          <div className="flex items-center gap-3">
            {health && <LiveIndicator updatedAt={query.dataUpdatedAt} paused={query.isError} />}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="health-refresh">
              <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
              <span className="sr-only sm:not-sr-only">{m.refresh}</span>
            </Button>
          </div>
        </div>
      </div>
      {body}
    </section>
  );
}
