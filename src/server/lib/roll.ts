import { inArray, sql, type SQL } from 'drizzle-orm';
import { studentEnrolments, students } from '../db/schema/index.js';

/**
 * Who was on a stream's roll on a given day (issue 34), the same rule for every module that lists a
 * stream's learners for a date or a term (attendance registers and summaries, mark sheets, report
 * comments). Use these in a where clause over `students`. `date` is a school day, 'YYYY-MM-DD', or a SQL
 * date expression.
 *
 * A stream belongs to one academic year. A learner was in it when their class history row of that year
 * (student_enrolments, one per learner and year) names it, or when it is their stream now: after the
 * year-end promotion last year's streams keep their learners, so last Term 3's registers, mark sheets
 * and comments still list who sat in them.
 */

/**
 * The learner was in one of streams `classIds` (each in its own academic year): their stream now, or
 * their class history row names it. `classIds` must not be empty.
 */
export function inStreamsSql(classIds: readonly string[]): SQL {
  // One indexed lookup per side (students.class_id, student_enrolments.class_id), not a scan of the school.
  return sql`${students.id} in (select s2.id from students s2 where ${inArray(sql`s2.class_id`, [...classIds])}
    union select e2.student_id from student_enrolments e2 where ${inArray(sql`e2.class_id`, [...classIds])})`;
}

/**
 * SQL: which of streams `classIds` the learner was in (see inStreamsSql): their stream now when it is one
 * of them, else the one their class history names. For select lists over `students` (not aliased); to
 * group by it, group by its position (`sql\`1\``): each use renders its own parameters.
 */
export function streamAmongSql(classIds: readonly string[]): SQL<string> {
  // Written with explicit table names: drizzle drops the table from columns in a one-table select list,
  // which would bind "id" inside the subquery to student_enrolments.
  return sql<string>`(case when ${inArray(sql`"students"."class_id"`, [...classIds])} then "students"."class_id"
    else (select e3.class_id from student_enrolments e3 where e3.student_id = "students"."id"
      and ${inArray(sql`e3.class_id`, [...classIds])} limit 1) end)`;
}

/**
 * The learner had joined by `date`: admitted on or before it (students.admitted_on; unknown: always)
 * and their class history row in the stream did not start after it (student_enrolments.started_on).
 * The stream is their stream now, or one of `classIds` when given (a past year's streams).
 */
export function joinedBySql(date: string | SQL, classIds?: readonly string[]): SQL {
  const stream = classIds ? inArray(studentEnrolments.classId, [...classIds]) : sql`${studentEnrolments.classId} = ${students.classId}`;
  return sql`((${students.admittedOn} is null or ${students.admittedOn} <= ${date})
    and not exists (select 1 from ${studentEnrolments} where ${studentEnrolments.studentId} = ${students.id}
      and ${stream} and ${studentEnrolments.startedOn} > ${date}))`;
}

/** Not gone by `date`: still active, or left (graduated, transferred, exited) on or after that day. */
export function notLeftBySql(date: string | SQL): SQL {
  return sql`(${students.status} = 'active' or ${students.leftOn} >= ${date})`;
}

/** On the roll on `date`: joined by then (joinedBySql, over `classIds` when given), and not left before it. */
export function onRollSql(date: string | SQL, classIds?: readonly string[]): SQL {
  return sql`(${joinedBySql(date, classIds)} and ${notLeftBySql(date)})`;
}

/**
 * On one of streams `classIds`' roll on `date`: in the stream (inStreamsSql), joined by then and not left
 * before it. `classIds` must not be empty.
 */
export function onStreamsRollSql(classIds: readonly string[], date: string | SQL): SQL {
  return sql`(${inStreamsSql(classIds)} and ${onRollSql(date, classIds)})`;
}

/**
 * On one of streams `classIds`' roll at some time from `from` to `to` (a term): in the stream, joined by
 * `to` and not left before `from`. `classIds` must not be empty.
 */
export function onStreamsRollBetweenSql(classIds: readonly string[], from: string | SQL, to: string | SQL): SQL {
  return sql`(${inStreamsSql(classIds)} and ${joinedBySql(to, classIds)} and ${notLeftBySql(from)})`;
}

/**
 * The learner had been admitted by `date` (students.admitted_on on or before it; unknown: always): used
 * to leave out marks saved for a day before the learner joined the school.
 */
export function admittedBySql(date: string | SQL): SQL {
  return sql`(${students.admittedOn} is null or ${students.admittedOn} <= ${date})`;
}
