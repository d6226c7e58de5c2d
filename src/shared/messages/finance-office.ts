import { plural } from '../plural.js';
import { unitCount } from '../plural-unit.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/finance-office.js';
/** The finance office at a glance (issue 15): the panel on the finance officer's dashboard. */
export const financeOfficeMessages = localized('finance-office/financeOfficeMessages', {
  title: 'Finance office',
  spendingTab: 'Spending',
  description: 'Spending, petty cash, the store and school transport this term',
  spent: 'Spent this term',
  spentHint: (pending: number) => (pending === 0 ? 'Nothing waits for approval' : `${pending} awaiting approval`),
  pettyCash: 'Petty cash',
  pettyCashHint: (float: string) => `Float KES ${float}`,
  store: 'Store value',
  storeHint: (items: number, low: number) => `${plural(items, 'item')} · ${low} low`,
  transport: 'On school buses',
  transportHint: (routes: number) => `${routes} ${routes === 1 ? 'route' : 'routes'}`,
  alerts: 'Needs attention',
  noAlerts: 'Nothing needs attention: budgets, stock and vehicle papers are in order.',
  overBudget: (category: string, actual: string, budget: string) => `${category}: KES ${actual} spent of a KES ${budget} budget`,
  lowStock: (name: string, qty: number, unit: string, reorder: number) => `${name}: ${unitCount(qty, unit)} left (reorder at ${reorder})`,
  expiry: {
    insurance: (subject: string, on: string, expired: boolean) => `${subject} insurance ${expired ? 'expired' : 'expires'} ${on}`,
    inspection: (subject: string, on: string, expired: boolean) => `${subject} inspection ${expired ? 'expired' : 'due'} ${on}`,
    licence: (subject: string, on: string, expired: boolean) => `${subject}'s driving licence ${expired ? 'expired' : 'expires'} ${on}`,
  },
  openExpenses: 'Expenses',
  openInventory: 'Inventory',
  openTransport: 'Transport',
  loadFailed: 'The finance office figures could not be loaded.',
} as const, { sw: sw.financeOfficeMessages });
