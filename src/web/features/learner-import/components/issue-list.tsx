import type { ImportIssue } from '@shared/contracts/learner-files';
import { messages } from '@shared/messages';
import { AlertTriangle, X } from 'lucide-react';
import { cn } from '@/lib/utils';

const m = messages.learnerFiles;

/** The most problems listed on screen; the rest are counted ("and N more"). */
export const MAX_LISTED = 200;

/**
 * Problems of an import, one line each: the spreadsheet row, the column and the reason. A table from
 * 640 px, stacked lines on phones; scrolls inside its box when long.
 */
export function IssueList({ issues, tone, testId }: { issues: ImportIssue[]; tone: 'error' | 'warning'; testId: string }) {
  const shown = issues.slice(0, MAX_LISTED);
  const more = issues.length - shown.length;
  const rowTone = tone === 'error' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400';
  return (
    <div className="overflow-hidden rounded-lg border" data-testid={testId}>
      <div className="max-h-72 overflow-y-auto">
        <table className="hidden w-full table-fixed text-sm sm:table">
          <thead className="sticky top-0 z-10 bg-muted/80 text-left text-xs text-muted-foreground backdrop-blur">
            <tr>
              <th scope="col" className="w-16 px-3 py-2 font-medium">
                {m.colRow}
              </th>
              <th scope="col" className="w-48 px-3 py-2 font-medium">
                {m.colColumn}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {m.colProblem}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((e, i) => (
              <tr key={`${e.row}-${e.column}-${i}`} data-testid={`${testId}-row`} data-row={e.row} data-column={e.column}>
                <td className={cn('px-3 py-2 align-top font-medium tabular-nums', rowTone)}>{e.row}</td>
                <td className="truncate px-3 py-2 align-top font-mono text-xs leading-5" title={e.column}>
                  {e.column}
                </td>
                <td className="px-3 py-2 align-top leading-snug">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y text-sm sm:hidden">
          {shown.map((e, i) => (
            <li key={`${e.row}-${e.column}-${i}`} className="flex flex-col gap-0.5 px-3 py-2.5">
              <span className="flex items-baseline gap-2 text-xs">
                <span className={cn('font-semibold tabular-nums', rowTone)}>
                  {m.colRow} {e.row}
                </span>
                <span className="truncate font-mono text-muted-foreground">{e.column}</span>
              </span>
              <span className="leading-snug">{e.message}</span>
            </li>
          ))}
        </ul>
      </div>
      {more > 0 && <p className="border-t bg-muted/40 px-3 py-2 text-xs text-muted-foreground">{m.moreIssues(more)}</p>}
    </div>
  );
}

const SECTION_TONE = {
  error: { key: 'errors', icon: <X className="size-4 text-destructive" aria-hidden />, badge: 'bg-destructive/10 text-destructive' },
  warning: { key: 'warnings', icon: <AlertTriangle className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />, badge: 'bg-amber-500/10 text-amber-700 dark:text-amber-400' },
} as const;

/**
 * A titled block of an import's problems (the bad rows' errors, or the warnings): icon, `heading` and
 * `count`, the explaining `text`, then the `IssueList` (test id `import-errors` / `import-warnings`).
 */
export function IssueSection({ tone, heading, text, count, issues }: { tone: 'error' | 'warning'; heading: string; text: string; count: number; issues: ImportIssue[] }) {
  const { key, icon, badge } = SECTION_TONE[tone];
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`import-${key}-heading`}>
      <div>
        <h3 id={`import-${key}-heading`} className="flex items-center gap-2 text-sm font-semibold">
          {icon}
          {heading}
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium tabular-nums', badge)}>{count}</span>
        </h3>
        <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
      </div>
      <IssueList issues={issues} tone={tone} testId={`import-${key}`} />
    </section>
  );
}
