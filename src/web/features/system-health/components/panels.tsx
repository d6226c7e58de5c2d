import * as React from 'react';
import { HardDrive, ListTodo, MemoryStick, Users, type LucideIcon } from 'lucide-react';
import { healthLevels, type SystemHealth } from '@shared/contracts/health';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Panel } from '@/components/page-layout';
import { formatBytes, formatDateTime, formatInteger, formatMb, formatUptime } from './format';
import { LEVEL_TONE, LevelBadge } from './status';
import { IconBadge } from '@/components/icon-badge';

const m = messages.systemHealth;

/** One figure of a panel list: icon, label, value (test id `${testId}-value`) with an optional badge, a hint line, then `children` (e.g. a bar). */
function Row({
  icon: Icon,
  label,
  value,
  hint,
  badge,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  badge?: React.ReactNode;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid={testId}>
      <IconBadge icon={Icon} className="mt-0.5 size-8 rounded-md bg-muted text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-semibold tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </p>
          {badge}
        </div>
        {hint && <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>}
        {children}
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
        <Row icon={MemoryStick} label={m.memoryRss} value={formatMb(memory.rssMb)} badge={<LevelBadge level={levels.memory} testId="health-memory-level" />} testId="health-memory">
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
        </Row>
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
