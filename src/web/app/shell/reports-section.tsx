import * as React from 'react';
import { useAuth } from '@/lib/auth';
import { isAdminRole } from '@shared/roles';
import { ConsentRegisterCard } from '@/features/data-protection';
import { KemisCard, KnecSbaCard } from '@/features/ministry';

/**
 * The "reports" section (issue 12 §5): the teacher's "Class Reports" (comments, report cards of their
 * streams), the parent's "Progress Reports" (their children's report cards), and the principal's and
 * director's report cards for a stream or level (bulk, in the background) with the consent register
 * (issue 35 §5). EduFam staff (edufam_admin
 * and its alias elimisha_admin) get "System Reports" (issue 18 §3); every other role (spec §6
 * "others": the finance officer, HR) the reports of its office.
 */
const ClassReports = React.lazy(() => import('../../features/assessment/reports/class-reports').then((m) => ({ default: m.ClassReports })));
const ProgressReports = React.lazy(() => import('../../features/assessment/reports/progress-reports').then((m) => ({ default: m.ProgressReports })));
const SchoolReports = React.lazy(() => import('../../features/assessment/reports/school-reports').then((m) => ({ default: m.SchoolReports })));
const SystemReports = React.lazy(() => import('@/features/platform-analytics/system-reports-section').then((m) => ({ default: m.SystemReportsSection })));
const OfficeReports = React.lazy(() => import('../../features/assessment/reports/office-reports').then((m) => ({ default: m.OfficeReports })));

export function ReportsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  // The principal's and director's reports end with the Ministry's returns (issue 35 §1 KEMIS; §2 KNEC SBA,
  // the principal's) and the consent register for the Data Commissioner (issue 35 §5).
  if (role === 'principal' || role === 'school_director') {
    return (
      <div className="flex min-w-0 flex-col gap-6">
        <SchoolReports />
        <KemisCard />
        {role === 'principal' && <KnecSbaCard />}
        <ConsentRegisterCard />
      </div>
    );
  }
  const View = isAdminRole(role) ? SystemReports : role === 'teacher' ? ClassReports : role === 'parent' ? ProgressReports : null;
  if (!View) return <OfficeReports role={role} />;
  return <View />;
}
