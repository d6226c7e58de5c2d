import { useAuth } from '@/lib/auth';
import { FinancialAnalyticsPanel } from './financial-analytics-panel';

/**
 * The "financial-analytics" section (issue 15 §3): the finance officer's Financial Analytics page (the
 * principal and director also reach it from the Analytics tab of their finance view). The shell has
 * already checked the role may open the section.
 */
export function FinancialAnalyticsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  return <FinancialAnalyticsPanel role={role} />;
}
