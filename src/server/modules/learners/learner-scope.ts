import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import { isAdminRole } from '../../../shared/roles.js';
import type { Actor } from '../../../shared/access.js';
import type { TenantScope } from '../../db/tenant.js';
import { classes, guardians, studentGuardians, students, teacherAssignments } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { messages } from '../../../shared/messages.js';

/**
 * Who sees which learners (issue 10 §4 "Who sees what"). Public to other modules (fees, grades,
 * attendance, reports) so every list of learners answers the same question the same way:
 * - principal, school director, finance officer: every learner of their school;
 * - teacher: learners whose current class they lead (class teacher) or teach (a teacher assignment);
 * - parent: their own children (guardians.profile_id is the parent's account);
 * - platform staff: any school (the school named by the request, or all).
 * Row-level security confines every query to the school on top of this (wall 3).
 */
export interface LearnerAudience {
  schoolId: string | null;
  kind: 'school' | 'teacher' | 'parent' | 'platform';
  userId: string;
}

export function learnerAudience(actor: Actor, schoolId?: string | null): LearnerAudience {
  if (isAdminRole(actor.role)) return { schoolId: schoolId ?? null, kind: 'platform', userId: actor.id };
  const kind = actor.role === 'teacher' ? 'teacher' : actor.role === 'parent' ? 'parent' : 'school';
  return { schoolId: actor.schoolId, kind, userId: actor.id };
}

/** The row-level-security scope for an audience. */
export function audienceScope(a: LearnerAudience): TenantScope {
  if (a.kind === 'platform') return a.schoolId ? { schoolId: a.schoolId, userId: a.userId, allSchools: false } : { schoolId: null, userId: a.userId, allSchools: true };
  return { schoolId: a.schoolId, userId: a.userId, allSchools: false };
}

/** Classes a teacher leads or teaches (any year), as a subquery of class ids. */
export function taughtClassIds(teacherId: string): SQL {
  return sql`(select ${classes.id} from ${classes} where ${classes.classTeacherId} = ${teacherId}
    union select ${teacherAssignments.classId} from ${teacherAssignments} where ${teacherAssignments.teacherId} = ${teacherId})`;
}

/** The condition on `students` that limits rows to what the audience may see (undefined: no limit). */
export function visibleLearners(a: LearnerAudience): SQL | undefined {
  const inSchool = a.schoolId ? eq(students.schoolId, a.schoolId) : undefined;
  switch (a.kind) {
    case 'school':
    case 'platform':
      return inSchool;
    case 'teacher':
      return and(inSchool, sql`${students.classId} in ${taughtClassIds(a.userId)}`);
    case 'parent':
      return and(
        inSchool,
        exists(
          sql`(select 1 from ${studentGuardians} join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
            where ${studentGuardians.studentId} = ${students.id} and ${guardians.profileId} = ${a.userId})`,
        ),
      );
  }
}

/** Is the teacher the class teacher of this class? (Only the class teacher sees guardian contacts.) */
export function isClassTeacherOf(teacherId: string, classTeacherId: string | null): boolean {
  return !!classTeacherId && classTeacherId === teacherId;
}

/** 404 with the register's wording (another school's or an invisible learner reads as unknown). */
export function learnerNotFound() {
  return notFound(messages.learners.notFound);
}
