import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural.js';
import { assessmentMessages } from './messages/assessment.js';
import { expensesScreens } from './messages/expenses.js';
import { feesMessages } from './messages/fees.js';
import { financeOfficeMessages } from './messages/finance-office.js';
import { inventoryMessages } from './messages/inventory.js';

// Issue 34: "1 categories", "8 box left", "23 learner(s)", "7 mark sheet(s)" read as real plurals.
describe('plural helpers', () => {
  it('picks the form by Intl.PluralRules', () => {
    expect(plural(1, 'learner')).toBe('1 learner');
    expect(plural(1250, 'learner')).toBe('1,250 learners');
    expect(pluralWord(1, 'category', 'categories')).toBe('category');
    expect(pluralWord(0, 'category', 'categories')).toBe('categories');
  });
});

describe('catalogue texts with counts', () => {
  it('has no "(s)" plurals where the count is shown', () => {
    expect(assessmentMessages.dashboard.marksToEnterHint(7)).toBe('7 mark sheets open for entry');
    expect(assessmentMessages.dashboard.marksToEnterHint(1)).toBe('1 mark sheet open for entry');
    expect(assessmentMessages.approvalSummary('Mid-term', 'Jane Wanjiru', 23)).toBe('Mid-term: 23 learners, submitted by Jane Wanjiru');
    expect(feesMessages.structureInUse(1)).toBe('This fee structure has been invoiced to 1 learner; cancel those invoices first.');
    expect(financeOfficeMessages.lowStock('Ballpoint pens', 8, 'box', 5)).toBe('Ballpoint pens: 8 boxes left (reorder at 5)');
    expect(financeOfficeMessages.storeHint(1, 0)).toBe('1 item · 0 low');
    expect(expensesScreens.kpi.overHint(1)).toBe('category this term');
    expect(expensesScreens.kpi.overHint(2)).toBe('categories this term');
    expect(inventoryMessages.ui.onHandNow(1, 'ream')).toBe('1 ream on hand');
    expect(assessmentMessages.missingMarks(1)).toBe('1 learner still has no mark; enter a mark or mark the learner absent or exempt.');
    expect(assessmentMessages.missingMarks(3)).toBe('3 learners still have no mark; enter a mark or mark them absent or exempt.');
    expect(assessmentMessages.notApprovedYet(1)).toBe('1 mark sheet is not approved yet; approve it before releasing.');
    expect(assessmentMessages.notApprovedYet(4)).toBe('4 mark sheets are not approved yet; approve them before releasing.');
  });
});
