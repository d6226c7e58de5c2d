import { normaliseAdmissionNumber } from '@shared/admission-number';
import type { ClassItem } from '@shared/contracts/classes';
import type { StudentDetail, StudentGuardian, UpdateGuardianBody, UpdateStudentBody, UpdateStudentInput, guardianInputSchema } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { normaliseKenyanPhone } from '@shared/phone';
import type { z } from 'zod';
import { textValues } from '@/lib/form-values';

/**
 * The rules behind the register's forms, kept apart from the components so they are unit-tested
 * (learner-forms.test.ts): what an edit sends, where a server error lands, how siblings and classes
 * read.
 */

/** The learner's own fields as the edit form holds them (the API's names). */
export const LEARNER_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'dateOfBirth',
  'birthCertificateNumber',
  'upi',
  'assessmentNumber',
  'previousSchool',
  'previousUpi',
  'boarding',
  'medicalNotes',
  'specialNeeds',
  'classId',
  'admissionNumber',
  'admittedOn',
  // KEMIS fields (issue 35 §1).
  'nationality',
  'residenceCountyCode',
  'residenceSubCounty',
  'specialNeedsCodes',
  'medicalCondition',
  'shaNumber',
  'kcpeIndexNumber',
  'kpseaIndexNumber',
] as const;

type LearnerCodes = UpdateStudentBody['specialNeedsCodes'];

/** The edit form's fields a learner may leave blank: the form starts them at '' (an empty box) when the record has none. */
const OPTIONAL_TEXT = ['middleName', 'dateOfBirth', 'birthCertificateNumber', 'upi', 'assessmentNumber', 'previousSchool', 'previousUpi', 'medicalNotes', 'specialNeeds', 'classId',
  'nationality', 'residenceCountyCode', 'residenceSubCounty', 'medicalCondition', 'shaNumber', 'kcpeIndexNumber', 'kpseaIndexNumber'] as const;

/** The edit form's starting values for the record: its own fields, a missing optional one as '' and a missing admission date left out. */
export function learnerFormValues(l: StudentDetail): Omit<UpdateStudentBody, 'overrideCapacity'> {
  const { firstName, lastName, gender, boarding, admissionNumber } = l;
  return { ...textValues(l, OPTIONAL_TEXT), firstName, lastName, gender, boarding, admissionNumber, admittedOn: l.admittedOn ?? undefined, specialNeedsCodes: l.specialNeedsCodes as LearnerCodes };
}

/**
 * The fields of a validated edit that differ from the record: PATCH /api/students/:id sends only these
 * (issue 10 §2 "edits are audited with old and new values", so an unchanged field must not appear).
 * Values are compared after the contract's normalisation (trimmed, blank = null, admission numbers
 * normalised); `undefined` means "not given" and is never sent.
 */
export function changedLearnerFields(learner: StudentDetail, out: UpdateStudentInput): UpdateStudentBody {
  const before: Record<string, unknown> = { ...learner, admissionNumber: normaliseAdmissionNumber(learner.admissionNumber) };
  const body: Record<string, unknown> = {};
  for (const k of LEARNER_FIELDS) {
    const v = out[k];
    if (v === undefined) continue;
    // Arrays (the special-needs codes) compare by value.
    if (JSON.stringify(v ?? null) !== JSON.stringify(before[k] ?? null)) body[k] = v;
  }
  return body as UpdateStudentBody;
}

/**
 * A guardian's changed fields for PATCH /api/students/:id/guardians/:guardianId; the phone is compared
 * in its stored form (2547XXXXXXXX), so "+254 7…" for the same number is no change. createAccount is
 * sent only when asked for; the language (null: the school's default) only when it differs from the
 * guardian's own choice.
 */
export function changedGuardianFields(g: StudentGuardian, out: z.output<typeof guardianInputSchema>): UpdateGuardianBody {
  const body: Record<string, unknown> = {};
  if (out.name !== g.name) body.name = out.name;
  if (out.relationship !== g.relationship) body.relationship = out.relationship;
  if (normaliseKenyanPhone(out.phone) !== g.phone) body.phone = out.phone;
  if ((out.email ?? null) !== (g.email ?? null)) body.email = out.email;
  if (!!out.isPrimary !== g.isPrimary) body.isPrimary = !!out.isPrimary;
  if ((out.idNumber ?? null) !== (g.idNumber ?? null)) body.idNumber = out.idNumber;
  if ((out.occupation ?? null) !== (g.occupation ?? null)) body.occupation = out.occupation;
  // The guardian's own language: null follows the school's default (issue 36 §1); absent is not given.
  const ownLanguage = g.followsSchoolLanguage ? null : g.preferredLanguage;
  if (out.preferredLanguage !== undefined && out.preferredLanguage !== ownLanguage) body.preferredLanguage = out.preferredLanguage;
  if (out.createAccount) body.createAccount = true;
  return body as UpdateGuardianBody;
}

const GUARDIAN_KEY = /^guardians\.(\d+)\.(name|relationship|phone|email|isPrimary|createAccount|preferredLanguage)$/;

/**
 * The admission form's field for a key of the API's 400/409 `fields` ("dateOfBirth",
 * "guardians.0.phone"), or null when the form has no such field (the message then shows above the
 * submit button). `guardians` is how many guardian blocks the form has.
 */
export function admissionField(key: string, guardians: number): string | null {
  if ((LEARNER_FIELDS as readonly string[]).includes(key)) return key;
  const g = GUARDIAN_KEY.exec(key);
  if (g) return Number(g[1]) < guardians ? key : null;
  return key === 'guardians' ? key : null;
}

/** "Grace Mumbi Kamau (Grade 4 West) and Brian Kamau (Grade 7 East)": a known guardian's children. */
export function childrenList(children: { name: string; className: string | null }[]): string {
  const names = children.map((c) => messages.learners.admission.childWithClass(c.name, c.className));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The streams grouped by level in level order, streams by name within a level (the class picker). */
export function groupByLevel(classes: readonly ClassItem[]): { level: string; classes: ClassItem[] }[] {
  const groups = new Map<string, { level: string; order: number; classes: ClassItem[] }>();
  for (const c of classes) {
    const key = c.levelId ?? c.level;
    if (!groups.has(key)) groups.set(key, { level: c.level, order: c.levelOrder, classes: [] });
    groups.get(key)!.classes.push(c);
  }
  return [...groups.values()]
    .sort((a, b) => a.order - b.order)
    .map((g) => ({ level: g.level, classes: [...g.classes].sort((a, b) => a.stream.localeCompare(b.stream)) }));
}
