import { localized } from '../i18n/localized.js';
import * as sw from './sw/payroll.js';
/** Payroll (issue 14): API errors and texts. */
export const payrollMessages = localized('payroll/payrollMessages', {
  grossInvalid: 'Gross pay must be an amount in KES from 0 to 10,000,000 with at most two decimals.',
  amountInvalid: 'Enter an amount in KES from 0 to 10,000,000 with at most two decimals.',
  payDateInvalid: 'Enter the pay date as dd/mm/yyyy.',
  monthInvalid: 'Enter the month as YYYY-MM.',
  componentAmountInvalid: 'Enter a monthly amount in KES up to 10,000,000 with at most two decimals.',
  negativeOnlyAdjustment: 'Only an adjustment may be negative.',
  endBeforeStart: 'The end month cannot be before the start month.',
  staffInvalid: 'Choose a member of staff.',
  staffNotFound: 'That member of staff was not found.',
  staffExited: 'That member of staff has left the school.',
  codeInvalid: 'Enter a short code for the component (e.g. house, sacco).',
  componentNameInvalid: 'Enter the component name as it should appear on the payslip.',
  componentNotFound: 'That pay component was not found.',
  componentLocked: (month: string) => `The ${month} payroll is submitted or approved: a change in force that month would not match its payslips. Start the change from a later month, or add an adjustment to the next run.`,
  payDayInvalid: 'The pay day is a day of the month from 1 to 31.',
  runNotFound: 'That payroll run was not found.',
  noStaff: 'No active member of staff has a basic salary in force that month: add pay components first.',
  runLocked: 'This payroll run is submitted or approved and cannot be changed. Corrections go into the next run as adjustments.',
  runNotDraft: 'Only a draft payroll run can be submitted.',
  runAlreadyApproved: 'This payroll run is already approved.',
  runNotSubmitted: 'Only a submitted payroll run can be rejected.',
  employerPinInvalid: 'Enter the employer KRA PIN as a letter, nine digits and a letter (e.g. P051234567K).',
  futureMonth: 'A payroll run can be computed up to three months ahead.',
} as const, { sw: sw.payrollMessages });
