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

export const calculatePayResponse = z.object({
  grossPay: z.number(),
  nssf: z.object({ tier1: z.number(), tier2: z.number(), total: z.number(), phase: z.string() }),
  shif: z.number(),
  ahl: z.number(),
  taxablePay: z.number(),
  taxBeforeRelief: z.number(),
  personalRelief: z.number(),
  paye: z.number(),
  totalDeductions: z.number(),
  netPay: z.number(),
  employer: z.object({ nssf: z.number(), ahl: z.number(), nita: z.number(), totalCost: z.number() }),
});
export type CalculatePayResponse = z.infer<typeof calculatePayResponse>;
