import { Link } from 'react-router';
import { AlertTriangle, Lock, Smartphone } from 'lucide-react';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Panel } from '@/components/page-layout';
import { formatDate } from '@/lib/format';
import type { SessionUser } from '@/lib/types';
import { cn } from '@/lib/utils';
import { Kes, PlanNameAndStatus } from './billing-bits';
import { useBillingStatus } from './billing-api';
import { IconBadge } from '@/components/icon-badge';
import { OnwardLink } from '@/components/onward-link';
import { FactTile } from '@/components/fact-tile';

const w = s.widgets;
/** The billing section's address for every role that may open it (ROUTE_SECTIONS '/billing'). */
export const BILLING_PATH = '/billing';

/**
 * The director's dashboard card (issue 18 §1): the school's EduFam plan and status, what it owes and
 * when, and a "View billing" link to /billing. Reads GET /api/billing/status.
 */
export function SubscriptionSummaryCard({ className }: { className?: string }) {
  const q = useBillingStatus(true);
  const d = q.data;
  const owes = !!d && d.balanceCents > 0;
  return (
    <Panel title={w.cardTitle} description={w.cardText} className={className} testId="billing-summary-card" bodyClassName="flex flex-col gap-4">
      {q.isPending ? (
        <Skeleton className="h-24" />
      ) : q.isError || !d ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{w.loadFailed}</p>
      ) : (
        <>
          <PlanNameAndStatus planName={d.planName} status={d.status} as="p" className="min-w-0" testId="billing-summary-plan" />
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <FactTile label={s.director.balance} testId="billing-summary-balance">
              <Kes cents={d.balanceCents} tone />
            </FactTile>
            <FactTile label={s.director.nextDue} valueClassName="truncate font-medium tabular-nums">
              {d.dueOn ? formatDate(d.dueOn) : d.status === 'trial' && d.trialEndsOn ? s.director.trialEnds(formatDate(d.trialEndsOn)) : s.director.nothingDue}
            </FactTile>
          </dl>
        </>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <OnwardLink to={BILLING_PATH} testId="billing-summary-link">
          {w.viewBilling}
        </OnwardLink>
        {owes && (
          <Button asChild size="sm" className="bg-emerald-600 text-white hover:bg-emerald-600/90">
            <Link to={`${BILLING_PATH}?pay=1`} data-testid="billing-summary-pay">
              <Smartphone aria-hidden />
              {s.director.payNow}
            </Link>
          </Button>
        )}
      </div>
    </Panel>
  );
}

/**
 * The shell's billing strip (issue 18 §1 "a school in arrears is warned and, after a grace period, moved
 * to read-only"): for a school user whose school is in arrears or read-only, the server's message and
 * (for the director, who pays) a "Pay now" link; nothing otherwise, and nothing for EduFam staff.
 */
export function BillingStatusBanner({ user }: { user: SessionUser }) {
  const schoolUser = !!user.schoolId && !!user.role && !user.role.endsWith('_admin');
  const d = useBillingStatus(schoolUser).data;
  if (!schoolUser || !d || (d.status !== 'arrears' && d.status !== 'read_only')) return null;
  const readOnly = d.status === 'read_only';
  const Icon = readOnly ? Lock : AlertTriangle;
  return (
    <div
      role="status"
      className={cn(
        'border-b px-4 py-3 sm:px-6 lg:px-8',
        readOnly ? 'border-red-500/25 bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-100' : 'border-amber-500/25 bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100',
      )}
      data-testid="billing-status-banner"
      data-status={d.status}
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-3 gap-y-2">
        <IconBadge icon={Icon} className={cn('size-7 rounded-full', readOnly ? 'bg-red-500/15 text-red-700 dark:text-red-300' : 'bg-amber-500/15 text-amber-700 dark:text-amber-300')} iconClassName="size-3.5" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">{readOnly ? w.bannerReadOnly : w.bannerArrears}</p>
          {d.message && <p className="mt-0.5 opacity-85">{d.message}</p>}
        </div>
        {user.role === 'school_director' && (
          <Button asChild size="sm" variant="outline" className="ml-10 shrink-0 border-current/30 bg-transparent hover:bg-current/10 sm:ml-0">
            <Link to={`${BILLING_PATH}?pay=1`} data-testid="billing-banner-pay">
              <Smartphone aria-hidden />
              {w.payNow}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
