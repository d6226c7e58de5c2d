import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { ComparisonResponse, PlatformAnalytics } from '@shared/contracts/platform-analytics';
import { monthName } from '@shared/dates';
import { DAU_ROLE_LABELS, MODULE_LABELS } from '@shared/messages/platform-analytics';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { CHART, PALETTE, AXIS_TICK, GRID, BAR_CURSOR } from '@/components/charts';
import { formatNumber, formatShortDate } from '@/lib/format';
import { TooltipCard } from '@/components/finance-charts';
import { RateBar } from '@/components/figures';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/**
 * Charts of System Analytics and School Analytics (issue 18 §3), in the finance charts' style (theme
 * colours, one TooltipCard): daily active users by role (stacked areas), module adoption (bars of the
 * share of schools), growth by month (bars and a line) and the anonymised comparison (bars, the picked
 * school highlighted, the median as a reference line).
 */

const a = s.analytics;

/** Stacking order of the roles (largest groups at the bottom). */
export const DAU_ROLES = ['teacher', 'parent', 'principal', 'finance_officer', 'school_director', 'hr', 'platform'] as const;
export const roleColour = (role: string) => PALETTE[Math.max(0, DAU_ROLES.indexOf(role as (typeof DAU_ROLES)[number])) % PALETTE.length]!;
const roleLabel = (role: string) => DAU_ROLE_LABELS[role] ?? role;

/** A small legend of coloured swatches. */
export function Legend({ items }: { items: { label: string; colour: string; dashed?: boolean }[] }) {
  return (
    <ul className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-1.5">
          {i.dashed ? <span className="w-4 border-t-2 border-dashed" style={{ borderColor: i.colour }} /> : <span className="size-2.5 rounded-sm" style={{ background: i.colour }} />}
          {i.label}
        </li>
      ))}
    </ul>
  );
}

/** Daily active users, one stacked area per role group. */
export function DauChart({ data, height }: { data: PlatformAnalytics['dailyActiveUsers']; height: number }) {
  const roles = DAU_ROLES.filter((r) => data.some((d) => (d.byRole[r] ?? 0) > 0));
  const rows = data.map((d) => ({ day: d.day, short: formatShortDate(d.day), total: d.total, ...Object.fromEntries(roles.map((r) => [r, d.byRole[r] ?? 0])) }));
  return (
    <div className="w-full" data-testid="chart-dau">
      <Legend items={roles.map((r) => ({ label: roleLabel(r), colour: roleColour(r) }))} />
      <AreaChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={36} allowDecimals={false} />
        <Tooltip
          cursor={{ stroke: 'var(--color-border)' }}
          content={({ active, payload }) => {
            const d = payload?.[0]?.payload as (typeof rows)[number] | undefined;
            if (!active || !d) return null;
            const values = d as unknown as Record<string, number>;
            return (
              <TooltipCard
                title={`${formatShortDate(d.day)} · ${s.common.users(d.total)}`}
                rows={[...roles].reverse().map((r) => ({ label: roleLabel(r), value: formatNumber(values[r] ?? 0), colour: roleColour(r) }))}
              />
            );
          }}
        />
        {roles.map((r) => (
          <Area key={r} dataKey={r} name={roleLabel(r)} stackId="dau" type="monotone" stroke={roleColour(r)} fill={roleColour(r)} fillOpacity={0.35} strokeWidth={1.5} isAnimationActive={false} />
        ))}
      </AreaChart>
    </div>
  );
}

/** Module adoption: a labelled bar per module, the share of active schools that used it. */
export function AdoptionBars({ data, activeSchools }: { data: PlatformAnalytics['moduleAdoption']; activeSchools: number }) {
  return (
    <ul className="grid grid-cols-1 gap-x-8 gap-y-3 @container sm:grid-cols-2" data-testid="chart-adoption">
      {data.map((m) => (
        <li key={m.module} className="min-w-0" data-testid={`adoption-${m.module}`}>
          <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate">{MODULE_LABELS[m.module]}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums" title={a.adoptionTooltip(m.schools, activeSchools)}>
              <span className="font-medium text-foreground">{s.pct(m.share)}</span> · {a.adoptionTooltip(m.schools, activeSchools)}
            </span>
          </div>
          <RateBar rate={m.share} />
        </li>
      ))}
    </ul>
  );
}

const shortMonth = (month: string) => monthName(month).replace(/^(\w{3})\w*\s(\d{2})(\d{2})$/, '$1 $3');

/** Growth by month: learners admitted and accounts created (bars), new schools (line, right axis). */
export function GrowthChart({ data, height }: { data: PlatformAnalytics['growth']; height: number }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const rows = data.map((g) => ({ ...g, short: shortMonth(g.month) }));
  const colours = { learners: CHART[1], users: CHART[3], schools: CHART[5] };
  return (
    <div className="w-full" data-testid="chart-growth">
      <Legend
        items={[
          { label: a.growthLearners, colour: colours.learners },
          { label: a.growthUsers, colour: colours.users },
          { label: a.growthSchools, colour: colours.schools, dashed: true },
        ]}
      />
      <ComposedChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 4, left: 0, bottom: 0 }} barCategoryGap={wide ? '24%' : '14%'}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={{ ...AXIS_TICK, fontSize: wide ? 12 : 10 }} tickLine={false} axisLine={false} interval={wide ? 0 : 'preserveStartEnd'} />
        <YAxis yAxisId="people" tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} allowDecimals={false} />
        <YAxis yAxisId="schools" orientation="right" tick={AXIS_TICK} tickLine={false} axisLine={false} width={24} allowDecimals={false} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={({ active, payload }) => {
            const d = payload?.[0]?.payload as (typeof rows)[number] | undefined;
            if (!active || !d) return null;
            return (
              <TooltipCard
                title={monthName(d.month)}
                rows={[
                  { label: a.growthLearners, value: formatNumber(d.learnersAdmitted), colour: colours.learners },
                  { label: a.growthUsers, value: formatNumber(d.usersCreated), colour: colours.users },
                  { label: a.growthSchools, value: formatNumber(d.newSchools), colour: colours.schools },
                ]}
              />
            );
          }}
        />
        <Bar yAxisId="people" dataKey="learnersAdmitted" name={a.growthLearners} fill={colours.learners} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
        <Bar yAxisId="people" dataKey="usersCreated" name={a.growthUsers} fill={colours.users} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
        <Line yAxisId="schools" dataKey="newSchools" name={a.growthSchools} type="linear" stroke={colours.schools} strokeWidth={2} strokeDasharray="5 4" dot={{ r: 2.5 }} isAnimationActive={false} />
      </ComposedChart>
    </div>
  );
}

/** A comparison value as shown: a rate as a percentage, a mean score as a percent. */
export const comparisonValue = (c: Pick<ComparisonResponse, 'unit'>, v: number) => (c.unit === 'rate' ? s.pct(v) : `${v.toFixed(1)}%`);

/** One bar per school (highest first), the picked school in the brand colour, the median dashed. */
export function ComparisonChart({ data }: { data: ComparisonResponse }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const scale = data.unit === 'rate' ? 1 : 100;
  const rows = data.schools.map((x) => ({ ...x, shown: x.value / scale }));
  const h = Math.max(160, rows.length * 36 + 24);
  return (
    <div className="w-full" data-testid="chart-comparison">
      <BarChart responsive layout="vertical" style={{ width: '100%', height: h }} data={rows} margin={{ top: 4, right: wide ? 56 : 40, left: 0, bottom: 0 }} barCategoryGap="22%">
        <CartesianGrid {...GRID} vertical horizontal={false} />
        <XAxis type="number" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
        <YAxis type="category" dataKey="label" tick={{ ...AXIS_TICK, fontSize: wide ? 12 : 11 }} tickLine={false} axisLine={false} width={wide ? 150 : 96} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={({ active, payload }) => {
            const d = payload?.[0]?.payload as (typeof rows)[number] | undefined;
            if (!active || !d) return null;
            return <TooltipCard title={d.label} rows={[{ label: s.schools.metric, value: comparisonValue(data, d.value), colour: d.picked ? CHART[1] : 'var(--color-muted-foreground)' }]} />;
          }}
        />
        {data.distribution && <ReferenceLine x={data.distribution.median / scale} stroke="var(--color-foreground)" strokeDasharray="4 4" strokeOpacity={0.5} />}
        <Bar dataKey="shown" radius={[0, 5, 5, 0]} maxBarSize={22} isAnimationActive={false} label={{ position: 'right', fontSize: 11, fill: 'var(--color-muted-foreground)', formatter: (v: unknown) => comparisonValue({ unit: 'rate' }, Number(v)) }}>
          {rows.map((r) => (
            <Cell key={r.label} fill={r.picked ? CHART[1] : 'color-mix(in oklab, var(--color-muted-foreground) 45%, transparent)'} className={cn(r.picked && 'drop-shadow-sm')} />
          ))}
        </Bar>
      </BarChart>
    </div>
  );
}
