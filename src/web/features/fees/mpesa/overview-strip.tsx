import { AlertTriangle, CalendarDays, Hourglass, Wallet } from 'lucide-react';
import { schoolToday } from '@shared/dates';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/stat-card';
import { StatGrid } from '@/components/page-layout';
import { useReconciliation } from '../api/fees';
import { useUnmatchedSummary } from '@/features/bank-statements';
import { bankStatementMessages } from '@shared/messages/bank-statements';
import { formatMoney } from '@/components/money';
import { mm } from './common';

const o = mm.overview;
const q = bankStatementMessages.screens;

/** A KES figure for a stat card: "KES" wraps above the number when a phone's card is too narrow. */
function Kes({ value }: { value: number }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="text-sm font-normal text-muted-foreground sm:text-base">{mm.common.kes}</span>
      <span className="tabular-nums sm:text-2xl">{formatMoney(value)}</span>
    </span>
  );
}

/**
 * The strip above the tabs: M-Pesa money received today and this month (matched and unmatched, from
 * the reconciliation), and the unmatched queue's count and amount: M-Pesa payments and bank statement
 * deposits together (GET /api/fees/unmatched-summary, decision 0029). "Review" opens the Unmatched tab.
 */
export function OverviewStrip({ schoolId, onReview }: { schoolId: string | null; onReview: () => void }) {
  const today = schoolToday();
  const monthStart = `${today.slice(0, 8)}01`;
  const rec = useReconciliation({ from: monthStart, to: today }, schoolId);
  const queue = useUnmatchedSummary(schoolId);

  if (!rec.data || !queue.data) {
    return (
      <StatGrid>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[98px] rounded-xl sm:h-[118px]" />
        ))}
      </StatGrid>
    );
  }
  const day = rec.data.days.find((d) => d.date === today);
  const todayAmount = (day?.matchedAmount ?? 0) + (day?.unmatchedAmount ?? 0);
  const todayCount = (day?.matched ?? 0) + (day?.unmatched ?? 0);
  const t = rec.data.totals;
  const waiting = queue.data.total;

  return (
    <section aria-label={o.label} data-testid="mpesa-overview">
      <StatGrid>
        <StatCard label={o.today} value={<Kes value={todayAmount} />} hint={o.todayHint(todayCount)} icon={Wallet} accent={2} testId="mpesa-stat-today" />
        <StatCard
          label={o.month}
          value={<Kes value={t.matchedAmount + t.unmatchedAmount} />}
          hint={o.monthHint(t.matched + t.unmatched, t.failed)}
          icon={CalendarDays}
          accent={1}
          testId="mpesa-stat-month"
        />
        <StatCard
          label={q.queueTile}
          value={waiting.toLocaleString('en-KE')}
          hint={
            waiting > 0 ? (
              <button type="button" className="cursor-pointer text-left font-medium text-primary underline-offset-4 hover:underline" onClick={onReview} data-testid="mpesa-stat-review">
                {q.queueTileHint(queue.data.mpesa.total, queue.data.bank.total)}
              </button>
            ) : (
              q.queueTileHint(0, 0)
            )
          }
          icon={waiting > 0 ? AlertTriangle : Hourglass}
          accent={waiting > 0 ? 4 : 3}
          testId="mpesa-stat-unmatched"
        />
        <StatCard label={o.unmatchedAmount} value={<Kes value={queue.data.sum} />} hint={q.queueAmountHint} icon={Hourglass} accent={5} testId="mpesa-stat-unmatched-amount" />
      </StatGrid>
    </section>
  );
}
