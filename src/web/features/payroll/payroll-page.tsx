import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { sectionLabel } from '@shared/sections';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { StatutoryCalculator } from './components/statutory-calculator';

/**
 * HR's Payroll page (issue 14): the page header, then the current view. So far the one view is the
 * statutory calculator; the payroll runs join it as tabs (a tab bar goes between the header and the view).
 */
export function PayrollPage() {
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const role = state.user?.role ?? null;
  const subtitle = currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="payroll-page">
      <PageHeader sectionId="payroll" title={role ? sectionLabel(role, 'payroll') : ''} subtitle={subtitle} />
      <div className="min-w-0" role="region" aria-label={m.tabs.calculator} data-testid="payroll-view" data-view="calculator">
        <StatutoryCalculator />
      </div>
    </section>
  );
}
