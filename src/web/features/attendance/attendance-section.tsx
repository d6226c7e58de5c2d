import * as React from 'react';
import { useAuth } from '@/lib/auth';
import { NotAvailableYet } from '@/components/not-available-yet';
import { isAdminRole } from '@shared/roles';
import { sectionLabel } from '@shared/sections';

/**
 * The "attendance" section (issue 13; spec §2): the teacher's "Class Attendance" (registers of their
 * streams, offline-safe), the principal's attendance (today's picture, trends, chronic absentees, any
 * stream's register, settings and the school calendar; the director reads it), and the parent's "Child
 * Attendance" (each child's term calendar). The shell has already checked the role may open it.
 */
const ClassAttendance = React.lazy(() => import('./register/class-attendance-page').then((m) => ({ default: m.ClassAttendancePage })));
const SchoolAttendance = React.lazy(() => import('./principal/school-attendance-page').then((m) => ({ default: m.SchoolAttendancePage })));
const ChildAttendance = React.lazy(() => import('./parent/child-attendance-page').then((m) => ({ default: m.ChildAttendancePage })));

export function AttendanceSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role === 'teacher') return <ClassAttendance />;
  // Platform staff read the school picked in the header (the page asks for one until then).
  if (role === 'principal' || role === 'school_director' || isAdminRole(role)) return <SchoolAttendance readOnly={role !== 'principal'} />;
  if (role === 'parent') return <ChildAttendance />;
  return <NotAvailableYet sectionId="attendance" title={sectionLabel(role, 'attendance')} />;
}
