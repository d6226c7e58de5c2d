/** The billing module's public surface: what other modules may import (decision 0021). */
export { billingStatusBySchool, type SchoolBillingStatus } from './billing-status.js';
