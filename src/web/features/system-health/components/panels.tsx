import * as React from 'react';
import { HardDrive, ListTodo, MemoryStick, Users, type LucideIcon } from 'lucide-react';
import { healthLevels, type SystemHealth } from '@shared/contracts/health';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { formatBytes, formatDateTime, formatInteger, formatMb, formatUptime } from './format';
import { LEVEL_TONE, LevelBadge } from './status';

const m = messages.systemHealth;

/** A titled card. */
export function Panel({
  title,
  description,
  action,
  className,
  children,
  testId,
}: {
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-4 pb-3 sm:p-5 sm:pb-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] leading-tight font-semibold tracking-tight">{title}</h2>
          {description && <p className="mt-1 text-xs text-muted-foreground sm:text-[13px]">{description}</p>}
        </div>
        {action}
      </div>
      <div className="min-w-0 flex-1 px-4 pb-4 sm:px-5 sm:pb-5">{children}</div>
    </div>
  );
}

function Row({ icon: Icon, label, value, hint, badge, testId }: { icon: LucideIcon; label: string; value: React.ReactNode; hint?: React.ReactNode; badge?: React.ReactNode; testId?: string }) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid={testId}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-semibold tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </p>
          {badge}
        </div>
        {hint && <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>}
      </div>
    </li>
  );
}

/** Memory (heap bar against V8's limit), database size, active sessions and the job backlog. */
export function ResourcesPanel({ health }: { health: SystemHealth }) {
  const levels = healthLevels(health);
  const { memory, database, sessions, jobs } = health;
  const pct = Math.min(100, memory.heapPercent);
  return (
    <Panel title={m.resources} description={m.resourcesDescription} testId="health-resources">
      <ul className="flex flex-col divide-y">
        <li className="pb-3" data-testid="health-memory">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
              <MemoryStick className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-muted-foreground">{m.memoryRss}</p>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-semibold tabular-nums" data-testid="health-memory-value">
                  {formatMb(memory.rssMb)}
                </p>
                <LevelBadge level={levels.memory} testId="health-memory-level" />
              </div>
              <div
                className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={m.heapOfLimit(formatMb(memory.heapUsedMb), formatMb(memory.heapLimitMb))}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(pct)}
              >
                <div className={cn('h-full rounded-full transition-[width] duration-500', LEVEL_TONE[levels.memory].dot)} style={{ width: `${Math.max(pct, 1.5)}%` }} />
              </div>
              <p className="mt-1.5 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground tabular-nums">
                <span>{m.heapOfLimit(formatMb(memory.heapUsedMb), formatMb(memory.heapLimitMb))}</span>
                <span>
                  {m.heapTotal} {formatMb(memory.heapTotalMb)}
                </span>
              </p>
            </div>
          </div>
        </li>
        <Row
          icon={HardDrive}
          label={m.databaseSize}
          value={database.sizeBytes === null ? m.notAvailable : formatBytes(database.sizeBytes)}
          hint={database.kind === 'pglite' ? m.pglite : m.postgres}
          testId="health-db-size"
        />
        <Row
          icon={Users}
          label={m.activeSessions}
          value={sessions.active === null ? m.notAvailable : formatInteger(sessions.active)}
          hint={sessions.users === null ? undefined : m.sessionUsers(formatInteger(sessions.users))}
          testId="health-sessions"
        />
        <Row
          icon={ListTodo}
          label={m.jobBacklog}
          value={jobs.pending === null ? m.notAvailable : formatInteger(jobs.pending)}
          hint={jobs.source === 'none' ? m.jobsNone : m.jobsRunning(formatInteger(jobs.active ?? 0))}
          badge={jobs.pending === null ? undefined : <LevelBadge level={levels.jobs} />}
          testId="health-jobs"
        />
      </ul>
    </Panel>
  );
}

/** Which process answered: uptime, id, host, version, Node.js, database kind and start time. */
export function InstancePanel({ health }: { health: SystemHealth }) {
  const { instance, database } = health;
  const items: [string, React.ReactNode, string][] = [
    [m.uptime, formatUptime(instance.uptimeSeconds), 'health-uptime'],
    [m.instanceId, <code className="font-mono text-[13px]">{instance.id}</code>, 'health-instance-id'],
    [m.host, `${instance.hostname} · pid ${instance.pid}`, 'health-host'],
    [m.version, instance.version, 'health-version'],
    [m.nodeVersion, instance.nodeVersion, 'health-node'],
    [m.database, database.kind === 'pglite' ? m.pglite : m.postgres, 'health-db-kind'],
  ];
  return (
    <Panel title={m.instance} description={m.instanceDescription} testId="health-instance">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
        {items.map(([label, value, id]) => (
          <div key={id} className="min-w-0">
            <dt className="truncate text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 truncate text-sm font-medium tabular-nums" data-testid={id} title={typeof value === 'string' ? value : undefined}>
              {value}
            </dd>
            {id === 'health-uptime' && (
              <dd className="truncate text-xs text-muted-foreground" data-testid="health-started">
                {m.since(formatDateTime(instance.startedAt))}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </Panel>
  );
}
