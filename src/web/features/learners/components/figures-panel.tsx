import { BedDouble, UserRound, UsersRound } from 'lucide-react';
import type { LearnerFigures } from '@shared/contracts/learner-figures';
import { messages } from '@shared/messages';
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

function LevelsTable({ data }: { data: LearnerFigures }) {
  const max = Math.max(1, ...data.levels.map((l) => l.total));
  const cell = 'px-3 py-2 text-right tabular-nums';
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
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full" style={{ background: GIRLS }} />
                  {f.girls}
                </span>
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full" style={{ background: BOYS }} />
                  {f.boys}
                </span>
              </span>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {f.colGirls}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {f.colBoys}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {f.colTotal}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              {f.colBoarding}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              {f.colDay}
            </th>
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
              <td className={cell} data-testid="figures-level-female">
                {formatNumber(l.female)}
              </td>
              <td className={cell} data-testid="figures-level-male">
                {formatNumber(l.male)}
              </td>
              <td className={`${cell} font-semibold`} data-testid="figures-level-total">
                {formatNumber(l.total)}
              </td>
              <td className={`${cell} hidden sm:table-cell`}>{formatNumber(l.boarding)}</td>
              <td className={`${cell} hidden sm:table-cell`}>{formatNumber(l.day)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 font-semibold">
            <th scope="row" className="px-3 py-2 text-left">
              {f.total}
            </th>
            <td className="hidden lg:table-cell" />
            <td className={cell}>{formatNumber(data.active.female)}</td>
            <td className={cell}>{formatNumber(data.active.male)}</td>
            <td className={cell} data-testid="figures-total">
              {formatNumber(data.active.total)}
            </td>
            <td className={`${cell} hidden sm:table-cell`}>{formatNumber(data.active.boarding)}</td>
            <td className={`${cell} hidden sm:table-cell`}>{formatNumber(data.active.day)}</td>
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
