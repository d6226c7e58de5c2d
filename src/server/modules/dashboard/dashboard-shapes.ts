import type {
  ClassTeacherRow,
  DirectorDashboard,
  FinanceDashboard,
  GenderSplit,
  GradeLevelLearners,
  HrDashboard,
  ParentChild,
  ParentDashboard,
  PlatformDashboard,
  PlatformSchoolRow,
  PrincipalDashboard,
  SchoolSummary,
  TeacherClass,
  TeacherDashboard,
  Term,
  TermDates,
} from '../../../shared/contracts/dashboard.js';
import { ministryTermTemplate } from '../../../shared/curriculum-catalogue.js';

/**
 * The dashboards' figures from the rows their queries read: plain functions, no database. The
 * dashboard service feeds them its repository's rows; the bare baseline server of the request-speed
 * benchmark (bench/baseline/server.ts) feeds them its hand-written SQL's, so both answer alike.
 */

/** YYYY-MM-DD `days` calendar days before `day`. */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The term to show on `today` (YYYY-MM-DD) from terms in calendar order: the one containing today
 * ('current'), else the most recent that ended ('ended'), else the next to start ('upcoming'); null
 * when there are no terms. ISO dates compare correctly as strings.
 */
export function pickTerm<T extends TermDates>(all: T[], today: string): (T & Pick<Term, 'status' | 'inHalfTerm'>) | null {
  const current = all.find((t) => t.startsOn <= today && today <= t.endsOn);
  const chosen = current ?? all.filter((t) => t.endsOn < today).at(-1) ?? all.find((t) => t.startsOn > today);
  if (!chosen) return null;
  const status = current ? 'current' : chosen.endsOn < today ? 'ended' : 'upcoming';
  const inHalfTerm =
    status === 'current' && !!chosen.halfTermStartsOn && !!chosen.halfTermEndsOn && chosen.halfTermStartsOn <= today && today <= chosen.halfTermEndsOn;
  return { ...chosen, status, inHalfTerm };
}

function termDates(t: TermDates): TermDates {
  return {
    name: t.name,
    number: t.number,
    academicYear: t.academicYear,
    startsOn: t.startsOn,
    endsOn: t.endsOn,
    halfTermStartsOn: t.halfTermStartsOn,
    halfTermEndsOn: t.halfTermEndsOn,
  };
}

/**
 * The term that opens after `ended`: the school's next term, else (the year not set up yet) the first
 * term of the Ministry's calendar for the next year (shared/curriculum-catalogue.ts), marked `planned`.
 */
export function nextTermAfter(ended: TermDates, allTerms: TermDates[]): NonNullable<Term['next']> {
  const own = allTerms.find((t) => t.startsOn > ended.endsOn);
  if (own) return { name: own.name, academicYear: own.academicYear, startsOn: own.startsOn, planned: false };
  const year = Number(ended.endsOn.slice(0, 4));
  const template = ministryTermTemplate(year).find((t) => t.startsOn > ended.endsOn) ?? ministryTermTemplate(year + 1)[0]!;
  return { name: template.name, academicYear: template.startsOn.slice(0, 4), startsOn: template.startsOn, planned: true };
}

/** The school's row with the counts the leadership and finance dashboards show. */
export type SchoolHeadline = SchoolSummary & { teachers: number; classes: number; gradeLevels: number; learningAreas: number };

/** What every school dashboard starts with (schoolContextOf); `headline` is the school's row as read. */
export interface SchoolContext<H extends SchoolSummary = SchoolHeadline> {
  asOf: string;
  school: SchoolSummary;
  term: Term | null;
  headline: H;
  /** The terms of the shown term's academic year (empty when there is no term). */
  calendar: TermDates[];
}

/**
 * The school context on school day `asOf` (YYYY-MM-DD): the school's identity, the term to show, and
 * the terms of that term's academic year. `allTerms`: the school's terms in calendar order.
 */
export function schoolContextOf<H extends SchoolSummary>(asOf: string, headline: H, allTerms: (TermDates & { academicYearId: string })[]): SchoolContext<H> {
  const picked = pickTerm(allTerms, asOf);
  const term: Term | null = picked ? { ...termDates(picked), status: picked.status, inHalfTerm: picked.inHalfTerm, next: picked.status === 'ended' ? nextTermAfter(picked, allTerms) : null } : null;
  const school: SchoolSummary = {
    id: headline.id,
    name: headline.name,
    curriculum: headline.curriculum,
    county: headline.county,
    phone: headline.phone,
    email: headline.email,
  };
  const calendar = picked ? allTerms.filter((t) => t.academicYearId === picked.academicYearId).map(termDates) : [];
  return { asOf, school, term, headline, calendar };
}

function sumSplit(rows: GenderSplit[]): GenderSplit {
  return rows.reduce((a, r) => ({ total: a.total + r.total, female: a.female + r.female, male: a.male + r.male }), { total: 0, female: 0, male: 0 });
}

/** Active learners in total and per grade level. */
export interface LearnerFigures {
  learners: GenderSplit;
  learnersByGrade: GradeLevelLearners[];
}

/** Active learners in total and per grade level, from the per-grade rows. */
export function learnerFiguresOf(byGrade: GradeLevelLearners[]): LearnerFigures {
  return { learners: sumSplit(byGrade), learnersByGrade: byGrade };
}

/** A class of the current year with its class teacher's profile (null ids when it has none) and active learners. */
export interface ClassTeacherSource {
  classId: string;
  className: string;
  gradeLevel: string;
  stream: string;
  teacherId: string | null;
  teacherName: string | null;
  teacherPhone: string | null;
  learners: number;
}

/** The principal's class-teacher list, and how many classes have none. */
function classTeachersOf(rows: ClassTeacherSource[]): { classTeachers: ClassTeacherRow[]; classesWithoutClassTeacher: number } {
  const classTeachers = rows.map((c) => ({
    classId: c.classId,
    className: c.className,
    gradeLevel: c.gradeLevel,
    stream: c.stream,
    learners: c.learners,
    teacher: c.teacherId ? { id: c.teacherId, name: c.teacherName ?? '', phone: c.teacherPhone } : null,
  }));
  return { classTeachers, classesWithoutClassTeacher: classTeachers.filter((c) => !c.teacher).length };
}

/** A class the teacher leads or teaches, with its active learners by gender. */
export interface TeacherClassSource extends GenderSplit {
  classId: string;
  name: string;
  gradeLevel: string;
  stream: string;
  band: string;
  isClassTeacher: boolean | null;
}

/** One of the teacher's assignments: a learning area in a class, with its weekly lessons. */
export interface TeacherAreaSource {
  classId: string;
  subjectId: string;
  name: string;
  code: string;
  lessonsPerWeek: number;
}

/** One of the teacher's lessons placed in the published timetable: its streams and its length in periods. */
export interface TeacherPlacedLesson {
  classIds: string[];
  duration: number;
}

/**
 * The teacher's classes with their learning areas, and the totals over them (assignments in classes not
 * listed are left out). Lessons per week (issue 34: the same source as My Timetable) are the periods the
 * teacher teaches in the published timetable (a double lesson counts 2) when the school has one
 * (`placed`), else the lessons a week of their assignments.
 */
function teacherClassesOf(classRows: TeacherClassSource[], areas: TeacherAreaSource[], placed: TeacherPlacedLesson[] | null): Pick<TeacherDashboard, 'classes' | 'totals'> {
  const visible = new Set(classRows.map((c) => c.classId));
  const mine = areas.filter((a) => visible.has(a.classId));
  const periods = (ls: TeacherPlacedLesson[]) => ls.reduce((s, l) => s + l.duration, 0);
  const list: TeacherClass[] = classRows.map((c) => {
    const la = mine.filter((a) => a.classId === c.classId).map(({ classId: _c, ...a }) => a);
    return {
      classId: c.classId,
      name: c.name,
      gradeLevel: c.gradeLevel,
      stream: c.stream,
      band: c.band,
      isClassTeacher: !!c.isClassTeacher,
      learningAreas: la,
      lessonsPerWeek: placed ? periods(placed.filter((l) => l.classIds.includes(c.classId))) : la.reduce((s, a) => s + a.lessonsPerWeek, 0),
      learners: { total: c.total, female: c.female, male: c.male },
    };
  });
  return {
    classes: list,
    totals: {
      classes: list.length,
      classTeacherOf: list.filter((c) => c.isClassTeacher).length,
      // A learner belongs to exactly one class (students.class_id), so summing distinct classes
      // counts each learner once.
      learners: list.reduce((s, c) => s + c.learners.total, 0),
      lessonsPerWeek: placed ? periods(placed) : mine.reduce((s, a) => s + a.lessonsPerWeek, 0),
      learningAreas: new Set(mine.map((a) => a.name)).size,
    },
  };
}

/** A child of the parent through one guardian link, with class and class teacher (nulls when the child has no class). */
export interface ParentChildSource {
  studentId: string;
  admissionNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  dateOfBirth: string | null;
  status: string;
  relationship: string;
  /** The relationship word the school typed on import (issue 34), or null. */
  relationshipLabel: string | null;
  classId: string | null;
  className: string | null;
  gradeLevel: string | null;
  stream: string | null;
  teacherName: string | null;
  teacherPhone: string | null;
  teacherEmail: string | null;
}

/** The parent's children, once each (a child linked twice keeps its first row). */
function parentChildrenOf(rows: ParentChildSource[]): ParentChild[] {
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.studentId) ? false : (seen.add(r.studentId), true)))
    .map((r) => ({
      studentId: r.studentId,
      admissionNumber: r.admissionNumber,
      firstName: r.firstName,
      middleName: r.middleName,
      lastName: r.lastName,
      gender: r.gender,
      dateOfBirth: r.dateOfBirth,
      status: r.status,
      relationship: r.relationship,
      relationshipLabel: r.relationshipLabel,
      class: r.classId ? { id: r.classId, name: r.className ?? '', gradeLevel: r.gradeLevel ?? '', stream: r.stream ?? '' } : null,
      classTeacher: r.teacherName ? { name: r.teacherName, phone: r.teacherPhone, email: r.teacherEmail ?? '' } : null,
    }));
}

/** HR's staff figures from staff per role (`active` of `total`) and the active teachers leading a class (`withClass`). */
function hrStaffOf(
  roles: { role: string; total: number; active: number }[],
  coverage: { total: number; withClass: number },
): Pick<HrDashboard, 'staff' | 'staffByRole' | 'teachers'> {
  const staffByRole = roles.map((r) => ({ role: r.role, total: r.total, active: r.active, inactive: r.total - r.active }));
  const total = staffByRole.reduce((s, r) => s + r.total, 0);
  const active = staffByRole.reduce((s, r) => s + r.active, 0);
  return {
    staff: { total, active, inactive: total - active },
    staffByRole,
    teachers: { total: coverage.total, withClass: coverage.withClass, withoutClass: coverage.total - coverage.withClass },
  };
}

/**
 * The director's dashboard, or the principal's when `classRows` (the classes with their class
 * teachers) are given: learner figures and the headline counts.
 */
export function leadershipDashboardOf(ctx: SchoolContext, figures: LearnerFigures, classRows: ClassTeacherSource[] | null): DirectorDashboard | PrincipalDashboard {
  const h = ctx.headline;
  const base = { asOf: ctx.asOf, school: ctx.school, term: ctx.term, ...figures, teachers: h.teachers, learningAreas: h.learningAreas, classes: h.classes, gradeLevels: h.gradeLevels };
  if (!classRows) return { kind: 'director', ...base };
  return { kind: 'principal', ...base, ...classTeachersOf(classRows) };
}

/** The finance officer's dashboard: learner figures and the class counts (fee figures are the fees module's). */
export function financeDashboardOf(ctx: SchoolContext, figures: LearnerFigures): FinanceDashboard {
  return { kind: 'finance', asOf: ctx.asOf, school: ctx.school, term: ctx.term, ...figures, classes: ctx.headline.classes, gradeLevels: ctx.headline.gradeLevels };
}

/** The teacher's dashboard from the classes they lead or teach and their assignments. */
export function teacherDashboardOf(ctx: SchoolContext<SchoolSummary>, classRows: TeacherClassSource[], areas: TeacherAreaSource[], placed: TeacherPlacedLesson[] | null = null): TeacherDashboard {
  return { kind: 'teacher', asOf: ctx.asOf, school: ctx.school, term: ctx.term, ...teacherClassesOf(classRows, areas, placed) };
}

/** The parent's dashboard from the rows of their children (one per guardian link) and the school calendar. */
export function parentDashboardOf(ctx: SchoolContext<SchoolSummary>, rows: ParentChildSource[]): ParentDashboard {
  return { kind: 'parent', asOf: ctx.asOf, school: ctx.school, term: ctx.term, children: parentChildrenOf(rows), calendar: ctx.calendar };
}

/** HR's dashboard from staff per role and the active teachers' class coverage. */
export function hrDashboardOf(
  ctx: SchoolContext<SchoolSummary>,
  roles: { role: string; total: number; active: number }[],
  coverage: { total: number; withClass: number },
): HrDashboard {
  return { kind: 'hr', asOf: ctx.asOf, school: ctx.school, term: ctx.term, ...hrStaffOf(roles, coverage) };
}

/** What the platform dashboard is built from: its four reads over every school. */
export interface PlatformReads {
  /** Every school with its active learners and staff, by name. */
  schools: PlatformSchoolRow[];
  /** Profiles per role, largest first. */
  roles: { role: string; count: number }[];
  /** Successful sign-ins per school day (YYYY-MM-DD) since six days before `asOf`; days without any are absent. */
  perDay: { date: string; count: number }[];
  /** The latest successful sign-ins (`at` a Date or an ISO instant). */
  recent: { at: Date | string; name: string | null; role: string | null; schoolName: string | null }[];
}

/**
 * The platform admins' dashboard on school day `asOf` (YYYY-MM-DD) from its reads: school and user
 * counts, and sign-ins over the seven days ending on `asOf` (oldest first, zero-filled).
 */
export function platformDashboardOf(asOf: string, { schools, roles, perDay, recent }: PlatformReads): PlatformDashboard {
  const counts = new Map(perDay.map((d) => [d.date, d.count]));
  const byDay = Array.from({ length: 7 }, (_, i) => {
    const date = daysBefore(asOf, 6 - i);
    return { date, count: counts.get(date) ?? 0 };
  });
  const active = schools.filter((s) => s.status === 'active').length;
  return {
    kind: 'platform',
    asOf,
    schools: { total: schools.length, active, inactive: schools.length - active },
    users: { total: roles.reduce((s, r) => s + r.count, 0), byRole: roles },
    learners: { total: schools.reduce((s, r) => s + r.learners, 0) },
    schoolsList: schools,
    signIns: {
      last7Days: byDay.reduce((s, d) => s + d.count, 0),
      byDay,
      recent: recent.map((r) => ({ at: new Date(r.at).toISOString(), name: r.name, role: r.role, schoolName: r.schoolName })),
    },
  };
}
