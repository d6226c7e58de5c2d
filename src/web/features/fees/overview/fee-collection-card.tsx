import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { Skeleton } from '@/components/ui/skeleton';
import { Panel } from '@/components/page-layout';
import { useFeesLiveRefresh, useOverview } from '../api/fees';
import { kesWhole } from '@/lib/kes-format';
import { KesFigure, ProgressRing } from '@/components/figures';
import { OnwardLink } from '@/components/onward-link';
import { FactTile } from '@/components/fact-tile';

const m = messages.financeOverview.dashboard;
const o = messages.financeOverview.overview;

/**
 * The director's and principal's compact fee figure: the current term's collection rate as a ring,
 * paid of expected, outstanding and all arrears, and a link to the Financial Overview.
 */
export function FeeCollectionCard({ role, className }: { role: Role; className?: string }) {
  useFeesLiveRefresh();
  const overview = useOverview(null);
  const d = overview.data;
  const href = pathForSection(role, 'finance');
  return (
    <Panel
      title={m.feeCollection}
      description={d?.term ? m.feeCollectionHint(o.termOption(d.term.name, d.term.academicYear)) : undefined}
      className={className}
      testId="fee-collection"
      bodyClassName="flex flex-col gap-4"
    >
      {overview.isPending ? (
        <Skeleton className="h-32" />
      ) : overview.isError || !d ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{messages.financeOverview.common.loadFailedText}</p>
      ) : !d.term ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{m.feeCollectionNoTerm}</p>
      ) : (
        <>
          <div className="flex items-center gap-4">
            <ProgressRing rate={d.collectionRate} size={92} label={o.collectionRate} testId="fee-collection-ring" />
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">{o.paidAgainstTerm}</p>
              <p className="text-xl font-semibold tracking-tight" data-testid="fee-collection-paid">
                <KesFigure value={d.paidAgainstTerm} />
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">{o.collectionRateOf(kesWhole(d.expected))}</p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <FactTile label={m.outstanding}>
              <KesFigure value={d.outstanding} />
            </FactTile>
            <FactTile label={m.arrears}>
              <KesFigure value={d.totalArrears} />
            </FactTile>
          </dl>
        </>
      )}
      <OnwardLink to={href} testId="fee-collection-link" className="mt-auto self-start">
        {m.openOverview}
      </OnwardLink>
    </Panel>
  );
}
