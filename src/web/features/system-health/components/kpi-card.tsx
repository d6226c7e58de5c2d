import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Area, AreaChart, YAxis } from 'recharts';
import type { HealthLevel } from '@shared/contracts/health';
import { cn } from '@/lib/utils';
import { LevelBadge } from './status';
import { areaFillDefs } from '@/components/charts';

/** A tiny area chart of the last minutes under a figure (no axes, no tooltip). */
function Sparkline({ values, color }: { values: (number | null)[]; color: string }) {
  const id = React.useId().replace(/:/g, '');
  const data = values.map((v, i) => ({ i, v: v ?? 0 }));
  return (
    <div className="h-9 w-full" aria-hidden>
      <AreaChart responsive style={{ width: '100%', height: 36 }} data={data} margin={{ top: 2, right: 0, bottom: 0, left: 0 }}>
        {areaFillDefs(`spark-${id}`, color, 0.28, 0)}
        <YAxis hide domain={[0, (max: number) => (max > 0 ? max * 1.1 : 1)]} />
        <Area type="monotone" dataKey="v" stroke={color} strokeWidth={1.75} fill={`url(#spark-${id})`} isAnimationActive={false} dot={false} activeDot={false} />
      </AreaChart>
    </div>
  );
}

/**
 * A headline figure of System Health: label, value with its unit, a hint, an icon, a green/amber/red
 * badge when the figure is judged, and an optional sparkline of the per-minute series.
 */
export function KpiCard({
  label,
  value,
  unit,
  hint,
  icon: Icon,
  level,
  spark,
  sparkColor = 'var(--color-chart-1)',
  testId,
}: {
  label: string;
  value: React.ReactNode;
  unit?: string;
  hint?: React.ReactNode;
  icon: LucideIcon;
  level?: HealthLevel;
  spark?: (number | null)[];
  sparkColor?: string;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col rounded-xl border bg-card p-3.5 text-card-foreground shadow-sm sm:p-5',
        level === 'critical' && 'border-destructive/40',
        level === 'warning' && 'border-amber-500/40',
      )}
      data-testid={testId}
      data-level={level}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="line-clamp-2 min-w-0 text-[13px] leading-tight font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 shrink-0 text-muted-foreground/80" aria-hidden />
      </div>
      <p className="mt-2 flex items-baseline gap-1 font-semibold tracking-tight tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
        <span className="text-[22px] leading-7 sm:text-[28px] sm:leading-9">{value}</span>
        {unit && <span className="text-sm font-medium text-muted-foreground">{unit}</span>}
      </p>
      {(level || hint) && (
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          {level && <LevelBadge level={level} testId={testId ? `${testId}-level` : undefined} />}
          {hint && <p className="min-w-0 text-xs text-muted-foreground">{hint}</p>}
        </div>
      )}
      {spark && (
        <div className="mt-auto pt-3">
          <Sparkline values={spark} color={sparkColor} />
        </div>
      )}
    </div>
  );
}
