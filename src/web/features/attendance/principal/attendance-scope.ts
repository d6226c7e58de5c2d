import * as React from 'react';
import { pathForSection } from '@shared/access';
import { isAdminRole } from '@shared/roles';
import { schoolToday } from '@shared/dates';
import type { CalendarResponse } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { useAttendanceCalendar } from '../api/reports';

/**
 * Who reads the school attendance screen and for which school: the principal (edits: marks any
 * register, settings, calendar), the director (reads) and platform staff (read the school picked in
 * the header, sent as ?schoolId=; `needsSchool` while none is picked). `learnerPath` opens a learner's
 * profile in the Students section when the role has it.
 */
export function useAttendanceScope(readOnlyProp: boolean) {
  const { state } = useAuth();
  const school = useSchoolContext();
  const role = state.user?.role ?? null;
  const platform = isAdminRole(role);
  const schoolId = platform ? school.currentSchoolId : null;
  const studentsPath = role ? pathForSection(role, 'students') : null;
  return {
    role,
    platform,
    /** The principal edits; everyone else reads. */
    readOnly: readOnlyProp || platform || role !== 'principal',
    schoolId,
    schoolName: school.currentSchool?.name ?? null,
    needsSchool: platform && !schoolId,
    /** Registers open in the sheet for school roles (the register calls carry no school id). */
    canOpenRegisters: !platform,
    learnerPath: (studentId: string) => (studentsPath ? `${studentsPath}?student=${encodeURIComponent(studentId)}` : null),
  };
}

export type AttendanceScope = ReturnType<typeof useAttendanceScope>;

/** A term as the pickers show it: "Term 2 2026". */
export interface TermChoice {
  id: string;
  name: string;
  label: string;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
}

/** A calendar year as the calendar call's range (the API answers at most 400 days at once). */
export function yearRange(year: string) {
  return { from: `${year}-01-01`, to: `${year}-12-31`, year };
}

/**
 * The school's calendar of this year (every term of the school comes with it), its terms newest first,
 * and the default term: the current one, else the latest started, else the first.
 */
export function useSchoolCalendar(scope: AttendanceScope) {
  const range = React.useMemo(() => yearRange(schoolToday().slice(0, 4)), []);
  const query = useAttendanceCalendar(range, scope.schoolId, !scope.needsSchool);
  const terms = React.useMemo<TermChoice[]>(() => termChoices(query.data), [query.data]);
  const current = React.useMemo(() => {
    const today = query.data?.today ?? schoolToday();
    return terms.find((t) => t.isCurrent) ?? terms.find((t) => t.startsOn <= today) ?? terms[0] ?? null;
  }, [terms, query.data]);
  return { query, terms, current, range };
}

function termChoices(cal: CalendarResponse | undefined): TermChoice[] {
  return [...(cal?.terms ?? [])]
    .sort((a, b) => b.startsOn.localeCompare(a.startsOn))
    .map((t) => ({ id: t.id, name: t.name, label: m.common.termLabel(t.name, t.startsOn.slice(0, 4)), startsOn: t.startsOn, endsOn: t.endsOn, isCurrent: t.isCurrent }));
}
