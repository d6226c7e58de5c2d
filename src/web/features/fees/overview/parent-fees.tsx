import * as React from 'react';
import { CheckCircle2, UsersRound, Wallet } from 'lucide-react';
import { messages } from '@shared/messages';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSchoolContext } from '@/lib/school-context';
import { LastSynced } from '@/pwa/last-synced';
import { MY_CHILDREN_FEES_PATH, useFeesLiveRefresh, useMyChildrenFees } from '../api/fees';
import { Money } from '@/components/money';
import { PayWithMpesaDialog } from '../components/pay-with-mpesa-dialog';
import { ChildFeeCard } from './child-fee-card';
import { StatementDialog } from './statement-dialog';
import { EmptyStateCard } from '@/components/page-states';

const m = messages.financeOverview.parent;
const c = messages.financeOverview.common;

/**
 * The parent's "School Fees" (issue 11 §2): one card per child with the balance, this term's invoice,
 * the last payment, "Pay with M-Pesa" (prefilled with the parent's phone and the balance), the
 * statement and every invoice and receipt as PDFs. Balances follow payments live (`fees.changed`).
 */
export function ParentFees() {
  useFeesLiveRefresh();
  const { currentSchool } = useSchoolContext();
  const fees = useMyChildrenFees();
  const [paying, setPaying] = React.useState<{ id: string; name: string; balance: number } | null>(null);
  const [statementFor, setStatementFor] = React.useState<{ id: string; name: string } | null>(null);
  const data = fees.data;
  const owed = data ? data.children.reduce((s, ch) => s + Math.max(0, ch.balance), 0) : 0;

  const summary =
    data && data.children.length > 1 ? (
      <div className="flex items-center gap-3 rounded-xl border bg-card px-4 py-2.5 shadow-xs" data-testid="fees-total">
        <span className={owed > 0 ? 'flex size-8 items-center justify-center rounded-lg bg-destructive/10 text-destructive' : 'flex size-8 items-center justify-center rounded-lg bg-emerald-500/12 text-emerald-600'}>
          {owed > 0 ? <Wallet className="size-4" aria-hidden /> : <CheckCircle2 className="size-4" aria-hidden />}
        </span>
        <div className="min-w-0 leading-tight">
          <p className="text-xs text-muted-foreground">{owed > 0 ? m.totalOwed : m.allCleared}</p>
          {owed > 0 ? <Money value={owed} className="text-lg font-semibold" /> : <p className="text-sm font-medium">{m.totalOwedHint(data.children.length)}</p>}
        </div>
      </div>
    ) : null;

  let body: React.ReactNode;
  if (fees.isPending) {
    body = (
      <div className="grid gap-4 sm:gap-6 2xl:grid-cols-2" aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-96 rounded-xl" />
        ))}
      </div>
    );
  } else if (fees.isError) {
    body = <QueryErrorCard query={fees} title={c.loadFailedTitle} text={c.loadFailedText} retryLabel={c.tryAgain} testId="fees-error" />;
  } else if (data!.children.length === 0) {
    body = <EmptyStateCard icon={UsersRound} title={m.noChildren} testId="fees-no-children" />;
  } else {
    body = (
      <div className="grid min-w-0 gap-4 sm:gap-6 2xl:grid-cols-2" data-testid="children-fees">
        {data!.children.map((child) => (
          <ChildFeeCard
            key={child.studentId}
            child={child}
            mpesa={data!.mpesa}
            onPay={() => setPaying({ id: child.studentId, name: child.name, balance: child.balance })}
            onStatement={() => setStatementFor({ id: child.studentId, name: child.name })}
          />
        ))}
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="school-fees">
      <PageHeader sectionId="finance" title={m.title} subtitle={currentSchool?.name ?? m.subtitle} actions={summary} testId="school-fees-header" />
      {/* Offline (issue 36 §4): when the balances shown were last fetched. */}
      <LastSynced paths={[MY_CHILDREN_FEES_PATH]} />
      {body}
      {paying && (
        <PayWithMpesaDialog
          open={!!paying}
          onOpenChange={(open) => !open && setPaying(null)}
          learner={{ id: paying.id, name: paying.name }}
          defaultPhone={data?.phone ?? null}
          defaultAmount={Math.max(0, paying.balance)}
          simulator={data?.mpesa.environment === 'simulator'}
        />
      )}
      {statementFor && <StatementDialog open={!!statementFor} onOpenChange={(open) => !open && setStatementFor(null)} learner={statementFor} />}
    </section>
  );
}
