import * as React from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { ChevronDown, ChevronUp, ClipboardCheck, FileSearch, HandCoins, Hourglass } from 'lucide-react';
import type { Approval } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { payrollScreens } from '@shared/messages/payroll-screens';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDateTime } from '@/lib/format';
import { Panel } from '@/components/page-layout';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useApprovals, useDecideApproval, useFeesLiveRefresh } from '../api/fees';
import { Money } from '@/components/money';
import { DecisionButtons } from '@/components/decision-dialog';
import { DecideApprovalDialog } from './decide-approval-dialog';
import { IconBadge } from '@/components/icon-badge';

const m = messages.financeOverview.approvals;
// The payroll review lives with the payroll screens; it loads only when someone opens it.
const RunReviewDialog = React.lazy(() => import('@/features/payroll').then((mod) => ({ default: mod.RunReviewDialog })));
const PREVIEW = 5;

function ApprovalRow({ approval, canDecide, onDecide }: { approval: Approval; canDecide: boolean; onDecide: (approve: boolean) => void }) {
  const when = formatDateTime(approval.requestedAt);
  const [reviewing, setReviewing] = React.useState(false);
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4" data-testid="approval-row" data-approval-id={approval.id}>
      <div className="flex min-w-0 flex-1 gap-3">
        <IconBadge icon={HandCoins} className="size-9 rounded-lg bg-violet-500/12 text-violet-700 dark:text-violet-300" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="rounded-full bg-violet-500/10 px-2 py-0.5 text-[11px] font-medium text-violet-700 dark:text-violet-300">{m.kinds[approval.kind]}</span>
            {approval.amount !== null && <Money value={approval.amount} className="text-sm font-semibold" />}
          </div>
          <p className="mt-1 text-sm font-medium" data-testid="approval-title">
            {approval.title}
          </p>
          <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{approval.summary}</p>
          <p className="mt-1 text-[11px] text-muted-foreground">{approval.requestedBy ? m.requestedBy(approval.requestedBy, when) : m.requestedAt(when)}</p>
          {approval.kind === 'payroll_run' && (
            <Button variant="link" size="sm" className="mt-1 h-auto p-0 text-xs" onClick={() => setReviewing(true)} data-testid="approval-review-run">
              <FileSearch aria-hidden />
              {payrollScreens.review.button}
            </Button>
          )}
          {reviewing && (
            <React.Suspense fallback={null}>
              <RunReviewDialog runId={approval.subjectId} onClose={() => setReviewing(false)} />
            </React.Suspense>
          )}
        </div>
      </div>
      {canDecide ? (
        <DecisionButtons labels={m} onDecide={onDecide} testIdPrefix="approval" className="grid shrink-0 grid-cols-2 gap-2 pl-12 sm:flex sm:pl-0" />
      ) : (
        <span className="ml-12 inline-flex shrink-0 items-center gap-1.5 self-start rounded-full bg-amber-500/12 px-2.5 py-1 text-xs font-medium text-amber-700 sm:ml-0 sm:self-center dark:text-amber-300">
          <Hourglass className="size-3.5" aria-hidden />
          {m.awaitingPrincipal}
        </span>
      )}
    </li>
  );
}

/**
 * The one Approvals card of the director's and principal's dashboards (ARCHITECTURE.md "Approvals"):
 * every pending request (fee waivers today) with what, how much, who asked and when. The principal
 * approves or rejects (optional note); the director reads. A decided request leaves the list at once
 * (every fees query refetches). `#approvals` in the address scrolls here.
 */
export function ApprovalsCard({ role, className }: { role: 'principal' | 'school_director'; className?: string }) {
  // The principal decides every kind; the director decides payroll runs (issue 14 §3) and reads the rest.
  const canDecide = role === 'principal';
  const canDecideKind = (a: Approval) => canDecide || a.kind === 'payroll_run' || a.kind === 'expense';
  useFeesLiveRefresh();
  const approvals = useApprovals('pending');
  const decide = useDecideApproval();
  const [pick, setPick] = React.useState<{ approval: Approval; approve: boolean } | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [expanded, setExpanded] = React.useState(false);
  const ref = React.useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  const loaded = !approvals.isPending;
  React.useEffect(() => {
    if (hash === '#approvals' && loaded) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, loaded]);

  const items = approvals.data?.items ?? [];
  const shown = expanded ? items : items.slice(0, PREVIEW);

  const confirm = async (note: string) => {
    if (!pick) return;
    setError(null);
    try {
      await decide.mutateAsync({ id: pick.approval.id, approve: pick.approve, note: note || undefined });
      toast.success(pick.approve ? m.approved : m.rejected, { description: pick.approval.title });
      setPick(null);
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : m.failed);
    }
  };

  return (
    <div ref={ref} id="approvals" className={cn('scroll-mt-20', className)}>
      <Panel
        title={m.title}
        description={canDecide ? m.hintPrincipal : m.hintDirector}
        testId="approvals-card"
        className="h-full"
        action={
          items.length > 0 && (
            <span className="rounded-full bg-violet-500/12 px-2.5 py-1 text-xs font-medium text-violet-700 tabular-nums dark:text-violet-300" data-testid="approvals-count">
              {m.pendingBadge(approvals.data?.pending ?? items.length)}
            </span>
          )
        }
      >
        {approvals.isPending ? (
          <SkeletonStack className="flex flex-col gap-3" cells={['h-16', 'h-16']} />
        ) : approvals.isError ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-destructive">{m.loadFailed}</p>
            <Button size="sm" variant="outline" onClick={() => void approvals.refetch()}>
              {messages.financeOverview.common.tryAgain}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center" data-testid="approvals-empty">
            <IconBadge icon={ClipboardCheck} className="size-10 rounded-full bg-emerald-500/12 text-emerald-600 dark:text-emerald-400" iconClassName="size-5" />
            <p className="mt-3 text-sm font-medium">{m.empty}</p>
            <p className="mt-1 max-w-xs text-xs text-muted-foreground">{m.emptyHint}</p>
          </div>
        ) : (
          <>
            <ul className="flex flex-col divide-y" data-testid="approvals-list">
              {shown.map((a) => (
                <ApprovalRow
                  key={a.id}
                  approval={a}
                  canDecide={canDecideKind(a)}
                  onDecide={(approve) => {
                    setError(null);
                    setPick({ approval: a, approve });
                  }}
                />
              ))}
            </ul>
            {items.length > PREVIEW && (
              <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
                {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
                {expanded ? m.showFewer : m.showAll(items.length)}
              </Button>
            )}
          </>
        )}
      </Panel>
      {(canDecide || items.some(canDecideKind)) && (
        <DecideApprovalDialog
          approval={pick?.approval ?? null}
          approve={pick?.approve ?? true}
          pending={decide.isPending}
          error={error}
          onCancel={() => setPick(null)}
          onConfirm={(note) => void confirm(note)}
        />
      )}
    </div>
  );
}
