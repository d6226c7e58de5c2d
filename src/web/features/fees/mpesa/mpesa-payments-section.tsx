import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarRange, Inbox, Landmark, ListOrdered, Settings2, Smartphone } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { CountBadge } from '@/components/count-badge';
import { useAuth } from '@/lib/auth';
import { FEES_KEY, useFeesLiveRefresh, useMpesaConfig } from '../api/fees';
import { EnvironmentBadge, mm, PickSchool, SectionFrame, useFeesAccess, useTabParam } from './common';
import { OverviewStrip } from './overview-strip';
import { ReconciliationTab } from './reconciliation-tab';
import { StkRequestsTab } from './stk-requests-tab';
import { TransactionsTab } from './transactions-tab';
import { UnmatchedTab } from './unmatched-tab';
import { OnwardLink } from '@/components/onward-link';
import { BankStatementsTab, UNMATCHED_SUMMARY_KEY, useUnmatchedSummary } from '@/features/bank-statements';
import { bankStatementMessages } from '@shared/messages/bank-statements';

const p = mm.payments;
const TABS = ['transactions', 'unmatched', 'stk', 'reconciliation', 'bank'] as const;
const BACKGROUND_REFRESH_MS = 30_000;

/**
 * Paybill payments that match no learner raise no live event (there is no learner to tell): re-read
 * the M-Pesa lists every 30 s while the page is visible, so they still arrive without a reload.
 */
function useBackgroundRefresh() {
  const qc = useQueryClient();
  React.useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      for (const key of ['mpesa-unmatched', 'mpesa-transactions', 'reconciliation']) void qc.invalidateQueries({ queryKey: [...FEES_KEY, key] });
      void qc.invalidateQueries({ queryKey: UNMATCHED_SUMMARY_KEY });
    }, BACKGROUND_REFRESH_MS);
    return () => clearInterval(timer);
  }, [qc]);
}

/**
 * M-Pesa Payments (issue 11 §3, section `mpesa-payments`): the overview strip (received today and this
 * month, the unmatched queue), then tabs kept in the URL: Transactions, Unmatched (the bursar's queue),
 * STK requests and Reconciliation. The finance officer allocates, refunds, requests payments and (with
 * the simulator or sandbox) simulates paybill payments; principal, director and platform staff read.
 * Arriving payments appear by themselves (SSE `fees.changed`, and a slow poll for unmatched ones).
 */
export function MpesaPaymentsSection() {
  const access = useFeesAccess();
  return (
    <SectionFrame testId="mpesa-payments" title={p.title} subtitle={p.subtitle} readOnly={!access.canManage}>
      {access.needsSchool ? <PickSchool testId="mpesa-pick-school" /> : <MpesaPayments schoolId={access.schoolId} canManage={access.canManage} />}
    </SectionFrame>
  );
}

function MpesaPayments({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  useFeesLiveRefresh();
  useBackgroundRefresh();
  const { state } = useAuth();
  const [tab, setTab] = useTabParam(TABS);
  const config = useMpesaConfig(schoolId);
  // The Unmatched tab holds M-Pesa payments and bank statement deposits: the badge counts both.
  const queue = useUnmatchedSummary(schoolId);
  const waiting = queue.data?.total ?? 0;

  return (
    <>
      {config.data === null && (
        <div className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/8 p-4 sm:flex-row sm:items-center" role="status" data-testid="mpesa-not-configured">
          <Settings2 className="size-5 shrink-0 text-amber-600" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{p.notConfiguredTitle}</p>
            <p className="text-sm text-muted-foreground">{messages.fees.mpesaNotConfigured}</p>
          </div>
          <OnwardLink to={pathForSection(state.user?.role ?? null, 'finance-settings')}>{p.notConfiguredLink}</OnwardLink>
        </div>
      )}
      {config.data && (
        <div className="-mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground sm:-mt-3" data-testid="mpesa-config-line">
          <EnvironmentBadge environment={config.data.environment} />
          <span className="font-medium text-foreground tabular-nums">
            {config.data.shortcodeType === 'till' ? mm.mpesaSetup.till : mm.mpesaSetup.paybill} {config.data.shortcodeType === 'till' ? (config.data.tillNumber ?? config.data.shortcode) : config.data.shortcode}
          </span>
          <span className="hidden sm:inline">· {p.environmentHint[config.data.environment]}</span>
        </div>
      )}
      <OverviewStrip schoolId={schoolId} onReview={() => setTab('unmatched')} />
      <Tabs value={tab} onValueChange={setTab}>
        <IconTabsList
          label={p.tabsLabel}
          dataTab
          tabs={[
            { value: 'transactions', icon: ListOrdered, label: p.tabs.transactions, testId: 'mpesa-tab-transactions' },
            { value: 'unmatched', icon: Inbox, label: p.tabs.unmatched, testId: 'mpesa-tab-unmatched', badge: <CountBadge count={waiting} label={bankStatementMessages.screens.queueBadge(waiting)} testId="mpesa-unmatched-count" /> },
            { value: 'stk', icon: Smartphone, label: p.tabs.stk, testId: 'mpesa-tab-stk' },
            { value: 'reconciliation', icon: CalendarRange, label: p.tabs.reconciliation, testId: 'mpesa-tab-reconciliation' },
            { value: 'bank', icon: Landmark, label: bankStatementMessages.screens.tab, testId: 'mpesa-tab-bank' },
          ]}
        />
        <TabsContent value="transactions">
          <TransactionsTab schoolId={schoolId} />
        </TabsContent>
        <TabsContent value="unmatched">
          <UnmatchedTab schoolId={schoolId} canManage={canManage} />
        </TabsContent>
        <TabsContent value="stk">
          <StkRequestsTab schoolId={schoolId} canManage={canManage} config={config.data} />
        </TabsContent>
        <TabsContent value="reconciliation">
          <ReconciliationTab schoolId={schoolId} />
        </TabsContent>
        <TabsContent value="bank">
          <BankStatementsTab schoolId={schoolId} canManage={canManage} />
        </TabsContent>
      </Tabs>
    </>
  );
}
