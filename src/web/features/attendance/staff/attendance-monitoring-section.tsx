import { useSearchParams } from 'react-router';
import { CalendarDays, FileBarChart } from 'lucide-react';
import { can } from '@shared/access';
import { staffAttendanceScreens as m } from '@shared/messages/staff-attendance-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { StaffDayView } from './staff-day-view';
import { StaffReportView } from './staff-report-view';

type Tab = 'day' | 'report';

/**
 * HR's "Attendance Monitoring" (issue 13 §3; section "attendance-monitoring"): the day register of
 * staff (check-in/out, absent, on leave, official duty, late after the school's time) and the monthly
 * report per person and department with PDF and Excel. The tab is kept in the address (`?tab=report`),
 * the day as `?date=`, the report's month and department as `?month=` and `?department=`. Someone
 * who may read but not record staff attendance sees the register read-only.
 */
export function AttendanceMonitoringSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const user = state.user;
  const canRecord = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'recordStaffAttendance');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'report' ? 'report' : 'day';
  const setTab = (next: string) => setParams(next === 'report' ? { tab: 'report' } : {});

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="attendance-monitoring">
      <PageHeader sectionId={sectionId} title={title} subtitle={currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle} testId="attendance-monitoring-header" />
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <IconTabsList
          label={m.title}
          tabs={[
            { value: 'day', icon: CalendarDays, label: m.tabs.day, testId: 'staff-tab-day' },
            { value: 'report', icon: FileBarChart, label: m.tabs.report, testId: 'staff-tab-report' },
          ]}
        />
        <TabsContent value="day">{tab === 'day' && <StaffDayView readOnly={!canRecord} />}</TabsContent>
        <TabsContent value="report">{tab === 'report' && <StaffReportView />}</TabsContent>
      </Tabs>
    </section>
  );
}
