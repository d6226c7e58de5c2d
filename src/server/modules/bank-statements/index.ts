/** The bank-statements module's public surface: what other modules may import (decision 0021). */
export { unmatchedBankTotals } from './bank-statements.service.js';
