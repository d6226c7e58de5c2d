import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Actor } from '../../../shared/access.js';
import {
  ageOn,
  learnerName,
  type ClassHistoryEntry,
  type CreateStudentInput,
  type GuardianLookup,
  type ListStudentsQuery,
  type ListStudentsResponse,
  type StudentDetail,
  type StudentListItem,
  type UpdateStudentInput,
  guardianInputSchema,
  updateGuardianBody,
} from '../../../shared/contracts/learners.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { auditSchool } from '../../lib/school-context.js';
import { insertAccount } from '../auth/index.js';
import { findUserIdByEmail } from '../auth/index.js';
import { sendAccountSetupMail } from '../auth/index.js';
import { allocateAdmissionNumbers, takenAdmissionNumbers } from './admission-numbers.js';
import { audienceScope, isClassTeacherOf, learnerAudience, learnerNotFound, type LearnerAudience } from './learner-scope.js';
import { recordAdmissionConsents } from '../data-protection/index.js';
import * as repo from './learners.repository.js';
import { type AuthDeps } from '../../lib/module-deps.js';
import { paginate } from '../../lib/paging.js';

const m = messages.learners;

export interface RequestInfo {
  ip: string;
}

type GuardianInput = z.output<typeof guardianInputSchema>;
type GuardianPatch = z.output<typeof updateGuardianBody>;

/** Audit actions of the register (the Audit Trail lists them). */
export const LEARNER_AUDIT = {
  admitted: 'STUDENT_ADMITTED',
  updated: 'STUDENT_UPDATED',
  guardianAdded: 'GUARDIAN_LINKED',
  guardianUpdated: 'GUARDIAN_UPDATED',
  guardianRemoved: 'GUARDIAN_UNLINKED',
  parentAccountCreated: 'PARENT_ACCOUNT_CREATED',
} as const;

function toListItem(r: repo.ListRow): StudentListItem {
  return {
    id: r.id,
    admissionNumber: r.admissionNumber,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    gender: r.gender as StudentListItem['gender'],
    dateOfBirth: r.dateOfBirth,
    classId: r.classId,
    className: r.className,
    status: r.status as StudentListItem['status'],
    upi: r.upi,
    boarding: r.boarding as StudentListItem['boarding'],
    levelName: r.levelName,
    admittedOn: r.admittedOn,
    hasPhoto: !!r.hasPhoto,
  };
}

/**
 * The register (GET /api/students, issue 10 §4): one page of the learners the caller may see, filtered,
 * sorted, with the total. Platform staff name a school with schoolId (else every school).
 */
export async function listStudents(database: Database, actor: Actor, q: ListStudentsQuery): Promise<ListStudentsResponse> {
  const audience = learnerAudience(actor, q.schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const page = await paginate(
      q,
      (w) => repo.listVisibleStudentPage(tx, audience, q, w),
      () => repo.countVisibleStudents(tx, audience, q),
    );
    return { ...page, items: page.items.map(toListItem) };
  });
}

/** The learner as `audience` may see them, or 404. */
async function visibleStudent(tx: Tx, audience: LearnerAudience, id: string): Promise<repo.StudentRecord> {
  const row = await repo.findVisibleStudent(tx, audience, id);
  if (!row) throw learnerNotFound();
  return row;
}

async function toDetail(tx: Tx, actor: Actor, row: repo.StudentRecord): Promise<StudentDetail> {
  const s = row.student;
  // Guardian contacts: everyone who sees the learner except a subject teacher (issue 10 §3: "the class
  // teacher also sees guardian contacts"). Medical notes: not the finance officer.
  const seesGuardians = actor.role !== 'teacher' || isClassTeacherOf(actor.id, row.classTeacherId);
  const seesMedical = actor.role !== 'finance_officer';
  const list = seesGuardians ? await repo.guardiansOf(tx, s.id) : [];
  const siblings = seesGuardians && actor.role !== 'parent' ? await repo.childrenOfGuardians(tx, list.map((g) => g.id), s.id) : [];
  return {
    ...toListItem({
      id: s.id,
      admissionNumber: s.admissionNumber,
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      gender: s.gender,
      dateOfBirth: s.dateOfBirth,
      classId: s.classId,
      className: row.className,
      status: s.status,
      upi: s.upi,
      boarding: s.boarding,
      levelName: row.levelName,
      admittedOn: s.admittedOn,
      hasPhoto: !!s.photoFileId,
    }),
    schoolId: s.schoolId,
    assessmentNumber: s.assessmentNumber,
    birthCertificateNumber: s.birthCertificateNumber,
    previousSchool: s.previousSchool,
    previousUpi: s.previousUpi,
    medicalNotes: seesMedical ? s.medicalNotes : null,
    specialNeeds: seesMedical ? s.specialNeeds : null,
    nationality: s.nationality,
    residenceCountyCode: s.residenceCountyCode,
    residenceSubCounty: s.residenceSubCounty,
    specialNeedsCodes: seesMedical ? s.specialNeedsCodes : [],
    medicalCondition: seesMedical ? s.medicalCondition : null,
    shaNumber: s.shaNumber,
    kcpeIndexNumber: s.kcpeIndexNumber,
    kpseaIndexNumber: s.kpseaIndexNumber,
    levelId: row.levelId,
    stream: row.stream,
    academicYear: row.academicYear,
    leftOn: s.leftOn,
    leavingReason: s.leavingReason,
    photoUrl: s.photoFileId ? `/api/students/${s.id}/photo?v=${s.photoFileId.slice(0, 8)}` : null,
    guardians: list.map((g) => ({
      ...g,
      otherChildren: siblings
        .filter((c) => c.guardianId === g.id)
        .map((c) => ({ id: c.id, name: learnerName(c), className: c.className })),
    })),
    canEdit: actor.role === 'principal',
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** GET /api/students/:id: the record with guardians; 404 for a learner the caller may not see. */
export async function getStudent(database: Database, actor: Actor, id: string): Promise<StudentDetail> {
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) =>
    toDetail(tx, actor, await visibleStudent(tx, audience, id)),
  );
}

/** GET /api/students/:id/history: class history, newest year first. */
export async function getClassHistory(database: Database, actor: Actor, id: string): Promise<ClassHistoryEntry[]> {
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    await visibleStudent(tx, audience, id);
    return repo.classHistory(tx, id);
  });
}

/** The school of a principal (the only role that writes learner records). */
function writerSchool(actor: Actor): string {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(messages.friendly.permission);
  return actor.schoolId;
}

/** Checks a date of birth against today (Africa/Nairobi): not in the future, not more than 30 years ago. */
function checkDateOfBirth(dob: string, today: string): void {
  if (dob > today) throw badRequest(m.dateOfBirthFuture, { dateOfBirth: m.dateOfBirthFuture });
  if (ageOn(dob, today) > 30) throw badRequest(m.dateOfBirthTooOld, { dateOfBirth: m.dateOfBirthTooOld });
}

/**
 * The class a learner is placed in (admission, class move, transfer in, readmission): of this school
 * (400 otherwise), of an open year (400), within capacity unless `overrideCapacity` (409 OVER_CAPACITY;
 * `alreadyIn`: the learner already counts among its learners). Returns the class with its year's id,
 * status and start and its active learners.
 */
export async function checkPlacement(tx: Tx, schoolId: string, classId: string, overrideCapacity: boolean | undefined, alreadyIn = false) {
  const cls = await repo.findClassForPlacement(tx, schoolId, classId);
  if (!cls) throw badRequest(m.unknownClass, { classId: m.unknownClass });
  if (cls.yearStatus !== 'open') throw badRequest(m.classNotCurrentYear, { classId: m.classNotCurrentYear });
  const after = cls.learners + (alreadyIn ? 0 : 1);
  if (after > cls.capacity && !overrideCapacity) {
    throw new AppError(409, 'OVER_CAPACITY', m.overCapacity(cls.name, cls.learners, cls.capacity), { fields: { classId: m.overCapacity(cls.name, cls.learners, cls.capacity) } });
  }
  return cls;
}

function duplicateAdmission(n: string): AppError {
  return new AppError(409, 'DUPLICATE_ADMISSION_NUMBER', m.admissionNumberTaken(n), { fields: { admissionNumber: m.admissionNumberTaken(n) } });
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === '23505' && (!constraint || x.constraint === constraint || String(x.message ?? '').includes(constraint))) return true;
  }
  return false;
}

/** Normalised guardian phones of a form, with field errors keyed guardians.<i>.phone. */
function normaliseGuardianPhones(list: GuardianInput[]): string[] {
  const fields: Record<string, string> = {};
  const phones = list.map((g, i) => {
    const phone = normaliseKenyanPhone(g.phone);
    if (!phone) fields[`guardians.${i}.phone`] = m.invalidPhone;
    return phone ?? '';
  });
  if (Object.keys(fields).length) throw badRequest(m.invalidPhone, fields);
  phones.forEach((p, i) => {
    if (phones.indexOf(p) !== i) fields[`guardians.${i}.phone`] = m.duplicateGuardianPhone;
  });
  if (Object.keys(fields).length) throw badRequest(m.duplicateGuardianPhone, fields);
  return phones;
}

interface PendingMail {
  email: string;
  name: string;
}

/**
 * Links a guardian to a learner: the school's guardian with this phone when one exists (siblings share
 * a parent; issue 10 §2), else a new guardian. With createAccount, gives the guardian a parent account
 * (or links the school's existing parent account with that e-mail). Returns notices for the user and
 * the set-password e-mails to send after commit.
 */
async function linkGuardian(
  tx: Tx,
  ctx: { schoolId: string; actor: Actor; ip: string; passwordHash: () => Promise<string> },
  studentId: string,
  g: GuardianInput,
  phone: string,
  isPrimary: boolean,
  index: number,
): Promise<{ notices: string[]; mail: PendingMail | null; guardianId: string }> {
  const notices: string[] = [];
  let guardian = await repo.findGuardianByPhone(tx, ctx.schoolId, phone);
  if (guardian) {
    notices.push(m.guardianLinked(guardian.name));
    if (!guardian.email && g.email) {
      await repo.setGuardianEmail(tx, guardian.id, g.email);
      guardian = { ...guardian, email: g.email };
    }
  } else {
    guardian = await repo.insertGuardian(tx, { schoolId: ctx.schoolId, name: g.name, phone, email: g.email, idNumber: g.idNumber ?? null, occupation: g.occupation ?? null, preferredLanguage: g.preferredLanguage ?? null });
  }
  await repo.upsertGuardianLink(tx, ctx.schoolId, studentId, guardian!.id, g.relationship, isPrimary);
  let mail: PendingMail | null = null;
  if (g.createAccount && !guardian!.profileId) {
    const email = g.email ?? guardian!.email;
    if (!email) throw badRequest(m.accountNeedsEmail, { [`guardians.${index}.email`]: m.accountNeedsEmail });
    const existing = await findUserIdByEmail(tx, email);
    let profileId: string;
    if (existing) {
      const profile = await repo.profileByEmail(tx, email);
      if (!profile || profile.role !== 'parent' || profile.schoolId !== ctx.schoolId) {
        throw badRequest(m.accountEmailTaken, { [`guardians.${index}.email`]: m.accountEmailTaken });
      }
      profileId = profile.id;
    } else {
      profileId = await insertAccount(tx, { email, name: guardian!.name, role: 'parent', schoolId: ctx.schoolId, passwordHash: await ctx.passwordHash(), phone });
      await repo.setProfileLocaleFromGuardian(tx, profileId, guardian!.id);
      mail = { email, name: guardian!.name };
      notices.push(m.parentAccountCreated(email));
      await auditSchool(tx, ctx, LEARNER_AUDIT.parentAccountCreated, `user:${profileId}`, undefined, { email, name: guardian!.name, role: 'parent', guardianId: guardian!.id });
    }
    await repo.setGuardianProfile(tx, guardian!.id, profileId);
  }
  return { notices, mail, guardianId: guardian!.id };
}

/** A random password nobody knows: parent accounts get theirs through the e-mailed link. */
function lazyUnknownPasswordHash(): () => Promise<string> {
  let hash: Promise<string> | null = null;
  return () => (hash ??= hashPassword(randomBytes(24).toString('base64url')));
}

async function sendSetupMails(deps: AuthDeps, schoolId: string, mails: PendingMail[], notices: string[]): Promise<void> {
  if (!mails.length) return;
  const school = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => repo.findSchoolName(tx, schoolId));
  for (const mail of mails) {
    try {
      await sendAccountSetupMail(deps, { ...mail, schoolName: school?.name ?? messages.passwordReset.yourSchool });
    } catch (err) {
      notices.push(err instanceof AppError ? err.message : messages.passwordReset.accountSetupFailed);
    }
  }
}

/**
 * Admission (POST /api/students, issue 10 §2 Student admission): the learner, their class history row
 * for the class's year, and their guardians, in one transaction with a STUDENT_ADMITTED audit entry.
 * The admission number is the typed one (unique case-insensitively: 409 DUPLICATE_ADMISSION_NUMBER) or
 * the next of the school's pattern for the admission year. 400 with field errors for an unknown class,
 * invalid phone, future date of birth; 409 OVER_CAPACITY for a full stream unless overrideCapacity.
 * Parent accounts (createAccount) are e-mailed a link to set a password after the commit.
 */
export async function createStudent(
  deps: AuthDeps,
  actor: Actor,
  body: CreateStudentInput,
  req: RequestInfo,
  /** More writes that must land with the admission or not at all (a transfer in records itself here). */
  alsoInTransaction?: (tx: Tx, student: repo.StudentRow) => Promise<void>,
) {
  const schoolId = writerSchool(actor);
  const today = schoolToday();
  checkDateOfBirth(body.dateOfBirth, today);
  const admittedOn = body.admittedOn ?? today;
  if (admittedOn > today) throw badRequest(m.admittedOnFuture, { admittedOn: m.admittedOnFuture });
  const phones = normaliseGuardianPhones(body.guardians);
  const primaryIndex = Math.max(0, body.guardians.findIndex((g) => g.isPrimary));
  const passwordHash = lazyUnknownPasswordHash();
  if (body.guardians.some((g) => g.createAccount)) await passwordHash();
  const mails: PendingMail[] = [];
  const notices: string[] = [];
  try {
    const detail = await withScope(deps.database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
      const cls = await checkPlacement(tx, schoolId, body.classId, body.overrideCapacity);
      let admissionNumber = body.admissionNumber;
      if (admissionNumber) {
        if ((await takenAdmissionNumbers(tx, schoolId, [admissionNumber])).size) throw duplicateAdmission(admissionNumber);
      } else {
        [admissionNumber] = await allocateAdmissionNumbers(tx, schoolId, Number(admittedOn.slice(0, 4)), 1);
      }
      const created = await repo.insertStudent(tx, {
        schoolId,
        admissionNumber: admissionNumber!,
        firstName: body.firstName,
        middleName: body.middleName ?? null,
        lastName: body.lastName,
        gender: body.gender,
        dateOfBirth: body.dateOfBirth,
        classId: cls.id,
        upi: body.upi ?? null,
        assessmentNumber: body.assessmentNumber ?? null,
        birthCertificateNumber: body.birthCertificateNumber ?? null,
        boarding: body.boarding,
        previousSchool: body.previousSchool ?? null,
        previousUpi: body.previousUpi ?? null,
        medicalNotes: body.medicalNotes ?? null,
        specialNeeds: body.specialNeeds ?? null,
        nationality: body.nationality ?? null,
        residenceCountyCode: body.residenceCountyCode ?? null,
        residenceSubCounty: body.residenceSubCounty ?? null,
        specialNeedsCodes: body.specialNeedsCodes ?? [],
        medicalCondition: body.medicalCondition ?? null,
        shaNumber: body.shaNumber ?? null,
        kcpeIndexNumber: body.kcpeIndexNumber ?? null,
        kpseaIndexNumber: body.kpseaIndexNumber ?? null,
        status: 'active',
        admittedOn,
      });
      const s = created!;
      await repo.placeInClass(tx, schoolId, s.id, cls.id, cls.academicYearId, admittedOn > cls.yearStartsOn ? admittedOn : cls.yearStartsOn);
      const ctx = { schoolId, actor, ip: req.ip, passwordHash };
      const linked: string[] = [];
      for (const [i, g] of body.guardians.entries()) {
        const r = await linkGuardian(tx, ctx, s.id, g, phones[i]!, i === primaryIndex, i);
        notices.push(...r.notices);
        if (r.mail) mails.push(r.mail);
        linked.push(r.guardianId);
      }
      // The consents asked on the admission form (issue 35 §5), saved with the learner.
      if (body.consents) await recordAdmissionConsents(tx, { schoolId, actorId: actor.id, role: actor.role }, s.id, linked, body.consents);
      await auditSchool(tx, ctx, LEARNER_AUDIT.admitted, `student:${s.id}`, undefined, { ...auditable(s), guardianIds: linked, overCapacity: cls.learners + 1 > cls.capacity, ...(body.consents ? { consents: body.consents } : {}) });
      if (alsoInTransaction) await alsoInTransaction(tx, s);
      return toDetail(tx, actor, (await repo.findStudent(tx, undefined, s.id))!);
    });
    await sendSetupMails(deps, schoolId, mails, notices);
    return { ...detail, notices: [m.admitted(learnerName(detail), detail.admissionNumber), ...notices] };
  } catch (err) {
    if (isUniqueViolation(err, 'students_school_admission')) throw duplicateAdmission(body.admissionNumber ?? '');
    throw err;
  }
}

/** The learner's own fields as the audit trail records them. */
function auditable(s: repo.StudentRow) {
  const { searchText: _s, createdAt: _c, updatedAt: _u, schoolId: _sc, ...rest } = s;
  return rest;
}

/**
 * PATCH /api/students/:id (issue 10 §2 "Edits are audited with old and new values"): changes any of the
 * learner's fields; moving class changes the class history of that class's year and is checked like an
 * admission (open year, capacity). Audited as STUDENT_UPDATED with the changed fields only; no change,
 * no entry. 404 for an unknown learner, 409 for a taken admission number.
 */
export async function updateStudent(database: Database, actor: Actor, id: string, body: UpdateStudentInput, req: RequestInfo): Promise<StudentDetail> {
  const schoolId = writerSchool(actor);
  const today = schoolToday();
  if (body.dateOfBirth) checkDateOfBirth(body.dateOfBirth, today);
  if (body.admittedOn && body.admittedOn > today) throw badRequest(m.admittedOnFuture, { admittedOn: m.admittedOnFuture });
  try {
    return await withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
      const row = await repo.findSchoolStudent(tx, schoolId, id);
      if (!row) throw learnerNotFound();
      const before = row.student;
      const { overrideCapacity, guardians: guardianLanguages, ...fields } = body;
      if (guardianLanguages?.length) await setGuardianLanguages(tx, { actor, schoolId, ip: req.ip }, id, guardianLanguages);
      const changes: repo.StudentChanges = {};
      for (const [k, v] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
        if (v === undefined) continue;
        // Arrays (the KEMIS special-needs codes) compare by value.
        if (JSON.stringify((before as Record<string, unknown>)[k] ?? null) !== JSON.stringify(v)) (changes as Record<string, unknown>)[k] = v;
      }
      if (changes.admissionNumber && changes.admissionNumber.toLowerCase() !== before.admissionNumber.toLowerCase()) {
        if ((await takenAdmissionNumbers(tx, schoolId, [changes.admissionNumber])).size) throw duplicateAdmission(changes.admissionNumber);
      }
      if (changes.classId) {
        if (before.status !== 'active') throw badRequest(m.notActive, { classId: m.notActive });
        const cls = await checkPlacement(tx, schoolId, changes.classId, overrideCapacity);
        await repo.placeInClass(tx, schoolId, id, cls.id, cls.academicYearId, today);
      }
      if (Object.keys(changes).length === 0) return toDetail(tx, actor, row);
      await repo.updateStudentFields(tx, schoolId, id, changes);
      const oldValue = Object.fromEntries(Object.keys(changes).map((k) => [k, (before as Record<string, unknown>)[k] ?? null]));
      await auditSchool(tx, { actor, schoolId, ip: req.ip }, LEARNER_AUDIT.updated, `student:${id}`, oldValue, changes);
      return toDetail(tx, actor, (await repo.findStudent(tx, undefined, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'students_school_admission')) throw duplicateAdmission(body.admissionNumber ?? '');
    throw err;
  }
}

/**
 * The language of some of a learner's guardians (PATCH /api/students/:id `guardians`, issue 36 §5):
 * null follows the school's default. A guardian not linked to this learner → 404 and nothing changes
 * (the caller's transaction). Each change audited as GUARDIAN_UPDATED.
 */
async function setGuardianLanguages(
  tx: Tx,
  ctx: { actor: Actor; schoolId: string; ip: string },
  studentId: string,
  wanted: { id: string; preferredLanguage: 'en' | 'sw' | null }[],
): Promise<void> {
  const links = await repo.guardiansOf(tx, studentId);
  for (const w of wanted) {
    const link = links.find((l) => l.id === w.id);
    if (!link) throw new AppError(404, 'NOT_FOUND', m.guardianNotFound);
    const current = link.followsSchoolLanguage ? null : link.preferredLanguage;
    if (current === w.preferredLanguage) continue;
    await repo.updateGuardianFields(tx, ctx.schoolId, w.id, { preferredLanguage: w.preferredLanguage });
    await auditSchool(tx, ctx, LEARNER_AUDIT.guardianUpdated, `guardian:${w.id}`, { preferredLanguage: current }, { preferredLanguage: w.preferredLanguage }, { studentId });
  }
}

/**
 * POST /api/students/:id/guardians: links one more guardian (an existing one by phone, or a new one).
 * At most four per learner. Audited as GUARDIAN_LINKED.
 */
export async function addGuardian(deps: AuthDeps, actor: Actor, studentId: string, g: GuardianInput, req: RequestInfo): Promise<StudentDetail> {
  const schoolId = writerSchool(actor);
  const [phone] = normaliseGuardianPhones([g]);
  const passwordHash = lazyUnknownPasswordHash();
  if (g.createAccount) await passwordHash();
  const mails: PendingMail[] = [];
  const notices: string[] = [];
  const detail = await withScope(deps.database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    const row = await repo.findSchoolStudent(tx, schoolId, studentId);
    if (!row) throw learnerNotFound();
    const current = await repo.guardiansOf(tx, studentId);
    if (current.some((x) => x.phone === phone)) throw badRequest(m.duplicateGuardianPhone, { phone: m.duplicateGuardianPhone });
    if (current.length >= 4) throw badRequest(m.tooManyGuardians);
    const isPrimary = g.isPrimary ?? current.length === 0;
    if (isPrimary) await repo.clearPrimaryGuardian(tx, studentId);
    const r = await linkGuardian(tx, { schoolId, actor, ip: req.ip, passwordHash }, studentId, g, phone!, isPrimary, 0);
    notices.push(...r.notices);
    if (r.mail) mails.push(r.mail);
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, LEARNER_AUDIT.guardianAdded, `student:${studentId}`, undefined, {
      guardianId: r.guardianId,
      name: g.name,
      relationship: g.relationship,
      phone,
      isPrimary,
    });
    return toDetail(tx, actor, row);
  });
  await sendSetupMails(deps, schoolId, mails, notices);
  return detail;
}

/**
 * PATCH /api/students/:id/guardians/:guardianId: the guardian's name, phone (kept unique in the school),
 * e-mail, ID number, occupation, and this link's relationship and primary flag; createAccount gives
 * them a parent account; smsOptOut records their opt-out of non-essential SMS (issue 36 §5, as a STOP
 * reply does). Audited as GUARDIAN_UPDATED with old and new values.
 */
export async function updateGuardian(deps: AuthDeps, actor: Actor, studentId: string, guardianId: string, patch: GuardianPatch, req: RequestInfo): Promise<StudentDetail> {
  const schoolId = writerSchool(actor);
  let phone: string | undefined;
  if (patch.phone !== undefined) {
    phone = normaliseKenyanPhone(patch.phone) ?? undefined;
    if (!phone) throw badRequest(m.invalidPhone, { phone: m.invalidPhone });
  }
  const passwordHash = lazyUnknownPasswordHash();
  if (patch.createAccount) await passwordHash();
  const mails: PendingMail[] = [];
  const notices: string[] = [];
  const detail = await withScope(deps.database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    const row = await repo.findSchoolStudent(tx, schoolId, studentId);
    if (!row) throw learnerNotFound();
    const links = await repo.guardiansOf(tx, studentId);
    const link = links.find((x) => x.id === guardianId);
    if (!link) throw new AppError(404, 'NOT_FOUND', m.guardianNotFound);
    if (phone && phone !== link.phone) {
      const other = await repo.findGuardianByPhone(tx, schoolId, phone);
      if (other) throw new AppError(409, 'PHONE_TAKEN', m.guardianLinked(other.name), { fields: { phone: messages.learners.duplicateGuardianPhone } });
    }
    const guardianChanges: repo.GuardianChanges = {};
    if (patch.name !== undefined && patch.name !== link.name) guardianChanges.name = patch.name;
    if (phone && phone !== link.phone) guardianChanges.phone = phone;
    if (patch.email !== undefined && patch.email !== link.email) guardianChanges.email = patch.email;
    if (patch.idNumber !== undefined && patch.idNumber !== link.idNumber) guardianChanges.idNumber = patch.idNumber;
    if (patch.occupation !== undefined && patch.occupation !== link.occupation) guardianChanges.occupation = patch.occupation;
    if (patch.preferredLanguage !== undefined && (patch.preferredLanguage ?? null) !== (link.followsSchoolLanguage ? null : link.preferredLanguage)) {
      guardianChanges.preferredLanguage = patch.preferredLanguage;
    }
    // Issue 36 §5: the school records a guardian's opt-out of non-essential SMS (as a STOP reply does).
    if (patch.smsOptOut !== undefined && patch.smsOptOut !== link.smsOptOut) guardianChanges.smsOptOutAt = patch.smsOptOut ? new Date() : null;
    if (Object.keys(guardianChanges).length) {
      await repo.updateGuardianFields(tx, schoolId, guardianId, guardianChanges);
    }
    const linkChanges: { relationship?: string; relationshipLabel?: null; isPrimary?: boolean } = {};
    if (patch.relationship !== undefined && patch.relationship !== link.relationship) {
      linkChanges.relationship = patch.relationship;
      // The word typed on import no longer describes the chosen relationship.
      if (link.relationshipLabel !== null) linkChanges.relationshipLabel = null;
    }
    if (patch.isPrimary !== undefined && patch.isPrimary !== link.isPrimary) linkChanges.isPrimary = patch.isPrimary;
    if (linkChanges.isPrimary) await repo.clearPrimaryGuardian(tx, studentId);
    if (Object.keys(linkChanges).length) {
      await repo.updateGuardianLink(tx, studentId, guardianId, linkChanges);
    }
    if (patch.createAccount && !link.hasAccount) {
      const r = await linkGuardian(
        tx,
        { schoolId, actor, ip: req.ip, passwordHash },
        studentId,
        {
          name: guardianChanges.name ?? link.name,
          relationship: (linkChanges.relationship ?? link.relationship) as GuardianInput['relationship'],
          phone: phone ?? link.phone,
          email: patch.email ?? link.email,
          idNumber: undefined,
          occupation: undefined,
          createAccount: true,
          isPrimary: linkChanges.isPrimary ?? link.isPrimary,
        },
        phone ?? link.phone,
        linkChanges.isPrimary ?? link.isPrimary,
        0,
      );
      notices.push(...r.notices.filter((n) => !n.includes('already known')));
      if (r.mail) mails.push(r.mail);
    }
    const { smsOptOutAt, ...fieldChanges } = guardianChanges;
    const changed = { ...fieldChanges, ...linkChanges, ...(smsOptOutAt !== undefined ? { smsOptOut: smsOptOutAt !== null } : {}) };
    if (Object.keys(changed).length) {
      const oldValue = Object.fromEntries(Object.keys(changed).map((k) => [k, (link as Record<string, unknown>)[k] ?? null]));
      await auditSchool(tx, { actor, schoolId, ip: req.ip }, LEARNER_AUDIT.guardianUpdated, `guardian:${guardianId}`, oldValue, changed, { studentId });
    }
    return toDetail(tx, actor, row);
  });
  await sendSetupMails(deps, schoolId, mails, notices);
  return detail;
}

/**
 * DELETE /api/students/:id/guardians/:guardianId: unlinks a guardian from this learner (the guardian
 * stays for their other children). A learner keeps at least one guardian. Audited as GUARDIAN_UNLINKED.
 */
export async function removeGuardian(database: Database, actor: Actor, studentId: string, guardianId: string, req: RequestInfo): Promise<StudentDetail> {
  const schoolId = writerSchool(actor);
  return withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    const row = await repo.findSchoolStudent(tx, schoolId, studentId);
    if (!row) throw learnerNotFound();
    const links = await repo.guardiansOf(tx, studentId);
    const link = links.find((x) => x.id === guardianId);
    if (!link) throw new AppError(404, 'NOT_FOUND', m.guardianNotFound);
    if (links.length === 1) throw badRequest(m.lastGuardian);
    await repo.deleteGuardianLink(tx, studentId, guardianId);
    if (link.isPrimary) {
      const next = links.find((x) => x.id !== guardianId)!;
      await repo.updateGuardianLink(tx, studentId, next.id, { isPrimary: true });
    }
    // A guardian with no learner left is removed, unless they have a sign-in account.
    const left = await repo.countGuardianLinks(tx, guardianId);
    if (left === 0 && !link.hasAccount) await repo.deleteGuardian(tx, guardianId);
    const oldValue = { guardianId, name: link.name, relationship: link.relationship, phone: link.phone };
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, LEARNER_AUDIT.guardianRemoved, `student:${studentId}`, oldValue, undefined);
    return toDetail(tx, actor, row);
  });
}

/** GET /api/guardians/lookup?phone=: the school's guardian with this phone and their children (admission form). */
export async function lookupGuardian(database: Database, actor: Actor, rawPhone: string): Promise<GuardianLookup> {
  const schoolId = writerSchool(actor);
  const phone = normaliseKenyanPhone(rawPhone);
  if (!phone) throw badRequest(m.invalidPhone, { phone: m.invalidPhone });
  return withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    const g = await repo.findGuardianByPhone(tx, schoolId, phone);
    if (!g) return null;
    const children = await repo.childrenOfGuardians(tx, [g.id]);
    return {
      id: g.id,
      name: g.name,
      phone: g.phone,
      email: g.email,
      hasAccount: !!g.profileId,
      children: children.map((c) => ({ id: c.id, name: learnerName(c), className: c.className, relationship: c.relationship })),
    };
  });
}
