import type * as React from 'react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ExamAnalytics } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { AXIS_TICK, BAR_CURSOR, BOYS, CHART, GIRLS, LegendText, rowTooltip } from '@/components/charts';
import { useMediaQuery } from '@/lib/use-media-query';
import { GradeBadge } from '../components/grade-badge';
import { descriptorOf, formatNumber, type GradeRanker } from '../results/result-bits';
import { TooltipCard } from '@/components/finance-charts';

const a = messages.examsScreens.analytics;

const axisTick = AXIS_TICK;
const grid = { stroke: 'var(--color-border)', strokeDasharray: '3 3' } as const;
const cursor = BAR_CURSOR;

/** Band colours from the top grade (green) to the lowest (rose), as GradeBadge tones them. */
const GRADE_COLOURS = ['oklch(0.66 0.15 160)', 'oklch(0.68 0.13 230)', 'oklch(0.77 0.15 75)', 'oklch(0.66 0.18 15)'];
export function gradeColour(rank: { rank: number; of: number } | undefined): string {
  if (!rank) return CHART[1];
  const share = rank.rank / Math.max(1, rank.of - 1);
  return GRADE_COLOURS[share <= 0.25 ? 0 : share <= 0.5 ? 1 : share <= 0.75 ? 2 : 3]!;
}


const pct = (v: number | null | undefined) => (v === null || v === undefined ? messages.examsScreens.common.dash : messages.examsScreens.common.percent(formatNumber(v)));

/** A chart tooltip's `content` drawn as a `TooltipCard`: `card(row)` gives the title and label/value rows of the data row (type T) under the pointer. */
function cardTooltip<T>(card: (row: T) => React.ComponentProps<typeof TooltipCard>) {
  return rowTooltip<T>((d) => <TooltipCard {...card(d)} />);
}

/** Learners per mean grade, each bar in its band's colour. */
export function GradeDistributionChart({ data, ranker, height = 260 }: { data: ExamAnalytics['gradeDistribution']; ranker: GradeRanker; height?: number }) {
  const rows = data.map((d) => ({ ...d, colour: gradeColour(ranker(d.grade)) }));
  return (
    <div className="w-full" data-testid="chart-grades">
      <BarChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 18, right: 4, left: -20, bottom: 0 }} barCategoryGap="18%">
        <CartesianGrid {...grid} vertical={false} />
        <XAxis dataKey="grade" tick={axisTick} tickLine={false} axisLine={false} interval={0} />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} width={48} />
        <Tooltip
          cursor={cursor}
          content={cardTooltip<(typeof rows)[number]>((d) => ({ title: d.label, rows: [{ label: a.learners, value: d.count.toLocaleString('en-KE'), colour: d.colour }] }))}
        />
        <Bar dataKey="count" name={a.learners} radius={[5, 5, 0, 0]} maxBarSize={44} isAnimationActive={false}>
          {rows.map((d) => (
            <Cell key={d.grade} fill={d.colour} />
          ))}
          <LabelList dataKey="count" position="top" offset={6} fill="var(--color-muted-foreground)" fontSize={11} formatter={(v: unknown) => (Number(v) > 0 ? String(v) : '')} />
        </Bar>
      </BarChart>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={a.gradeLegend} data-testid="grade-legend">
        {data.map((d) => (
          <li key={d.grade}>
            <GradeBadge code={d.grade} descriptor={descriptorOf(d.grade, d.label)} {...ranker(d.grade)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Mean % per subject, with the previous series beside it (horizontal bars: subject names stay readable). */
export function SubjectMeansChart({ data, hasPrevious }: { data: ExamAnalytics['subjectMeans']; hasPrevious: boolean }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const rows = data.map((d) => ({ ...d, mean: d.mean ?? 0, previousMean: d.previousMean ?? 0, rawMean: d.mean, rawPrevious: d.previousMean }));
  const height = Math.max(200, rows.length * (hasPrevious ? 40 : 30) + 48);
  const yWidth = wide ? 170 : 104;
  const fontSize = wide ? 12 : 11;
  // One line per subject, cut with an ellipsis (the tooltip has the full name).
  const room = Math.floor((yWidth - 10) / (fontSize * 0.56));
  const clip = (s: string) => (s.length > room ? `${s.slice(0, room - 1).trimEnd()}…` : s);
  const tick = ({ x = 0, y = 0, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) => (
    <text x={Number(x) - 6} y={Number(y)} dy={4} textAnchor="end" fontSize={fontSize} fill="var(--color-muted-foreground)">
      {clip(String(payload?.value ?? ''))}
    </text>
  );
  return (
    <div className="w-full" data-testid="chart-subjects">
      <BarChart responsive layout="vertical" style={{ width: '100%', height }} data={rows} margin={{ top: 0, right: 36, left: 0, bottom: 0 }} barCategoryGap="22%" barGap={2}>
        <CartesianGrid {...grid} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="name" tick={tick} tickLine={false} axisLine={false} width={yWidth} interval={0} />
        <Tooltip
          cursor={cursor}
          content={cardTooltip<(typeof rows)[number]>((d) => ({
            title: d.name,
            rows: [
              { label: a.current, value: pct(d.rawMean), colour: CHART[1] },
              ...(hasPrevious ? [{ label: a.previous, value: pct(d.rawPrevious), colour: 'var(--color-muted-foreground)' }] : []),
              ...(d.teacherName ? [{ label: a.colTeacher, value: d.teacherName }] : []),
            ],
          }))}
        />
        {hasPrevious && <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={LegendText} />}
        <Bar dataKey="mean" name={a.current} fill={CHART[1]} radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false}>
          <LabelList dataKey="rawMean" position="right" offset={6} fill="var(--color-muted-foreground)" fontSize={11} formatter={(v: unknown) => (v === null || v === undefined ? '' : formatNumber(Number(v)))} />
        </Bar>
        {hasPrevious && <Bar dataKey="previousMean" name={a.previous} fill="color-mix(in oklab, var(--color-muted-foreground) 45%, transparent)" radius={[0, 4, 4, 0]} maxBarSize={16} isAnimationActive={false} />}
      </BarChart>
    </div>
  );
}

/** The mean of these learners in each series of their levels, oldest first. */
export function TrendChart({ data, currentExamId, height = 240 }: { data: ExamAnalytics['trend']; currentExamId: string; height?: number }) {
  const rows = data.map((d) => ({ ...d, label: d.name }));
  return (
    <div className="w-full" data-testid="chart-trend">
      <LineChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 12, right: 16, left: -20, bottom: 0 }}>
        <CartesianGrid {...grid} vertical={false} />
        <XAxis dataKey="label" tick={{ ...axisTick, fontSize: 11 }} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
        <YAxis domain={[0, 100]} tick={axisTick} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          content={cardTooltip<(typeof rows)[number]>((d) => ({ title: d.name, rows: [{ label: d.termName, value: pct(d.mean), colour: CHART[3] }] }))}
        />
        <Line
          type="monotone"
          dataKey="mean"
          name={a.meanTooltip}
          stroke={CHART[3]}
          strokeWidth={2.5}
          connectNulls
          isAnimationActive={false}
          dot={(p: { cx?: number; cy?: number; payload?: (typeof rows)[number]; index?: number }) => (
            <circle
              key={p.index}
              cx={p.cx}
              cy={p.cy}
              r={p.payload?.examId === currentExamId ? 5.5 : 3.5}
              fill={p.payload?.examId === currentExamId ? CHART[3] : 'var(--color-card)'}
              stroke={CHART[3]}
              strokeWidth={2}
            />
          )}
        />
      </LineChart>
    </div>
  );
}

/** Mean % of girls and boys side by side. */
export function GenderChart({ data, height = 220 }: { data: ExamAnalytics['gender']; height?: number }) {
  const rows = data.map((d) => ({ ...d, name: a.genders[d.gender] ?? a.genderOther, value: d.mean ?? 0, colour: d.gender === 'female' ? GIRLS : d.gender === 'male' ? BOYS : CHART[4] }));
  return (
    <div className="w-full" data-testid="chart-gender">
      <BarChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 20, right: 8, left: -20, bottom: 0 }} barCategoryGap="30%">
        <CartesianGrid {...grid} vertical={false} />
        <XAxis dataKey="name" tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis domain={[0, 100]} tick={axisTick} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          cursor={cursor}
          content={cardTooltip<(typeof rows)[number]>((d) => ({
            title: d.name,
            rows: [
              { label: a.meanTooltip, value: pct(d.mean), colour: d.colour },
              { label: a.learners, value: d.learners.toLocaleString('en-KE') },
            ],
          }))}
        />
        <Bar dataKey="value" radius={[6, 6, 0, 0]} maxBarSize={64} isAnimationActive={false}>
          {rows.map((d) => (
            <Cell key={d.gender} fill={d.colour} />
          ))}
          <LabelList dataKey="mean" position="top" offset={6} fill="var(--color-foreground)" fontSize={12} formatter={(v: unknown) => (v === null || v === undefined ? '' : formatNumber(Number(v)))} />
        </Bar>
      </BarChart>
    </div>
  );
}
