import { AlertTriangle, CheckCircle2, ListChecks } from 'lucide-react';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { PendingButton } from '@/components/pending-button';
import { FormError, Panel } from './setup-bits';
import type { PrecheckResult } from '@shared/contracts/timetable-setup';
import { usePrecheck } from './setup-api';

const c = sm.check;
type Issue = PrecheckResult['issues'][number];

/** The same sentence can come once per lesson (e.g. each of a stream's lessons that has no slot left): shown once with a count. */
function groupIssues(issues: Issue[]) {
  const groups = new Map<string, { code: string; message: string; times: number; lessons: number }>();
  for (const i of issues) {
    const g = groups.get(i.message) ?? { code: i.code, message: i.message, times: 0, lessons: 0 };
    g.times += 1;
    g.lessons += i.activityIds.length;
    groups.set(i.message, g);
  }
  return [...groups.values()];
}

function IssueList({ issues, tone }: { issues: Issue[]; tone: 'error' | 'warning' }) {
  return (
    <ul className="grid gap-2">
      {groupIssues(issues).map((g) => (
        <li
          key={g.message}
          className={tone === 'error' ? 'flex items-start gap-3 rounded-md bg-card px-3 py-2 text-sm shadow-xs' : 'flex items-start gap-3 rounded-md border border-amber-500/30 bg-amber-500/8 px-3 py-2 text-sm'}
          data-testid="tt-check-issue"
          data-code={g.code}
        >
          <div className="min-w-0 flex-1">
            <p className="break-words">{g.message}</p>
            {g.lessons > 0 && <p className="mt-0.5 text-xs text-muted-foreground">{c.lessonsInvolved(g.lessons)}</p>}
          </div>
          {g.times > 1 && <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs font-medium tabular-nums">{c.times(g.times)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** "Check": POST /setup/check and show "Ready to generate" or the list of problems, with the week's counts. */
export function CheckTab() {
  const check = usePrecheck();
  const result = check.data;
  return (
    <Panel
      title={c.title}
      hint={c.hint}
      testId="tt-check"
      className="max-w-4xl"
      actions={
        <PendingButton pending={check.isPending} icon={ListChecks} onClick={() => check.mutate()} data-testid="tt-check-run">
          {check.isPending ? c.running : c.run}
        </PendingButton>
      }
    >
      <FormError error={check.error} title={c.title} testId="tt-check-error" />
      {!result && !check.error && <p className="text-sm text-muted-foreground">{c.notRun}</p>}
      {result && (
        <div className="grid gap-4" data-testid="tt-check-result" data-ok={result.ok}>
          {result.ok ? (
            <div className="flex items-start gap-3 rounded-lg border border-emerald-500/30 bg-emerald-500/8 p-4" role="status" data-testid="tt-check-ready">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <div>
                <p className="font-semibold text-emerald-800 dark:text-emerald-300">{c.ready}</p>
                <p className="text-sm text-muted-foreground">{c.readyHint}</p>
              </div>
            </div>
          ) : (
            <div className="rounded-lg border border-destructive/30 bg-destructive/5 p-4" role="status" data-testid="tt-check-issues">
              <p className="flex items-center gap-2 font-semibold text-destructive">
                <AlertTriangle className="size-5 shrink-0" aria-hidden />
                {c.issues(groupIssues(result.issues).length)}
              </p>
              <div className="mt-3">
                <IssueList issues={result.issues} tone="error" />
              </div>
            </div>
          )}
          {/* Issues may still be listed with ok=true (warnings): show them under the green banner. */}
          {result.ok && result.issues.length > 0 && <IssueList issues={result.issues} tone="warning" />}
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="tt-check-summary">
            {(['streams', 'teachers', 'rooms', 'lessons', 'slotsPerWeek'] as const).map((k) => (
              <div key={k} className="rounded-lg border bg-muted/30 p-3">
                <dt className="text-xs text-muted-foreground">{c.summary[k]}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`tt-check-${k}`}>
                  {result.summary[k]}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Panel>
  );
}
