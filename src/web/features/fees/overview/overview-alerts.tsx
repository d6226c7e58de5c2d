import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowRight, ClipboardCheck, Smartphone, Unlink } from 'lucide-react';
import type { FinancialOverview } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/components/money';

const m = messages.financeOverview.overview;

/** One alert line: icon, text and, when `link.to` is set, a link to where it is dealt with (test id `${testId}-link`). */
function Alert({ icon: Icon, tone, children, link, testId }: { icon: typeof Unlink; tone: 'amber' | 'sky' | 'violet'; children: React.ReactNode; link?: { to: string | null; label: string }; testId: string }) {
  const tones = {
    amber: 'border-amber-500/30 bg-amber-500/8 text-amber-900 dark:text-amber-100 [&_svg.alert-icon]:text-amber-600 dark:[&_svg.alert-icon]:text-amber-300',
    sky: 'border-sky-500/25 bg-sky-500/8 text-sky-900 dark:text-sky-100 [&_svg.alert-icon]:text-sky-600 dark:[&_svg.alert-icon]:text-sky-300',
    violet: 'border-violet-500/25 bg-violet-500/8 text-violet-900 dark:text-violet-100 [&_svg.alert-icon]:text-violet-600 dark:[&_svg.alert-icon]:text-violet-300',
  };
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3.5 py-2.5 text-sm', tones[tone])} role="status" data-testid={testId}>
      <Icon className="alert-icon size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">{children}</p>
      {link?.to && (
        <AlertLink to={link.to} testId={`${testId}-link`}>
          {link.label}
        </AlertLink>
      )}
    </div>
  );
}

function AlertLink({ to, children, testId }: { to: string; children: React.ReactNode; testId: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 rounded-md text-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" data-testid={testId}>
      {children}
      <ArrowRight className="size-3.5" aria-hidden />
    </Link>
  );
}

/**
 * What needs the finance office or the principal: unmatched M-Pesa payments and bank deposits (link to M-Pesa Payments),
 * approvals waiting (link to the dashboard's Approvals card for those who decide or read them) and STK
 * pushes still waiting for the payer. Nothing renders when all is clear.
 */
export function OverviewAlerts({ data, mpesaHref, approvalsHref }: { data: FinancialOverview; mpesaHref: string | null; approvalsHref: string | null }) {
  const { pendingStk } = data.mpesa;
  // The unmatched queue holds M-Pesa payments and bank statement deposits (decision 0029).
  const unmatched = data.mpesa.unmatched + data.bank.unmatched;
  const unmatchedAmount = data.mpesa.unmatchedAmount + data.bank.unmatchedAmount;
  if (!unmatched && !data.pendingApprovals && !pendingStk) return null;
  return (
    <div className="grid gap-2 lg:grid-cols-2" data-testid="overview-alerts">
      {unmatched > 0 && (
        <Alert icon={Unlink} tone="amber" testId="alert-unmatched" link={{ to: mpesaHref, label: m.unmatchedAction }}>
          {m.unmatched(unmatched, formatMoney(unmatchedAmount))}
        </Alert>
      )}
      {data.pendingApprovals > 0 && (
        <Alert icon={ClipboardCheck} tone="violet" testId="alert-approvals" link={{ to: approvalsHref, label: m.approvalsAction }}>
          {m.approvals(data.pendingApprovals)}
        </Alert>
      )}
      {pendingStk > 0 && (
        <Alert icon={Smartphone} tone="sky" testId="alert-stk">
          {m.pendingStk(pendingStk)}
        </Alert>
      )}
    </div>
  );
}
