import { StaffReports } from './staff-reports';

/**
 * Teacher "Class Reports" (issue 12 §5): for a term and a stream they are class teacher of, the class
 * teacher's comment per learner (suggested from the performance band, editable), each learner's report
 * card, and the whole stream as one PDF made in the background.
 */
export function ClassReports() {
  return <StaffReports classTeacherOnly field="classTeacherComment" testId="class-reports" />;
}
