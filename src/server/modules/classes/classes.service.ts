import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import type { ClassItem, ListClassesQuery } from '../../../shared/contracts/classes.js';
import type { Database } from '../../db/client.js';
import { academicYears, classes, guardians, profiles, studentGuardians, students } from '../../db/schema/index.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { audienceScope, learnerAudience } from '../learners/index.js';

/** The school's current academic year (is_current, else the latest started), as a subquery. */
export function currentYearIdOf(schoolId: SQL | string): SQL {
  return sql`(select ${academicYears.id} from ${academicYears} where ${academicYears.schoolId} = ${schoolId}
    order by ${academicYears.isCurrent} desc, ${academicYears.startsOn} desc limit 1)`;
}

/**
 * GET /api/classes (issue 10 §4): the streams of the current year (or `yearId`, or every year), by level
 * and stream, with active learner counts. A parent gets only their children's classes; every other
 * role that may call it gets the whole school; platform staff any school (schoolId) or all.
 */
export async function listClasses(database: Database, actor: Actor, q: ListClassesQuery): Promise<ClassItem[]> {
  const audience = learnerAudience(actor, q.schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const where: (SQL | undefined)[] = [];
    if (audience.schoolId) where.push(eq(classes.schoolId, audience.schoolId));
    if (q.yearId && q.yearId !== 'all') where.push(eq(classes.academicYearId, q.yearId));
    else if (!q.yearId) where.push(sql`${classes.academicYearId} = ${currentYearIdOf(sql`${classes.schoolId}`)}`);
    if (q.levelId) where.push(eq(classes.levelId, q.levelId));
    if (audience.kind === 'parent') {
      where.push(
        sql`${classes.id} in (select ${students.classId} from ${students}
          join ${studentGuardians} on ${studentGuardians.studentId} = ${students.id}
          join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
          where ${guardians.profileId} = ${audience.userId})`,
      );
    }
    return classItems(tx, and(...where));
  });
}


/**
 * Streams as GET /api/classes lists them (with the year, class teacher and active learner count),
 * ordered by year, level and stream. Shared with school setup, which answers its stream writes in the
 * same shape.
 */
export async function classItems(tx: Tx, where: SQL | undefined): Promise<ClassItem[]> {
  return tx
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.gradeLevel,
      stream: classes.stream,
      classTeacherId: classes.classTeacherId,
      learnerCount: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number),
      capacity: classes.capacity,
      levelId: classes.levelId,
      levelOrder: classes.levelOrder,
      band: classes.band,
      academicYearId: classes.academicYearId,
      academicYear: academicYears.name,
      classTeacherName: profiles.name,
      homeRoom: classes.homeRoom,
    })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(where)
    .orderBy(asc(academicYears.startsOn), asc(classes.levelOrder), asc(classes.stream));
}
