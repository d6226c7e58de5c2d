import * as React from 'react';
import { toast } from 'sonner';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { CalendarDays, CalendarPlus, Inbox, ListChecks, Settings2 } from 'lucide-react';
import { can, type Actor } from '@shared/access';
import type { LeaveRequest, LeaveStatus } from '@shared/contracts/leave';
import { LEAVE_STATUSES } from '@shared/contracts/leave';
import { leaveMessages as m } from '@shared/messages/leave';
import { useAuth } from '@/lib/auth';
import { idOptions } from '@/lib/id-options';
import { ListToolbar, useListParams } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { SegmentedTabsList } from '@/components/segmented-tabs';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { DecisionButtons, DecisionDialog } from '@/components/decision-dialog';
import { LabelledField, SelectField } from '@/components/field';
import { DateField } from '@/components/date-field';
import { useDecideLeave, useLeaveRequests, useLeaveStaff, useLeaveTypes, useRequestForStaff, useStaffBalances } from './leave-api';
import { LeaveCalendar } from './leave-calendar';
import { BalanceCards, LeaveRequestForm, LeaveRequestsTable, rangeLabel } from './leave-parts';
import { LeaveTypesEditor } from './leave-types-editor';
import { perLocale } from '@shared/i18n/localized';

const TABS = perLocale(() => ([
  { id: 'pending', label: m.tabs.pending, icon: Inbox },
  { id: 'requests', label: m.tabs.requests, icon: ListChecks },
  { id: 'calendar', label: m.tabs.calendar, icon: CalendarDays },
  { id: 'types', label: m.tabs.types, icon: Settings2 },
] as const));
type TabId = (typeof TABS)[number]['id'];

/**
 * HR's Leave tab in Staff Management (issue 14 §2), self-contained: requests waiting for a decision
 * (approve or reject with a note: HR and the principal), every request with filters, the month's leave
 * calendar, the leave types (HR edits) and, for HR, a request on behalf of a member of staff with their
 * balances. The director reads.
 */
export function LeaveTab() {
  const { state } = useAuth();
  const user = state.user;
  const actor: Actor | null = user?.role ? { id: user.id, role: user.role, schoolId: user.schoolId } : null;
  const canManage = !!actor && can(actor, 'manageLeave');
  const canDecide = !!actor && can(actor, 'decideLeave');
  const view = useListParams({ leaveView: 'pending' }, { pageKey: 'leavePage' });
  const tab: TabId = TABS.some((t) => t.id === view.values.leaveView) ? (view.values.leaveView as TabId) : 'pending';
  const setTab = (id: TabId) => view.set({ leaveView: id });
  const [onBehalf, setOnBehalf] = React.useState(false);
  const pending = useLeaveRequests({ status: 'pending' });
  const pendingCount = pending.data?.items.length ?? 0;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="leave-tab">
      <TabsPrimitive.Root value={tab} onValueChange={(v) => setTab(v as TabId)} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SegmentedTabsList
            tabs={TABS.map((t) => ({
              ...t,
              badge: t.id === 'pending' && pendingCount > 0 && (
                <span className="rounded-full bg-amber-500/15 px-1.5 text-xs font-semibold text-amber-800 tabular-nums dark:text-amber-300" data-testid="leave-pending-count">
                  {pendingCount}
                </span>
              ),
            }))}
            label={m.tabTitle}
            testIdPrefix="leave-subtab-"
          />
          {canManage && (
            <Button size="sm" onClick={() => setOnBehalf(true)} className="w-full sm:w-auto" data-testid="leave-on-behalf">
              <CalendarPlus aria-hidden />
              {m.requestOnBehalf}
            </Button>
          )}
        </div>
        <TabsPrimitive.Content value="pending" className="min-w-0 focus-visible:outline-none">
          {tab === 'pending' && <PendingPanel query={pending} canDecide={canDecide} />}
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="requests" className="min-w-0 focus-visible:outline-none">
          {tab === 'requests' && <RequestsPanel />}
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="calendar" className="min-w-0 focus-visible:outline-none">
          {tab === 'calendar' && <LeaveCalendar />}
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="types" className="min-w-0 focus-visible:outline-none">
          {tab === 'types' && <LeaveTypesEditor canEdit={canManage} />}
        </TabsPrimitive.Content>
      </TabsPrimitive.Root>
      {canManage && <OnBehalfDialog open={onBehalf} onClose={() => setOnBehalf(false)} />}
    </div>
  );
}

/** Pending requests, oldest start first, each with Approve and Reject (a note is asked for in a dialog). */
function PendingPanel({ query, canDecide }: { query: ReturnType<typeof useLeaveRequests>; canDecide: boolean }) {
  const decide = useDecideLeave();
  const [deciding, setDeciding] = React.useState<{ r: LeaveRequest; approve: boolean } | null>(null);
  const [note, setNote] = React.useState('');
  const items = query.data?.items;
  const list = React.useMemo(() => (items ? [...items].sort((a, b) => a.startDate.localeCompare(b.startDate)) : undefined), [items]);
  const actions = React.useCallback(
    (r: LeaveRequest) => (
      <DecisionButtons
        labels={m}
        onDecide={(approve) => {
          setNote('');
          setDeciding({ r, approve });
        }}
        testIdPrefix="leave"
        className="contents"
      />
    ),
    [],
  );
  const confirm = () =>
    decide.mutate(
      { id: deciding!.r.id, approve: deciding!.approve, note: note.trim() || null },
      {
        onSuccess: (r) => {
          toast.success(r.status === 'approved' ? m.approvedToast : m.rejectedToast);
          setDeciding(null);
        },
        onError: (err) => {
          toast.error(err.message);
          setDeciding(null);
        },
      },
    );
  return (
    <>
      <LeaveRequestsTable
        id="leave-pending-list"
        items={list}
        showStaff
        actions={canDecide ? actions : undefined}
        empty={{ icon: Inbox, title: m.noPending }}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
      <DecisionDialog
        open={deciding !== null}
        approve={deciding?.approve ?? true}
        pending={decide.isPending}
        onClose={() => setDeciding(null)}
        onSubmit={confirm}
        testId="leave-decide-dialog"
        title={deciding ? (deciding.approve ? m.approveTitle(deciding.r.staffName) : m.rejectTitle(deciding.r.staffName)) : ''}
        description={deciding && `${deciding.r.leaveType} · ${rangeLabel(deciding.r.startDate, deciding.r.endDate)} · ${m.daysCounted(deciding.r.days, deciding.r.unit)}`}
        cancelLabel={m.close}
        confirmLabel={deciding?.approve ? m.approve : m.reject}
        submitDisabled={false}
        submitTestId="leave-decide-confirm"
      >
        <LabelledField id="leave-decide-note" label={m.decisionNote} className="flex flex-col gap-1.5">
          <textarea
            id="leave-decide-note"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="w-full resize-none rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="leave-decide-note"
          />
        </LabelledField>
      </DecisionDialog>
    </>
  );
}

/**
 * Every request with filters in the address (status, member of staff, and a date range: requests
 * overlapping it), prefixed `leave…` so they do not clash with the Staff tab's own list filters.
 */
function RequestsPanel() {
  const list = useListParams({ leaveStatus: '', leaveStaff: '', leaveFrom: '', leaveTo: '' }, { pageKey: 'leavePage' });
  const v = list.values;
  const staff = useLeaveStaff(true);
  const query = useLeaveRequests({ status: v.leaveStatus || undefined, staffId: v.leaveStaff || undefined, from: v.leaveFrom || undefined, to: v.leaveTo || undefined });
  return (
    <LeaveRequestsTable
      id="leave-requests-list"
      items={query.data?.items}
      showStaff
      empty={{ icon: ListChecks, title: m.noRequests }}
      fetching={query.isPlaceholderData}
      error={query.error}
      onRetry={() => void query.refetch()}
      toolbar={
        <ListToolbar
          filters={
            <>
              <FilterSelect
                value={v.leaveStatus as LeaveStatus | ''}
                onChange={(leaveStatus) => list.set({ leaveStatus })}
                all={m.allStatuses}
                options={LEAVE_STATUSES.map((s) => ({ value: s, label: m.status[s]! }))}
                label={m.allStatuses}
                testId="leave-filter-status"
              />
              <FilterSelect value={v.leaveStaff} onChange={(leaveStaff) => list.set({ leaveStaff })} all={m.allStaff} options={(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))} label={m.staff} testId="leave-filter-staff" />
              <DateField aria-label={m.from} value={v.leaveFrom} onValueChange={(value) => list.set({ leaveFrom: value })} data-testid="leave-filter-from" />
              <DateField aria-label={m.to} value={v.leaveTo} onValueChange={(value) => list.set({ leaveTo: value })} data-testid="leave-filter-to" />
            </>
          }
          filtered={list.filtered}
          onClear={list.reset}
        />
      }
    />
  );
}

/** HR requests leave on behalf of a member of staff: pick them, see their balances, fill the form. */
function OnBehalfDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const staff = useLeaveStaff(open);
  const types = useLeaveTypes();
  const request = useRequestForStaff();
  const [staffId, setStaffId] = React.useState('');
  const staffList = staff.data?.items ?? [];
  const person = staffList.find((s) => s.id === staffId) ?? null;
  const year = new Date().getFullYear();
  const balances = useStaffBalances(staffId || null, year);
  const allowed = (types.data?.items ?? []).filter((t) => t.active && (!t.gender || !person || t.gender === person.gender));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={request.isPending}
      className="max-w-2xl"
      testId="leave-on-behalf-dialog"
      title={m.requestOnBehalf}
      description={person ? `${person.name} · ${person.jobTitle}` : m.onBehalfHint}
    >
      {staffId && <BalanceCards balances={balances.data?.items} loading={balances.isLoading} />}
      <LeaveRequestForm
        types={allowed}
        balances={balances.data?.items}
        year={balances.data?.year}
        pending={request.isPending}
        disabled={!staffId}
        before={
          <SelectField
            id="leave-on-behalf-staff"
            label={m.staffMember}
            className="flex flex-col gap-1.5"
            value={staffId}
            onValueChange={setStaffId}
            {...idOptions(staffList, (s) => `${s.name} · ${s.staffNumber}`)}
            placeholder={m.staffMember}
            testId="leave-form-staff"
          />
        }
        onSubmit={async (v) => {
          await request.mutateAsync({ staffId, leaveTypeId: v.leaveTypeId, startDate: v.startDate, endDate: v.endDate, reason: v.reason || null });
          onClose();
        }}
        testId="leave-on-behalf-form"
      />
    </FormDialog>
  );
}
