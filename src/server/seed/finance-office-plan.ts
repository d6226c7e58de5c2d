import type { DemoCalendar } from './demo-calendar.js';

/**
 * What the finance office's demo data of one school is built from (issue 15 "Demo data"): the school,
 * its finance staff and learners. Its own file so the expenses, transport and inventory seeds can name
 * it without importing finance-office.ts, which imports them.
 */
export interface FinanceOfficeSeedPlan {
  schoolId: string;
  code: 'greenhill' | 'riverside';
  financeOfficerId: string;
  principalId: string;
  directorId: string;
  /** Every learner, in admission order, with their stream. */
  learners: { id: string; classId: string }[];
  /** The demo parent's children (the first goes on a bus route). */
  parentChildIds: string[];
  /** The demo calendar (expenses, budgets and stock movements up to today). */
  cal: DemoCalendar;
}
