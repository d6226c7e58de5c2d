import { z } from 'zod';
import { companyMessages as cm } from '../messages/company.js';
import { normaliseKenyanPhone } from '../phone.js';

/**
 * Company Management (issue 18 §4): EduFam's own details (platform_company, printed on platform
 * invoices, receipts and e-mails) and the platform staff accounts (edufam_admin, elimisha_admin).
 * Browser-safe: the form runs `checkCompany` before sending, the server runs it again.
 */

/** KRA PIN after normalising (domain/identifiers.md): A (individual) or P (organisation), 9 digits, a letter. */
export const KRA_PIN_PATTERN = /^[AP]\d{9}[A-Z]$/;
/** An M-Pesa paybill (business short code): 5 to 7 digits. */
export const PAYBILL_PATTERN = /^\d{5,7}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Upper-case with spaces and dashes removed, as domain/identifiers.md says to validate. */
export function normaliseKraPin(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

const text = (max: number) => z.string().max(max).nullable().optional();

/** PUT /api/company: every field; empty strings and nulls clear optional fields. */
export const updateCompanyBody = z.object({
  name: z.string().max(200),
  kraPin: text(20),
  address: text(500),
  email: text(200),
  phone: text(30),
  website: text(200),
  paybill: text(20),
  bankName: text(120),
  bankBranch: text(120),
  bankAccountName: text(200),
  bankAccountNumber: text(40),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;

/** The company's details as stored (normalised) and shown. `logoUrl` is null without a logo. */
export const companySchema = z.object({
  name: z.string(),
  kraPin: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  paybill: z.string().nullable(),
  bankName: z.string().nullable(),
  bankBranch: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  /** GET /api/company/logo with a cache-busting version, or null. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const companyWriteResponse = z.object({ company: companySchema, message: z.string() });
export type CompanyWriteResponse = z.infer<typeof companyWriteResponse>;

type CompanyFields = { [K in keyof Omit<UpdateCompanyBody, 'name'>]: string | null } & { name: string };

/**
 * Trims and normalises the body (KRA PIN upper-case without spaces/dashes, phone as 2547XXXXXXXX,
 * e-mail lower-case, empty → null) and checks it. Returns the values to store or the field errors
 * (messages of companyMessages.fields).
 */
export function checkCompany(body: UpdateCompanyBody): { ok: true; values: CompanyFields } | { ok: false; fields: Record<string, string> } {
  const clean = (v: string | null | undefined) => {
    const t = (v ?? '').trim();
    return t === '' ? null : t;
  };
  const fields: Record<string, string> = {};
  const name = body.name.trim();
  if (!name) fields.name = cm.fields.name;
  const kra = clean(body.kraPin);
  const kraPin = kra ? normaliseKraPin(kra) : null;
  if (kraPin && !KRA_PIN_PATTERN.test(kraPin)) fields.kraPin = cm.fields.kraPin;
  const paybill = clean(body.paybill)?.replace(/\s/g, '') ?? null;
  if (paybill && !PAYBILL_PATTERN.test(paybill)) fields.paybill = cm.fields.paybill;
  const email = clean(body.email)?.toLowerCase() ?? null;
  if (email && !EMAIL_PATTERN.test(email)) fields.email = cm.fields.email;
  const rawPhone = clean(body.phone);
  const phone = rawPhone ? normaliseKenyanPhone(rawPhone) : null;
  if (rawPhone && !phone) fields.phone = cm.fields.phone;
  const website = clean(body.website);
  if (website && !/^https?:\/\/[^\s.]+\.[^\s]+$/i.test(website)) fields.website = cm.fields.website;
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    values: {
      name,
      kraPin,
      address: clean(body.address),
      email,
      phone,
      website,
      paybill,
      bankName: clean(body.bankName),
      bankBranch: clean(body.bankBranch),
      bankAccountName: clean(body.bankAccountName),
      bankAccountNumber: clean(body.bankAccountNumber),
    },
  };
}

/** Roles a platform staff account may have. */
export const PLATFORM_STAFF_ROLES = ['edufam_admin', 'elimisha_admin'] as const;
export type PlatformStaffRole = (typeof PLATFORM_STAFF_ROLES)[number];

export const platformStaffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(PLATFORM_STAFF_ROLES),
  /** active | inactive | suspended */
  status: z.string(),
  lastLoginAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type PlatformStaff = z.infer<typeof platformStaffSchema>;

export const platformStaffResponse = z.object({ staff: z.array(platformStaffSchema) });
export type PlatformStaffResponse = z.infer<typeof platformStaffResponse>;

export const createPlatformStaffBody = z.object({
  name: z.string().trim().min(1, cm.fields.staffName).max(120),
  email: z.string().trim().max(200).regex(EMAIL_PATTERN, cm.fields.staffEmail),
  role: z.enum(PLATFORM_STAFF_ROLES),
});
export type CreatePlatformStaffBody = z.infer<typeof createPlatformStaffBody>;

export const updatePlatformStaffBody = z.object({
  role: z.enum(PLATFORM_STAFF_ROLES).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdatePlatformStaffBody = z.infer<typeof updatePlatformStaffBody>;

export const platformStaffWriteResponse = z.object({
  staff: platformStaffSchema,
  message: z.string(),
  /** Set when the account was made but its set-password e-mail failed. */
  notice: z.string().nullable(),
});
export type PlatformStaffWriteResponse = z.infer<typeof platformStaffWriteResponse>;

export const staffParams = z.object({ id: z.uuid() });
