import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import type { LearnerFigures, LearnerFiguresQuery, LearnerSplit } from '../../../shared/contracts/learner-figures.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Database } from '../../db/client.js';
import { academicYears, classes, levels, students, terms, transferRequests } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import { audienceScope, learnerAudience, visibleLearners } from './learner-scope.js';

const split = {
  total: sql<number>`count(*)`.mapWith(Number),
  female: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
  male: sql<number>`count(*) filter (where ${students.gender} = 'male')`.mapWith(Number),
  boarding: sql<number>`count(*) filter (where ${students.boarding} = 'boarding')`.mapWith(Number),
  day: sql<number>`count(*) filter (where ${students.boarding} <> 'boarding')`.mapWith(Number),
};

const EMPTY: LearnerSplit = { total: 0, female: 0, male: 0, boarding: 0, day: 0 };

/**
 * Register figures (GET /api/students/figures; issue 10 §3 director's "figures by level and gender",
 * §2 the Academic Management hub): active learners split by gender and boarding, per level and per
 * stream, admissions since the current term began, and (principal) pending incoming transfer
 * requests. Counts only learners the caller may see (learner-scope.ts), so a teacher's figures cover
 * their streams. Platform staff name the school with schoolId (without it: every school, no term).
 */
export async function learnerFigures(database: Database, actor: Actor, q: LearnerFiguresQuery): Promise<LearnerFigures> {
  const audience = learnerAudience(actor, q.schoolId);
  const today = schoolToday();
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const visible = visibleLearners(audience);
    const active = and(eq(students.status, 'active'), visible);

    const [totals] = await tx.select(split).from(students).where(active);
    const levelRows = await tx
      .select({ ...split, levelId: levels.id, level: levels.name, levelOrder: levels.levelOrder })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.classId))
      .leftJoin(levels, eq(levels.id, classes.levelId))
      .where(active)
      .groupBy(levels.id, levels.name, levels.levelOrder)
      .orderBy(sql`${levels.levelOrder} asc nulls last`, asc(levels.name));
    const streamRows = await tx
      .select({ classId: classes.id, name: classes.name, levelId: classes.levelId, total: split.total })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(active)
      .groupBy(classes.id, classes.name, classes.levelId, classes.levelOrder, classes.stream)
      .orderBy(asc(classes.levelOrder), asc(classes.stream));

    let term: LearnerFigures['term'] = null;
    let admittedThisTerm = 0;
    if (audience.schoolId) {
      const [current] = await tx
        .select({ name: terms.name, academicYear: academicYears.name, startsOn: terms.startsOn, endsOn: terms.endsOn })
        .from(terms)
        .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
        .where(and(eq(terms.schoolId, audience.schoolId), eq(terms.isCurrent, true)))
        .limit(1);
      if (current) {
        term = current;
        const [admitted] = await tx
          .select({ n: count() })
          .from(students)
          .where(and(visible, gte(students.admittedOn, current.startsOn), lte(students.admittedOn, today)));
        admittedThisTerm = Number(admitted?.n ?? 0);
      }
    }

    let pendingTransferRequests: number | null = null;
    if (actor.role === 'principal' && audience.schoolId) {
      const [pending] = await tx
        .select({ n: count() })
        .from(transferRequests)
        .where(and(eq(transferRequests.toSchoolId, audience.schoolId), eq(transferRequests.status, 'pending')));
      pendingTransferRequests = Number(pending?.n ?? 0);
    }

    return {
      asOf: today,
      term,
      active: totals ? { total: totals.total, female: totals.female, male: totals.male, boarding: totals.boarding, day: totals.day } : EMPTY,
      levels: levelRows,
      streams: streamRows,
      admittedThisTerm,
      pendingTransferRequests,
    };
  });
}
