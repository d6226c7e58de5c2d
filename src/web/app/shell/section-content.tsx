import * as React from 'react';
import { UserRoundX } from 'lucide-react';
import { canOpenSection } from '@shared/access';
import { messages } from '@shared/messages';
import { getSection, sectionLabel } from '@shared/sections';
import type { SessionUser } from '@/lib/types';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusCard } from '@/components/status-screen';
import { ComponentErrorBoundary } from '@/components/component-error-boundary';
import { NotAvailableYet, SectionHeading } from '@/components/not-available-yet';
import { ProfileSettingsPanel } from './profile-settings';
import { SectionDenied } from '@/components/section-denied';
import { SectionNotFound } from './section-not-found';

/**
 * Screen modules by section id. A module issue adds its section here (a lazy import keeps the shell
 * small); every other allowed section shows its title and the "not available yet" notice.
 */
const SECTION_MODULES: Record<string, React.LazyExoticComponent<React.ComponentType>> = {
  dashboard: React.lazy(() => import('@/features/dashboard/dashboard-section').then((mod) => ({ default: mod.DashboardSection }))),
  audit: React.lazy(() => import('@/features/audit/audit-section').then((mod) => ({ default: mod.AuditSection }))),
  announcements: React.lazy(() => import('@/features/communications/announcements-section').then((mod) => ({ default: mod.AnnouncementsSection }))),
  'system-health': React.lazy(() => import('@/features/system-health/system-health-section').then((mod) => ({ default: mod.SystemHealthSection }))),
  users: React.lazy(() => import('@/features/users/users-section').then((mod) => ({ default: mod.UsersSection }))),
  schools: React.lazy(() => import('@/features/schools/schools-section').then((mod) => ({ default: mod.SchoolsSection }))),
  maintenance: React.lazy(() => import('@/features/maintenance/maintenance-section').then((mod) => ({ default: mod.MaintenanceSection }))),
  debug: React.lazy(() => import('@/features/maintenance/maintenance-test-panel').then((mod) => ({ default: mod.DebugSection }))),
  // Issue 10: learners and school structure.
  'school-management': React.lazy(() => import('@/features/school-setup/school-setup-section').then((mod) => ({ default: mod.SchoolSetupSection }))),
  'school-setup': React.lazy(() => import('@/features/school-setup/school-setup-section').then((mod) => ({ default: mod.SchoolSetupSection }))),
  'academic-management': React.lazy(() => import('@/features/learners/academic-management-section').then((mod) => ({ default: mod.AcademicManagementSection }))),
  'student-admission': React.lazy(() => import('@/features/learners/admission-section').then((mod) => ({ default: mod.AdmissionSection }))),
  'student-information': React.lazy(() => import('@/features/learners/student-information-section').then((mod) => ({ default: mod.StudentInformationSection }))),
  students: React.lazy(() => import('@/features/learners/students-section').then((mod) => ({ default: mod.StudentsSection }))),
  'student-promotion': React.lazy(() => import('@/features/movements/promotion-section').then((mod) => ({ default: mod.PromotionSection }))),
  'transfer-management': React.lazy(() => import('@/features/movements/transfers-section').then((mod) => ({ default: mod.TransfersSection }))),
  'exit-management': React.lazy(() => import('@/features/movements/exits-section').then((mod) => ({ default: mod.ExitsSection }))),
  teachers: React.lazy(() => import('@/features/people/teachers-section').then((mod) => ({ default: mod.TeachersSection }))),
  classes: React.lazy(() => import('@/features/people/classes-section').then((mod) => ({ default: mod.ClassesSection }))),
  // Issue 11: fees and M-Pesa.
  finance: React.lazy(() => import('@/app/shell/finance-section').then((mod) => ({ default: mod.FinanceSection }))),
  'fee-management': React.lazy(() => import('@/features/fees/fee-management/fee-management-section').then((mod) => ({ default: mod.FeeManagementSection }))),
  'student-accounts': React.lazy(() => import('@/features/fees/accounts/student-accounts-section').then((mod) => ({ default: mod.StudentAccountsSection }))),
  'mpesa-payments': React.lazy(() => import('@/features/fees/mpesa/mpesa-payments-section').then((mod) => ({ default: mod.MpesaPaymentsSection }))),
  'finance-settings': React.lazy(() => import('@/features/fees/settings/finance-settings-section').then((mod) => ({ default: mod.FinanceSettingsSection }))),
  // Issue 12: assessment.
  grades: React.lazy(() => import('@/features/assessment/grades-section').then((mod) => ({ default: mod.GradesSection }))),
  examinations: React.lazy(() => import('@/features/assessment/examinations-section').then((mod) => ({ default: mod.ExaminationsSection }))),
  reports: React.lazy(() => import('@/app/shell/reports-section').then((mod) => ({ default: mod.ReportsSection }))),
  analytics: React.lazy(() => import('@/app/shell/analytics-section').then((mod) => ({ default: mod.AnalyticsSection }))),
  certificates: React.lazy(() => import('@/features/certificates/certificates-section').then((mod) => ({ default: mod.CertificatesSection }))),
  // Issue 13: attendance.
  attendance: React.lazy(() => import('@/features/attendance/attendance-section').then((mod) => ({ default: mod.AttendanceSection }))),
  'attendance-monitoring': React.lazy(() => import('@/features/attendance/staff/attendance-monitoring-section').then((mod) => ({ default: mod.AttendanceMonitoringSection }))),
  // Issue 14: HR and payroll.
  payroll: React.lazy(() => import('@/features/payroll/payroll-section').then((mod) => ({ default: mod.PayrollSection }))),
  'my-payslips': React.lazy(() => import('@/features/payroll/my-payslips-section').then((mod) => ({ default: mod.MyPayslipsSection }))),
  'staff-management': React.lazy(() => import('@/features/staff/staff-management-section').then((mod) => ({ default: mod.StaffManagementSection }))),
  'user-management': React.lazy(() => import('@/features/staff/user-management-section').then((mod) => ({ default: mod.UserManagementSection }))),
  'my-leave': React.lazy(() => import('@/features/leave/my-leave-section').then((mod) => ({ default: mod.MyLeaveSection }))),
  'hr-reports': React.lazy(() => import('@/features/hr-reports/hr-reports-section').then((mod) => ({ default: mod.HrReportsSection }))),
  'hr-analytics': React.lazy(() => import('@/features/hr-reports/hr-analytics-section').then((mod) => ({ default: mod.HrAnalyticsSection }))),
  'hr-dashboard': React.lazy(() => import('@/features/hr-reports/hr-dashboard-section').then((mod) => ({ default: mod.HrDashboardSection }))),
  // Issue 15: the finance office.
  expenses: React.lazy(() => import('@/features/expenses/expenses-section').then((mod) => ({ default: mod.ExpensesSection }))),
  'financial-reports': React.lazy(() => import('@/features/financial-reports/financial-reports-section').then((mod) => ({ default: mod.FinancialReportsSection }))),
  'financial-analytics': React.lazy(() => import('@/features/financial-analytics/financial-analytics-section').then((mod) => ({ default: mod.FinancialAnalyticsSection }))),
  transport: React.lazy(() => import('@/features/transport/transport-section').then((mod) => ({ default: mod.TransportSection }))),
  inventory: React.lazy(() => import('@/features/inventory/inventory-section').then((mod) => ({ default: mod.InventorySection }))),
  // Issue 16: the timetable.
  timetable: React.lazy(() => import('@/features/timetable/timetable-section').then((mod) => ({ default: mod.TimetableSection }))),
  // Issue 17: school communication (announcements above).
  messages: React.lazy(() => import('@/features/messages/messages-section').then((mod) => ({ default: mod.MessagesSection }))),
  support: React.lazy(() => import('@/features/support/support-section').then((mod) => ({ default: mod.SupportSection }))),
  // Issue 18: platform business and security (analytics and reports for EduFam staff branch inside their sections).
  billing: React.lazy(() => import('@/features/billing/billing-section').then((mod) => ({ default: mod.BillingSection }))),
  security: React.lazy(() => import('@/features/security/security-section').then((mod) => ({ default: mod.SecuritySection }))),
  'school-analytics': React.lazy(() => import('@/features/platform-analytics/school-analytics-section').then((mod) => ({ default: mod.SchoolAnalyticsSection }))),
  'system-reports': React.lazy(() => import('@/features/platform-analytics/system-reports-section').then((mod) => ({ default: mod.SystemReportsSection }))),
  'project-hub': React.lazy(() => import('@/features/project-hub/project-hub-section').then((mod) => ({ default: mod.ProjectHubSection }))),
  'company-management': React.lazy(() => import('@/features/company/company-section').then((mod) => ({ default: mod.CompanySection }))),
  settings: React.lazy(() => import('@/features/system-settings/system-settings-section').then((mod) => ({ default: mod.SystemSettingsSection }))),
};

// Issue 18 §2: two-factor sign-in and active sessions, on every user's profile page.
const AccountSecurityCard = React.lazy(() => import('@/features/security/account-security').then((mod) => ({ default: mod.AccountSecurityCard })));

function SectionFallback() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-8 w-56" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

function UnknownRole({ role }: { role: string }) {
  return (
    <div className="flex justify-center py-10 sm:py-16">
      <StatusCard icon={UserRoundX} tone="warning" title={messages.shell.unknownRole(role)} text={messages.shell.roleConfigText} />
    </div>
  );
}

function Allowed({ user, sectionId }: { user: SessionUser; sectionId: string }) {
  const role = user.role!;
  const title = sectionLabel(role, sectionId);
  if (sectionId === 'profile') {
    return (
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <SectionHeading sectionId="profile" title={title} description={messages.settings.dialogDescription} />
        <ProfileSettingsPanel />
        <React.Suspense fallback={null}>
          <AccountSecurityCard />
        </React.Suspense>
      </section>
    );
  }
  const Module = SECTION_MODULES[sectionId];
  if (Module) {
    return (
      <React.Suspense fallback={<SectionFallback />}>
        <Module />
      </React.Suspense>
    );
  }
  return <NotAvailableYet sectionId={sectionId} title={title} />;
}

function Content({ user, sectionId }: { user: SessionUser; sectionId: string }) {
  const role = user.role;
  if (!role) {
    // A stored role EduFam does not know (spec §2: "Unknown user role: {role}").
    if (sectionId === 'dashboard') return <UnknownRole role={user.rawRole ?? ''} />;
    if (!getSection(sectionId)) return <SectionNotFound role={null} />;
    return <SectionDenied role={null} message={messages.denial.generic} />;
  }
  const access = canOpenSection(role, sectionId);
  if (!access.allowed) {
    if (access.reason === 'not-found') return <SectionNotFound role={role} />;
    if (sectionId === 'users') {
      // Spec §6 User management: "Access Denied", the reason and who may manage users.
      const d = messages.userManagement;
      return <SectionDenied role={role} title={d.deniedTitle} message={d.deniedText} detail={d.deniedDetail} />;
    }
    return <SectionDenied role={role} message={access.message} />;
  }
  return <Allowed user={user} sectionId={sectionId} />;
}

/** The active section's content, inside a component error boundary that resets when the section changes. */
export function SectionContent({ user, sectionId }: { user: SessionUser; sectionId: string }) {
  return (
    <ComponentErrorBoundary resetKey={sectionId}>
      <div data-testid="section-content" data-section={sectionId}>
        <Content user={user} sectionId={sectionId} />
      </div>
    </ComponentErrorBoundary>
  );
}
