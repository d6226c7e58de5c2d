/** Bank statement import (issue 35 §4): the Bank statements tab and the bank lines of the unmatched queue. */
export { BankStatementsTab } from './bank-statements-tab';
export { BankUnmatched } from './bank-unmatched';
export { UNMATCHED_SUMMARY_KEY, useUnmatchedSummary } from './api';
