import type { Actor } from '../../../shared/access.js';
import { dashboardKindFor } from '../../../shared/access.js';
import { schoolToday } from '../../../shared/dates.js';
import type {
  Dashboard,
  DirectorDashboard,
  FinanceDashboard,
  HrDashboard,
  ParentDashboard,
  PlatformDashboard,
  PrincipalDashboard,
  TeacherDashboard,
} from '../../../shared/contracts/dashboard.js';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import * as repo from './dashboard.repository.js';
import {
  daysBefore,
  financeDashboardOf,
  hrDashboardOf,
  leadershipDashboardOf,
  learnerFiguresOf,
  parentDashboardOf,
  platformDashboardOf,
  schoolContextOf,
  teacherDashboardOf,
} from './dashboard-shapes.js';

export { schoolToday } from '../../../shared/dates.js';
export { daysBefore, nextTermAfter, pickTerm } from './dashboard-shapes.js';

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

/** School identity, headline counts, and the current term: two queries. 404 if the school is not visible. */
async function schoolContext(tx: Tx, schoolId: string) {
  const asOf = schoolToday();
  const [headline, allTerms] = await Promise.all([repo.schoolHeadline(tx, schoolId), repo.termsOf(tx, schoolId)]);
  if (!headline) throw notFound(messages.schools.assignedNotFound);
  return schoolContextOf(asOf, headline, allTerms);
}

async function learnerFigures(tx: Tx, schoolId: string) {
  return learnerFiguresOf(await repo.learnersByGrade(tx, schoolId));
}

/** Director: 3 queries. Principal: 4 (adds class teachers per class). */
async function leadershipDashboard(tx: Tx, schoolId: string, kind: 'director' | 'principal'): Promise<DirectorDashboard | PrincipalDashboard> {
  const [ctx, figures, classRows] = await Promise.all([
    schoolContext(tx, schoolId),
    learnerFigures(tx, schoolId),
    kind === 'principal' ? repo.classTeachers(tx, schoolId) : Promise.resolve(null),
  ]);
  return leadershipDashboardOf(ctx, figures, classRows);
}

/** Finance officer: 3 queries (fee figures are GET /api/fees/overview's, read by the web dashboard). */
async function financeDashboard(tx: Tx, schoolId: string): Promise<FinanceDashboard> {
  const [ctx, figures] = await Promise.all([schoolContext(tx, schoolId), learnerFigures(tx, schoolId)]);
  return financeDashboardOf(ctx, figures);
}

/** Teacher: 5 queries (context, classes with learner counts, assignments, lessons in the published timetable). */
async function teacherDashboard(tx: Tx, schoolId: string, teacherId: string): Promise<TeacherDashboard> {
  const [ctx, classRows, areas, placed] = await Promise.all([
    schoolContext(tx, schoolId),
    repo.teacherClasses(tx, schoolId, teacherId),
    repo.teacherLearningAreas(tx, schoolId, teacherId),
    repo.publishedTeacherLessons(tx, schoolId, teacherId),
  ]);
  return teacherDashboardOf(ctx, classRows, areas, placed);
}

/** Parent: 3 queries. */
async function parentDashboard(tx: Tx, schoolId: string, parentId: string): Promise<ParentDashboard> {
  const [ctx, rows] = await Promise.all([schoolContext(tx, schoolId), repo.parentChildren(tx, schoolId, parentId)]);
  return parentDashboardOf(ctx, rows);
}

/** HR: 4 queries. */
async function hrDashboard(tx: Tx, schoolId: string): Promise<HrDashboard> {
  const [ctx, roles, coverage] = await Promise.all([
    schoolContext(tx, schoolId),
    repo.staffByRole(tx, schoolId),
    repo.teacherCoverage(tx, schoolId),
  ]);
  return hrDashboardOf(ctx, roles, coverage);
}

/** Platform admins: 4 queries across every school. */
async function platformDashboard(tx: Tx): Promise<PlatformDashboard> {
  const asOf = schoolToday();
  const since = daysBefore(asOf, 6);
  const [schools, roles, perDay, recent] = await Promise.all([
    repo.platformSchools(tx),
    repo.usersByRole(tx),
    repo.signInsPerDay(tx, since),
    repo.recentSignIns(tx, 5),
  ]);
  return platformDashboardOf(asOf, { schools, roles, perDay, recent });
}
