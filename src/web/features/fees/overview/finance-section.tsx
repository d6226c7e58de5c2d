import { useAuth } from '@/lib/auth';
import { FinancialOverview } from './financial-overview';
import { ParentFees } from './parent-fees';

/**
 * The "finance" section (spec §2, issue 11 §2): parents see their children's School Fees; the finance
 * officer ("Finance"), principal and director ("Financial Overview") and platform staff see the school's
 * Financial Overview. The shell has already checked the role may open the section.
 */
export function FinanceSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role === 'parent') return <ParentFees />;
  return <FinancialOverview role={role} />;
}
