import { isAdminRole } from '../../../shared/roles.js';
import type { Actor } from '../../../shared/access.js';
import type { TenantScope } from '../../db/tenant.js';
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

/** Is the teacher the class teacher of this class? (Only the class teacher sees guardian contacts.) */
export function isClassTeacherOf(teacherId: string, classTeacherId: string | null): boolean {
  return !!classTeacherId && classTeacherId === teacherId;
}

/** 404 with the register's wording (another school's or an invisible learner reads as unknown). */
export function learnerNotFound() {
  return notFound(messages.learners.notFound);
}
