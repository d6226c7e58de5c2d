import { BedDouble, UserRound, UsersRound } from 'lucide-react';
import type { LearnerFigures } from '@shared/contracts/learner-figures';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { GIRLS, BOYS } from '@/components/charts';
import { Skeleton } from '@/components/ui/skeleton';
import { useLearnerFigures } from '../api/learners';
import { formatDate, formatNumber } from './format';

const f = messages.learners.figures;

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** Girls and boys of a level as one bar split in two (the widest level fills the column). */
function SplitBar({ female, male, max }: { female: number; male: number; max: number }) {
  const total = female + male;
  return (
    <div className="flex h-2 w-full min-w-16 overflow-hidden rounded-full bg-muted" aria-hidden>
      <div style={{ width: `${max ? (total / max) * 100 : 0}%` }} className="flex h-full">
        <span className="h-full" style={{ width: `${pct(female, total)}%`, background: GIRLS }} />
        <span className="h-full" style={{ width: `${pct(male, total)}%`, background: BOYS }} />
      </div>
    </div>
  );
}

type CountKey = 'female' | 'male' | 'total' | 'boarding' | 'day';
/** The count columns of the levels table, in order, with their heading's message key. */
const COLUMNS = [
  ['female', 'colGirls'],
  ['male', 'colBoys'],
  ['total', 'colTotal'],
  ['boarding', 'colBoarding'],
  ['day', 'colDay'],
] as const satisfies readonly (readonly [CountKey, keyof typeof f])[];
/** Columns shown from 640 px only. */
const WIDE_ONLY = new Set<CountKey>(['boarding', 'day']);

/** A row's count cells (girls, boys, total, boarding, day); `testIds` of some cells, `boldTotal` for a level row. */
function CountCells({ counts, testIds, boldTotal }: { counts: Record<CountKey, number>; testIds: Partial<Record<CountKey, string>>; boldTotal?: boolean }) {
  return COLUMNS.map(([key]) => (
    <td key={key} className={cn('px-3 py-2 text-right tabular-nums', key === 'total' && boldTotal && 'font-semibold', WIDE_ONLY.has(key) && 'hidden sm:table-cell')} data-testid={testIds[key]}>
      {formatNumber(counts[key])}
    </td>
  ));
}

function LevelsTable({ data }: { data: LearnerFigures }) {
  const max = Math.max(1, ...data.levels.map((l) => l.total));
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full text-sm" data-testid="figures-levels">
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {f.colLevel}
            </th>
            <th scope="col" className="hidden w-2/5 px-3 py-2 font-medium lg:table-cell">
              <span className="flex items-center gap-3 text-[11px]">
                {(
                  [
                    [GIRLS, f.girls],
                    [BOYS, f.boys],
                  ] as const
                ).map(([colour, label]) => (
                  <span key={label} className="flex items-center gap-1.5">
                    <span className="size-2 rounded-full" style={{ background: colour }} />
                    {label}
                  </span>
                ))}
              </span>
            </th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className={WIDE_ONLY.has(key) ? 'hidden px-3 py-2 text-right font-medium sm:table-cell' : 'px-3 py-2 text-right font-medium'}>
                {f[label]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.levels.map((l) => (
            <tr key={l.levelId ?? 'none'} className="border-b last:border-b-0" data-testid="figures-level" data-level={l.level ?? ''}>
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                {l.level ?? f.noLevel}
              </th>
              <td className="hidden px-3 py-2 lg:table-cell">
                <SplitBar female={l.female} male={l.male} max={max} />
              </td>
              <CountCells counts={l} testIds={{ female: 'figures-level-female', male: 'figures-level-male', total: 'figures-level-total' }} boldTotal />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 font-semibold">
            <th scope="row" className="px-3 py-2 text-left">
              {f.total}
            </th>
            <td className="hidden lg:table-cell" />
            <CountCells counts={data.active} testIds={{ total: 'figures-total' }} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The director's figures above the register (issue 10 §3 "figures by level and gender"): active
 * learners, girls, boys and boarders, then a compact table of active learners per level split
 * girls/boys with boarding and day.
 */
export function FiguresPanel({ schoolId }: { schoolId?: string | null }) {
  const figures = useLearnerFigures(schoolId);
  const d = figures.data;
  if (figures.isError) {
    return (
      <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="figures-error">
        {f.loadFailed}
      </p>
    );
  }
  const stat = (n: number | undefined) => (n === undefined ? <span className="inline-block h-7 w-14 animate-pulse rounded-md bg-muted align-middle" aria-hidden /> : formatNumber(n));
  const total = d?.active.total ?? 0;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="learner-figures">
      <StatGrid>
        <StatCard label={f.active} value={stat(d?.active.total)} hint={d ? f.asOf(formatDate(d.asOf)) : undefined} icon={UsersRound} accent={1} testId="figures-active" />
        <StatCard label={f.girls} value={stat(d?.active.female)} hint={d ? f.share(pct(d.active.female, total)) : undefined} icon={UserRound} accent={5} testId="figures-girls" />
        <StatCard label={f.boys} value={stat(d?.active.male)} hint={d ? f.share(pct(d.active.male, total)) : undefined} icon={UserRound} accent={1} testId="figures-boys" />
        <StatCard label={f.boarders} value={stat(d?.active.boarding)} hint={d ? f.dayScholars(formatNumber(d.active.day)) : undefined} icon={BedDouble} accent={3} testId="figures-boarders" />
      </StatGrid>
      <section className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="mb-3">
          <h2 className="text-[15px] leading-tight font-semibold">{f.title}</h2>
          {d && <p className="mt-1 text-xs text-muted-foreground sm:text-[13px]">{f.description(formatDate(d.asOf))}</p>}
        </div>
        {!d ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : d.levels.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{f.empty}</p>
        ) : (
          <LevelsTable data={d} />
        )}
      </section>
    </div>
  );
}
