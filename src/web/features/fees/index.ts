/** The fees feature's public surface: what other features may import (decision 0021). */
export { FEES_KEY, useFeesLiveRefresh, useMyChildrenFees, useOverview, withSchool } from './api/fees';
export { ApprovalsCard } from './approvals/approvals-card';
export { useTerms } from './components/terms';
export { InvoiceTotalsTiles, SummaryTiles } from './fee-management/summary-tiles';
export { BalanceBadge } from './overview/fee-badges';
export { FeeCollectionCard } from './overview/fee-collection-card';
export { OverviewAlerts } from './overview/overview-alerts';
export { TermPicker, useFinanceTerm } from './overview/term-picker';
export { ChoiceCards, applyServerErrors, type Choice } from './settings/form-bits';
