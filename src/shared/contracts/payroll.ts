import { z } from 'zod';
import { payrollMessages as m } from '../messages/payroll.js';
import { isCalendarDate } from './learners.js';

/**
 * Payroll contracts (issue 14 §5). Amounts are KES with two decimals (the server computes in cents);
 * dates YYYY-MM-DD in Africa/Nairobi.
 */

const kes = (message: string) =>
  z
    .number(message)
    .min(0, message)
    .max(10_000_000, message)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message);

/** POST /api/payroll/calculate (HR): one month's statutory payroll for a gross pay on a pay date. */
export const calculatePayBody = z.object({
  grossPay: kes(m.grossInvalid),
  payDate: z.string(m.payDateInvalid).trim().refine(isCalendarDate, m.payDateInvalid),
  pensionContribution: kes(m.amountInvalid).optional(),
  postRetirementMedical: kes(m.amountInvalid).optional(),
  mortgageInterest: kes(m.amountInvalid).optional(),
  otherDeductions: kes(m.amountInvalid).optional(),
});
export type CalculatePayBody = z.infer<typeof calculatePayBody>;

/**
 * The statutory figures of one pay calculation after NSSF (KES): SHIF, Housing Levy, taxable pay, tax
 * before relief, personal relief and PAYE, and the employer's contributions. Shared by the calculator
 * answer and the payslip.
 */
export const statutoryFigures = {
  shif: z.number(),
  ahl: z.number(),
  taxablePay: z.number(),
  taxBeforeRelief: z.number(),
  personalRelief: z.number(),
  paye: z.number(),
};
export const employerContributions = z.object({ nssf: z.number(), ahl: z.number(), nita: z.number(), totalCost: z.number() });

export const calculatePayResponse = z.object({
  grossPay: z.number(),
  nssf: z.object({ tier1: z.number(), tier2: z.number(), total: z.number(), phase: z.string() }),
  ...statutoryFigures,
  totalDeductions: z.number(),
  netPay: z.number(),
  employer: employerContributions,
});
export type CalculatePayResponse = z.infer<typeof calculatePayResponse>;

/** 'YYYY-MM' month of a payroll run or a pay component. */
export const monthSchema = (message: string) => z.string(message).trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, message);

/** POST /api/payroll/runs (HR): compute (or recompute, while a draft) the month's run. */
export const createRunBody = z.object({ month: monthSchema(m.monthInvalid) });
export type CreateRunBody = z.infer<typeof createRunBody>;

/** POST /api/payroll/runs/:id/reject (director or principal). */
export const decideRunBody = z.object({ note: z.string().trim().max(500).optional().nullable() }).optional().nullable();

/** The statutory breakdown of one line, the shape POST /api/payroll/calculate answers. */
export const lineBreakdown = calculatePayResponse;

export const runStatus = z.enum(['draft', 'submitted', 'approved']);

/** A run's deductions and employer cost (KES), as the run list and the HR report's payroll months total them. */
export const runDeductionTotals = {
  paye: z.number(),
  nssf: z.number(),
  shif: z.number(),
  ahl: z.number(),
  otherDeductions: z.number(),
  employerCost: z.number(),
};

export const runTotals = z.object({ grossPay: z.number(), netPay: z.number(), ...runDeductionTotals });

/** A run in the list (GET /api/payroll/runs). Amounts KES. */
export const payrollRunSummary = z.object({
  id: z.string(),
  month: z.string(),
  payDate: z.string(),
  status: runStatus,
  staffCount: z.number(),
  totals: runTotals,
  computedAt: z.string(),
  createdBy: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectionNote: z.string().nullable(),
});
export type PayrollRunSummary = z.infer<typeof payrollRunSummary>;

const item = z.object({ code: z.string(), name: z.string(), kind: z.string(), amount: z.number(), taxable: z.boolean().optional() });

/** One member of staff's line: who, the statutory breakdown (calculate's shape), the items, and last month. */
export const payrollRunLine = lineBreakdown.extend({
  id: z.string(),
  staffId: z.string(),
  staffNumber: z.string(),
  name: z.string(),
  jobTitle: z.string(),
  department: z.string().nullable(),
  paymentMethod: z.string(),
  basicPay: z.number(),
  otherDeductions: z.number(),
  earnings: z.array(item),
  benefits: z.array(item),
  deductions: z.array(item),
  emailedAt: z.string().nullable(),
  previous: z.object({ grossPay: z.number(), netPay: z.number() }).nullable(),
  variance: z.object({ grossPay: z.number(), netPay: z.number() }).nullable(),
});
export type PayrollRunLine = z.infer<typeof payrollRunLine>;

/** GET /api/payroll/runs/:id: the run, last month's totals and every line. */
export const payrollRunDetail = payrollRunSummary.extend({
  settings: z.object({ shifRounding: z.enum(['cents', 'shilling']), nitaLevy: z.boolean() }),
  previous: z.object({ id: z.string(), month: z.string(), staffCount: z.number(), totals: runTotals }).nullable(),
  joiners: z.array(z.object({ staffId: z.string(), name: z.string() })),
  leavers: z.array(z.object({ staffId: z.string(), name: z.string() })),
  lines: z.array(payrollRunLine),
});
export type PayrollRunDetail = z.infer<typeof payrollRunDetail>;

export const componentKind = z.enum(['basic', 'allowance', 'benefit', 'deduction', 'pension', 'post_retirement_medical', 'mortgage_interest', 'adjustment']);
export type ComponentKind = z.infer<typeof componentKind>;

/** A pay component (GET /api/payroll/components). Amount KES a month. */
export const payComponent = z.object({
  id: z.string(),
  staffId: z.string(),
  kind: componentKind,
  code: z.string(),
  name: z.string(),
  amount: z.number(),
  taxable: z.boolean(),
  startMonth: z.string(),
  endMonth: z.string().nullable(),
  note: z.string().nullable(),
});
export type PayComponent = z.infer<typeof payComponent>;

const signedKes = z
  .number(m.componentAmountInvalid)
  .min(-10_000_000, m.componentAmountInvalid)
  .max(10_000_000, m.componentAmountInvalid)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.componentAmountInvalid);

/** POST /api/payroll/components (HR). Only adjustments may be negative. */
export const componentBody = z.object({
  staffId: z.string().uuid(m.staffInvalid),
  kind: componentKind,
  code: z.string().trim().min(1, m.codeInvalid).max(40, m.codeInvalid),
  name: z.string().trim().min(1, m.componentNameInvalid).max(80, m.componentNameInvalid),
  amount: signedKes,
  taxable: z.boolean().default(true),
  startMonth: monthSchema(m.monthInvalid),
  endMonth: monthSchema(m.monthInvalid).nullable().optional(),
  note: z.string().trim().max(300).nullable().optional(),
});
export type ComponentBody = z.infer<typeof componentBody>;
export const componentPatch = componentBody.omit({ staffId: true }).partial();
export type ComponentPatch = z.infer<typeof componentPatch>;

/** Who is on the payroll (GET /api/payroll/staff): active staff with this month's pay. */
export const payrollStaff = z.object({
  id: z.string(),
  staffNumber: z.string(),
  name: z.string(),
  jobTitle: z.string(),
  department: z.string().nullable(),
  employer: z.string(),
  employmentType: z.string(),
  basicPay: z.number(),
  grossPay: z.number(),
  netPay: z.number().nullable(),
  components: z.number(),
});
export type PayrollStaff = z.infer<typeof payrollStaff>;

/** GET/PUT /api/payroll/settings (HR). */
export const payrollSettingsBody = z.object({
  payDay: z.number(m.payDayInvalid).int(m.payDayInvalid).min(1, m.payDayInvalid).max(31, m.payDayInvalid),
  shifRounding: z.enum(['cents', 'shilling']),
  nitaLevy: z.boolean(),
  employerKraPin: z.string().trim().max(20).nullable().optional(),
  nssfEmployerNumber: z.string().trim().max(30).nullable().optional(),
  shifEmployerNumber: z.string().trim().max(30).nullable().optional(),
});
export type PayrollSettingsBody = z.infer<typeof payrollSettingsBody>;
