import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './learners.js';
import { schools } from './tenancy.js';
import type { PayrollLineBreakdown, StaffSnapshot } from '../../../shared/payroll/run.js';
import { cents, createdAt, requiredRef, updatedAt } from './columns.js';
import { decisionColumns, profileRef, schoolRow } from './tenant-columns.js';

/**
 * HR and payroll (issue 14): staff records and their documents, leave (types, yearly allocations,
 * requests), pay components, payroll settings, runs and their lines. Money is integer KES cents (bigint,
 * mode number); months are 'YYYY-MM'; dates are calendar dates in Africa/Nairobi. Every table carries
 * school_id and is guarded by row-level security (drizzle/0010_hr_payroll.sql).
 *
 * A member of staff need not sign in (cooks, guards, drivers): staff_members.profile_id links the
 * record to a sign-in account when HR gives one (issue 14 §1 user-management).
 */

export interface NextOfKin {
  name: string;
  relationship: string;
  phone: string;
}

/** Exit clearance checklist (issue 14 §1 staff exit): each item cleared or not, with who and when. */
export interface ExitClearance {
  items: { key: string; label: string; cleared: boolean; clearedBy?: string | null; clearedAt?: string | null }[];
}

/** A member of staff (issue 14 §1). staff_number is unique per school (e.g. GH-STF-0007). */
export const staffMembers = pgTable(
  'staff_members',
  {
    ...schoolRow(),
    profileId: profileRef('profile_id'),
    staffNumber: text('staff_number').notNull(),
    firstName: text('first_name').notNull(),
    otherNames: text('other_names'),
    lastName: text('last_name').notNull(),
    nationalId: text('national_id'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    phone: text('phone'),
    email: text('email'),
    kraPin: text('kra_pin'),
    nssfNumber: text('nssf_number'),
    shifNumber: text('shif_number'),
    tscNumber: text('tsc_number'),
    /** 'tsc' (paid by the Teachers Service Commission) or 'bom' (Board of Management, on this payroll). */
    employer: text('employer').notNull().default('bom'),
    employmentType: text('employment_type').notNull().default('permanent'),
    department: text('department'),
    jobTitle: text('job_title').notNull(),
    startDate: date('start_date').notNull(),
    contractEnd: date('contract_end'),
    nextOfKin: jsonb('next_of_kin').$type<NextOfKin | null>(),
    /** Salary paid to 'bank' (bank_*) or 'mpesa' (mpesa_phone, E.164 without +). */
    paymentMethod: text('payment_method').notNull().default('bank'),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    bankBranch: text('bank_branch'),
    bankAccount: text('bank_account'),
    mpesaPhone: text('mpesa_phone'),
    status: text('status').notNull().default('active'),
    exitType: text('exit_type'),
    exitDate: date('exit_date'),
    exitReason: text('exit_reason'),
    exitClearance: jsonb('exit_clearance').$type<ExitClearance | null>(),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('staff_members_school_number_uq').on(t.schoolId, t.staffNumber),
    uniqueIndex('staff_members_profile_uq').on(t.profileId),
    index('staff_members_school_status_idx').on(t.schoolId, t.status, t.lastName),
    check('staff_members_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check('staff_members_employer_check', sql`${t.employer} in ('tsc', 'bom')`),
    check('staff_members_employment_type_check', sql`${t.employmentType} in ('permanent', 'contract', 'part_time', 'intern')`),
    check('staff_members_payment_method_check', sql`${t.paymentMethod} in ('bank', 'mpesa')`),
    check('staff_members_status_check', sql`${t.status} in ('active', 'exited')`),
    check('staff_members_exit_type_check', sql`${t.exitType} is null or ${t.exitType} in ('resignation', 'termination', 'retirement', 'contract_end', 'death')`),
  ],
);

/** A staff_members row as stored. */
export type StaffRow = typeof staffMembers.$inferSelect;
/** The columns of a new staff record. */
export type NewStaff = typeof staffMembers.$inferInsert;

/** A document kept on a member of staff's file (contract, certificates, ID copy); bytes in files. */
export const staffDocuments = pgTable(
  'staff_documents',
  {
    ...schoolRow(),
    staffId: requiredRef('staff_id', () => staffMembers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    fileId: requiredRef('file_id', () => files.id),
    uploadedBy: profileRef('uploaded_by'),
    createdAt,
  },
  (t) => [
    index('staff_documents_staff_idx').on(t.staffId, t.createdAt),
    check('staff_documents_kind_check', sql`${t.kind} in ('contract', 'certificate', 'identity', 'other')`),
  ],
);

/**
 * A leave type and its rule (issue 14 §2; Employment Act 2007 defaults: annual 21 working days, sick,
 * maternity 3 months, paternity 2 weeks; compassionate and study by school policy). days_per_year is
 * counted in working days or calendar days (unit); carry_over_max is how many unused days move to the
 * next year (null = none carry).
 */
export const leaveTypes = pgTable(
  'leave_types',
  {
    ...schoolRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    daysPerYear: integer('days_per_year').notNull(),
    unit: text('unit').notNull().default('working_days'),
    carryOverMax: integer('carry_over_max'),
    paid: boolean('paid').notNull().default(true),
    /** Only staff of this gender may take it (maternity: female, paternity: male); null = anyone. */
    gender: text('gender'),
    requiresDocument: boolean('requires_document').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('leave_types_school_code_uq').on(t.schoolId, t.code),
    check('leave_types_unit_check', sql`${t.unit} in ('working_days', 'calendar_days')`),
    check('leave_types_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check('leave_types_days_check', sql`${t.daysPerYear} >= 0 and ${t.daysPerYear} <= 366`),
  ],
);

/** A member of staff's entitlement for one leave type and calendar year, with days carried over. */
export const leaveAllocations = pgTable(
  'leave_allocations',
  {
    ...schoolRow(),
    staffId: requiredRef('staff_id', () => staffMembers.id, { onDelete: 'cascade' }),
    leaveTypeId: requiredRef('leave_type_id', () => leaveTypes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    entitledDays: numeric('entitled_days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    carriedOverDays: numeric('carried_over_days', { precision: 6, scale: 1, mode: 'number' }).notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('leave_allocations_uq').on(t.staffId, t.leaveTypeId, t.year)],
);

/** A leave request (issue 14 §2): by HR for a member of staff or by the member themselves ("My Leave"). */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    ...schoolRow(),
    staffId: requiredRef('staff_id', () => staffMembers.id, { onDelete: 'cascade' }),
    leaveTypeId: requiredRef('leave_type_id', () => leaveTypes.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Days counted against the balance in the type's unit (working days skip weekends and public holidays). */
    days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    reason: text('reason'),
    status: text('status').notNull().default('pending'),
    ...decisionColumns(),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('leave_requests_school_status_idx').on(t.schoolId, t.status, t.startDate),
    index('leave_requests_staff_idx').on(t.staffId, t.startDate),
    check('leave_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check('leave_requests_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A pay component of one member of staff (issue 14 §3), in force from start_month to end_month
 * (inclusive; null = open-ended). kind: basic | allowance | benefit (non-cash, taxed, not paid) |
 * deduction (after tax) | pension | post_retirement_medical | mortgage_interest (reliefs within their
 * limits) | adjustment (a correction carried into a run: amount may be negative). code names the
 * standard item (house, commuter, responsibility, hardship, loan, sacco, welfare, helb, union, advance...).
 */
export const payComponents = pgTable(
  'pay_components',
  {
    ...schoolRow(),
    staffId: requiredRef('staff_id', () => staffMembers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    taxable: boolean('taxable').notNull().default(true),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month'),
    note: text('note'),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('pay_components_staff_idx').on(t.staffId, t.startMonth),
    index('pay_components_school_idx').on(t.schoolId, t.startMonth),
    check('pay_components_kind_check', sql`${t.kind} in ('basic', 'allowance', 'benefit', 'deduction', 'pension', 'post_retirement_medical', 'mortgage_interest', 'adjustment')`),
    check('pay_components_amount_check', sql`${t.kind} = 'adjustment' or ${t.amountCents} >= 0`),
    check('pay_components_months_check', sql`${t.startMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and (${t.endMonth} is null or (${t.endMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and ${t.endMonth} >= ${t.startMonth}))`),
  ],
);

/** Per-school payroll settings (issue 14 §3); a missing row means the defaults. */
export const payrollSettings = pgTable('payroll_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  /** Day of the month salaries are paid (the pay date decides the rules in force). Months shorter pay on their last day. */
  payDay: integer('pay_day').notNull().default(28),
  /** 'cents' (exact, default) or 'shilling' (SHIF rounded to the whole shilling). */
  shifRounding: text('shif_rounding').notNull().default('cents'),
  /** Charge the NITA levy (KES 50 per employee per month) in employer cost. */
  nitaLevy: boolean('nita_levy').notNull().default(true),
  /** Employer details printed on returns and payslips. */
  employerKraPin: text('employer_kra_pin'),
  nssfEmployerNumber: text('nssf_employer_number'),
  shifEmployerNumber: text('shif_employer_number'),
  updatedBy: profileRef('updated_by'),
  updatedAt,
});

/**
 * A month's payroll run (issue 14 §3): draft → submitted (an approvals row of kind 'payroll_run' waits
 * for the director or principal) → approved (locked). One run per school and month; two HR users
 * computing the same month at once get the same run (the unique index).
 */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    ...schoolRow(),
    month: text('month').notNull(),
    payDate: date('pay_date').notNull(),
    status: text('status').notNull().default('draft'),
    staffCount: integer('staff_count').notNull().default(0),
    grossCents: cents('gross_cents').notNull().default(0),
    netCents: cents('net_cents').notNull().default(0),
    payeCents: cents('paye_cents').notNull().default(0),
    nssfCents: cents('nssf_cents').notNull().default(0),
    shifCents: cents('shif_cents').notNull().default(0),
    ahlCents: cents('ahl_cents').notNull().default(0),
    otherDeductionsCents: cents('other_deductions_cents').notNull().default(0),
    employerCostCents: cents('employer_cost_cents').notNull().default(0),
    /** The settings the run was computed with (shifRounding, nitaLevy), so a payslip reproduces exactly. */
    settings: jsonb('settings').$type<{ shifRounding: 'cents' | 'shilling'; nitaLevy: boolean }>().notNull(),
    createdBy: profileRef('created_by'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: profileRef('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: profileRef('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('payroll_runs_school_month_uq').on(t.schoolId, t.month),
    check('payroll_runs_status_check', sql`${t.status} in ('draft', 'submitted', 'approved')`),
    check('payroll_runs_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** A payroll_runs row as stored (totals in KES cents). */
export type PayrollRunRow = typeof payrollRuns.$inferSelect;

/**
 * One member of staff's line in a run: the headline figures as columns (for returns and reports) and
 * the whole breakdown, with a snapshot of the staff details printed on the payslip, as JSON so a past
 * payslip reproduces exactly whatever changes later.
 */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    ...schoolRow(),
    runId: requiredRef('run_id', () => payrollRuns.id, { onDelete: 'cascade' }),
    staffId: requiredRef('staff_id', () => staffMembers.id),
    basicCents: cents('basic_cents').notNull(),
    grossCents: cents('gross_cents').notNull(),
    taxablePayCents: cents('taxable_pay_cents').notNull(),
    nssfCents: cents('nssf_cents').notNull(),
    shifCents: cents('shif_cents').notNull(),
    ahlCents: cents('ahl_cents').notNull(),
    payeCents: cents('paye_cents').notNull(),
    otherDeductionsCents: cents('other_deductions_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    employerCostCents: cents('employer_cost_cents').notNull(),
    breakdown: jsonb('breakdown').$type<PayrollLineBreakdown>().notNull(),
    staff: jsonb('staff').$type<StaffSnapshot>().notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [uniqueIndex('payroll_lines_run_staff_uq').on(t.runId, t.staffId), index('payroll_lines_staff_idx').on(t.staffId, t.createdAt)],
);
