import { sql, type SQL } from 'drizzle-orm';
import { studentEnrolments, students } from '../db/schema/index.js';

/**
 * Who was on a stream's roll on a given day (issue 34), the same rule for every module that lists a
 * stream's learners for a date (attendance registers, mark sheets). Use these in a where clause over
 * `students`, next to the caller's own stream predicate (students.class_id). `date` is a school day,
 * 'YYYY-MM-DD', or a SQL date expression.
 */

/**
 * The learner had joined by `date`: admitted on or before it (students.admitted_on; unknown: always)
 * and their class history row in their stream did not start after it (student_enrolments.started_on).
 */
export function joinedBySql(date: string | SQL): SQL {
  return sql`((${students.admittedOn} is null or ${students.admittedOn} <= ${date})
    and not exists (select 1 from ${studentEnrolments} where ${studentEnrolments.studentId} = ${students.id}
      and ${studentEnrolments.classId} = ${students.classId} and ${studentEnrolments.startedOn} > ${date}))`;
}

/** On the roll on `date`: joined by then (joinedBySql), and still active or left on or after that day. */
export function onRollSql(date: string | SQL): SQL {
  return sql`(${joinedBySql(date)} and (${students.status} = 'active' or ${students.leftOn} >= ${date}))`;
}

/**
 * The learner had been admitted by `date` (students.admitted_on on or before it; unknown: always): used
 * to leave out marks saved for a day before the learner joined the school.
 */
export function admittedBySql(date: string | SQL): SQL {
  return sql`(${students.admittedOn} is null or ${students.admittedOn} <= ${date})`;
}
