import { z } from 'zod';
import { ADMISSION_NUMBER_MAX, normaliseAdmissionNumber } from '../../../shared/admission-number.js';
import { REQUIRED_IMPORT_COLUMNS, type ImportColumn, type ImportIssue } from '../../../shared/contracts/learner-files.js';
import { ageOn, isCalendarDate, parseGender, RELATIONSHIPS, type Boarding, type Gender, type Relationship } from '../../../shared/contracts/learners.js';
import { messages } from '../../../shared/messages.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { FileRow } from './import-file.js';

/**
 * The rules of one import row (issue 10 §2 Import, "Bad input"), as pure functions: every problem of
 * the row is reported with its column, so the user can fix the whole file in one pass. Rules that need
 * the database (an admission number already taken by a learner who has left, a stream's capacity) are
 * in learner-files.service.ts.
 */

const m = messages.learnerFiles;
const lm = messages.learners;

/** A class of the open year, by its display name (compared case-insensitively, spaces collapsed). */
export interface ClassRef {
  id: string;
  name: string;
  academicYearId: string;
  yearStartsOn: string;
  capacity: number;
}

/** A row that passed every rule, with values as stored. */
export interface ValidRow {
  row: number;
  /** As typed (normalised spaces), or null for "give the next number". */
  admissionNumber: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: Gender;
  dateOfBirth: string | null;
  classRef: ClassRef;
  upi: string | null;
  birthCertificateNumber: string | null;
  boarding: Boarding;
  guardianName: string;
  guardianRelationship: Relationship;
  /** The relationship word as typed when it is not the vocabulary value itself ("Grandmother"), else null (relationshipLabelOf). */
  guardianRelationshipLabel: string | null;
  /** 2547XXXXXXXX / 2541XXXXXXXX. */
  guardianPhone: string;
  guardianEmail: string | null;
}

export type RowCheck = { ok: true; value: ValidRow } | { ok: false; issues: ImportIssue[] };

/** The key a class name is looked up by. */
export function classKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A typed date as YYYY-MM-DD. Accepts YYYY-MM-DD and YYYY/MM/DD, and day-first D/M/YYYY or D-M-YYYY
 * (how Excel in Kenya writes dates when it saves a CSV). Null when it is not a real calendar date.
 */
export function parseDate(text: string): string | null {
  const t = text.trim();
  let y: string, mo: string, d: string;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(t);
  if (match) [, y, mo, d] = match as unknown as [string, string, string, string];
  else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
    if (!match) return null;
    [, d, mo, y] = match as unknown as [string, string, string, string];
  }
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

const email = z.email();
const ADMISSION_CHARS = /^[A-Za-z0-9/\-_. ]*$/;

/**
 * The words schools write in the relationship column (issue 34), each with the nearest value of the
 * relationship vocabulary (RELATIONSHIPS in shared/contracts/learners.ts), keyed as relationshipKey
 * gives them. The vocabulary's own words are accepted too. A step-parent, aunt or uncle is kin but not
 * the parent, so "relative"; the word as typed is kept beside it for display (relationshipLabelOf).
 */
export const RELATIONSHIP_WORDS: Readonly<Record<string, Relationship>> = {
  ...Object.fromEntries(RELATIONSHIPS.map((r) => [r, r])),
  grandmother: 'grandparent',
  grandfather: 'grandparent',
  aunt: 'relative',
  uncle: 'relative',
  brother: 'sibling',
  sister: 'sibling',
  stepmother: 'relative',
  stepfather: 'relative',
};

/** The words the accepted relationship names are shown as in messages (step-mother, not stepmother). */
const RELATIONSHIP_LIST = [...RELATIONSHIPS, 'grandmother', 'grandfather', 'aunt', 'uncle', 'brother', 'sister', 'step-mother', 'step-father'].join(', ');

/** A typed relationship as looked up in RELATIONSHIP_WORDS: lower case, without spaces, hyphens or underscores ("Step-Father" → "stepfather"). */
export function relationshipKey(text: string): string {
  return text.trim().toLowerCase().replace(/[\s\-_\u2010-\u2013]+/g, '');
}

/**
 * A relationship as the import accepts it (issue 34): a vocabulary value or a word schools use
 * (Grandmother, AUNT, step-father, ...; any case, with or without the hyphen), as the vocabulary
 * value. Blank means guardian. Null for a word not known.
 */
export function parseRelationship(text: string): Relationship | null {
  if (!text.trim()) return 'guardian';
  const key = relationshipKey(text);
  return Object.hasOwn(RELATIONSHIP_WORDS, key) ? RELATIONSHIP_WORDS[key]! : null;
}

/**
 * The relationship word to keep for display (issue 34: "keeping the word as typed"): the typed text,
 * spaces collapsed, unless it is blank or just the vocabulary value in some case ("Mother", "SPONSOR"),
 * which the vocabulary's own label shows; null then.
 */
export function relationshipLabelOf(text: string): string | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (!typed) return null;
  return (RELATIONSHIPS as readonly string[]).includes(relationshipKey(typed)) ? null : typed;
}

/** Checks one row against the rules that need no database; `classes` are the open year's, by classKey. */
export function checkRow(r: FileRow, classes: Map<string, ClassRef>, today: string): RowCheck {
  const v = r.values;
  const issues: ImportIssue[] = [];
  const issue = (column: ImportColumn, message: string) => issues.push({ row: r.row, column, message });

  for (const c of REQUIRED_IMPORT_COLUMNS) if (!v[c]) issue(c, m.required(c));

  let admissionNumber: string | null = null;
  if (v.admission_number) {
    admissionNumber = normaliseAdmissionNumber(v.admission_number);
    if (admissionNumber.length > ADMISSION_NUMBER_MAX || !ADMISSION_CHARS.test(admissionNumber)) issue('admission_number', lm.admissionNumberInvalid);
  }
  for (const c of ['first_name', 'middle_name', 'last_name'] as const) if (v[c].length > 80) issue(c, lm.nameTooLong);

  const gender = v.gender ? parseGender(v.gender) : null;
  if (v.gender && !gender) issue('gender', m.genderInvalid);

  let dateOfBirth: string | null = null;
  if (v.date_of_birth) {
    dateOfBirth = parseDate(v.date_of_birth);
    if (!dateOfBirth) issue('date_of_birth', m.dateInvalid);
    else if (dateOfBirth > today) issue('date_of_birth', lm.dateOfBirthFuture);
    else if (ageOn(dateOfBirth, today) > 30) issue('date_of_birth', lm.dateOfBirthTooOld);
  }

  const classRef = v.class ? classes.get(classKey(v.class)) : undefined;
  if (v.class && !classRef) issue('class', m.unknownClass(v.class));

  for (const c of ['upi', 'birth_certificate_number'] as const) if (v[c].length > 40) issue(c, lm.textTooLong(40));

  const boardingText = v.boarding.toLowerCase();
  const boarding: Boarding | null = !boardingText || boardingText === 'day' ? 'day' : boardingText === 'boarding' ? 'boarding' : null;
  if (!boarding) issue('boarding', m.boardingInvalid);

  if (v.guardian_name.length > 120) issue('guardian_name', m.guardianNameLong);
  const relationship = parseRelationship(v.guardian_relationship);
  if (!relationship) issue('guardian_relationship', m.relationshipInvalid(RELATIONSHIP_LIST));

  const phone = v.guardian_phone ? normaliseKenyanPhone(v.guardian_phone) : null;
  if (v.guardian_phone && !phone) issue('guardian_phone', lm.invalidPhone);

  const guardianEmail = v.guardian_email ? v.guardian_email.toLowerCase() : null;
  if (guardianEmail && (guardianEmail.length > 320 || !email.safeParse(guardianEmail).success)) issue('guardian_email', lm.invalidEmail);

  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      row: r.row,
      admissionNumber,
      firstName: v.first_name,
      middleName: v.middle_name || null,
      lastName: v.last_name,
      gender: gender!,
      dateOfBirth,
      classRef: classRef!,
      upi: v.upi || null,
      birthCertificateNumber: v.birth_certificate_number || null,
      boarding: boarding!,
      guardianName: v.guardian_name,
      guardianRelationship: relationship!,
      guardianRelationshipLabel: relationshipLabelOf(v.guardian_relationship),
      guardianPhone: phone!,
      guardianEmail,
    },
  };
}
