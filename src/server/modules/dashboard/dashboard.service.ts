import type { Actor } from '../../../shared/access.js';
import { dashboardKindFor } from '../../../shared/access.js';
import { schoolToday } from '../../../shared/dates.js';
import {
  type Dashboard,
  type DirectorDashboard,
  type FinanceDashboard,
  type GenderSplit,
  type HrDashboard,
  type ParentDashboard,
  type PlatformDashboard,
  type PrincipalDashboard,
  type SchoolSummary,
  type TeacherClass,
  type TeacherDashboard,
  type Term,
  type TermDates,
} from '../../../shared/contracts/dashboard.js';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import * as repo from './dashboard.repository.js';

export { schoolToday } from '../../../shared/dates.js';

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

function sumSplit(rows: GenderSplit[]): GenderSplit {
  return rows.reduce((a, r) => ({ total: a.total + r.total, female: a.female + r.female, male: a.male + r.male }), { total: 0, female: 0, male: 0 });
}

/**
 * Figures for the caller's dashboard (spec §2), computed from the database inside the caller's
 * row-level-security scope `tx`. The result matches `dashboardSchema` (shared/contracts/dashboard.ts):
 * `kind` follows dashboardKindFor(actor.role); school dashboards are for actor.schoolId only.
 * Throws 403 for a role with no dashboard and 404 when a school role's school is not visible.
 */
export async function buildDashboard(tx: Tx, actor: Actor): Promise<Dashboard> {
  const kind = dashboardKindFor(actor.role);
  if (!kind) throw forbidden(messages.shell.unknownRole(actor.role), 'UNKNOWN_ROLE');
  if (kind === 'platform') return platformDashboard(tx);
  if (!actor.schoolId) throw forbidden(messages.login.notConfigured, 'NOT_CONFIGURED');
  const schoolId = actor.schoolId;
  switch (kind) {
    case 'director':
      return leadershipDashboard(tx, schoolId, 'director');
    case 'principal':
      return leadershipDashboard(tx, schoolId, 'principal');
    case 'finance':
      return financeDashboard(tx, schoolId);
    case 'teacher':
      return teacherDashboard(tx, schoolId, actor.id);
    case 'parent':
      return parentDashboard(tx, schoolId, actor.id);
    case 'hr':
      return hrDashboard(tx, schoolId);
  }
}

type Headline = NonNullable<Awaited<ReturnType<typeof repo.schoolHeadline>>>;

/** School identity, headline counts, and the current term: two queries. 404 if the school is not visible. */
async function schoolContext(tx: Tx, schoolId: string) {
  const asOf = schoolToday();
  const [headline, allTerms] = await Promise.all([repo.schoolHeadline(tx, schoolId), repo.termsOf(tx, schoolId)]);
  if (!headline) throw notFound(messages.schools.assignedNotFound);
  const picked = pickTerm(allTerms, asOf);
  const term: Term | null = picked ? { ...termDates(picked), status: picked.status, inHalfTerm: picked.inHalfTerm } : null;
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

async function learnerFigures(tx: Tx, schoolId: string) {
  const byGrade = await repo.learnersByGrade(tx, schoolId);
  return { learners: sumSplit(byGrade), learnersByGrade: byGrade };
}

function leadershipFigures(h: Headline) {
  return { teachers: h.teachers, learningAreas: h.learningAreas, classes: h.classes, gradeLevels: h.gradeLevels };
}

/** Director: 3 queries. Principal: 4 (adds class teachers per class). */
async function leadershipDashboard(tx: Tx, schoolId: string, kind: 'director' | 'principal'): Promise<DirectorDashboard | PrincipalDashboard> {
  const [ctx, figures, classRows] = await Promise.all([
    schoolContext(tx, schoolId),
    learnerFigures(tx, schoolId),
    kind === 'principal' ? repo.classTeachers(tx, schoolId) : Promise.resolve(null),
  ]);
  const base = { asOf: ctx.asOf, school: ctx.school, term: ctx.term, ...figures, ...leadershipFigures(ctx.headline) };
  if (kind === 'director' || !classRows) return { kind: 'director', ...base };
  const classTeachers = classRows.map((c) => ({
    classId: c.classId,
    className: c.className,
    gradeLevel: c.gradeLevel,
    stream: c.stream,
    learners: c.learners,
    teacher: c.teacherId ? { id: c.teacherId, name: c.teacherName ?? '', phone: c.teacherPhone } : null,
  }));
  return { kind: 'principal', ...base, classTeachers, classesWithoutClassTeacher: classTeachers.filter((c) => !c.teacher).length };
}

/** Finance officer: 3 queries (fee figures are GET /api/fees/overview's, read by the web dashboard). */
async function financeDashboard(tx: Tx, schoolId: string): Promise<FinanceDashboard> {
  const [ctx, figures] = await Promise.all([schoolContext(tx, schoolId), learnerFigures(tx, schoolId)]);
  return {
    kind: 'finance',
    asOf: ctx.asOf,
    school: ctx.school,
    term: ctx.term,
    ...figures,
    classes: ctx.headline.classes,
    gradeLevels: ctx.headline.gradeLevels,
  };
}

/** Teacher: 4 queries (context, classes with learner counts, assignments). */
async function teacherDashboard(tx: Tx, schoolId: string, teacherId: string): Promise<TeacherDashboard> {
  const [ctx, classRows, areas] = await Promise.all([
    schoolContext(tx, schoolId),
    repo.teacherClasses(tx, schoolId, teacherId),
    repo.teacherLearningAreas(tx, schoolId, teacherId),
  ]);
  const visible = new Set(classRows.map((c) => c.classId));
  const mine = areas.filter((a) => visible.has(a.classId));
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
      lessonsPerWeek: la.reduce((s, a) => s + a.lessonsPerWeek, 0),
      learners: { total: c.total, female: c.female, male: c.male },
    };
  });
  return {
    kind: 'teacher',
    asOf: ctx.asOf,
    school: ctx.school,
    term: ctx.term,
    classes: list,
    totals: {
      classes: list.length,
      classTeacherOf: list.filter((c) => c.isClassTeacher).length,
      // A learner belongs to exactly one class (students.class_id), so summing distinct classes
      // counts each learner once.
      learners: list.reduce((s, c) => s + c.learners.total, 0),
      lessonsPerWeek: mine.reduce((s, a) => s + a.lessonsPerWeek, 0),
      learningAreas: new Set(mine.map((a) => a.name)).size,
    },
  };
}

/** Parent: 3 queries. */
async function parentDashboard(tx: Tx, schoolId: string, parentId: string): Promise<ParentDashboard> {
  const [ctx, rows] = await Promise.all([schoolContext(tx, schoolId), repo.parentChildren(tx, schoolId, parentId)]);
  const seen = new Set<string>();
  const children = rows
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
      class: r.classId ? { id: r.classId, name: r.className ?? '', gradeLevel: r.gradeLevel ?? '', stream: r.stream ?? '' } : null,
      classTeacher: r.teacherName ? { name: r.teacherName, phone: r.teacherPhone, email: r.teacherEmail ?? '' } : null,
    }));
  return { kind: 'parent', asOf: ctx.asOf, school: ctx.school, term: ctx.term, children, calendar: ctx.calendar };
}

/** HR: 4 queries. */
async function hrDashboard(tx: Tx, schoolId: string): Promise<HrDashboard> {
  const [ctx, roles, coverage] = await Promise.all([
    schoolContext(tx, schoolId),
    repo.staffByRole(tx, schoolId),
    repo.teacherCoverage(tx, schoolId),
  ]);
  const staffByRole = roles.map((r) => ({ role: r.role, total: r.total, active: r.active, inactive: r.total - r.active }));
  const total = staffByRole.reduce((s, r) => s + r.total, 0);
  const active = staffByRole.reduce((s, r) => s + r.active, 0);
  return {
    kind: 'hr',
    asOf: ctx.asOf,
    school: ctx.school,
    term: ctx.term,
    staff: { total, active, inactive: total - active },
    staffByRole,
    teachers: { total: coverage.total, withClass: coverage.withClass, withoutClass: coverage.total - coverage.withClass },
  };
}

/** Platform admins: 4 queries across every school. */
async function platformDashboard(tx: Tx): Promise<PlatformDashboard> {
  const asOf = schoolToday();
  const since = daysBefore(asOf, 6);
  const [schoolRows, roles, perDay, recent] = await Promise.all([
    repo.platformSchools(tx),
    repo.usersByRole(tx),
    repo.signInsPerDay(tx, since),
    repo.recentSignIns(tx, 5),
  ]);
  const counts = new Map(perDay.map((d) => [d.date, d.count]));
  const byDay = Array.from({ length: 7 }, (_, i) => {
    const date = daysBefore(asOf, 6 - i);
    return { date, count: counts.get(date) ?? 0 };
  });
  const active = schoolRows.filter((s) => s.status === 'active').length;
  return {
    kind: 'platform',
    asOf,
    schools: { total: schoolRows.length, active, inactive: schoolRows.length - active },
    users: { total: roles.reduce((s, r) => s + r.count, 0), byRole: roles },
    learners: { total: schoolRows.reduce((s, r) => s + r.learners, 0) },
    schoolsList: schoolRows,
    signIns: {
      last7Days: byDay.reduce((s, d) => s + d.count, 0),
      byDay,
      recent: recent.map((r) => ({ at: new Date(r.at).toISOString(), name: r.name, role: r.role, schoolName: r.schoolName })),
    },
  };
}
