/** The finance-office feature's public surface: what other features may import (decision 0021). */
export { FinanceOfficePanel } from './finance-office-panel';
