import type { Actor } from '../../../shared/access.js';
import type { Invoice, ListAccountsQuery, ListAccountsResponse, MyChildrenFees, Statement, StudentAccount } from '../../../shared/contracts/fees.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import { audienceScope, learnerAudience, type LearnerAudience } from '../learners/index.js';
import { FEES_AUDIT } from './fees-context.js';
import * as repo from './fees.repository.js';
import * as accountsRepo from './accounts.repository.js';
import { adjustmentsOfStudent } from './adjustments.repository.js';
import { pageWindow } from '../../lib/paging.js';
import { optionKey } from './invoices.service.js';
import { pendingChargesOf } from './charges.service.js';
import { currentTerm } from './structures.service.js';
import { auditSchool, schoolIdOf, inSchool } from '../../lib/school-context.js';

const m = messages.fees;

/**
 * Learner fee accounts (issue 11 §2, §5): what a learner was invoiced, paid and had adjusted, the
 * running balance and statements. Who sees an account: the school's finance officer, principal and
 * director, platform staff, and a parent for their own children only (another child is 404, like a
 * learner of another school).
 */

/** Runs `fn` for a learner the caller may see (parents: their own children), or 404. */
export async function withVisibleLearner<T>(database: Database, actor: Actor, studentId: string, schoolId: string | undefined, fn: (tx: Tx, learner: repo.FeeLearner, audience: LearnerAudience) => Promise<T>): Promise<T> {
  const audience = learnerAudience(actor, schoolId);
  if (audience.kind === 'platform') audience.schoolId = schoolIdOf(actor, schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const learner = await repo.findVisibleLearner(tx, audience.schoolId!, audience, studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    return fn(tx, learner, audience);
  });
}

/** Optional items of the learner's level in the current term, and which of them the learner takes. */
async function optionalItems(tx: Tx, schoolId: string, learner: repo.FeeLearner) {
  const term = await currentTerm(tx, schoolId);
  if (!term || !learner.levelId) return [];
  const items = await accountsRepo.optionalItemsOfLevel(tx, term.id, learner.levelId);
  const chosen = new Set(await accountsRepo.chosenOptionKeys(tx, learner.id));
  const byKey = new Map<string, { key: string; name: string; amount: number; chosen: boolean }>();
  for (const i of items) {
    const key = optionKey(i.name);
    if (!byKey.has(key)) byKey.set(key, { key, name: i.name, amount: centsToKes(i.amountCents), chosen: chosen.has(key) });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The account of a learner (already checked visible), in the §5 shape. */
export async function accountOf(tx: Tx, learner: repo.FeeLearner): Promise<StudentAccount> {
  const [inv, pays, adj, [bal]] = await Promise.all([
    repo.invoicesOfStudent(tx, learner.id),
    repo.paymentsOfStudent(tx, learner.id),
    adjustmentsOfStudent(tx, learner.id),
    accountsRepo.studentBalanceRows(tx, learner.id),
  ]);
  const pending = adj.items.filter((a) => a.status === 'pending').reduce((s, a) => s + Math.round(a.amount * 100), 0);
  const [charges, [route]] = await Promise.all([
    pendingChargesOf(tx, learner.id),
    accountsRepo.activeRoutesOf(tx, learner.id),
  ]);
  return {
    balance: centsToKes(Number(bal?.balanceCents ?? 0)),
    invoices: inv,
    payments: pays,
    adjustments: adj.items,
    student: { id: learner.id, name: learner.name, admissionNumber: learner.admissionNumber, className: learner.className, status: learner.status, boarding: learner.boarding },
    totals: { invoiced: centsToKes(Number(bal?.invoicedCents ?? 0)), adjusted: centsToKes(Number(bal?.adjustedCents ?? 0)), paid: centsToKes(Number(bal?.paidCents ?? 0)) },
    optionalItems: await optionalItems(tx, learner.schoolId, learner),
    pendingAdjustments: centsToKes(pending),
    pendingCharges: charges.map((c) => ({ id: c.id, source: c.source as 'inventory_sale' | 'transport', description: c.description, category: c.category, amount: centsToKes(c.amountCents), createdAt: c.createdAt.toISOString() })),
    transport: route ? { route: route.route, stop: route.stop, termFee: centsToKes(route.zoneFee ?? route.routeFee), since: route.since } : null,
  };
}

/** GET /api/students/:id/account (issue 11 §5). */
export async function getAccount(database: Database, actor: Actor, studentId: string, schoolId?: string): Promise<StudentAccount> {
  return withVisibleLearner(database, actor, studentId, schoolId, (tx, learner) => accountOf(tx, learner));
}

interface Entry {
  date: string;
  order: number;
  at: number;
  kind: Statement['entries'][number]['kind'];
  description: string;
  reference: string | null;
  deltaCents: number;
}

async function statementEntries(tx: Tx, studentId: string): Promise<Entry[]> {
  const [inv, pays, adj] = await Promise.all([
    accountsRepo.issuedInvoicesWithTerm(tx, studentId),
    accountsRepo.paymentRowsOfStudent(tx, studentId),
    accountsRepo.appliedAdjustmentsOf(tx, studentId),
  ]);
  const METHOD: Record<string, string> = { cash: 'Cash', bank_deposit: 'Bank deposit', cheque: 'Cheque', mpesa: 'M-Pesa', bank_transfer: 'Bank transfer' };
  const ADJ: Record<string, string> = { credit_note: 'Credit note', discount: 'Discount', bursary: 'Bursary', waiver: 'Waiver' };
  return [
    ...inv.map(({ i, termName }) => ({ date: i.issuedOn, order: 0, at: i.createdAt.getTime(), kind: 'invoice' as const, description: `Invoice: ${termName} fees`, reference: i.invoiceNumber, deltaCents: i.totalCents })),
    ...adj.map((a) => ({ date: a.effectiveOn, order: 1, at: a.createdAt.getTime(), kind: 'adjustment' as const, description: `${ADJ[a.kind] ?? a.kind}: ${a.reason}`, reference: a.number, deltaCents: -a.amountCents })),
    ...pays.map((p) =>
      p.kind === 'payment'
        ? { date: p.paidOn, order: 2, at: p.createdAt.getTime(), kind: 'payment' as const, description: `Payment (${METHOD[p.method] ?? p.method})${p.reference ? ` ${p.reference}` : ''}`, reference: p.receiptNumber, deltaCents: -p.amountCents }
        : { date: p.paidOn, order: 3, at: p.createdAt.getTime(), kind: 'reversal' as const, description: `Reversal of ${p.reference ?? 'payment'}: ${p.reason ?? ''}`.trim(), reference: p.reference, deltaCents: -p.amountCents },
    ),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.at - b.at));
}

/**
 * A statement for a date range (issue 11 §2): opening balance (everything before `from`), each invoice,
 * payment, reversal and adjustment in the range with the running balance, closing balance. Defaults:
 * from the first entry (or today) to today.
 */
export async function statementOf(tx: Tx, studentId: string, range: { from?: string; to?: string }): Promise<Statement> {
  const all = await statementEntries(tx, studentId);
  const to = range.to ?? schoolToday();
  const from = range.from ?? all[0]?.date ?? to;
  let balance = 0;
  for (const e of all) if (e.date < from) balance += e.deltaCents;
  const opening = balance;
  const entries: Statement['entries'] = [];
  for (const e of all) {
    if (e.date < from || e.date > to) continue;
    balance += e.deltaCents;
    entries.push({
      date: e.date,
      kind: e.kind,
      description: e.description,
      reference: e.reference,
      debit: e.deltaCents > 0 ? centsToKes(e.deltaCents) : 0,
      credit: e.deltaCents < 0 ? centsToKes(-e.deltaCents) : 0,
      balance: centsToKes(balance),
    });
  }
  return { from, to, openingBalance: centsToKes(opening), closingBalance: centsToKes(balance), entries };
}

/** GET /api/students/:id/statement (JSON; the route renders the PDF). */
export async function getStatement(database: Database, actor: Actor, studentId: string, range: { from?: string; to?: string }, schoolId?: string) {
  return withVisibleLearner(database, actor, studentId, schoolId, async (tx, learner) => ({ learner, statement: await statementOf(tx, learner.id, range) }));
}

/** PUT /api/students/:id/fee-options: the learner takes (or stops taking) an optional item from the next invoice on. */
export async function setFeeOption(database: Database, actor: Actor, studentId: string, body: { key: string; chosen: boolean }, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const learner = await repo.findLearner(tx, schoolId, studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    const key = optionKey(body.key);
    if (body.chosen) await accountsRepo.insertFeeOption(tx, schoolId, studentId, key);
    else await accountsRepo.deleteFeeOption(tx, studentId, key);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.feeOptionChanged, `student:${studentId}`, null, { key, chosen: body.chosen });
    return accountOf(tx, learner);
  });
}

/**
 * GET /api/fees/accounts: learners with their invoiced, adjusted, paid and balance figures; search (the
 * register's: names, numbers, guardian phone), level, stream, balance owing/cleared/credit, sorting;
 * totals of every matching learner.
 */
export async function listAccounts(database: Database, actor: Actor, q: ListAccountsQuery): Promise<ListAccountsResponse> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: accountsRepo.AccountFilters = { search: q.search, classId: q.classId, levelId: q.levelId, status: q.status, balance: q.balance };
    const rows = await accountsRepo.listAccountPage(tx, schoolId, filters, q.sort, pageWindow(q));
    const agg = await accountsRepo.accountTotals(tx, schoolId, filters);
    return {
      items: rows.map((r) => ({
        studentId: r.studentId,
        admissionNumber: r.admissionNumber,
        name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
        className: r.className,
        levelName: r.levelName,
        status: r.status,
        boarding: r.boarding,
        invoiced: centsToKes(Number(r.invoicedCents)),
        adjusted: centsToKes(Number(r.adjustedCents)),
        paid: centsToKes(Number(r.paidCents)),
        balance: centsToKes(Number(r.balanceCents)),
        lastPaymentOn: r.lastPaidOn,
      })),
      total: Number(agg?.n ?? 0),
      totals: { balance: centsToKes(agg?.balance ?? 0), owing: agg?.owing ?? 0, owed: centsToKes(agg?.owed ?? 0) },
    };
  });
}

/**
 * GET /api/fees/my-children: a parent's children with balance, this term's invoice and last payment,
 * the parent's phone (to prefill "Pay with M-Pesa") and whether the school takes M-Pesa.
 */
export async function myChildrenFees(database: Database, actor: Actor): Promise<MyChildrenFees> {
  if (actor.role !== 'parent') throw forbidden(messages.friendly.permission);
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const schoolId = audience.schoolId!;
    const kids = await accountsRepo.listVisibleLearnerIds(tx, schoolId, audience);
    const term = await currentTerm(tx, schoolId);
    const children: MyChildrenFees['children'] = [];
    const learners = await repo.learnersByIds(tx, kids.map((k) => k.id));
    // Issue 37 §1: every child's term invoice, last payment and balance in one query each (with lines and
    // allocations), not every invoice and payment of each child.
    const ids = kids.map((k) => k.id);
    const termInvoices = term ? await repo.termInvoicesOfStudents(tx, ids, term.id) : new Map<string, Invoice>();
    const lastPayments = await repo.lastPaymentsOfStudents(tx, ids);
    const balances = await repo.balancesByStudent(tx, ids);
    for (const k of kids) {
      const learner = learners.get(k.id)!;
      children.push({
        studentId: k.id,
        name: learner.name,
        admissionNumber: learner.admissionNumber,
        className: learner.className,
        balance: centsToKes(balances.get(k.id) ?? 0),
        currentTermInvoice: termInvoices.get(k.id) ?? null,
        lastPayment: lastPayments.get(k.id) ?? null,
      });
    }
    const me = await accountsRepo.findGuardianPhoneOfAccount(tx, schoolId, actor.id);
    const own = me ? undefined : await accountsRepo.findProfilePhone(tx, actor.id);
    const cfg = await accountsRepo.findMpesaPayOptions(tx, schoolId);
    return {
      children,
      phone: me?.phone ?? own?.phone ?? null,
      mpesa: {
        available: !!cfg,
        shortcode: cfg ? (cfg.type === 'till' ? (cfg.tillNumber ?? cfg.shortcode) : cfg.shortcode) : null,
        shortcodeType: (cfg?.type as 'paybill' | 'till' | undefined) ?? null,
        environment: (cfg?.environment as 'simulator' | 'sandbox' | 'production' | undefined) ?? null,
      },
    };
  });
}

/** Balances of many learners at once (cents), e.g. for reminders. */
export async function balancesOf(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  return repo.balancesByStudent(tx, ids);
}
