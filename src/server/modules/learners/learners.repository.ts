import { and, asc, count, desc, eq, exists, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { learnerIdentityColumns, learnerNameColumns, type LearnerIdentity } from '../../lib/learner-columns.js';
import { containsPattern } from '../../lib/like.js';
import type { ListStudentsQuery, StudentSort } from '../../../shared/contracts/learners.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { Tx } from '../../db/tenant.js';
import {
  academicYears,
  admissionSequences,
  classes,
  guardians,
  levels,
  profiles,
  schools,
  studentEnrolments,
  studentGuardians,
  students,
  teacherAssignments,
  terms,
  transferRequests,
  type NewStudent,
  type StudentRow,
} from '../../db/schema/index.js';
import type { PageWindow } from '../../lib/paging.js';
import type { LearnerAudience } from './learner-scope.js';

export type { StudentRow } from '../../db/schema/index.js';

/**
 * Queries of the learner register. Every function takes the school (or an audience condition built by
 * visibleLearners) explicitly, on top of row-level security.
 */

/** Changes to a learner's own fields. */
export type StudentChanges = Partial<NewStudent>;
/** Changes to a guardian's own fields. */
export type GuardianChanges = Partial<typeof guardians.$inferInsert>;

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

export const listColumns = {
  ...learnerIdentityColumns,
  gender: students.gender,
  dateOfBirth: students.dateOfBirth,
  classId: students.classId,
  className: classes.name,
  status: students.status,
  upi: students.upi,
  boarding: students.boarding,
  levelName: levels.name,
  admittedOn: students.admittedOn,
  hasPhoto: sql<boolean>`${students.photoFileId} is not null`,
};

export interface ListRow extends LearnerIdentity {
  gender: string;
  dateOfBirth: string | null;
  classId: string | null;
  className: string | null;
  status: string;
  upi: string | null;
  boarding: string;
  levelName: string | null;
  admittedOn: string | null;
  hasPhoto: boolean;
}

/** A search term that looks like a phone number (7+ digits once +, spaces and dashes are gone). */
function phoneOf(term: string): string | null {
  const digits = term.replace(/[\s()+-]/g, '');
  if (!/^\d{7,12}$/.test(digits)) return null;
  return normaliseKenyanPhone(term);
}

/**
 * The register's filter conditions (issue 10 §2 Student information): every search word must appear
 * in the learner's names or numbers (students.search_text, lower-case), or the search is a guardian's
 * phone number in any Kenyan form.
 */
export function registerFilters(schoolId: string | null, q: Pick<ListStudentsQuery, 'search' | 'classId' | 'levelId' | 'status' | 'gender' | 'boarding'>): SQL[] {
  const where: SQL[] = [];
  if (schoolId) where.push(eq(students.schoolId, schoolId));
  if (q.status !== 'all') where.push(eq(students.status, q.status));
  if (q.classId) where.push(eq(students.classId, q.classId));
  if (q.levelId) where.push(sql`${students.classId} in (select ${classes.id} from ${classes} where ${classes.levelId} = ${q.levelId})`);
  if (q.gender) where.push(eq(students.gender, q.gender));
  if (q.boarding) where.push(eq(students.boarding, q.boarding));
  const search = q.search?.trim();
  if (search) {
    const phone = phoneOf(search);
    if (phone) {
      where.push(
        sql`${students.id} in (select ${studentGuardians.studentId} from ${studentGuardians}
          join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
          where ${guardians.phone} = ${phone}${schoolId ? sql` and ${guardians.schoolId} = ${schoolId}` : sql``})`,
      );
    } else {
      for (const word of search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)) {
        where.push(sql`${students.searchText} like ${containsPattern(word)}`);
      }
    }
  }
  return where;
}

function orderBy(sort: StudentSort): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'admissionNumber':
      return [dir(students.admissionNumber), asc(students.id)];
    case 'class':
      return [dir(classes.levelOrder), dir(classes.stream), asc(students.lastName), asc(students.firstName), asc(students.id)];
    case 'admittedOn':
      return [dir(students.admittedOn), asc(students.lastName), asc(students.id)];
    default:
      return [dir(students.lastName), dir(students.firstName), asc(students.id)];
  }
}

async function selectStudentPage(tx: Tx, cond: SQL | undefined, sort: StudentSort, limit: number, offset: number): Promise<ListRow[]> {
  return (await tx
    .select(listColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(cond)
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset)) as ListRow[];
}

async function countStudents(tx: Tx, cond: SQL | undefined): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(students).where(cond);
  return Number(total?.n ?? 0);
}

/** One page of the register and the number of matching learners. */
export async function listStudentRows(tx: Tx, where: SQL[], sort: StudentSort, limit: number, offset: number) {
  const cond = and(...where);
  const rows = await selectStudentPage(tx, cond, sort, limit, offset);
  const total = await countStudents(tx, cond);
  return { rows, total };
}

/** The register's filters and sort, as the list endpoint takes them. */
export type RegisterQuery = Pick<ListStudentsQuery, 'search' | 'classId' | 'levelId' | 'status' | 'gender' | 'boarding' | 'sort'>;

/** The register filters of `q` for the audience's school, narrowed to the learners the audience may see. */
function visibleRegister(audience: LearnerAudience, q: RegisterQuery): SQL | undefined {
  const where = [...registerFilters(audience.schoolId, q)];
  const visible = visibleLearners(audience);
  if (visible) where.push(visible);
  return and(...where);
}

/** One page of the register as the audience may see it, filtered, in the order `q.sort` names (ending on id). */
export async function listVisibleStudentPage(tx: Tx, audience: LearnerAudience, q: RegisterQuery, w: PageWindow): Promise<ListRow[]> {
  return selectStudentPage(tx, visibleRegister(audience, q), q.sort, w.limit, w.offset);
}

/** How many learners of the register the audience may see match the filters of `q`. */
export async function countVisibleStudents(tx: Tx, audience: LearnerAudience, q: RegisterQuery): Promise<number> {
  return countStudents(tx, visibleRegister(audience, q));
}

/** Every matching learner (exports), in register order, in pages of `batch`. */
export async function* allStudentRows(tx: Tx, where: SQL[], sort: StudentSort, batch = 2000) {
  for (let offset = 0; ; offset += batch) {
    const { rows } = await listStudentRows(tx, where, sort, batch, offset);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

/** The learner's full row with class, level and year, or undefined. */
export async function findStudent(tx: Tx, where: SQL | undefined, id: string) {
  const [row] = await tx
    .select({
      student: students,
      className: classes.name,
      stream: classes.stream,
      classTeacherId: classes.classTeacherId,
      levelId: classes.levelId,
      levelName: levels.name,
      academicYear: academicYears.name,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .leftJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(students.id, id), where));
  return row;
}
export type StudentRecord = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

/** The school's learner `id` (full row with class, level and year), or undefined. */
export async function findSchoolStudent(tx: Tx, schoolId: string, id: string): Promise<StudentRecord | undefined> {
  return findStudent(tx, eq(students.schoolId, schoolId), id);
}

/** The learner `id` if the audience may see them (full row with class, level and year), or undefined. */
export async function findVisibleStudent(tx: Tx, audience: LearnerAudience, id: string): Promise<StudentRecord | undefined> {
  return findStudent(tx, visibleLearners(audience), id);
}

/** The learner's guardians (primary first) with whether each has a sign-in account. */
export async function guardiansOf(tx: Tx, studentId: string) {
  return tx
    .select({
      id: guardians.id,
      name: guardians.name,
      relationship: studentGuardians.relationship,
      relationshipLabel: studentGuardians.relationshipLabel,
      phone: guardians.phone,
      email: guardians.email,
      isPrimary: studentGuardians.isPrimary,
      hasAccount: sql<boolean>`${guardians.profileId} is not null`,
      idNumber: guardians.idNumber,
      occupation: guardians.occupation,
      preferredLanguage: sql<'en' | 'sw'>`coalesce(${guardians.preferredLanguage}, (select ${schools.defaultLocale} from ${schools} where ${schools.id} = ${guardians.schoolId}))`,
      followsSchoolLanguage: sql<boolean>`${guardians.preferredLanguage} is null`,
      smsOptOut: sql<boolean>`${guardians.smsOptOutAt} is not null`,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name), asc(guardians.id));
}

/** Other learners linked to these guardians (siblings), by guardian. */
export async function childrenOfGuardians(tx: Tx, guardianIds: string[], exceptStudentId?: string) {
  if (guardianIds.length === 0) return [];
  return tx
    .select({
      guardianId: studentGuardians.guardianId,
      id: students.id,
      ...learnerNameColumns,
      className: classes.name,
      relationship: studentGuardians.relationship,
      status: students.status,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(inArray(studentGuardians.guardianId, guardianIds), exceptStudentId ? ne(students.id, exceptStudentId) : undefined))
    .orderBy(asc(students.firstName), asc(students.id), asc(studentGuardians.guardianId));
}

/** A guardian of the school by normalised phone. */
export async function findGuardianByPhone(tx: Tx, schoolId: string, phone: string) {
  const [row] = await tx
    .select()
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.phone, phone)));
  return row;
}

/** The class with its year's state and active learner count (admission and class moves). */
export async function findClassForPlacement(tx: Tx, schoolId: string, classId: string) {
  const [row] = await tx
    .select({
      id: classes.id,
      name: classes.name,
      capacity: classes.capacity,
      academicYearId: classes.academicYearId,
      yearStatus: academicYears.status,
      yearStartsOn: academicYears.startsOn,
      learners: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  return row;
}

/** Puts the learner in `classId` for that class's year (class history), creating or moving the year's row. */
export async function placeInClass(tx: Tx, schoolId: string, studentId: string, classId: string, academicYearId: string, startedOn: string) {
  await tx
    .insert(studentEnrolments)
    .values({ schoolId, studentId, academicYearId, classId, startedOn })
    .onConflictDoUpdate({
      target: [studentEnrolments.studentId, studentEnrolments.academicYearId],
      set: { classId, updatedAt: new Date() },
    });
}

/** Class history, newest year first. */
export async function classHistory(tx: Tx, studentId: string) {
  return tx
    .select({
      academicYearId: studentEnrolments.academicYearId,
      academicYear: academicYears.name,
      classId: classes.id,
      className: classes.name,
      classTeacher: profiles.name,
      startedOn: studentEnrolments.startedOn,
      endedOn: studentEnrolments.endedOn,
      outcome: studentEnrolments.outcome,
    })
    .from(studentEnrolments)
    .innerJoin(academicYears, eq(academicYears.id, studentEnrolments.academicYearId))
    .innerJoin(classes, eq(classes.id, studentEnrolments.classId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(eq(studentEnrolments.studentId, studentId))
    .orderBy(desc(academicYears.startsOn), asc(studentEnrolments.id));
}

/** Is there a profile with this e-mail? Returns its id, role and school. */
export async function profileByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: profiles.id, role: profiles.role, schoolId: profiles.schoolId })
    .from(profiles)
    .where(eq(profiles.email, email));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Admission, learner and guardian writes

/** Inserts a learner and returns the new row. */
export async function insertStudent(tx: Tx, values: NewStudent): Promise<StudentRow | undefined> {
  const [created] = await tx.insert(students).values(values).returning();
  return created;
}

/** Writes `changes` (and updated_at) onto the school's learner `id`. */
export async function updateStudentFields(tx: Tx, schoolId: string, id: string, changes: StudentChanges): Promise<void> {
  await tx.update(students).set({ ...changes, updatedAt: new Date() }).where(and(eq(students.id, id), eq(students.schoolId, schoolId)));
}

/** Inserts a guardian of the school and returns the new row. */
export async function insertGuardian(tx: Tx, values: typeof guardians.$inferInsert) {
  const [row] = await tx.insert(guardians).values(values).returning();
  return row;
}

/** Sets guardian `id`'s e-mail (and updated_at). */
export async function setGuardianEmail(tx: Tx, id: string, email: string): Promise<void> {
  await tx.update(guardians).set({ email, updatedAt: new Date() }).where(eq(guardians.id, id));
}

/** Links guardian `id` to a sign-in account (profile) (and sets updated_at). */
export async function setGuardianProfile(tx: Tx, id: string, profileId: string): Promise<void> {
  await tx.update(guardians).set({ profileId, updatedAt: new Date() }).where(eq(guardians.id, id));
}

/** Writes `changes` (and updated_at) onto the school's guardian `id`. */
export async function updateGuardianFields(tx: Tx, schoolId: string, id: string, changes: GuardianChanges): Promise<void> {
  await tx.update(guardians).set({ ...changes, updatedAt: new Date() }).where(and(eq(guardians.id, id), eq(guardians.schoolId, schoolId)));
}

/** Deletes guardian `id`. */
export async function deleteGuardian(tx: Tx, id: string): Promise<void> {
  await tx.delete(guardians).where(eq(guardians.id, id));
}

/**
 * Links a guardian to a learner, or updates the existing link's relationship and primary flag. The
 * typed relationship word of an import (relationship_label) stays while the relationship is the same
 * and is cleared when it changes (the form chooses from the vocabulary).
 */
export async function upsertGuardianLink(tx: Tx, schoolId: string, studentId: string, guardianId: string, relationship: string, isPrimary: boolean): Promise<void> {
  await tx
    .insert(studentGuardians)
    .values({ schoolId, studentId, guardianId, relationship, isPrimary })
    .onConflictDoUpdate({
      target: [studentGuardians.studentId, studentGuardians.guardianId],
      set: {
        relationship,
        isPrimary,
        relationshipLabel: sql`case when ${studentGuardians.relationship} = excluded.relationship then ${studentGuardians.relationshipLabel} end`,
      },
    });
}

/** Clears the primary flag of every guardian link of the learner. */
export async function clearPrimaryGuardian(tx: Tx, studentId: string): Promise<void> {
  await tx.update(studentGuardians).set({ isPrimary: false }).where(eq(studentGuardians.studentId, studentId));
}

/** Writes `changes` onto the link between the learner and guardian. */
export async function updateGuardianLink(tx: Tx, studentId: string, guardianId: string, changes: { relationship?: string; relationshipLabel?: string | null; isPrimary?: boolean }): Promise<void> {
  await tx
    .update(studentGuardians)
    .set(changes)
    .where(and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.guardianId, guardianId)));
}

/** Removes the link between the learner and guardian. */
export async function deleteGuardianLink(tx: Tx, studentId: string, guardianId: string): Promise<void> {
  await tx.delete(studentGuardians).where(and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.guardianId, guardianId)));
}

/** How many learners guardian `guardianId` is linked to. */
export async function countGuardianLinks(tx: Tx, guardianId: string): Promise<number> {
  const [left] = await tx.select({ n: count() }).from(studentGuardians).where(eq(studentGuardians.guardianId, guardianId));
  return Number(left?.n ?? 0);
}

/** The school's name, or undefined when the school is not visible. */
export async function findSchoolName(tx: Tx, schoolId: string): Promise<{ name: string } | undefined> {
  const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return school;
}

// ---------------------------------------------------------------------------------------------------
// Admission numbers

/** The school's admission number pattern, or undefined when the school is not visible. */
export async function findAdmissionPattern(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [row] = await tx.select({ pattern: schools.admissionNumberPattern }).from(schools).where(eq(schools.id, schoolId));
  return row?.pattern;
}

/** Which of `lowerNumbers` (lower-case) are admission numbers of the school's learners, lower-cased; unordered. */
export async function findUsedAdmissionNumbers(tx: Tx, schoolId: string, lowerNumbers: string[]): Promise<string[]> {
  const rows = await tx
    .select({ n: sql<string>`lower(${students.admissionNumber})` })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(sql`lower(${students.admissionNumber})`, lowerNumbers)));
  return rows.map((r) => r.n);
}

/**
 * Advances the school's admission sequence `prefix` by `count` (creating it at `count`), under that
 * row's lock; returns the sequence's new last value.
 */
export async function advanceAdmissionSequence(tx: Tx, schoolId: string, prefix: string, count: number): Promise<number> {
  const [row] = await tx
    .insert(admissionSequences)
    .values({ schoolId, prefix, lastValue: count })
    .onConflictDoUpdate({
      target: [admissionSequences.schoolId, admissionSequences.prefix],
      set: { lastValue: sql`${admissionSequences.lastValue} + ${count}` },
    })
    .returning({ last: admissionSequences.lastValue });
  return row!.last;
}

// ---------------------------------------------------------------------------------------------------
// Register figures

const split = {
  total: sql<number>`count(*)`.mapWith(Number),
  female: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
  male: sql<number>`count(*) filter (where ${students.gender} = 'male')`.mapWith(Number),
  boarding: sql<number>`count(*) filter (where ${students.boarding} = 'boarding')`.mapWith(Number),
  day: sql<number>`count(*) filter (where ${students.boarding} <> 'boarding')`.mapWith(Number),
};

const activeVisible = (a: LearnerAudience) => and(eq(students.status, 'active'), visibleLearners(a));

/** Active learners the audience sees: total, by gender and by boarding (one row, or none). */
export async function activeSplit(tx: Tx, audience: LearnerAudience) {
  const [totals] = await tx.select(split).from(students).where(activeVisible(audience));
  return totals;
}

/** Active learners the audience sees per level of their class (split as activeSplit), in level order (no level last), then name. */
export async function activeSplitByLevel(tx: Tx, audience: LearnerAudience) {
  return tx
    .select({ ...split, levelId: levels.id, level: levels.name, levelOrder: levels.levelOrder })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(activeVisible(audience))
    .groupBy(levels.id, levels.name, levels.levelOrder)
    .orderBy(sql`${levels.levelOrder} asc nulls last`, asc(levels.name), asc(levels.id));
}

/** Active learners the audience sees per stream (class), by level order, then stream. */
export async function activeCountByStream(tx: Tx, audience: LearnerAudience) {
  return tx
    .select({ classId: classes.id, name: classes.name, levelId: classes.levelId, total: split.total })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(activeVisible(audience))
    .groupBy(classes.id, classes.name, classes.levelId, classes.levelOrder, classes.stream)
    .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(classes.id));
}

/** The school's current term (name, year name, dates), or undefined. */
export async function findCurrentTerm(tx: Tx, schoolId: string) {
  const [current] = await tx
    .select({ name: terms.name, academicYear: academicYears.name, startsOn: terms.startsOn, endsOn: terms.endsOn })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)))
    .limit(1);
  return current;
}

/** How many learners the audience sees (any status) were admitted `from`..`to` (inclusive). */
export async function countAdmittedBetween(tx: Tx, audience: LearnerAudience, from: string, to: string): Promise<number> {
  const [admitted] = await tx
    .select({ n: count() })
    .from(students)
    .where(and(visibleLearners(audience), gte(students.admittedOn, from), lte(students.admittedOn, to)));
  return Number(admitted?.n ?? 0);
}

/** How many transfer requests into the school are pending. */
export async function countPendingIncomingTransfers(tx: Tx, schoolId: string): Promise<number> {
  const [pending] = await tx
    .select({ n: count() })
    .from(transferRequests)
    .where(and(eq(transferRequests.toSchoolId, schoolId), eq(transferRequests.status, 'pending')));
  return Number(pending?.n ?? 0);
}

/**
 * A parent account made for a guardian reads in the guardian's language (issue 36 §1): the guardian's
 * preferred_language, else the school's default_locale.
 */
export async function setProfileLocaleFromGuardian(tx: Tx, profileId: string, guardianId: string): Promise<void> {
  await tx
    .update(profiles)
    .set({
      locale: sql`coalesce((select ${guardians.preferredLanguage} from ${guardians} where ${guardians.id} = ${guardianId}), (select ${schools.defaultLocale} from ${schools} where ${schools.id} = ${profiles.schoolId}), 'en')`,
    })
    .where(eq(profiles.id, profileId));
}
