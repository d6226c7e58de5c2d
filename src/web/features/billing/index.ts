/** The billing feature's public surface: what other features may import (decision 0021). */
export { SubscriptionSummaryCard } from './billing-widgets';
