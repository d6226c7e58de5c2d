import { useAuth } from '@/lib/auth';
import { StaffReports } from './staff-reports';

/**
 * The school's report cards (issue 12 §5) for the principal and the director: a term and a stream or a
 * whole level; the principal writes the principal's comments (the director reads them); each learner's
 * card and the stream's or level's cards as one PDF made in the background.
 */
export function SchoolReports() {
  const { state } = useAuth();
  const principal = state.user?.role === 'principal';
  return <StaffReports classTeacherOnly={false} field={principal ? 'principalComment' : null} testId="school-reports" />;
}
