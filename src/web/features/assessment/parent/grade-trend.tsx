import type * as React from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '@shared/messages';
import type { MyChildrenGrades } from '@shared/contracts/assessment';
import { GradeBadge } from '../components/grade-badge';
import { formatScore, gradeRank, splitGrade } from './grade-tone';
import { GRID } from '@/components/charts';

const m = messages.reportsScreens;
type Series = MyChildrenGrades['children'][number]['series'][number];

const axisTick = { fill: 'var(--color-muted-foreground)', fontSize: 11 };

/** Short axis label of a series: "End of Term 1 2026" → "End T1 '26", "Mid-Term 2 2026" → "Mid T2 '26". */
export function shortSeriesName(name: string): string {
  const year = /\b(20\d{2})\b/.exec(name)?.[1];
  const term = /\bTerm\s*(\d)/i.exec(name)?.[1];
  const head = /^(End|Mid|Opener|CAT|Mock)/i.exec(name)?.[1];
  if (!term || !head) return name.length > 14 ? `${name.slice(0, 13)}…` : name;
  return `${head} T${term}${year ? ` '${year.slice(2)}` : ''}`;
}

/** The child's mean across the released series, oldest first, with the selected one marked. */
export function GradeTrend({ series, selectedId }: { series: Series[]; selectedId: string | null }) {
  const data = series.map((s) => ({ id: s.examId, name: shortSeriesName(s.name), full: s.name, term: `${s.termName} ${s.academicYear}`, mean: s.mean, grade: s.meanGrade, label: s.meanGradeLabel }));
  return (
    <div className="w-full" data-testid="grade-trend">
      <LineChart responsive style={{ width: '100%', height: 180 }} data={data} margin={{ top: 10, right: 12, left: -18, bottom: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="name" tick={axisTick} tickLine={false} axisLine={false} interval="preserveStartEnd" padding={{ left: 12, right: 12 }} />
        <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={axisTick} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ stroke: 'var(--color-border)' }}
          content={({ active, payload }) => {
            const d = payload?.[0]?.payload as (typeof data)[number] | undefined;
            if (!active || !d) return null;
            const g = splitGrade(d.label, d.grade);
            return (
              <TooltipCard title={d.full} subtitle={d.term}>
                <span className="text-muted-foreground">{m.trendMean}</span>
                <span className="font-medium tabular-nums">{d.mean === null ? '–' : `${formatScore(d.mean)}%`}</span>
                {g && <GradeBadge code={g.code} descriptor={g.descriptor} {...gradeRank(g.code)} className="col-span-2 justify-self-start" />}
              </TooltipCard>
            );
          }}
        />
        <Line
          type="monotone"
          dataKey="mean"
          name={m.trendMean}
          stroke="var(--color-chart-1)"
          strokeWidth={2.5}
          dot={(p: { cx?: number; cy?: number; index?: number }) => {
            const on = data[p.index ?? -1]?.id === selectedId;
            if (p.cx === undefined || p.cy === undefined) return <g key={p.index} />;
            return (
              <g key={p.index}>
                {on && <circle cx={p.cx} cy={p.cy} r={9} fill="var(--color-chart-1)" opacity={0.18} />}
                <circle cx={p.cx} cy={p.cy} r={on ? 5 : 4} fill={on ? 'var(--color-chart-1)' : 'var(--color-card)'} stroke="var(--color-chart-1)" strokeWidth={2} />
              </g>
            );
          }}
          activeDot={{ r: 5 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}

function TooltipCard({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      <p className="font-medium">{title}</p>
      <p className="mb-1.5 text-muted-foreground">{subtitle}</p>
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1.5">{children}</div>
    </div>
  );
}
