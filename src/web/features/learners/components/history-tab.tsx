import { CalendarRange, History } from 'lucide-react';
import type { ClassHistoryEntry } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Captioned } from '@/components/captioned';
import { useClassHistory } from '../api/learners';
import { formatDate } from './format';

const m = messages.learners;
const h = m.history;

function outcomeLabel(outcome: string | null): string {
  if (!outcome) return h.current;
  return h.outcomes[outcome] ?? outcome.charAt(0).toUpperCase() + outcome.slice(1);
}

function Outcome({ entry }: { entry: ClassHistoryEntry }) {
  const current = !entry.outcome;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        current ? 'bg-primary/10 text-primary' : entry.outcome === 'repeated' ? 'bg-amber-500/10 text-amber-700 dark:text-amber-300' : 'bg-muted text-muted-foreground',
      )}
      data-testid="history-outcome"
    >
      {outcomeLabel(entry.outcome)}
    </span>
  );
}

const dateOrDash = (d: string | null) => (d ? formatDate(d) : '—');

/** The Class history tab (GET /api/students/:id/history): year, class, class teacher, dates, outcome. */
export function HistoryTab({ learnerId }: { learnerId: string }) {
  const history = useClassHistory(learnerId);
  if (history.isError) {
    return <QueryErrorCard query={history} title={h.loadFailed} retryLabel={m.common.tryAgain} testId="history-error" />;
  }
  if (!history.data) {
    return <SkeletonStack className="flex flex-col gap-2" cells={['h-12 w-full', 'h-12 w-full', 'h-12 w-full']} />;
  }
  if (history.data.length === 0) return <EmptyListState icon={History} title={h.empty} testId="history-empty" />;
  return (
    <div className="min-w-0" data-testid="profile-history">
      <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm md:block">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
              {[h.colYear, h.colClass, h.colTeacher, h.colFrom, h.colTo, h.colOutcome].map((c) => (
                <th key={c} scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history.data.map((e) => (
              <tr key={e.academicYearId} className="border-b last:border-b-0" data-testid="history-row">
                <td className="px-4 py-3 font-medium tabular-nums">{e.academicYear}</td>
                <td className="px-4 py-3" data-testid="history-class">
                  {e.className}
                </td>
                <td className="px-4 py-3">{e.classTeacher ?? <span className="text-muted-foreground">{h.noTeacher}</span>}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{dateOrDash(e.startedOn)}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{dateOrDash(e.endedOn)}</td>
                <td className="px-4 py-3">
                  <Outcome entry={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="relative flex flex-col gap-3 md:hidden">
        {history.data.map((e) => (
          <li key={e.academicYearId} className="rounded-xl border bg-card p-4 shadow-sm" data-testid="history-row">
            <div className="flex items-start justify-between gap-2">
              <Captioned caption={e.academicYear} className="min-w-0" captionClassName="text-xs font-medium text-muted-foreground tabular-nums">
                <p className="font-semibold" data-testid="history-class">
                  {e.className}
                </p>
              </Captioned>
              <Outcome entry={e} />
            </div>
            <p className="mt-2 text-sm text-muted-foreground">
              {h.colTeacher}: {e.classTeacher ?? h.noTeacher}
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
              <CalendarRange className="size-3.5" aria-hidden />
              {dateOrDash(e.startedOn)} – {dateOrDash(e.endedOn)}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

