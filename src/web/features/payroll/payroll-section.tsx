import * as React from 'react';
import { sectionLabel } from '@shared/sections';
import { NotAvailableYet } from '@/components/not-available-yet';
import { useAuth } from '@/lib/auth';

/** The "payroll" section (issue 14; spec §2: HR only). Any other role sees the "not available yet" notice. */
const PayrollPage = React.lazy(() => import('./payroll-page').then((m) => ({ default: m.PayrollPage })));

export function PayrollSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role !== 'hr') return <NotAvailableYet sectionId="payroll" title={sectionLabel(role, 'payroll')} />;
  return <PayrollPage />;
}
