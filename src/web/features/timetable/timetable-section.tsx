import { Building2 } from 'lucide-react';
import { sectionLabel } from '@shared/sections';
import { isAdminRole } from '@shared/roles';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { useAuth } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { EmptyListState } from '@/components/list-states';
import { GeneratorScreen } from './principal/generator-screen';
import { DirectorTimetables, ParentTimetable, StaffTimetable, TeacherTimetable } from './read-views';

/**
 * The timetable section (issue 16 §5), one variant per role: the principal's "Timetable Generator"
 * (generate, edit, publish, substitutions, setup), the director's "School Timetables" (every version,
 * read-only), the teacher's "My Timetable", the parent's "Class Timetable" and, for other school staff
 * (finance officer, HR), the published school timetable read-only. Platform admins are told timetables
 * live in each school's workspace.
 */
export function TimetableSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  const title = sectionLabel(role, 'timetable');
  const subtitle =
    role === 'principal' ? tm.subtitle.principal : role === 'school_director' ? tm.subtitle.director : role === 'teacher' ? tm.subtitle.teacher : role === 'parent' ? tm.subtitle.parent : tm.subtitle.staff;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="timetable" data-role={role}>
      <PageHeader sectionId="timetable" title={title} subtitle={isAdminRole(role) ? undefined : subtitle} />
      {isAdminRole(role) ? (
        <EmptyListState icon={Building2} title={tm.adminNotice} testId="timetable-admin-notice" />
      ) : role === 'principal' ? (
        <GeneratorScreen />
      ) : role === 'school_director' ? (
        <DirectorTimetables />
      ) : role === 'teacher' ? (
        <TeacherTimetable />
      ) : role === 'parent' ? (
        <ParentTimetable />
      ) : (
        <StaffTimetable />
      )}
    </section>
  );
}
