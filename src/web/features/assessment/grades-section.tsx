import * as React from 'react';
import { useAuth } from '@/lib/auth';

/**
 * The "grades" section (spec §6: distinct variants per role; issue 12 §3, §4): the teacher's "My Class
 * Grades" (marks entry), the principal's marks approval queue and sheets, the director's results
 * browser, and the parent's "Child Grades"; every other role (spec §6 "others": platform staff, the
 * finance officer, HR) the school's exam series and grading scales, without learners' marks. The shell
 * has already checked the role may open it.
 */
const TeacherGrades = React.lazy(() => import('./teacher/my-class-grades').then((m) => ({ default: m.MyClassGrades })));
const PrincipalGrades = React.lazy(() => import('./principal/grades-approval').then((m) => ({ default: m.GradesApproval })));
const DirectorGrades = React.lazy(() => import('./results/results-browser').then((m) => ({ default: m.ResultsBrowser })));
const ChildGrades = React.lazy(() => import('./parent/child-grades').then((m) => ({ default: m.ChildGrades })));
const SchoolExams = React.lazy(() => import('./others/school-exams').then((m) => ({ default: m.SchoolExams })));

export function GradesSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  const View = role === 'teacher' ? TeacherGrades : role === 'principal' ? PrincipalGrades : role === 'parent' ? ChildGrades : role === 'school_director' ? DirectorGrades : null;
  if (!View) return <SchoolExams role={role} />;
  return <View />;
}
