import { sectionLabel } from '@shared/sections';
import { useAuth } from '@/lib/auth';
import { SectionHeading } from '@/app/shell/not-available-yet';

/**
 * The timetable section (issue 16), one variant per role: the principal's "Timetable Generator", the
 * director's "School Timetables", the teacher's "My Timetable", the parent's "Class Timetable" and the
 * published school timetable for other staff. Filled in by the module's work.
 */
export function TimetableSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  return <SectionHeading sectionId="timetable" title={sectionLabel(role, 'timetable')} />;
}
