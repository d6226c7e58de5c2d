import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { academicYears, classes, guardians, levels, profiles, studentBalances, studentGuardians, students, teacherAssignments } from '../../db/schema/index.js';
import type { AnnouncementAudience } from '../../db/schema/announcements.js';
import type { Tx } from '../../db/tenant.js';

/**
 * The queries behind an announcement's audience: the school's streams and levels, and the people
 * (profiles, guardians) an audience resolves to. Every function runs in the caller's transaction and
 * reads one school. Lists of ids are read in chunks of 1000 where a big school could exceed the
 * bind-parameter limit.
 */

/** Who an announcement addresses, as stored on school_announcements.audience. */
export type { AnnouncementAudience };

/** A stream (class) of the school as the audience picker lists it. */
export interface StreamOption {
  id: string;
  name: string;
  levelId: string | null;
}

/** The id of the school's current academic year, if one is current. */
export async function findCurrentYear(tx: Tx, schoolId: string): Promise<{ id: string } | undefined> {
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)))
    .limit(1);
  return year;
}

/** The school's streams of academic year `yearId` (every year when undefined), by level order then name. */
export async function listStreams(tx: Tx, schoolId: string, yearId: string | undefined): Promise<StreamOption[]> {
  return tx
    .select({ id: classes.id, name: classes.name, levelId: classes.levelId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), yearId ? eq(classes.academicYearId, yearId) : undefined))
    .orderBy(asc(classes.levelOrder), asc(classes.name));
}

/** Ids of the school's streams (any year) whose class teacher is `teacherId` or where they teach a subject. */
export async function listTeacherStreamIds(tx: Tx, schoolId: string, teacherId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        or(eq(classes.classTeacherId, teacherId), sql`${classes.id} in (select ${teacherAssignments.classId} from ${teacherAssignments} where ${teacherAssignments.teacherId} = ${teacherId})`),
      ),
    );
}

/** The school's levels (id, name), by level order then name. */
export async function listLevels(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: levels.id, name: levels.name }).from(levels).where(eq(levels.schoolId, schoolId)).orderBy(asc(levels.levelOrder), asc(levels.name));
}

/** Which of `classIds` are streams of the school (ids only, any order). */
export async function findSchoolClassIds(tx: Tx, schoolId: string, classIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), inArray(classes.id, classIds)));
}

/** Which of `levelIds` are levels of the school (ids only, any order). */
export async function findSchoolLevelIds(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: levels.id }).from(levels).where(and(eq(levels.schoolId, schoolId), inArray(levels.id, levelIds)));
}

/** Ids of the school's profiles with one of `roles` (any status). */
export async function listProfileIdsWithRoles(tx: Tx, schoolId: string, roles: string[]): Promise<{ id: string }[]> {
  return tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), inArray(profiles.role, roles)));
}

/** Ids of the school's streams (any year) of the levels `levelIds`. */
export async function listStreamIdsOfLevels(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), inArray(classes.levelId, levelIds)));
}

/** Distinct profile ids of the guardians (with an account) of the active learners in streams `classIds`. */
export async function listGuardianProfileIdsOfStreams(tx: Tx, schoolId: string, classIds: string[]): Promise<{ id: string | null }[]> {
  return tx
    .selectDistinct({ id: guardians.profileId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), inArray(students.classId, classIds), sql`${guardians.profileId} is not null`));
}

/** A guardian without an account, with what SMS and e-mail need. */
export interface GuardianContact {
  guardianId: string;
  name: string;
  phone: string | null;
  email: string | null;
  /** The guardian's language for SMS and e-mail (guardians.preferred_language), null: the school's default. */
  locale: string | null;
  /** When the guardian opted out of non-essential SMS (issue 36 §5: STOP), null: not opted out. */
  smsOptOutAt: Date | null;
}

/**
 * The school's guardians without an account (guardians.profile_id null) of the active learners in
 * streams `classIds`, or of every active learner of the school when `classIds` is 'all' (issue 36 §2).
 */
export async function listGuardiansWithoutAccount(tx: Tx, schoolId: string, classIds: string[] | 'all'): Promise<GuardianContact[]> {
  if (classIds !== 'all' && classIds.length === 0) return [];
  return tx
    .selectDistinct({ guardianId: guardians.id, name: guardians.name, phone: guardians.phone, email: guardians.email, locale: guardians.preferredLanguage, smsOptOutAt: guardians.smsOptOutAt })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(guardians.schoolId, schoolId),
        eq(students.status, 'active'),
        classIds === 'all' ? undefined : inArray(students.classId, classIds),
        sql`${guardians.profileId} is null`,
      ),
    );
}

/** Distinct guardians among `guardianIds` with a learner whose fee balance is above zero. */
export async function listOwingGuardianIds(tx: Tx, schoolId: string, guardianIds: string[]): Promise<{ id: string }[]> {
  return selectInChunks(guardianIds, (chunk) =>
    tx
      .selectDistinct({ id: guardians.id })
      .from(guardians)
      .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
      .innerJoin(studentBalances, eq(studentBalances.studentId, studentGuardians.studentId))
      .where(and(eq(guardians.schoolId, schoolId), inArray(guardians.id, chunk), sql`${studentBalances.balanceCents} > 0`)),
  );
}

/** The class teachers of streams `classIds` (null where a stream has none). */
export async function listClassTeacherIds(tx: Tx, schoolId: string, classIds: string[]): Promise<{ id: string | null }[]> {
  return tx.select({ id: classes.classTeacherId }).from(classes).where(and(eq(classes.schoolId, schoolId), inArray(classes.id, classIds)));
}

/** Distinct teachers with a subject assignment in streams `classIds`. */
export async function listSubjectTeacherIds(tx: Tx, schoolId: string, classIds: string[]): Promise<{ id: string }[]> {
  return tx.selectDistinct({ id: teacherAssignments.teacherId }).from(teacherAssignments).where(and(eq(teacherAssignments.schoolId, schoolId), inArray(teacherAssignments.classId, classIds)));
}

/** Runs a select over ids in chunks (bind-parameter limits) and concatenates the rows. */
async function selectInChunks<T>(ids: string[], q: (chunk: string[]) => Promise<T[]>, size = 1000): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await q(ids.slice(i, i + size))));
  return out;
}

/** The active profiles with a role among `ids` in the school, with their contacts and saved language (unordered). */
export async function listActivePeople(
  tx: Tx,
  schoolId: string,
  ids: string[],
): Promise<{ userId: string; name: string; role: string | null; phone: string | null; email: string | null; locale: string }[]> {
  return selectInChunks(ids, (chunk) =>
    tx
      .select({ userId: profiles.id, name: profiles.name, role: profiles.role, phone: profiles.phone, email: profiles.email, locale: profiles.locale })
      .from(profiles)
      .where(and(inArray(profiles.id, chunk), eq(profiles.schoolId, schoolId), eq(profiles.status, 'active'), sql`${profiles.role} is not null`)),
  );
}

/**
 * The phones and languages for SMS and e-mail (preferred_language) on the school's guardian records of
 * the parent profiles `profileIds` (one row per guardian record), and when each opted out of
 * non-essential SMS (issue 36 §5).
 */
export async function listGuardianPhones(
  tx: Tx,
  schoolId: string,
  profileIds: string[],
): Promise<{ id: string | null; phone: string | null; preferredLanguage: string | null; smsOptOutAt: Date | null }[]> {
  return selectInChunks(profileIds, (chunk) =>
    tx
      .select({ id: guardians.profileId, phone: guardians.phone, preferredLanguage: guardians.preferredLanguage, smsOptOutAt: guardians.smsOptOutAt })
      .from(guardians)
      .where(and(eq(guardians.schoolId, schoolId), inArray(guardians.profileId, chunk))),
  );
}

/** Distinct parent profiles among `profileIds` with a learner whose fee balance is above zero. */
export async function listOwingParentIds(tx: Tx, schoolId: string, profileIds: string[]): Promise<{ id: string | null }[]> {
  return selectInChunks(profileIds, (chunk) =>
    tx
      .selectDistinct({ id: guardians.profileId })
      .from(guardians)
      .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
      .innerJoin(studentBalances, eq(studentBalances.studentId, studentGuardians.studentId))
      .where(and(eq(guardians.schoolId, schoolId), inArray(guardians.profileId, chunk), sql`${studentBalances.balanceCents} > 0`)),
  );
}

/** Names of the school's streams among `classIds` (id, name). */
export async function listClassNames(tx: Tx, schoolId: string, classIds: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: classes.id, name: classes.name }).from(classes).where(and(eq(classes.schoolId, schoolId), inArray(classes.id, classIds)));
}

/** Names of the school's levels among `levelIds` (id, name). */
export async function listLevelNames(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: levels.id, name: levels.name }).from(levels).where(and(eq(levels.schoolId, schoolId), inArray(levels.id, levelIds)));
}
