import { randomUUID } from 'node:crypto';
import { schoolToday } from '../../../shared/dates.js';
import { feesMessages as fm } from '../../../shared/messages/fees.js';
import { formatKesLabel } from '../../../shared/money.js';
import { narrowScope, withScope, withSystem, type Tx } from '../../db/tenant.js';
import { DarajaProtocolError, normaliseAccountReference, parseC2bRequest, parseStkCallback, stkOutcome, type C2bRequest, type StkCallback } from '../../integrations/mpesa/daraja-protocol.js';
import { recordAudit } from '../../lib/audit.js';
import { FEES_AUDIT } from '../fees/index.js';
import { postPayment } from '../fees/index.js';
import { afterPayment, prepareReceiptNotice, publishFeesChanged, publishUnmatched, sendNotice, type PreparedNotice } from '../fees/index.js';
import type { MpesaDeps } from './mpesa-deps.js';
import {
  closeCallbackIfOpen,
  insertCallbackForToken,
  listUnappliedCallbacks,
  listWaitingStkCallbacks,
  markCallbackProcessed,
  setCallbackOutcome,
  type StoredCallback,
} from './callbacks.repository.js';
import { lockStkRequestByCheckoutId, resolveStkRequest, setStkReceipt, type StkRow } from './stk.repository.js';
import { fillQueriedTransId, insertC2bTransactionClosingCallback, insertHeldStkTransaction, insertStkTransaction, listLearnersByAccountKey } from './transactions.repository.js';

/**
 * Applying what Daraja tells us (mpesa-daraja.md; issue 11 §3), exactly once:
 * - every callback is stored raw (mpesa_callbacks) and applied in one transaction (`receiveCallback`):
 *   both land, or neither and Safaricom is not acknowledged; when applying fails for any other reason,
 *   the raw callback is stored on its own, acknowledged, and applied later;
 * - applying is idempotent: an STK request resolves once (row lock, status check), an M-Pesa
 *   transaction is unique per school and TransID, and a payment is unique per M-Pesa transaction. A
 *   duplicate, late or replayed callback changes nothing the second time;
 * - a callback stored but not applied is applied again at start-up and by the periodic sweep
 *   (`applyPendingCallbacks`);
 * - the notices (SMS receipt, live updates) are prepared in the same transaction and sent after it
 *   commits, and the payment, which locks the school's receipt numbers, is always the last write.
 * Money is posted to a learner of the callback's own school only: the school comes from the callback
 * token, and row-level security confines every query to it.
 */

export type CallbackKind = 'stk' | 'validation' | 'confirmation';

export type { StoredCallback };

/**
 * Stores a raw callback under the school its token names, in one transaction (platform scope: the school
 * is not known before the token is read); returns the callback and its school, or null for an unknown
 * token (nothing stored).
 */
export async function storeCallbackForToken(
  deps: Pick<MpesaDeps, 'database'>,
  token: string,
  kind: CallbackKind,
  body: unknown,
  externalId: string | null,
  remoteIp: string | null,
): Promise<StoredCallback | null> {
  return withSystem(deps.database.db, (tx) => insertCallbackForToken(tx, token, kind, body, externalId, remoteIp));
}

/**
 * Issue 32 §1: the in-process simulator pays only schools on the simulator environment, and those
 * schools take callbacks only from it. `fromSimulator`: the request carried this process's key.
 */
export function sourceMatches(stored: Pick<StoredCallback, 'environment'>, fromSimulator: boolean): boolean {
  return (stored.environment === 'simulator') === fromSimulator;
}

/** YYYY-MM-DD in Africa/Nairobi of an M-Pesa transaction time (today when unknown). */
function dayOf(at: Date | null): string {
  return at ? schoolToday(at) : schoolToday();
}

/**
 * Learners of the school whose admission number, with case, spaces and punctuation ignored, is the
 * account the payer typed. Matching is confined to the school (RLS and the explicit school filter).
 */
export async function learnersForAccount(tx: Tx, schoolId: string, account: string): Promise<{ id: string; status: string }[]> {
  const key = normaliseAccountReference(account);
  if (!key) return [];
  return listLearnersByAccountKey(tx, schoolId, key);
}

/** Audits a payment held for review instead of posted (issue 32 §2), as the system (no user). */
function auditHeld(tx: Tx, schoolId: string, target: string, reason: 'amount_mismatch' | 'over_ceiling', details: Record<string, unknown>) {
  return recordAudit(tx, { schoolId, action: FEES_AUDIT.mpesaHeld, targetEntity: target, newValue: details, metadata: { reason } });
}

interface Applied {
  outcome: string;
  paymentId: string | null;
  studentId: string | null;
  checkoutRequestId?: string;
  status?: string;
  /** The SMS receipt and live updates of a posted payment, prepared in the transaction. */
  notice?: PreparedNotice | null;
}

/**
 * Applies a stored STK callback: resolves its request once; on success records the M-Pesa transaction
 * and posts the payment (to the learner the request was for). A success that arrives after the request
 * was resolved as failed or timed out still posts (the money moved); one that arrives after the query
 * already posted it only fills in the M-Pesa receipt.
 */
export async function applyStkCallback(deps: MpesaDeps, schoolId: string, callbackId: string, body: unknown): Promise<Applied> {
  const parsed = parseStkCallback(body);
  const result = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => applyStkTx(tx, deps, schoolId, callbackId, parsed));
  notify(deps, schoolId, result);
  return result;
}

async function applyStkTx(tx: Tx, deps: MpesaDeps, schoolId: string, callbackId: string, parsed: StkCallback): Promise<Applied> {
  const req = await lockStkRequestByCheckoutId(tx, schoolId, parsed.checkoutRequestId);
  if (!req) {
    // The callback beat our own insert of the request (or names one we never sent): leave it
    // unprocessed so startStkPush, or the sweep, applies it again; the sweep gives up after a day.
    await setCallbackOutcome(tx, callbackId, 'unknown_request');
    return { outcome: 'unknown_request', paymentId: null, studentId: null };
  }
  const base = { checkoutRequestId: req.checkoutRequestId, studentId: req.studentId };
  if (!parsed.paid) {
    if (req.status !== 'pending') {
      await markCallbackProcessed(tx, callbackId, 'duplicate');
      return { ...base, outcome: 'duplicate', paymentId: req.paymentId, status: req.status };
    }
    const status = stkOutcome(parsed.resultCode);
    await resolveStkRequest(tx, req.id, { status, resultCode: String(parsed.resultCode), resultDesc: parsed.resultDesc, resolvedAt: new Date() });
    await markCallbackProcessed(tx, callbackId, status);
    return { ...base, outcome: status, paymentId: null, status };
  }
  if (req.paymentId) {
    // Already posted (a duplicate callback, or the STK query got there first): fill in the receipt only.
    await fillQueriedTransId(tx, req.id, parsed.paid.receipt);
    await setStkReceipt(tx, req.id, parsed.paid.receipt);
    await markCallbackProcessed(tx, callbackId, 'duplicate');
    return { ...base, outcome: 'duplicate', paymentId: req.paymentId, status: 'succeeded' };
  }
  const paid = parsed.paid;
  const msisdn = paid.phone ?? req.phone;
  if (paid.amountCents !== req.amountCents) {
    // Issue 32 §2: never credit more (or less) than was asked. The money is recorded, unposted, in the
    // unmatched queue with the reason; the request does not succeed.
    const note = fm.heldAmountMismatch(formatKesLabel(req.amountCents), formatKesLabel(paid.amountCents));
    await insertHeldStkTransaction(tx, { schoolId, transId: paid.receipt, amountCents: paid.amountCents, msisdn, transTime: paid.transactionDate ?? new Date(), stkRequestId: req.id, callbackId, note });
    await resolveStkRequest(tx, req.id, { status: 'failed', resultCode: 'AMOUNT_MISMATCH', resultDesc: note, mpesaReceipt: paid.receipt, resolvedAt: req.resolvedAt ?? new Date() });
    await markCallbackProcessed(tx, callbackId, 'held');
    await auditHeld(tx, schoolId, `mpesa_stk_request:${req.id}`, 'amount_mismatch', { receipt: paid.receipt, askedCents: req.amountCents, reportedCents: paid.amountCents });
    return { ...base, outcome: 'held', paymentId: null, status: 'failed' };
  }
  let notice: PreparedNotice | null = null;
  const paymentId = await postStkPayment(tx, schoolId, req, { transId: paid.receipt, amountCents: paid.amountCents, msisdn, transTime: paid.transactionDate, callbackId }, async (id) => {
    await resolveStkRequest(tx, req.id, { status: 'succeeded', resultCode: '0', resultDesc: parsed.resultDesc, mpesaReceipt: paid.receipt, paymentId: id, resolvedAt: req.resolvedAt ?? new Date() });
    await markCallbackProcessed(tx, callbackId, id ? 'posted' : 'duplicate');
    if (id) {
      notice = await prepareReceiptNotice(
        tx,
        deps.sms.provider,
        schoolId,
        { studentId: req.studentId, amountCents: paid.amountCents, reference: paid.receipt, receiptNumber: null, payerPhone: msisdn, createdBy: req.requestedBy },
        { posted: false, data: { paymentId: id, checkoutRequestId: req.checkoutRequestId, status: 'succeeded' } },
      );
    }
  });
  return { ...base, outcome: paymentId ? 'posted' : 'duplicate', paymentId, status: 'succeeded', notice };
}

/**
 * Records the M-Pesa transaction of a successful STK Push and posts its payment, once: a second call
 * for the same TransID (or the same request) finds the transaction and returns null. `beforePosting`
 * runs the caller's other writes (with the payment id, or null for a duplicate) before the payment,
 * which takes the receipt number last.
 */
export async function postStkPayment(
  tx: Tx,
  schoolId: string,
  req: StkRow,
  t: { transId: string; amountCents: number; msisdn: string | null; transTime: Date | null; callbackId: string | null },
  beforePosting?: (paymentId: string | null) => Promise<void>,
): Promise<string | null> {
  const paymentId = randomUUID();
  const txn = await insertStkTransaction(tx, {
    schoolId,
    transId: t.transId,
    amountCents: t.amountCents,
    msisdn: t.msisdn,
    billRef: req.accountReference,
    transTime: t.transTime ?? new Date(),
    studentId: req.studentId,
    paymentId,
    callbackId: t.callbackId,
    stkRequestId: req.id,
  });
  await beforePosting?.(txn ? paymentId : null);
  if (!txn) return null;
  await postPayment(tx, schoolId, {
    id: paymentId,
    studentId: req.studentId,
    amountCents: t.amountCents,
    method: 'mpesa',
    reference: t.transId.startsWith('Q:') ? null : t.transId,
    paidOn: dayOf(t.transTime),
    source: 'mpesa_stk',
    mpesaTransactionId: txn.id,
    payerPhone: t.msisdn,
    createdBy: req.requestedBy,
  });
  return paymentId;
}

/** Validation answer for a C2B request: accept, or C2B00012 for an unknown account when strict, C2B00013 for a bad amount. */
export async function applyValidation(deps: MpesaDeps, schoolId: string, callbackId: string, body: unknown, strict: boolean): Promise<{ accept: boolean; code: string }> {
  const parsed = parseC2bRequest(body);
  return withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, async (tx) => {
    let verdict = { accept: true, code: '0' };
    if (parsed.amountCents <= 0) verdict = { accept: false, code: 'C2B00013' };
    else if (strict) {
      const matches = (await learnersForAccount(tx, schoolId, parsed.billRefNumber)).filter((s) => s.status === 'active');
      if (matches.length !== 1) verdict = { accept: false, code: 'C2B00012' };
    }
    await markCallbackProcessed(tx, callbackId, verdict.accept ? 'accepted' : `rejected ${verdict.code}`);
    return verdict;
  });
}

/**
 * Applies a stored C2B confirmation: records the transaction (unique per school and TransID: a
 * duplicate changes nothing) and posts it to the one learner of this school whose admission number is
 * the account typed; otherwise it waits in the unmatched queue for the bursar.
 */
export async function applyConfirmation(deps: MpesaDeps, schoolId: string, callbackId: string, body: unknown): Promise<Applied> {
  const parsed = parseC2bRequest(body);
  const result = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => applyConfirmationTx(tx, deps, schoolId, callbackId, parsed));
  notify(deps, schoolId, result);
  return result;
}

async function applyConfirmationTx(tx: Tx, deps: MpesaDeps, schoolId: string, callbackId: string, parsed: C2bRequest): Promise<Applied> {
  const payer = [parsed.firstName, parsed.middleName, parsed.lastName].filter(Boolean).join(' ') || null;
  const matches = await learnersForAccount(tx, schoolId, parsed.billRefNumber);
  // Issue 32 §2: above the ceiling, the payment waits for a person even when the account matches.
  const held = parsed.amountCents > deps.c2bMaxCents ? fm.heldOverCeiling(formatKesLabel(parsed.amountCents), formatKesLabel(deps.c2bMaxCents)) : null;
  const studentId = !held && matches.length === 1 ? matches[0]!.id : null;
  const paymentId = studentId ? randomUUID() : null;
  // The transaction and the callback's outcome in one statement (a duplicate TransID inserts nothing).
  const txn = await insertC2bTransactionClosingCallback(tx, {
    schoolId,
    transId: parsed.transId,
    amountCents: parsed.amountCents,
    msisdn: parsed.msisdn || null,
    payerName: payer,
    billRef: parsed.billRefNumber || null,
    transTime: parsed.transTime ?? new Date(),
    shortcode: parsed.shortcode || null,
    studentId,
    paymentId,
    callbackId,
    held,
  });
  if (!txn) return { outcome: 'duplicate', paymentId: null, studentId: null };
  if (held) {
    await auditHeld(tx, schoolId, `mpesa_transaction:${txn.id}`, 'over_ceiling', { transId: parsed.transId, amountCents: parsed.amountCents, ceilingCents: deps.c2bMaxCents });
    return { outcome: 'held', paymentId: null, studentId: null };
  }
  if (!studentId) return { outcome: 'unmatched', paymentId: null, studentId: null };
  // v2 masks the MSISDN ("25470****149"): keep it only when whole.
  const payerPhone = /^\d{12}$/.test(parsed.msisdn) ? parsed.msisdn : null;
  const notice = await prepareReceiptNotice(
    tx,
    deps.sms.provider,
    schoolId,
    { studentId, amountCents: parsed.amountCents, reference: parsed.transId, receiptNumber: null, payerPhone, createdBy: null },
    { posted: false, data: { paymentId } },
  );
  // Last: the receipt number's lock is held only for this statement and the commit.
  await postPayment(tx, schoolId, {
    id: paymentId!,
    studentId,
    amountCents: parsed.amountCents,
    method: 'mpesa',
    reference: parsed.transId,
    paidOn: dayOf(parsed.transTime),
    source: 'mpesa_c2b',
    mpesaTransactionId: txn.id,
    payerName: payer,
    payerPhone,
    createdBy: null,
  });
  return { outcome: 'posted', paymentId, studentId, notice };
}

/**
 * Stores and applies a callback in one transaction (the school from the token, then the school's scope
 * for applying). Answers null for an unknown token (nothing stored), and `wrongSource` (stored, closed
 * as `wrong_source`, never applied) when the source does not match the school's environment
 * (`sourceMatches`). Throws DarajaProtocolError for a body that is not the protocol's (nothing kept:
 * the caller stores it as malformed); any other failure stores the raw callback on its own, unapplied,
 * for the sweep, and answers `stored`.
 */
export async function receiveCallback(
  deps: MpesaDeps,
  token: string,
  kind: 'stk' | 'confirmation',
  body: unknown,
  externalId: string | null,
  remoteIp: string | null,
  fromSimulator: boolean,
): Promise<{ applied: Applied | null; stored: boolean; wrongSource?: true } | null> {
  try {
    const out = await withSystem(deps.database.db, async (tx) => {
      const row = await insertCallbackForToken(tx, token, kind, body, externalId, remoteIp);
      if (!row) return null;
      if (!sourceMatches(row, fromSimulator)) {
        await markCallbackProcessed(tx, row.callbackId, 'wrong_source');
        return { schoolId: row.schoolId, applied: null };
      }
      const parsed = kind === 'stk' ? { stk: parseStkCallback(body) } : { c2b: parseC2bRequest(body) };
      await narrowScope(tx, { schoolId: row.schoolId, userId: null, allSchools: false });
      const applied = parsed.stk ? await applyStkTx(tx, deps, row.schoolId, row.callbackId, parsed.stk) : await applyConfirmationTx(tx, deps, row.schoolId, row.callbackId, parsed.c2b!);
      return { schoolId: row.schoolId, applied };
    });
    if (!out) return null;
    if (!out.applied) return { applied: null, stored: true, wrongSource: true };
    notify(deps, out.schoolId, out.applied);
    return { applied: out.applied, stored: true };
  } catch (err) {
    if (err instanceof DarajaProtocolError) throw err;
    deps.log.error({ err }, 'M-Pesa callback could not be applied: storing it for the sweep');
    const stored = await storeCallbackForToken(deps, token, kind, body, externalId, remoteIp);
    return stored ? { applied: null, stored: true } : null;
  }
}

/**
 * The SMS receipt and live updates that follow a callback, started without waiting: Safaricom's answer
 * must not wait for an SMS gateway (both functions log and swallow their own failures).
 */
function notify(deps: MpesaDeps, schoolId: string, r: Applied): void {
  // A payment held for review (issue 32 §2) joins the bursar's queue too.
  if (r.outcome === 'held') void publishUnmatched(deps, schoolId);
  if (r.notice) void sendNotice(deps, r.notice);
  else if (r.paymentId && r.outcome === 'posted') void afterPayment(deps, schoolId, r.paymentId);
  else if (r.studentId) void publishFeesChanged(deps, schoolId, r.studentId, { checkoutRequestId: r.checkoutRequestId, status: r.status });
  // A payment for no learner joins the bursar's queue: the finance screens refetch it.
  else if (r.outcome === 'unmatched') void publishUnmatched(deps, schoolId);
}

/** An STK callback naming a request we do not know is given up (marked processed) after a day. */
const GIVE_UP_UNKNOWN_MS = 24 * 3600_000;

/** Applies the stored, unapplied callbacks of one STK request (the callback came before our insert). */
export async function applyWaitingStkCallbacks(deps: MpesaDeps, schoolId: string, checkoutRequestId: string): Promise<void> {
  const waiting = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => listWaitingStkCallbacks(tx, checkoutRequestId));
  for (const c of waiting) await applyStkCallback(deps, schoolId, c.id, c.body);
}

/**
 * Applies callbacks that were stored but never applied (the server stopped in between), oldest first.
 * Runs at start-up and every minute; `olderThanMs` leaves alone callbacks a live request is applying.
 */
export async function applyPendingCallbacks(deps: MpesaDeps, olderThanMs = 30_000): Promise<number> {
  const pending = await withSystem(deps.database.db, (tx) => listUnappliedCallbacks(tx, new Date(Date.now() - olderThanMs)));
  let applied = 0;
  for (const c of pending) {
    try {
      if (c.kind === 'stk') await applyStkCallback(deps, c.schoolId, c.id, c.body);
      else if (c.kind === 'confirmation') await applyConfirmation(deps, c.schoolId, c.id, c.body);
      else await withScope(deps.database.db, { schoolId: c.schoolId, userId: null, allSchools: false }, (tx) => markCallbackProcessed(tx, c.id, 'expired'));
      applied++;
      if (c.kind === 'stk' && c.receivedAt < new Date(Date.now() - GIVE_UP_UNKNOWN_MS)) {
        await withScope(deps.database.db, { schoolId: c.schoolId, userId: null, allSchools: false }, (tx) => closeCallbackIfOpen(tx, c.id));
      }
    } catch (err) {
      deps.log.error({ err, callbackId: c.id }, 'stored M-Pesa callback could not be applied');
      await withScope(deps.database.db, { schoolId: c.schoolId, userId: null, allSchools: false }, (tx) => markCallbackProcessed(tx, c.id, 'failed')).catch(() => undefined);
    }
  }
  return applied;
}
