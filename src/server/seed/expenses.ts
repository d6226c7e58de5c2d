import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { formatKesLabel } from '../../shared/money.js';
import { expensesMessages as m } from '../../shared/messages/expenses.js';
import { approvals, budgets, expenseCategories, expenses, pettyCashEntries, terms } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { DEFAULT_CATEGORIES, EXPENSE_PREFIX } from '../modules/expenses/expenses.service.js';
import { createRandom } from './names.js';
import { addDays } from '../../shared/dates.js';
import type { FinanceOfficeSeedPlan } from './finance-office-plan.js';
import { documentNumber, takeDocumentNumbers } from '../lib/document-numbers.js';

/**
 * Expenses demo data (issue 15 "Demo data", issue 34 "live on any day"), for both schools: the default
 * categories; budgets for the latest term (repairs a little over) and lightly for the one before; the
 * previous term's expenses across the categories and the latest term's up to today; petty cash with its float, top-ups and small expenses paid
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
  /** Booked in the latest term by today even early in it (on today at the latest): the over-budget story. */
  early?: boolean;
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
  { cat: 3, day: '2026-09-02', payee: 'Mwangi Plumbing Works', description: 'Repair of burst pipe, junior block', kes: 12_800, method: 'cash', early: true },
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
  { cat: 1, day: '2026-10-20', payee: 'Kirinyaga Cereals Ltd', description: 'Food stock for the rest of the term', kes: 54_500, method: 'bank_transfer', status: 'pending' },
  { cat: 6, day: '2026-10-14', payee: 'Kenya National Examinations Council', description: 'Registration fees, candidates 2027', kes: 52_000, method: 'bank_transfer', status: 'approved' },
];
/** Where the reference term (Term 3 2026, as TERM3 is written) starts: rows keep their offset from it. */
const REFERENCE_TERM_START = '2026-08-24';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `refDay` (a day of TERM3) moved to the same week and weekday of a term starting on `termStart`. */
function onto(termStart: string, refDay: string): string {
  const offset = Math.round((Date.parse(`${refDay}T00:00:00Z`) - Date.parse(`${REFERENCE_TERM_START}T00:00:00Z`)) / 86_400_000);
  return addDays(termStart, offset);
}

/** A bill's month follows the day it was paid ("Electricity, August" paid 31 August). */
function withMonth(description: string, day: string): string {
  return description.replace(new RegExp(`\\b(${MONTHS.join('|')})\\b`), MONTHS[Number(day.slice(5, 7)) - 1]!);
}

export async function seedExpenses(tx: Tx, plan: FinanceOfficeSeedPlan, seed: number): Promise<void> {
  const rnd = createRandom(seed);
  const { schoolId } = plan;
  const scale = plan.code === 'riverside' ? 1.25 : 1;
  const cats = await tx
    .insert(expenseCategories)
    .values(DEFAULT_CATEGORIES.map((name, i) => ({ schoolId, name, sortOrder: (i + 1) * 10 })))
    .returning({ id: expenseCategories.id, name: expenseCategories.name });
  const catIds = DEFAULT_CATEGORIES.map((n) => cats.find((c) => c.name === n)!.id);
  const { cal } = plan;
  const today = cal.today;
  const termRows = await tx
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), gte(terms.startsOn, cal.previousTerm.startsOn), lte(terms.startsOn, cal.latestTerm.startsOn)))
    .orderBy(asc(terms.startsOn));
  const latest = termRows.at(-1)!;
  const previous = termRows[0]!;
  // The term a day belongs to: the one holding it, else the last one started before it (holidays).
  const termOf = (day: string) => [...termRows].reverse().find((t) => t.startsOn <= day) ?? previous;

  // The previous term's expenses in full and the latest term's up to today (the burst pipe by today
  // whatever the day, so repairs are over their budget from the term's first day); the ones waiting for a
  // decision were raised in the last two weeks. Amounts vary a little per school; pending and approved
  // stay above the approval limit.
  const waiting = TERM3.filter((r) => r.status);
  const placed = [
    ...TERM3.filter((r) => !r.status).map((r) => ({ ...r, day: onto(previous.startsOn, r.day) })),
    ...TERM3.filter((r) => !r.status)
      .map((r) => ({ ...r, day: onto(latest.startsOn, r.day) }))
      .map((r) => (r.early && r.day > today ? { ...r, day: today } : r))
      .filter((r) => r.day <= today),
    // Raised in the holiday, the food is for the coming term (not "the rest of the term", which has ended).
    ...waiting.map((r, i) => ({
      ...r,
      day: addDays(today, -[6, 5, 12][i]!),
      description: r.description.replace('candidates 2027', `candidates ${cal.year + 1}`).replace('the rest of the term', cal.phase === 'holiday' ? 'the coming term' : 'the rest of the term'),
    })),
  ].map((r) => ({ ...r, description: withMonth(r.description, r.day) }));
  const rows = placed.map((r) => {
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

  // Petty cash: the float (KES 20,000) at the start of each term, two top-ups during it (up to today), and
  // its expenses (never below zero).
  const fromPetty = inserted.filter((e) => e.method === 'petty_cash' && e.status === 'paid');
  const topUps = [previous, latest].flatMap((t, k) => [
    { schoolId, kind: 'top_up', amountCents: 2_000_000, entryOn: t.startsOn, reference: `CHQ ${100201 + k * 100}`, note: `Float for ${t.name}`, createdBy: plan.financeOfficerId },
    { schoolId, kind: 'top_up', amountCents: 1_500_000, entryOn: onto(t.startsOn, '2026-09-15'), reference: `CHQ ${100244 + k * 100}`, note: 'Top-up to the float', createdBy: plan.financeOfficerId },
    { schoolId, kind: 'top_up', amountCents: 700_000, entryOn: onto(t.startsOn, '2026-10-01'), reference: `CHQ ${100271 + k * 100}`, note: 'Top-up to the float', createdBy: plan.financeOfficerId },
  ]);
  await tx.insert(pettyCashEntries).values([
    ...topUps.filter((e) => e.entryOn <= today),
    ...fromPetty.map((e) => ({ schoolId, kind: 'expense', amountCents: -e.amountCents, entryOn: e.spentOn, expenseId: e.id, reference: e.number, createdBy: plan.financeOfficerId })),
  ]);

  // Budgets: the latest term for every category but "Other" (repairs set a little under what was spent),
  // the previous term for food and stationery.
  const t3 = latest;
  const t3Spent = new Map<number, number>();
  rows.forEach((r, i) => {
    if (termOf(r.day).id === t3.id && inserted[i]!.status !== 'pending') t3Spent.set(r.cat, (t3Spent.get(r.cat) ?? 0) + r.cents);
  });
  const roundUp = (cents: number) => Math.ceil(cents / 500_000) * 500_000;
  const term3Budgets = [0, 1, 2, 3, 4, 5, 6].map((cat) => ({
    schoolId,
    categoryId: catIds[cat]!,
    termId: t3.id,
    year: Number(t3.startsOn.slice(0, 4)),
    amountCents: cat === 3 ? Math.max(500_000, roundUp((t3Spent.get(cat) ?? 0) * 0.9) - 500_000) : roundUp((t3Spent.get(cat) ?? 0) * 1.2 + 1_000_000) + (cat === 6 ? 6_000_000 : 0),
    notes: cat === 3 ? 'Set before the storm damage' : null,
    createdBy: plan.financeOfficerId,
  }));
  await tx.insert(budgets).values([
    ...term3Budgets,
    ...(previous.id === latest.id
      ? []
      : [
          { schoolId, categoryId: catIds[1]!, termId: previous.id, year: Number(previous.startsOn.slice(0, 4)), amountCents: 6_000_000 * scale, notes: null, createdBy: plan.financeOfficerId },
          { schoolId, categoryId: catIds[5]!, termId: previous.id, year: Number(previous.startsOn.slice(0, 4)), amountCents: 3_000_000 * scale, notes: null, createdBy: plan.financeOfficerId },
        ]),
  ]);
}
