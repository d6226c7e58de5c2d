import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/tenant.js';
import {
  approvals,
  documentSequences,
  feeAdjustments,
  feeStructureItems,
  feeStructures,
  invoiceLines,
  invoices,
  mpesaConfigs,
  mpesaTransactions,
  payments,
  studentFeeOptions,
} from '../db/schema/index.js';
import type { createRandom } from './names.js';
import type { PaymentToPost } from '../modules/fees/payments.service.js';
import { addDays } from '../../shared/dates.js';
import { weekday } from '../../shared/kenya-holidays.js';
import type { DemoCalendar } from './demo-calendar.js';

/**
 * Demo fees (issue 11 "Demo data", issue 34 "live on any day"): fee structures for every level and term
 * of the year (CBC day and boarding at Greenhill, IGCSE in KES at Riverside), invoices for the terms opened by today, a realistic spread of payments up to
 * today (earlier terms mostly cleared, the latest partly paid, some learners owing), a few bursaries, one waiver
 * waiting for the principal, a handful of unmatched M-Pesa payments, and the Daraja simulator configured
 * (Greenhill paybill, Riverside till). Written in bulk: the seed runs for every API test file.
 */

type Random = ReturnType<typeof createRandom>;
type Item = { name: string; category: string; amount: number; optional?: boolean };

/**
 * The day a payment was made: M-Pesa any day; cash at the office, a cheque or a bank deposit not on a
 * Sunday (the office and the banks are shut), so the Friday before.
 */
function officeDay(day: string, method: string): string {
  return method !== 'mpesa' && weekday(day) === 0 ? addDays(day, -2) : day;
}

export interface FeeSeedLearner {
  id: string;
  classId: string;
  levelName: string;
  levelOrder: number;
  boarding: string;
  admissionNumber: string;
  firstName: string;
  lastName: string;
  guardianPhone: string;
  /** The primary guardian's full name: who pays (M-Pesa shows it as the payer). */
  guardianName: string;
}

export interface FeeSeedPlan {
  schoolId: string;
  curriculum: 'CBC' | 'IGCSE';
  /** This year's terms. */
  terms: { id: string; number: number; startsOn: string; endsOn: string }[];
  /** The demo calendar: terms invoiced and payments made by today. */
  cal: DemoCalendar;
  levels: { id: string; name: string; levelOrder: number }[];
  learners: FeeSeedLearner[];
  financeOfficerId: string;
  principalId: string;
  mpesa: { shortcode: string; type: 'paybill' | 'till'; tillNumber: string | null };
}

/** Term fees per level in KES (whole shillings), by curriculum. */
function itemsFor(curriculum: 'CBC' | 'IGCSE', levelName: string, levelOrder: number, term: number, boarding: boolean): Item[] {
  if (curriculum === 'CBC') {
    const tuition = levelOrder <= 0 ? 18_000 : levelOrder <= 3 ? 22_000 : levelOrder <= 6 ? 25_000 : 28_000;
    const items: Item[] = [
      { name: 'Tuition', category: 'tuition', amount: tuition },
      { name: 'Activity fee', category: 'activity', amount: 2_500 },
    ];
    if (term === 1) items.push({ name: 'Development levy', category: 'development', amount: 3_000 });
    if (boarding) items.push({ name: 'Boarding', category: 'boarding', amount: 32_000 });
    else {
      items.push({ name: 'Lunch', category: 'lunch', amount: 6_500 });
      items.push({ name: 'Transport', category: 'transport', amount: 9_000, optional: true });
    }
    return items;
  }
  const tuition = levelOrder <= 9 ? 145_000 : 165_000;
  const items: Item[] = [
    { name: 'Tuition', category: 'tuition', amount: tuition },
    { name: 'Activity fee', category: 'activity', amount: 8_500 },
  ];
  if (levelName === 'Year 11' && term === 1) items.push({ name: 'Cambridge IGCSE entry', category: 'exam', amount: 38_000 });
  if (boarding) items.push({ name: 'Boarding', category: 'boarding', amount: 95_000 });
  else {
    items.push({ name: 'Lunch', category: 'lunch', amount: 18_000 });
    items.push({ name: 'Transport', category: 'transport', amount: 25_000, optional: true });
  }
  return items;
}

const METHODS = [
  ['mpesa', 0.55],
  ['bank_deposit', 0.25],
  ['cash', 0.1],
  ['cheque', 0.05],
  ['bank_transfer', 0.05],
] as const;

function pickMethod(rnd: Random): (typeof METHODS)[number][0] {
  let r = rnd.next();
  for (const [m, p] of METHODS) {
    if ((r -= p) < 0) return m;
  }
  return 'mpesa';
}

const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function mpesaCode(rnd: Random, year: number): string {
  // M-Pesa receipts start with a letter for the year (2025 "T", 2026 "U", 2027 "V") and run to 10 characters.
  let s = String.fromCharCode(65 + ((year - 2006) % 26));
  for (let i = 0; i < 9; i++) s += CODE_CHARS[rnd.int(0, CODE_CHARS.length - 1)];
  return s;
}

/** Whole shillings in cents, rounded down to KES 50 (how parents pay instalments). */
function roundedShare(totalCents: number, share: number): number {
  return Math.max(5_000, Math.floor((totalCents * share) / 5_000) * 5_000);
}

export async function seedFees(tx: Tx, plan: FeeSeedPlan, rnd: Random): Promise<void> {
  const { schoolId } = plan;
  const boardingLevels = plan.levels.filter((l) => l.levelOrder >= (plan.curriculum === 'CBC' ? 7 : 9));

  // Structures: one per level and term ("all" = day scholars' fees), plus a boarding one where boarders exist.
  const structureRows: (typeof feeStructures.$inferInsert & { key: string })[] = [];
  const structureItems = new Map<string, Item[]>();
  const structureTerms = plan.terms.map((t) => ({ ...t, year: plan.cal.year }));
  for (const term of structureTerms) {
    for (const level of plan.levels) {
      const variants = boardingLevels.includes(level) ? (['day', 'boarding'] as const) : (['all'] as const);
      for (const v of variants) {
        const key = `${term.id}|${level.id}|${v}`;
        structureItems.set(key, itemsFor(plan.curriculum, level.name, level.levelOrder, term.number, v === 'boarding'));
        structureRows.push({
          key,
          schoolId,
          termId: term.id,
          levelId: level.id,
          boarding: v,
          name: `${level.name}${v === 'day' ? ' Day' : v === 'boarding' ? ' Boarding' : ''}: Term ${term.number} ${term.year}`,
          createdBy: plan.financeOfficerId,
        });
      }
    }
  }
  const inserted = await tx
    .insert(feeStructures)
    .values(structureRows.map(({ key: _k, ...r }) => r))
    .returning({ id: feeStructures.id, termId: feeStructures.termId, levelId: feeStructures.levelId, boarding: feeStructures.boarding });
  const structureId = new Map(inserted.map((s) => [`${s.termId}|${s.levelId}|${s.boarding}`, s.id]));
  const itemRows: (typeof feeStructureItems.$inferInsert)[] = [];
  const itemIds = new Map<string, { id: string; item: Item }[]>();
  for (const [key, items] of structureItems) {
    items.forEach((it, i) => itemRows.push({ schoolId, structureId: structureId.get(key)!, name: it.name, category: it.category, amountCents: it.amount * 100, optional: !!it.optional, sortOrder: i }));
  }
  const insertedItems = await tx.insert(feeStructureItems).values(itemRows).returning({ id: feeStructureItems.id, structureId: feeStructureItems.structureId, name: feeStructureItems.name });
  for (const [key, items] of structureItems) {
    const sid = structureId.get(key)!;
    itemIds.set(key, items.map((item) => ({ id: insertedItems.find((r) => r.structureId === sid && r.name === item.name)!.id, item })));
  }

  // A fifth of day scholars take the school bus (the optional Transport item).
  const bus = new Set(plan.learners.filter((l) => l.boarding === 'day' && rnd.next() < 0.2).map((l) => l.id));
  if (bus.size) await tx.insert(studentFeeOptions).values([...bus].map((studentId) => ({ schoolId, studentId, itemKey: 'transport' })));

  // Invoices for the terms opened by today, issued on each term's first day.
  const today = plan.cal.today;
  const invoicedTerms = plan.terms.filter((t) => t.startsOn <= today);
  const levelOf = new Map(plan.levels.map((l) => [l.name, l]));
  const invoiceDrafts: { row: typeof invoices.$inferInsert; lines: { id: string; item: Item }[]; learner: FeeSeedLearner; term: FeeSeedPlan['terms'][number] }[] = [];
  let invoiceSeq = 0;
  for (const term of invoicedTerms) {
    for (const learner of plan.learners) {
      const level = levelOf.get(learner.levelName)!;
      const variant = boardingLevels.includes(level) ? (learner.boarding === 'boarding' ? 'boarding' : 'day') : 'all';
      const key = `${term.id}|${level.id}|${variant}`;
      const lines = itemIds.get(key)!.filter((x) => !x.item.optional || bus.has(learner.id));
      invoiceSeq++;
      invoiceDrafts.push({
        learner,
        term,
        lines,
        row: {
          schoolId,
          studentId: learner.id,
          termId: term.id,
          structureId: structureId.get(key)!,
          classId: learner.classId,
          invoiceNumber: `INV-${String(invoiceSeq).padStart(6, '0')}`,
          issuedOn: term.startsOn,
          dueOn: addDays(term.startsOn, 14),
          totalCents: lines.reduce((s, x) => s + x.item.amount * 100, 0),
          createdBy: plan.financeOfficerId,
        },
      });
    }
  }
  const invoiceIds: string[] = [];
  for (let i = 0; i < invoiceDrafts.length; i += 500) {
    const rows = await tx.insert(invoices).values(invoiceDrafts.slice(i, i + 500).map((d) => d.row)).returning({ id: invoices.id });
    invoiceIds.push(...rows.map((r) => r.id));
  }
  const lineRows = invoiceDrafts.flatMap((d, i) =>
    d.lines.map((l, k) => ({ schoolId, invoiceId: invoiceIds[i]!, itemId: l.id, name: l.item.name, category: l.item.category, amountCents: l.item.amount * 100, sortOrder: k })),
  );
  for (let i = 0; i < lineRows.length; i += 1000) await tx.insert(invoiceLines).values(lineRows.slice(i, i + 1000));

  // A few bursaries (credit on the learner's invoice of the latest term), and one large waiver waiting for the principal.
  const latestTerm = invoicedTerms.at(-1)!;
  const notAfterToday = (day: string) => (day < today ? day : today);
  const t3 = invoiceDrafts.map((d, i) => ({ ...d, id: invoiceIds[i]! })).filter((d) => d.term.id === latestTerm.id);
  const bursaries = t3.filter(() => rnd.next() < 0.02).slice(0, 6);
  let creditSeq = 0;
  const adjustments: (typeof feeAdjustments.$inferInsert)[] = bursaries.map((d) => ({
    schoolId,
    studentId: d.learner.id,
    invoiceId: d.id,
    termId: latestTerm.id,
    kind: 'bursary',
    amountCents: roundedShare(d.row.totalCents, 0.25),
    reason: rnd.next() < 0.5 ? 'County education bursary (Nairobi)' : 'CDF bursary',
    number: `CN-${String(++creditSeq).padStart(6, '0')}`,
    status: 'applied',
    effectiveOn: notAfterToday(addDays(latestTerm.startsOn, 10)),
    requestedBy: plan.financeOfficerId,
  }));
  const waiverFor = t3.find((d) => !bursaries.includes(d) && d.learner.levelOrder >= 4)!;
  const waiverCents = plan.curriculum === 'CBC' ? 1_500_000 : 5_000_000;
  adjustments.push({
    schoolId,
    studentId: waiverFor.learner.id,
    invoiceId: waiverFor.id,
    termId: latestTerm.id,
    kind: 'waiver',
    amountCents: waiverCents,
    reason: 'Family bereavement: half of the term fees waived on compassionate grounds',
    status: 'pending',
    effectiveOn: notAfterToday(addDays(latestTerm.startsOn, 20)),
    requestedBy: plan.financeOfficerId,
  });
  const adjRows = await tx.insert(feeAdjustments).values(adjustments).returning({ id: feeAdjustments.id, status: feeAdjustments.status });
  const pendingId = adjRows.find((a) => a.status === 'pending')!.id;
  const learnerName = `${waiverFor.learner.firstName} ${waiverFor.learner.lastName}`;
  await tx.insert(approvals).values({
    schoolId,
    kind: 'fee_waiver',
    subjectId: pendingId,
    title: `Waiver of KES ${(waiverCents / 100).toLocaleString('en-KE')}.00 for ${learnerName}`,
    summary: `${learnerName} (${waiverFor.learner.admissionNumber}): Family bereavement: half of the term fees waived on compassionate grounds`,
    amountCents: waiverCents,
    requestedBy: plan.financeOfficerId,
    requestedAt: new Date(`${notAfterToday(addDays(latestTerm.startsOn, 20))}T07:30:00Z`),
  });

  // Payments: earlier terms mostly cleared, the latest term partly paid; some learners carry arrears.
  // Nothing is paid after today.
  type PaymentDraft = Pick<PaymentToPost, 'studentId' | 'amountCents' | 'method' | 'reference' | 'paidOn' | 'source'> & {
    payerPhone: string | null;
    mpesa: boolean;
    billRef: string;
    payerName: string;
  };
  const drafts: PaymentDraft[] = [];
  const adjustedCents = new Map(bursaries.map((b, i) => [b.id, adjustments[i]!.amountCents]));
  for (const [i, d] of invoiceDrafts.entries()) {
    const due = d.row.totalCents - (adjustedCents.get(invoiceIds[i]!) ?? 0);
    const r = rnd.next();
    const age = latestTerm.number - d.term.number;
    const share = age >= 2 ? (r < 0.92 ? 1 : 0.6) : age === 1 ? (r < 0.86 ? 1 : r < 0.95 ? 0.5 : 0) : r < 0.45 ? 1 : r < 0.8 ? 0.3 + rnd.next() * 0.5 : 0;
    if (share === 0) continue;
    const total = share === 1 ? due : roundedShare(due, share);
    const instalments = total > 3_000_000 && rnd.next() < 0.5 ? 2 : 1;
    let left = total;
    for (let k = 0; k < instalments; k++) {
      const amount = k === instalments - 1 ? left : roundedShare(total, 0.5);
      left -= amount;
      const method = pickMethod(rnd);
      const mpesa = method === 'mpesa';
      const paidOn = officeDay(addDays(d.term.startsOn, rnd.int(-10, 40) + k * 21), method);
      if (paidOn > today) continue;
      drafts.push({
        studentId: d.learner.id,
        amountCents: amount,
        method,
        reference: mpesa ? mpesaCode(rnd, Number(paidOn.slice(0, 4))) : method === 'cash' ? null : method === 'cheque' ? `CHQ ${rnd.int(100000, 999999)}` : `KCB-${rnd.int(10_000_000, 99_999_999)}`,
        paidOn,
        source: mpesa ? 'mpesa_c2b' : 'manual',
        payerPhone: d.learner.guardianPhone,
        mpesa,
        billRef: d.learner.admissionNumber,
        payerName: d.learner.guardianName,
      });
    }
  }
  // Parents keep paying: instalments over the last four weeks (relative to the day the demo is seeded),
  // so the overview's daily collections and the reconciliation have recent days.
  for (const d of invoiceDrafts) {
    if (d.term.id !== latestTerm.id || rnd.next() >= 0.14) continue;
    const method = pickMethod(rnd);
    const mpesa = method === 'mpesa';
    const paidOn = officeDay(addDays(today, -rnd.int(0, 27)), method);
    if (paidOn < latestTerm.startsOn) continue;
    drafts.push({
      studentId: d.learner.id,
      amountCents: (plan.curriculum === 'CBC' ? rnd.int(4, 16) * 50_000 : rnd.int(4, 16) * 250_000),
      method,
      reference: mpesa ? mpesaCode(rnd, Number(paidOn.slice(0, 4))) : method === 'cash' ? null : method === 'cheque' ? `CHQ ${rnd.int(100000, 999999)}` : `KCB-${rnd.int(10_000_000, 99_999_999)}`,
      paidOn,
      source: mpesa ? 'mpesa_c2b' : 'manual',
      payerPhone: d.learner.guardianPhone,
      mpesa,
      billRef: d.learner.admissionNumber,
      payerName: d.learner.guardianName,
    });
  }
  drafts.sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0));
  // M-Pesa payments arrived on the paybill: their transactions come first, so payments can point at them.
  const mpesaDrafts = drafts.filter((d) => d.mpesa);
  const txnIds: string[] = [];
  for (let i = 0; i < mpesaDrafts.length; i += 500) {
    const rows = await tx
      .insert(mpesaTransactions)
      .values(
        mpesaDrafts.slice(i, i + 500).map((d) => ({
          schoolId,
          source: 'c2b',
          transId: d.reference!,
          amountCents: d.amountCents,
          msisdn: `${d.payerPhone!.slice(0, 5)}****${d.payerPhone!.slice(-3)}`,
          payerName: d.payerName.toUpperCase(),
          billRef: d.billRef,
          transTime: new Date(`${d.paidOn}T${String(rnd.int(5, 18)).padStart(2, '0')}:${String(rnd.int(10, 59))}:00+03:00`),
          shortcode: plan.mpesa.type === 'till' ? plan.mpesa.tillNumber : plan.mpesa.shortcode,
          status: 'matched',
          studentId: d.studentId,
          resolvedAt: new Date(`${d.paidOn}T12:00:00+03:00`),
        })),
      )
      .returning({ id: mpesaTransactions.id });
    txnIds.push(...rows.map((r) => r.id));
  }
  const txnOf = new Map(mpesaDrafts.map((d, i) => [d, txnIds[i]!]));
  for (let i = 0; i < drafts.length; i += 500) {
    await tx
      .insert(payments)
      .values(
        drafts.slice(i, i + 500).map((d, k) => ({
          schoolId,
          studentId: d.studentId,
          amountCents: d.amountCents,
          method: d.method,
          reference: d.reference,
          paidOn: d.paidOn,
          receiptNumber: `RCT-${String(i + k + 1).padStart(6, '0')}`,
          source: d.source,
          mpesaTransactionId: txnOf.get(d) ?? null,
          // Who paid, as the receipt's "Received from" prints it: M-Pesa's payer name (its number comes
          // masked, so none), else the guardian who came to the office or banked it, with their phone.
          payerName: d.mpesa ? d.payerName.toUpperCase() : d.payerName,
          payerPhone: d.mpesa ? null : d.payerPhone,
          createdBy: d.mpesa ? null : plan.financeOfficerId,
          createdAt: new Date(`${d.paidOn}T13:00:00+03:00`),
        })),
      );
  }
  await tx.execute(sql`update ${mpesaTransactions} t set payment_id = p.id from ${payments} p
    where p.mpesa_transaction_id = t.id and t.school_id = ${schoolId} and t.payment_id is null`);

  // Unmatched paybill payments: accounts the payers mistyped, waiting for the bursar.
  const typos = ['FEES', 'SCHOOL FEES', plan.learners[3]!.admissionNumber.replace(/\d{4}$/, '9999'), plan.learners[7]!.lastName.toUpperCase(), plan.learners[11]!.admissionNumber.replace(/\//g, ' ').slice(0, -1)];
  await tx.insert(mpesaTransactions).values(
    typos.map((billRef, i) => {
      const l = plan.learners[3 + i * 4]!;
      const day = notAfterToday(addDays(latestTerm.startsOn, 14 + i * 6));
      return {
        schoolId,
        source: 'c2b',
        transId: mpesaCode(rnd, Number(day.slice(0, 4))),
        amountCents: (plan.curriculum === 'CBC' ? [5_000, 10_000, 7_500, 15_000, 3_000] : [20_000, 50_000, 35_000, 100_000, 15_000])[i]! * 100,
        msisdn: `${l.guardianPhone.slice(0, 5)}****${l.guardianPhone.slice(-3)}`,
        payerName: `${l.lastName.toUpperCase()}`,
        billRef,
        transTime: new Date(`${day}T${String(8 + i).padStart(2, "0")}:15:00+03:00`),
        shortcode: plan.mpesa.type === 'till' ? plan.mpesa.tillNumber : plan.mpesa.shortcode,
        status: 'unmatched',
      };
    }),
  );

  await tx.insert(documentSequences).values([
    { schoolId, kind: 'receipt', lastValue: drafts.length },
    { schoolId, kind: 'invoice', lastValue: invoiceSeq },
    { schoolId, kind: 'credit_note', lastValue: creditSeq },
  ]);

  // The built-in Daraja simulator, so "Pay with M-Pesa" works out of the box (credentials: the
  // simulator takes any, and runs with the sandbox defaults when none are stored).
  await tx.insert(mpesaConfigs).values({
    schoolId,
    shortcode: plan.mpesa.shortcode,
    shortcodeType: plan.mpesa.type,
    tillNumber: plan.mpesa.tillNumber,
    environment: 'simulator',
    callbackToken: randomBytes(24).toString('base64url'),
    strictValidation: false,
    updatedBy: plan.financeOfficerId,
  });
}
