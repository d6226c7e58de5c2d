import type { FleetHealth, FleetInstance } from '@shared/contracts/health';
import { fleetHealthMessages as f } from '@shared/messages/fleet-health';
import { cn } from '@/lib/utils';
import { Panel } from '@/components/page-layout';
import { formatDateTime, formatMb, formatMs, formatNumber, formatInteger } from './format';
import { LEVEL_TONE } from './status';

/** Live (green) or stale (amber) pill of one instance. */
function InstanceStatus({ status }: { status: FleetInstance['status'] }) {
  const tone = LEVEL_TONE[status === 'live' ? 'ok' : 'warning'];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset', tone.badge)}
      data-testid="fleet-status"
      data-status={status}
    >
      <span className={cn('size-1.5 rounded-full', tone.dot)} aria-hidden />
      {status === 'live' ? f.live : f.stale}
    </span>
  );
}

/** The instance id in monospace, with "this one" for the instance that answered. */
function InstanceId({ i }: { i: FleetInstance }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <code className="font-mono text-[13px]">{i.id}</code>
      {i.current && <span className="text-xs text-muted-foreground">({f.thisInstance})</span>}
    </span>
  );
}

const p95Of = (i: FleetInstance) => (i.figures.p95Ms === null ? f.notMeasured : formatMs(i.figures.p95Ms));

/**
 * The "Instances" card (issue 37 §3): every server on the database from its heartbeat — id, host,
 * version, start (dd/mm/yyyy HH:mm, Nairobi), last seen, requests per minute, p95, memory and a
 * live/stale badge — as a table from md up and as stacked cards on phones (like the app's data
 * tables). `fleet` null: the database could not be read.
 */
export function FleetPanel({ fleet }: { fleet: FleetHealth | null }) {
  const headers = [f.instance, f.host, f.version, f.started, f.lastSeen, f.requestsPerMinute, f.p95, f.memory, f.status];
  return (
    <Panel
      title={f.title}
      description={f.description}
      testId="health-fleet"
    >
      {!fleet ? (
        <p className="text-sm text-muted-foreground" data-testid="fleet-unavailable">
          {f.unavailable}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium tabular-nums" data-testid="fleet-totals">
            {f.totals(fleet.totals.live, fleet.totals.instances, formatNumber(fleet.totals.ratePerMinute), formatInteger(fleet.totals.errors))}
          </p>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm" data-testid="fleet-table">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  {headers.map((h) => (
                    <th key={h} scope="col" className="px-2 py-2 font-medium whitespace-nowrap first:pl-0 last:pr-0">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {fleet.instances.map((i) => (
                  <tr key={i.id} className="border-b last:border-0" data-testid="fleet-row" data-instance={i.id}>
                    <td className="px-2 py-2 pl-0 whitespace-nowrap">
                      <InstanceId i={i} />
                    </td>
                    <td className="max-w-48 truncate px-2 py-2" title={`${i.hostname} · pid ${i.pid}`}>
                      {i.hostname} · pid {i.pid}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">{i.version}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(i.startedAt)}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{f.secondsAgo(i.secondsSinceSeen)}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap">{formatNumber(i.figures.ratePerMinute)}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap">{p95Of(i)}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap">{formatMb(i.figures.rssMb)}</td>
                    <td className="px-2 py-2 pr-0">
                      <InstanceStatus status={i.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2.5 md:hidden" data-testid="fleet-cards">
            {fleet.instances.map((i) => (
              <li key={i.id} className="min-w-0 rounded-lg border bg-background/60 p-3.5" data-testid="fleet-card" data-instance={i.id}>
                <div className="flex items-center justify-between gap-2">
                  <InstanceId i={i} />
                  <InstanceStatus status={i.status} />
                </div>
                <p className="mt-1 truncate text-xs text-muted-foreground">
                  {i.hostname} · pid {i.pid} · {i.version}
                </p>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs tabular-nums">
                  {(
                    [
                      [f.started, formatDateTime(i.startedAt)],
                      [f.lastSeen, f.secondsAgo(i.secondsSinceSeen)],
                      [f.requestsPerMinute, formatNumber(i.figures.ratePerMinute)],
                      [f.p95, p95Of(i)],
                      [f.memory, formatMb(i.figures.rssMb)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="min-w-0">
                      <dt className="truncate text-muted-foreground">{label}</dt>
                      <dd className="truncate font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          {fleet.instances.some((i) => i.status === 'stale') && <p className="text-xs text-muted-foreground">{f.staleNote}</p>}
        </div>
      )}
    </Panel>
  );
}
