import { z } from 'zod';
import { perLocale } from '../i18n/localized.js';
import { staffMessages as m } from '../messages/staff.js';
import { normaliseKenyanPhone } from '../phone.js';
import { isKraPin, normalizeKraPin, normalizeTscNumber } from '../staff-identifiers.js';
import { isCalendarDate } from './learners.js';

/**
 * Staff records and HR's user management (issue 14 §1). Shared by the API (server/modules/staff) and
 * the web screens (web/features/staff). Dates are calendar dates (YYYY-MM-DD, Africa/Nairobi);
 * instants are ISO strings. Identifiers follow ../shared/domain/identifiers.md: phones are stored as
 * 2547XXXXXXXX / 2541XXXXXXXX, KRA PINs upper-case without spaces (individuals: A + 9 digits + letter),
 * TSC numbers as digit strings.
 *
 * Rules of a record (checked on create, and on the merged record on PATCH):
 * - a contract end date is required for `contract` and `intern` staff (optional otherwise) and must be
 *   after the start date;
 * - `bank` payment needs bankName and bankAccount (6-20 digits); `mpesa` needs mpesaPhone;
 * - next of kin is all three of name, relationship and phone, or none.
 */

export const EMPLOYERS = ['tsc', 'bom'] as const;
export type Employer = (typeof EMPLOYERS)[number];
export const EMPLOYMENT_TYPES = ['permanent', 'contract', 'part_time', 'intern'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const PAYMENT_METHODS = ['bank', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const STAFF_STATUSES = ['active', 'exited'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const EXIT_TYPES = ['resignation', 'termination', 'retirement', 'contract_end', 'death'] as const;
export type ExitType = (typeof EXIT_TYPES)[number];
export const STAFF_DOCUMENT_KINDS = ['contract', 'certificate', 'identity', 'other'] as const;
export type StaffDocumentKind = (typeof STAFF_DOCUMENT_KINDS)[number];
export const STAFF_GENDERS = ['female', 'male'] as const;
/** Employment types whose record needs a contract end date. */
export const CONTRACT_END_REQUIRED: readonly EmploymentType[] = ['contract', 'intern'];
/**
 * The school roles HR may give a member of staff (issue 14 §1 user-management). Principal and director
 * accounts stay with Users Management (manageUsers: the director and principal), so HR cannot create
 * the account that approves its own payroll.
 */
export const STAFF_ACCOUNT_ROLES = ['teacher', 'finance_officer', 'hr'] as const;
export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];
/** Days before a contract's end that it shows in the alerts (issue 14 §1 "alerts 30 days before"). */
export const CONTRACT_ALERT_DAYS = 30;
/**
 * The clearance checklist an exit starts with when none is given, its labels in the current language
 * (messages/staff.ts clearanceItems).
 */
export const DEFAULT_CLEARANCE = perLocale(() =>
  (['property', 'keys', 'finance', 'handover', 'final_pay'] as const).map((key) => ({ key, label: m.clearanceItems[key] })),
);

const STAFF_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/;

/** '' and null both mean "none" (forms send ''); undefined means "not given" (PATCH leaves it). */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

const optionalText = (max: number) =>
  z
    .string()
    .max(max, m.textTooLong(max))
    .nullish()
    .transform((v) => blankToNull(v));

/** An optional value checked and normalised by `normalise` (null: invalid → `message`). */
const optionalNormalised = (normalise: (v: string) => string | null, message: string) =>
  z
    .string(message)
    .nullish()
    .transform((v, ctx) => {
      const t = blankToNull(v);
      if (t === undefined || t === null) return t;
      const n = normalise(t);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const optionalDate = (message: string) =>
  z
    .string(message)
    .nullish()
    .transform((v, ctx) => {
      const t = blankToNull(v);
      if (t === undefined || t === null) return t;
      if (!isCalendarDate(t)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return t;
    });

const requiredDate = (message: string) => z.string(message).trim().refine(isCalendarDate, message);
const name = (required: string) => z.string(required).trim().min(1, required).max(80, m.nameTooLong);

export const normalisePhone = (v: string) => normaliseKenyanPhone(v);
export const normaliseKraPinOrNull = (v: string) => (isKraPin(v, { individualOnly: true }) ? normalizeKraPin(v) : null);
const normaliseNationalId = (v: string) => {
  const s = v.replace(/\s+/g, '').toUpperCase();
  return /^\d{6,10}$/.test(s) || /^[A-Z][A-Z0-9]{5,11}$/.test(s) ? s : null;
};
const normaliseEmail = (v: string) => {
  const s = v.toLowerCase();
  return z.email().safeParse(s).success && s.length <= 254 ? s : null;
};
const normaliseBankAccount = (v: string) => {
  const s = v.replace(/[\s-]+/g, '');
  return /^\d{6,20}$/.test(s) ? s : null;
};

/** Next of kin: all three parts or none ('' everywhere = none). Phone normalised. */
const nextOfKin = z
  .object({
    name: z.string().max(80, m.nameTooLong).nullish(),
    relationship: z.string().max(40, m.textTooLong(40)).nullish(),
    phone: z.string().nullish(),
  })
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null) return null;
    const name = v.name?.trim() ?? '';
    const relationship = v.relationship?.trim() ?? '';
    const phoneRaw = v.phone?.trim() ?? '';
    if (!name && !relationship && !phoneRaw) return null;
    let bad = false;
    for (const [key, value] of [
      ['name', name],
      ['relationship', relationship],
      ['phone', phoneRaw],
    ] as const) {
      if (!value) {
        ctx.addIssue({ code: 'custom', message: m.nextOfKinIncomplete, path: [key] });
        bad = true;
      }
    }
    const phone = phoneRaw ? normaliseKenyanPhone(phoneRaw) : null;
    if (phoneRaw && !phone) {
      ctx.addIssue({ code: 'custom', message: m.phoneInvalid, path: ['phone'] });
      bad = true;
    }
    if (bad) return z.NEVER;
    return { name, relationship, phone: phone! };
  });

/** Every field of a staff record as the API takes it (create: required ones must be there). */
const staffFields = {
  staffNumber: z
    .string(m.staffNumberInvalid)
    .nullish()
    .transform((v, ctx) => {
      const t = blankToNull(v);
      if (t === undefined || t === null) return t;
      if (!STAFF_NUMBER.test(t)) {
        ctx.addIssue({ code: 'custom', message: m.staffNumberInvalid });
        return z.NEVER;
      }
      return t.toUpperCase();
    }),
  firstName: name(m.firstNameRequired),
  otherNames: optionalText(80),
  lastName: name(m.lastNameRequired),
  nationalId: optionalNormalised(normaliseNationalId, m.nationalIdInvalid),
  dateOfBirth: optionalDate(m.dateInvalid),
  gender: z.enum(STAFF_GENDERS, m.genderInvalid).nullish().or(z.literal('').transform(() => null)),
  phone: optionalNormalised(normalisePhone, m.phoneInvalid),
  email: optionalNormalised(normaliseEmail, m.emailInvalid),
  kraPin: optionalNormalised(normaliseKraPinOrNull, m.kraPinInvalid),
  nssfNumber: optionalText(30),
  shifNumber: optionalText(30),
  tscNumber: optionalNormalised(normalizeTscNumber, m.tscNumberInvalid),
  employer: z.enum(EMPLOYERS, m.employerInvalid),
  employmentType: z.enum(EMPLOYMENT_TYPES, m.employmentTypeInvalid),
  department: optionalText(80),
  jobTitle: z.string(m.jobTitleRequired).trim().min(1, m.jobTitleRequired).max(80, m.textTooLong(80)),
  startDate: requiredDate(m.startDateRequired),
  contractEnd: optionalDate(m.dateInvalid),
  nextOfKin,
  paymentMethod: z.enum(PAYMENT_METHODS, m.paymentMethodInvalid),
  bankName: optionalText(80),
  bankCode: optionalText(10),
  bankBranch: optionalText(80),
  bankAccount: optionalNormalised(normaliseBankAccount, m.bankAccountInvalid),
  mpesaPhone: optionalNormalised(normalisePhone, m.phoneInvalid),
};

/** The parts of a record the cross-field rules read. */
export interface StaffRuleInput {
  employmentType: EmploymentType;
  startDate: string;
  contractEnd?: string | null;
  dateOfBirth?: string | null;
  paymentMethod: PaymentMethod;
  bankName?: string | null;
  bankAccount?: string | null;
  mpesaPhone?: string | null;
}

/**
 * The cross-field rules of a staff record (see the file's docstring): `{ field: message }`, empty when
 * the record is fine. `today` (YYYY-MM-DD) bounds the date of birth (at least 15 years before).
 */
export function staffRecordProblems(r: StaffRuleInput, today?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (CONTRACT_END_REQUIRED.includes(r.employmentType) && !r.contractEnd) out.contractEnd = m.contractEndRequired;
  if (r.contractEnd && r.startDate && r.contractEnd <= r.startDate) out.contractEnd = m.contractEndBeforeStart;
  if (r.dateOfBirth && today) {
    const limit = `${Number(today.slice(0, 4)) - 15}${today.slice(4)}`;
    if (r.dateOfBirth > limit || r.dateOfBirth < '1900-01-01') out.dateOfBirth = m.dateOfBirthInvalid;
  }
  if (r.paymentMethod === 'bank') {
    if (!r.bankName) out.bankName = m.bankNameRequired;
    if (!r.bankAccount) out.bankAccount = m.bankAccountRequired;
  } else if (!r.mpesaPhone) {
    out.mpesaPhone = m.mpesaPhoneRequired;
  }
  return out;
}

/**
 * POST /api/staff (HR): a new staff record. staffNumber is generated per school (PREFIX-STF-0007) when
 * not given. Optional fields accept '' for "none". Field errors are 400 with `fields` naming them.
 */
export const createStaffBody = z
  .strictObject({
    ...staffFields,
    employer: staffFields.employer.default('bom'),
    employmentType: staffFields.employmentType.default('permanent'),
    paymentMethod: staffFields.paymentMethod.default('bank'),
  })
  .superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(staffRecordProblems(v))) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
export type CreateStaffBody = z.input<typeof createStaffBody>;
export type CreateStaffInput = z.output<typeof createStaffBody>;

/** PATCH /api/staff/:id (HR): any subset of the fields; the merged record must pass the same rules. */
export const updateStaffBody = z.strictObject({
  staffNumber: staffFields.staffNumber,
  firstName: staffFields.firstName.optional(),
  otherNames: staffFields.otherNames,
  lastName: staffFields.lastName.optional(),
  nationalId: staffFields.nationalId,
  dateOfBirth: staffFields.dateOfBirth,
  gender: staffFields.gender.optional(),
  phone: staffFields.phone,
  email: staffFields.email,
  kraPin: staffFields.kraPin,
  nssfNumber: staffFields.nssfNumber,
  shifNumber: staffFields.shifNumber,
  tscNumber: staffFields.tscNumber,
  employer: staffFields.employer.optional(),
  employmentType: staffFields.employmentType.optional(),
  department: staffFields.department,
  jobTitle: staffFields.jobTitle.optional(),
  startDate: staffFields.startDate.optional(),
  contractEnd: staffFields.contractEnd,
  nextOfKin: staffFields.nextOfKin,
  paymentMethod: staffFields.paymentMethod.optional(),
  bankName: staffFields.bankName,
  bankCode: staffFields.bankCode,
  bankBranch: staffFields.bankBranch,
  bankAccount: staffFields.bankAccount,
  mpesaPhone: staffFields.mpesaPhone,
});
export type UpdateStaffBody = z.input<typeof updateStaffBody>;
export type UpdateStaffInput = z.output<typeof updateStaffBody>;

/** GET /api/staff query. status defaults to active. */
export const listStaffQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'exited', 'all']).default('active'),
  department: z.string().trim().max(80).optional(),
  employer: z.enum(EMPLOYERS).optional().or(z.literal('').transform(() => undefined)),
  employmentType: z.enum(EMPLOYMENT_TYPES).optional().or(z.literal('').transform(() => undefined)),
  account: z.enum(['with', 'without']).optional().or(z.literal('').transform(() => undefined)),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  schoolId: z.uuid().optional(),
});
export type ListStaffQuery = z.infer<typeof listStaffQuery>;

export const schoolQuery = z.object({ schoolId: z.uuid().optional() });

const accountStatus = z.enum(['active', 'inactive', 'suspended']);

/** A row of the staff list. `account` is the linked sign-in account, null when they have none. */
export const staffListItem = z.object({
  id: z.string(),
  staffNumber: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  department: z.string().nullable(),
  employer: z.enum(EMPLOYERS),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  status: z.enum(STAFF_STATUSES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  startDate: z.string(),
  contractEnd: z.string().nullable(),
  exitDate: z.string().nullable(),
  hasAccount: z.boolean(),
  role: z.string().nullable(),
  accountStatus: accountStatus.nullable(),
});
export type StaffListItem = z.infer<typeof staffListItem>;

export const listStaffResponse = z.object({
  items: z.array(staffListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The school's departments in use (for the filter). */
  departments: z.array(z.string()),
  summary: z.object({ active: z.number(), exited: z.number(), withAccount: z.number(), contractsEnding: z.number() }),
});
export type ListStaffResponse = z.infer<typeof listStaffResponse>;

export const staffDocument = z.object({
  id: z.string(),
  kind: z.enum(STAFF_DOCUMENT_KINDS),
  title: z.string(),
  fileName: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});
export type StaffDocument = z.infer<typeof staffDocument>;

export const clearanceItem = z.object({
  key: z.string(),
  label: z.string(),
  cleared: z.boolean(),
  clearedBy: z.string().nullable().optional(),
  clearedAt: z.string().nullable().optional(),
});
export type ClearanceItem = z.infer<typeof clearanceItem>;

/** GET /api/staff/:id: the whole record with documents, account and exit. */
export const staffDetail = z.object({
  id: z.string(),
  staffNumber: z.string(),
  name: z.string(),
  firstName: z.string(),
  otherNames: z.string().nullable(),
  lastName: z.string(),
  nationalId: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(STAFF_GENDERS).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  kraPin: z.string().nullable(),
  nssfNumber: z.string().nullable(),
  shifNumber: z.string().nullable(),
  tscNumber: z.string().nullable(),
  employer: z.enum(EMPLOYERS),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  department: z.string().nullable(),
  jobTitle: z.string(),
  startDate: z.string(),
  contractEnd: z.string().nullable(),
  nextOfKin: z.object({ name: z.string(), relationship: z.string(), phone: z.string() }).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  bankName: z.string().nullable(),
  bankCode: z.string().nullable(),
  bankBranch: z.string().nullable(),
  bankAccount: z.string().nullable(),
  mpesaPhone: z.string().nullable(),
  status: z.enum(STAFF_STATUSES),
  exit: z
    .object({
      type: z.enum(EXIT_TYPES),
      date: z.string(),
      reason: z.string().nullable(),
      clearance: z.array(clearanceItem),
    })
    .nullable(),
  account: z
    .object({
      id: z.string(),
      email: z.string(),
      role: z.string().nullable(),
      status: accountStatus,
      lastLoginAt: z.string().nullable(),
    })
    .nullable(),
  documents: z.array(staffDocument),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffDetail = z.infer<typeof staffDetail>;

/** Answers of writes that may carry a notice (e.g. the set-up e-mail could not be sent). */
export const staffWriteResponse = z.object({ staff: staffDetail, message: z.string(), notice: z.string().nullable().optional() });
export type StaffWriteResponse = z.infer<typeof staffWriteResponse>;

/** GET /api/staff/alerts: active staff whose contract ends within 30 days or has ended. */
export const contractAlert = z.object({
  id: z.string(),
  name: z.string(),
  staffNumber: z.string(),
  jobTitle: z.string(),
  department: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  contractEnd: z.string(),
  /** Days from today (Africa/Nairobi) to the end; negative once it has passed. */
  daysLeft: z.number(),
  ended: z.boolean(),
});
export type ContractAlert = z.infer<typeof contractAlert>;
export const contractAlertsResponse = z.object({ today: z.string(), items: z.array(contractAlert) });
export type ContractAlertsResponse = z.infer<typeof contractAlertsResponse>;

/** POST /api/staff/:id/exit (HR). clearance defaults to DEFAULT_CLEARANCE, none cleared. */
export const exitStaffBody = z.strictObject({
  exitType: z.enum(EXIT_TYPES, m.exitTypeInvalid),
  exitDate: requiredDate(m.exitDateRequired),
  reason: z.string(m.reasonRequired).trim().min(3, m.reasonRequired).max(1000, m.textTooLong(1000)),
  clearance: z
    .array(z.object({ key: z.string().trim().min(1).max(40), label: z.string().trim().min(1).max(120), cleared: z.boolean().default(false) }))
    .max(20)
    .optional(),
});
export type ExitStaffBody = z.input<typeof exitStaffBody>;

/** PATCH /api/staff/:id/clearance (HR): ticks or unticks clearance items by key. */
export const updateClearanceBody = z.strictObject({
  items: z.array(z.object({ key: z.string().min(1).max(40), cleared: z.boolean() })).min(1).max(20),
});
export type UpdateClearanceBody = z.infer<typeof updateClearanceBody>;

/** POST /api/staff/:id/account (HR): a sign-in account with one of STAFF_ACCOUNT_ROLES. */
export const createStaffAccountBody = z.strictObject({
  role: z.enum(STAFF_ACCOUNT_ROLES, m.roleNotAllowed),
});
export type CreateStaffAccountBody = z.infer<typeof createStaffAccountBody>;

export const staffIdParams = z.object({ id: z.uuid(m.staffNotFound) });
export const staffDocumentParams = z.object({ id: z.uuid(m.staffNotFound), documentId: z.uuid(m.documentNotFound) });

/** The multipart fields sent with a document (before the file). */
export const staffDocumentFields = z.object({
  kind: z.enum(STAFF_DOCUMENT_KINDS, m.documentKindInvalid),
  title: z.string(m.documentTitleRequired).trim().min(1, m.documentTitleRequired).max(120, m.textTooLong(120)),
});

/** The name as shown: first, other names, last. */
export function staffFullName(r: { firstName: string; otherNames?: string | null; lastName: string }): string {
  return [r.firstName, r.otherNames, r.lastName].filter((s) => !!s && s.trim()).join(' ');
}
