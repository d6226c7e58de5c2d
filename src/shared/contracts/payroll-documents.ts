import { z } from 'zod';
import { payrollDocumentsMessages as m } from '../messages/payroll-documents.js';
import { employerContributions, statutoryFigures } from './payroll.js';

/**
 * Payroll documents (issue 14 §3): payslips, My Payslips, bank files, statutory returns (KRA P10 with
 * the Housing Levy sheet, NSSF, SHIF), the payroll journal, year-to-date totals and the P9. Amounts are
 * KES with two decimals (the server stores integer cents); months 'YYYY-MM', dates 'YYYY-MM-DD'.
 */

/** ?year= of the P9 and year-to-date endpoints (default: the current year). */
export const payrollYearQuery = z.object({
  year: z.coerce.number(m.yearInvalid).int(m.yearInvalid).min(2024, m.yearInvalid).max(2100, m.yearInvalid).optional(),
});
export type PayrollYearQuery = z.infer<typeof payrollYearQuery>;

/** ?bank= of the bank file: a bank code from the staff snapshots, or 'mpesa'. */
export const bankFileQuery = z.object({ bank: z.string(m.bankRequired).trim().min(1, m.bankRequired).max(40, m.bankRequired) });

/** POST /api/payroll/runs/:id/payslips/email: `resend` e-mails lines already e-mailed again. */
export const emailPayslipsBody = z.object({ resend: z.boolean().optional() }).optional();
export const emailPayslipsResponse = z.object({
  /** Payslips e-mailed now. */
  sent: z.number().int(),
  /** Lines e-mailed before (left alone unless `resend`). */
  skipped: z.number().int(),
  /** Staff with no e-mail address on their record (not e-mailed). */
  withoutEmail: z.number().int(),
});
export type EmailPayslipsResponse = z.infer<typeof emailPayslipsResponse>;

/** One bank (or M-Pesa) of a run's transfer files. */
export const bankFilesResponse = z.object({
  items: z.array(z.object({ bank: z.string(), bankName: z.string(), count: z.number().int(), total: z.number() })),
});
export type BankFilesResponse = z.infer<typeof bankFilesResponse>;

const amountLine = z.object({ name: z.string(), amount: z.number() });

/** A payslip as My Payslips shows it: the stored line's figures, never recomputed. */
export const myPayslip = z.object({
  lineId: z.string().uuid(),
  runId: z.string().uuid(),
  month: z.string(),
  payDate: z.string(),
  gross: z.number(),
  totalDeductions: z.number(),
  net: z.number(),
  earnings: z.array(amountLine.extend({ taxable: z.boolean() })),
  benefits: z.array(amountLine),
  nssfTier1: z.number(),
  nssfTier2: z.number(),
  ...statutoryFigures,
  otherDeductions: z.array(amountLine),
  employer: employerContributions,
  payment: z.object({ method: z.enum(['bank', 'mpesa']), bankName: z.string().nullable(), account: z.string().nullable() }),
});
export type MyPayslip = z.infer<typeof myPayslip>;

export const myPayslipsResponse = z.object({
  /** False when the caller has no staff record in the school (then items is empty). */
  hasStaffRecord: z.boolean(),
  items: z.array(myPayslip),
});
export type MyPayslipsResponse = z.infer<typeof myPayslipsResponse>;

const ytdFigures = z.object({
  months: z.number().int(),
  gross: z.number(),
  taxablePay: z.number(),
  paye: z.number(),
  nssf: z.number(),
  shif: z.number(),
  ahl: z.number(),
  otherDeductions: z.number(),
  net: z.number(),
  employerCost: z.number(),
});

/** GET /api/payroll/ytd?year= (HR): per member of staff totals over the year's approved runs. */
export const ytdResponse = z.object({
  year: z.number().int(),
  /** Months of the year with an approved run, oldest first. */
  runMonths: z.array(z.string()),
  items: z.array(ytdFigures.extend({ staffId: z.string().uuid(), staffNumber: z.string(), name: z.string(), kraPin: z.string().nullable() })),
  totals: ytdFigures,
});
export type YtdResponse = z.infer<typeof ytdResponse>;
