import * as React from 'react';
import { toast } from 'sonner';
import { CalendarX2, FileQuestion, XCircle } from 'lucide-react';
import { leaveMessages as m } from '@shared/messages/leave';
import { schoolToday } from '@shared/dates';
import { ApiError } from '@/lib/api';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { BalanceCards, LeaveRequestForm, LeaveRequestsTable } from './leave-parts';
import { useCancelLeave, useMyLeave, useRequestMyLeave } from './leave-api';

/**
 * My Leave (issue 14 §2, profile menu): the member of staff's balances for this year (a card per leave
 * type), a request form (days counted live as the server counts them), and their requests with status;
 * pending requests and approved leave that has not started can be cancelled. Members of staff without a
 * staff record are told to ask HR.
 */
export function MyLeaveSection() {
  const query = useMyLeave();
  const request = useRequestMyLeave();
  const cancel = useCancelLeave();
  const [cancelling, setCancelling] = React.useState<string | null>(null);
  const today = schoolToday();
  const data = query.data;
  const noRecord = query.error instanceof ApiError && query.error.status === 404;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="my-leave-section">
      <PageHeader sectionId="my-leave" title={m.myTitle} subtitle={data ? `${data.staff.name} · ${data.year}` : m.myDescription} />
      {noRecord ? (
        <EmptyListState icon={FileQuestion} title={m.noStaffRecordTitle} hint={m.noStaffRecord} testId="my-leave-no-record" />
      ) : query.isError ? (
        <QueryErrorCard query={query} title={m.loadError} retryLabel={m.tryAgain} testId="my-leave-error" />
      ) : (
        <>
          <div className="flex flex-col gap-2.5">
            <h2 className="text-sm font-semibold tracking-tight text-muted-foreground">{m.balances}</h2>
            <BalanceCards balances={data?.balances} loading={query.isLoading} />
          </div>
          <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)] lg:gap-6">
            <div className="h-fit rounded-xl border bg-card p-4 shadow-sm sm:p-5">
              <h2 className="mb-4 text-[15px] font-semibold tracking-tight">{m.newRequest}</h2>
              <LeaveRequestForm
                types={data?.types ?? []}
                balances={data?.balances}
                year={data?.year}
                pending={request.isPending}
                disabled={!data}
                onSubmit={(v) => request.mutateAsync({ leaveTypeId: v.leaveTypeId, startDate: v.startDate, endDate: v.endDate, reason: v.reason || null })}
                testId="my-leave-form"
              />
            </div>
            <LeaveRequestsTable
              id="my-leave-requests"
              className="h-fit"
              items={data?.requests}
              empty={{ icon: CalendarX2, title: m.noRequests }}
              toolbar={<h2 className="text-[15px] font-semibold tracking-tight">{m.myRequests}</h2>}
              actions={(r) =>
                r.status === 'pending' || (r.status === 'approved' && r.startDate > today) ? (
                  <Button size="sm" variant="outline" onClick={() => setCancelling(r.id)} data-testid="leave-cancel">
                    <XCircle aria-hidden />
                    {m.cancel}
                  </Button>
                ) : undefined
              }
            />
          </div>
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        tone="danger"
        icon={XCircle}
        title={m.cancelConfirmTitle}
        text={m.cancelConfirmBody}
        cancelLabel={m.keepIt}
        confirmLabel={m.cancel}
        pending={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancel.mutate(cancelling!, {
            onSuccess: () => {
              toast.success(m.cancelled);
              setCancelling(null);
            },
            onError: (err) => {
              toast.error(err.message);
              setCancelling(null);
            },
          })
        }
        testId="leave-cancel-dialog"
        confirmTestId="leave-cancel-confirm"
      />
    </section>
  );
}
