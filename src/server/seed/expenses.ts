import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { formatKesLabel } from '../../shared/money.js';
import { expensesMessages as m } from '../../shared/messages/expenses.js';
import { approvals, budgets, expenseCategories, expenses, pettyCashEntries, terms } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { DEFAULT_CATEGORIES, EXPENSE_PREFIX } from '../modules/expenses/expenses.service.js';
import { createRandom } from './names.js';
import type { FinanceOfficeSeedPlan } from './finance-office-plan.js';
import { documentNumber, takeDocumentNumbers } from '../lib/document-numbers.js';

/**
 * Expenses demo data (issue 15 "Demo data"), for both schools: the default categories; budgets for
 * Term 3 2026 (repairs a little over) and lightly for Terms 1 and 2; a term of expenses across the
 * categories, lighter in the earlier terms; petty cash with its float, top-ups and small expenses paid
 * from it; two expenses waiting for the principal or director and one approved awaiting payment.
 * One bulk insert per table.
 */

type Row = {
  cat: number;
  day: string;
  payee: string;
  description: string;
  kes: number;
  method: 'cash' | 'mpesa' | 'bank_transfer' | 'cheque' | 'petty_cash';
  status?: 'pending' | 'approved' | 'paid';
  term: number;
};

// Category index in DEFAULT_CATEGORIES: 0 salaries, 1 food, 2 utilities, 3 repairs, 4 fuel, 5 stationery, 6 exams, 7 other.
const TERM3: Omit<Row, 'term'>[] = [
  { cat: 1, day: '2026-08-25', payee: 'Kirinyaga Cereals Ltd', description: 'Maize and beans for the term (first delivery)', kes: 38_500, method: 'bank_transfer' },
  { cat: 1, day: '2026-09-14', payee: 'Fresh Greens Market', description: 'Vegetables and fruit, weeks 3 to 5', kes: 18_200, method: 'mpesa' },
  { cat: 1, day: '2026-10-05', payee: 'Kirinyaga Cereals Ltd', description: 'Rice and cooking oil', kes: 27_400, method: 'bank_transfer' },
  { cat: 2, day: '2026-08-31', payee: 'Kenya Power', description: 'Electricity, August', kes: 21_350, method: 'mpesa' },
  { cat: 2, day: '2026-09-30', payee: 'Kenya Power', description: 'Electricity, September', kes: 22_910, method: 'mpesa' },
  { cat: 2, day: '2026-09-30', payee: 'Nairobi City Water', description: 'Water, September', kes: 8_640, method: 'mpesa' },
  { cat: 3, day: '2026-09-02', payee: 'Mwangi Plumbing Works', description: 'Repair of burst pipe, junior block', kes: 12_800, method: 'cash' },
  { cat: 3, day: '2026-09-21', payee: 'Jua Kali Welders', description: 'New gate hinges and welding', kes: 9_500, method: 'petty_cash' },
  { cat: 3, day: '2026-10-12', payee: 'BuildRite Hardware', description: 'Roof repairs after the storm', kes: 31_700, method: 'cheque' },
  { cat: 4, day: '2026-08-28', payee: 'Rubis Energy', description: 'Diesel for school bus KDA 123A', kes: 14_000, method: 'mpesa' },
  { cat: 4, day: '2026-09-25', payee: 'Rubis Energy', description: 'Diesel for school bus KDA 123A', kes: 15_200, method: 'mpesa' },
  { cat: 5, day: '2026-08-26', payee: 'Text Book Centre', description: 'Exercise books and chalk', kes: 6_450, method: 'petty_cash' },
  { cat: 5, day: '2026-09-16', payee: 'Office Mart', description: 'Printer toner and paper', kes: 4_980, method: 'petty_cash' },
  { cat: 6, day: '2026-10-08', payee: 'Prime Printers', description: 'End of term examination papers', kes: 16_300, method: 'bank_transfer' },
  { cat: 0, day: '2026-09-30', payee: 'Casual groundsmen', description: 'Casual labour, September (outside payroll)', kes: 12_000, method: 'cash' },
  { cat: 7, day: '2026-10-02', payee: 'Red Cross Kenya', description: 'First aid kits refill', kes: 3_250, method: 'petty_cash' },
  { cat: 7, day: '2026-10-16', payee: 'Sports Hub', description: 'Football nets and balls', kes: 7_800, method: 'petty_cash' },
  // Waiting for the principal or director (at or above the KES 50,000 limit) and one approved, not yet paid.
  { cat: 3, day: '2026-10-19', payee: 'BuildRite Hardware', description: 'Repainting of the dining hall', kes: 68_000, method: 'bank_transfer', status: 'pending' },
  { cat: 1, day: '2026-10-20', payee: 'Kirinyaga Cereals Ltd', description: 'Food stock for the December holiday tuition', kes: 54_500, method: 'bank_transfer', status: 'pending' },
  { cat: 6, day: '2026-10-14', payee: 'Kenya National Examinations Council', description: 'Registration fees, candidates 2027', kes: 52_000, method: 'bank_transfer', status: 'approved' },
];
const EARLIER: Omit<Row, 'term'>[] = [
  { cat: 1, day: '2026-01-08', payee: 'Kirinyaga Cereals Ltd', description: 'Maize and beans for the term', kes: 41_000, method: 'bank_transfer' },
  { cat: 2, day: '2026-02-28', payee: 'Kenya Power', description: 'Electricity, February', kes: 19_870, method: 'mpesa' },
  { cat: 5, day: '2026-01-12', payee: 'Text Book Centre', description: 'Stationery for the new year', kes: 22_400, method: 'cheque' },
  { cat: 1, day: '2026-04-29', payee: 'Kirinyaga Cereals Ltd', description: 'Maize and beans for the term', kes: 43_200, method: 'bank_transfer' },
  { cat: 4, day: '2026-05-20', payee: 'Rubis Energy', description: 'Diesel for school bus', kes: 13_600, method: 'mpesa' },
  { cat: 6, day: '2026-07-10', payee: 'Prime Printers', description: 'Mid-year examination papers', kes: 14_900, method: 'bank_transfer' },
];

export async function seedExpenses(tx: Tx, plan: FinanceOfficeSeedPlan, seed: number): Promise<void> {
  const rnd = createRandom(seed);
  const { schoolId } = plan;
  const scale = plan.code === 'riverside' ? 1.25 : 1;
  const cats = await tx
    .insert(expenseCategories)
    .values(DEFAULT_CATEGORIES.map((name, i) => ({ schoolId, name, sortOrder: (i + 1) * 10 })))
    .returning({ id: expenseCategories.id, name: expenseCategories.name });
  const catIds = DEFAULT_CATEGORIES.map((n) => cats.find((c) => c.name === n)!.id);
  const termRows = await tx
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), gte(terms.startsOn, '2026-01-01'), lte(terms.startsOn, '2026-12-31')))
    .orderBy(asc(terms.startsOn));
  if (termRows.length < 3) return;
  const termOf = (day: string) => termRows.find((t) => t.startsOn <= day && day <= t.endsOn) ?? termRows[2]!;

  // Amounts vary a little per school; pending and approved stay above the approval limit.
  const rows = [...EARLIER, ...TERM3].map((r) => {
    const jitter = r.status ? 1 : 0.9 + rnd.next() * 0.2;
    return { ...r, cents: Math.round(r.kes * (r.status || r.method === 'petty_cash' ? 1 : scale) * jitter) * 100 };
  });
  const first = await takeDocumentNumbers(tx, schoolId, 'expense', rows.length);
  const inserted = await tx
    .insert(expenses)
    .values(
      rows.map((r, i) => {
        const status = r.status ?? 'paid';
        return {
          schoolId,
          number: documentNumber(EXPENSE_PREFIX, first + i),
          spentOn: r.day,
          termId: termOf(r.day).id,
          categoryId: catIds[r.cat]!,
          payee: r.payee,
          description: r.description,
          amountCents: r.cents,
          method: r.method,
          reference: r.method === 'mpesa' ? `S${r.day.replace(/-/g, '').slice(2)}${String(i).padStart(3, '0')}` : r.method === 'cheque' ? `CHQ ${100230 + i}` : null,
          status,
          paidOn: status === 'paid' ? r.day : null,
          paidBy: status === 'paid' ? plan.financeOfficerId : null,
          requestedBy: plan.financeOfficerId,
          decidedBy: status === 'approved' ? plan.directorId : null,
          decidedAt: status === 'approved' ? new Date(`${r.day}T09:00:00+03:00`) : null,
          decisionNote: status === 'approved' ? 'Approved; pay before registration closes.' : null,
        };
      }),
    )
    .returning({ id: expenses.id, number: expenses.number, status: expenses.status, amountCents: expenses.amountCents, spentOn: expenses.spentOn, method: expenses.method });

  // Approvals rows: pending ones on the card, the approved one decided by the director.
  const decided = inserted.filter((e) => e.status !== 'paid');
  await tx.insert(approvals).values(
    decided.map((e) => {
      const r = rows[inserted.indexOf(e)]!;
      return {
        schoolId,
        kind: 'expense',
        subjectId: e.id,
        title: m.approvalTitle(DEFAULT_CATEGORIES[r.cat]!, r.payee, formatKesLabel(e.amountCents)),
        summary: m.approvalSummary(e.number, r.description, null),
        amountCents: e.amountCents,
        status: e.status === 'approved' ? 'approved' : 'pending',
        requestedBy: plan.financeOfficerId,
        requestedAt: new Date(`${e.spentOn}T10:00:00+03:00`),
        decidedBy: e.status === 'approved' ? plan.directorId : null,
        decidedAt: e.status === 'approved' ? new Date(`${e.spentOn}T12:00:00+03:00`) : null,
        note: e.status === 'approved' ? 'Approved; pay before registration closes.' : null,
      };
    }),
  );

  // Petty cash: the float (KES 20,000) at the start of Term 3, two top-ups during it, and its expenses (never below zero).
  const fromPetty = inserted.filter((e) => e.method === 'petty_cash' && e.status === 'paid');
  await tx.insert(pettyCashEntries).values([
    { schoolId, kind: 'top_up', amountCents: 2_000_000, entryOn: '2026-08-24', reference: 'CHQ 100201', note: 'Float for Term 3', createdBy: plan.financeOfficerId },
    { schoolId, kind: 'top_up', amountCents: 1_500_000, entryOn: '2026-09-15', reference: 'CHQ 100244', note: 'Top-up to the float', createdBy: plan.financeOfficerId },
    { schoolId, kind: 'top_up', amountCents: 700_000, entryOn: '2026-10-01', reference: 'CHQ 100271', note: 'Top-up to the float', createdBy: plan.financeOfficerId },
    ...fromPetty.map((e) => ({ schoolId, kind: 'expense', amountCents: -e.amountCents, entryOn: e.spentOn, expenseId: e.id, reference: e.number, createdBy: plan.financeOfficerId })),
  ]);

  // Budgets: Term 3 for every category but "Other" (repairs set a little under what was spent), Terms 1 and 2 for food and stationery.
  const t3 = termRows[2]!;
  const t3Spent = new Map<number, number>();
  rows.forEach((r, i) => {
    if (termOf(r.day).id === t3.id && inserted[i]!.status !== 'pending') t3Spent.set(r.cat, (t3Spent.get(r.cat) ?? 0) + r.cents);
  });
  const roundUp = (cents: number) => Math.ceil(cents / 500_000) * 500_000;
  const term3Budgets = [0, 1, 2, 3, 4, 5, 6].map((cat) => ({
    schoolId,
    categoryId: catIds[cat]!,
    termId: t3.id,
    year: 2026,
    amountCents: cat === 3 ? Math.max(500_000, roundUp((t3Spent.get(cat) ?? 0) * 0.9) - 500_000) : roundUp((t3Spent.get(cat) ?? 0) * 1.2 + 1_000_000) + (cat === 6 ? 6_000_000 : 0),
    notes: cat === 3 ? 'Set before the storm damage' : null,
    createdBy: plan.financeOfficerId,
  }));
  await tx.insert(budgets).values([
    ...term3Budgets,
    { schoolId, categoryId: catIds[1]!, termId: termRows[0]!.id, year: 2026, amountCents: 6_000_000 * scale, notes: null, createdBy: plan.financeOfficerId },
    { schoolId, categoryId: catIds[5]!, termId: termRows[0]!.id, year: 2026, amountCents: 3_000_000 * scale, notes: null, createdBy: plan.financeOfficerId },
    { schoolId, categoryId: catIds[1]!, termId: termRows[1]!.id, year: 2026, amountCents: 6_000_000 * scale, notes: null, createdBy: plan.financeOfficerId },
  ]);
}
