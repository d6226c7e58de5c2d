/** Payroll (issue 14): API errors and texts. */
export const payrollMessages = {
  grossInvalid: 'Gross pay must be an amount in KES from 0 to 10,000,000 with at most two decimals.',
  amountInvalid: 'Enter an amount in KES from 0 to 10,000,000 with at most two decimals.',
  payDateInvalid: 'Enter the pay date as YYYY-MM-DD.',
} as const;
