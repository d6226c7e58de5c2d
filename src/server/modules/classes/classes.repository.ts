import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import { academicYears, classes, guardians, profiles, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of streams (classes) as GET /api/classes lists them. Every function runs inside the
 * caller's scoped transaction (row-level security).
 */

/** The school's current academic year (is_current, else the latest started), as a subquery. */
export function currentYearIdOf(schoolId: SQL | string): SQL {
  return sql`(select ${academicYears.id} from ${academicYears} where ${academicYears.schoolId} = ${schoolId}
    order by ${academicYears.isCurrent} desc, ${academicYears.startsOn} desc, ${academicYears.id} desc limit 1)`;
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
    .orderBy(asc(academicYears.startsOn), asc(classes.levelOrder), asc(classes.stream), asc(classes.id));
}

/** Which streams listClassItems reads. */
export interface ClassFilters {
  /** One school's streams; null: every school the scope sees. */
  schoolId: string | null;
  /** An academic year's streams, every year's ('all'), or each school's current year's ('current'). */
  year: string;
  levelId?: string;
  /** Only the classes of this parent's (guardian profile id) children. */
  guardianProfileId?: string;
}

/** The streams matching `f`, as GET /api/classes lists them (see classItems). */
export async function listClassItems(tx: Tx, f: ClassFilters): Promise<ClassItem[]> {
  const where: (SQL | undefined)[] = [];
  if (f.schoolId) where.push(eq(classes.schoolId, f.schoolId));
  if (f.year === 'current') where.push(sql`${classes.academicYearId} = ${currentYearIdOf(sql`${classes.schoolId}`)}`);
  else if (f.year !== 'all') where.push(eq(classes.academicYearId, f.year));
  if (f.levelId) where.push(eq(classes.levelId, f.levelId));
  if (f.guardianProfileId) {
    where.push(
      sql`${classes.id} in (select ${students.classId} from ${students}
        join ${studentGuardians} on ${studentGuardians.studentId} = ${students.id}
        join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
        where ${guardians.profileId} = ${f.guardianProfileId})`,
    );
  }
  return classItems(tx, and(...where));
}
