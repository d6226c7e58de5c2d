import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { stkPushBody, type listStkQuery, type StkRequest } from '../../../shared/contracts/mpesa.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { DarajaError } from '../../integrations/mpesa/daraja-client.js';
import { normaliseAccountReference, stkOutcome } from '../../integrations/mpesa/daraja-protocol.js';
import { findLearner, withVisibleLearner } from '../fees/index.js';
import { balanceOf } from '../fees/index.js';
import { afterPayment, publishFeesChanged } from '../fees/index.js';
import { applyWaitingStkCallbacks, postStkPayment } from './apply.service.js';
import { callbackUrls, darajaFor, type MpesaDeps } from './mpesa-deps.js';
import { inSchool } from '../../lib/school-context.js';
import { paginate } from '../../lib/paging.js';
import { findConfig, type MpesaConfigRow } from './config.repository.js';
import {
  countStkRequests,
  findGuardianOfLearner,
  findPaymentReceiptNumber,
  findStkRequestByCheckoutId,
  insertStkRequest,
  listStalePendingPushes,
  listStkRequestOwners,
  listStkRequests,
  lockStkRequest,
  noteStkQueryAttempt,
  resolveStkRequest,
  type StkRow,
} from './stk.repository.js';

const m = messages.fees;

/**
 * STK Push (M-Pesa Express; issue 11 §2 "Pay with M-Pesa", §3): from a parent for their own child, or
 * from the finance officer for any learner of the school. The request is sent to Daraja (OAuth token
 * cached), stored pending, and resolved once: by its callback (apply.service.ts), or, when none came
 * within MPESA_STK_TIMEOUT_S, by the STK query (`resolveStalePushes`).
 */

async function toStk(tx: Tx, r: StkRow, customerMessage: string | null = null): Promise<StkRequest> {
  let receiptNumber: string | null = null;
  let balance: number | null = null;
  if (r.paymentId) {
    receiptNumber = (await findPaymentReceiptNumber(tx, r.paymentId)) ?? null;
    balance = centsToKes(await balanceOf(tx, r.studentId));
  }
  return {
    checkoutRequestId: r.checkoutRequestId,
    status: r.status as StkRequest['status'],
    id: r.id,
    studentId: r.studentId,
    amount: centsToKes(r.amountCents),
    phone: r.phone,
    resultCode: r.resultCode,
    resultDesc: r.resultDesc,
    mpesaReceipt: r.mpesaReceipt,
    customerMessage,
    balance,
    receiptNumber,
    paymentId: r.paymentId,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/** A learner as the fees module finds them. */
type FeeLearner = NonNullable<Awaited<ReturnType<typeof findLearner>>>;

/** Who asked for an STK Push: a signed-in user, a guardian from USSD, or both (a guardian with an account). */
interface StkRequester {
  profileId: string | null;
  guardianId: string | null;
}

/**
 * Sends the STK Push for `learner` (already checked visible to the requester) to Daraja and stores it
 * pending with its requester; applies a callback that beat the insert. 409 MPESA_NOT_CONFIGURED without
 * the school's M-Pesa set-up; 400 for a learner who is not active; 502 when Daraja refuses or cannot be
 * reached (nothing is stored then). `amountCents`: KES cents, whole shillings, already range-checked.
 */
async function pushAndRecord(deps: MpesaDeps, learner: FeeLearner, cfg: MpesaConfigRow | null, phone: string, amountCents: number, requester: StkRequester): Promise<StkRequest> {
  if (!cfg) throw new AppError(409, 'MPESA_NOT_CONFIGURED', m.mpesaNotConfigured);
  if (learner.status !== 'active') throw new AppError(400, 'BAD_REQUEST', m.learnerNotActive);
  const { client, passkey } = darajaFor(deps, cfg);
  const accountReference = normaliseAccountReference(learner.admissionNumber).slice(0, 12);
  let answer: Awaited<ReturnType<typeof client.stkPush>>;
  try {
    answer = await client.stkPush({
      shortcode: cfg.shortcode,
      passkey,
      transactionType: cfg.shortcodeType === 'till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      amountShillings: amountCents / 100,
      partyA: phone,
      partyB: cfg.shortcodeType === 'till' ? (cfg.tillNumber ?? cfg.shortcode) : cfg.shortcode,
      phone,
      callbackUrl: callbackUrls(deps.callbackBase, cfg.callbackToken).stk,
      accountReference,
      transactionDesc: 'School fees',
    });
  } catch (err) {
    if (err instanceof DarajaError) {
      deps.log.warn({ status: err.status, errorCode: err.errorCode }, 'STK push refused');
      throw new AppError(502, 'MPESA_REFUSED', err.status === 0 ? m.stkUnavailable : m.stkFailed(err.errorMessage || err.message), {}, err);
    }
    throw err;
  }
  const stk = await withScope(deps.database.db, { schoolId: learner.schoolId, userId: requester.profileId, allSchools: false }, async (tx) => {
    const row = await insertStkRequest(tx, {
      schoolId: learner.schoolId,
      studentId: learner.id,
      phone,
      amountCents,
      accountReference,
      merchantRequestId: answer.merchantRequestId,
      checkoutRequestId: answer.checkoutRequestId,
      requestedBy: requester.profileId,
      requestedByGuardianId: requester.guardianId,
    });
    // A callback that beat this insert was stored unapplied: it is applied right after this commit.
    const stored = row ?? (await findStkRequestByCheckoutId(tx, answer.checkoutRequestId))!;
    return toStk(tx, stored, answer.customerMessage ?? null);
  });
  await applyWaitingStkCallbacks(deps, learner.schoolId, stk.checkoutRequestId);
  return stk;
}

/**
 * POST /api/mpesa/stk-push { studentId, phone, amount (whole KES) } → { checkoutRequestId, status:
 * 'pending', ... }. Parents: their own children only (another learner 404). 400 for a phone that is not
 * a Kenyan mobile; 409 MPESA_NOT_CONFIGURED; 502 when Daraja refuses or cannot be reached (nothing is
 * stored then).
 */
export async function startStkPush(deps: MpesaDeps, actor: Actor, body: { studentId: string; phone: string; amount: number }): Promise<StkRequest> {
  const phone = normaliseKenyanPhone(body.phone);
  if (!phone) throw badRequest(m.phoneInvalid, { phone: m.phoneInvalid });
  const { learner, cfg } = await withVisibleLearner(deps.database, actor, body.studentId, undefined, async (tx, l) => {
    const c = await findConfig(tx, l.schoolId);
    return { learner: l, cfg: c };
  });
  return pushAndRecord(deps, learner, cfg, phone, body.amount, { profileId: actor.id, guardianId: null });
}

/**
 * An STK Push asked for from USSD (issue 36 §3) by the guardian `guardianId` of the school `schoolId`,
 * who may have no EduFam account, for their own child `studentId` (another learner 404), to `phone`, of
 * `amountCents` (KES cents). The amount is checked as the parent's "Pay with M-Pesa" checks it
 * (stkPushBody: whole shillings, KES 1 to 250,000; else 400) and the push goes as startStkPush sends
 * it (409 MPESA_NOT_CONFIGURED, 400 inactive learner, 502 Daraja refused). The request records the
 * guardian, and their sign-in account too when they have one; its callback applies the payment to the
 * learner as for any push.
 */
export async function startGuardianStkPush(deps: MpesaDeps, input: { guardianId: string; schoolId: string; studentId: string; phone: string; amountCents: number }): Promise<StkRequest> {
  const phone = normaliseKenyanPhone(input.phone);
  if (!phone) throw badRequest(m.phoneInvalid, { phone: m.phoneInvalid });
  const amount = stkPushBody.shape.amount.safeParse(input.amountCents / 100);
  if (!amount.success) {
    const message = amount.error.issues[0]?.message ?? m.amountInvalid;
    throw badRequest(message, { amount: message });
  }
  const found = await withScope(deps.database.db, { schoolId: input.schoolId, userId: null, allSchools: false }, async (tx) => {
    const guardian = await findGuardianOfLearner(tx, input.guardianId, input.studentId);
    const learner = guardian ? await findLearner(tx, input.schoolId, input.studentId) : null;
    if (!guardian || !learner) throw notFound(m.learnerNotFound);
    return { guardian, learner, cfg: await findConfig(tx, input.schoolId) };
  });
  return pushAndRecord(deps, found.learner, found.cfg, phone, amount.data, { profileId: found.guardian.profileId, guardianId: input.guardianId });
}

/** GET /api/mpesa/stk-push/:checkoutRequestId: the request's status (parents: their own children's). */
export async function getStkStatus(deps: MpesaDeps, actor: Actor, checkoutRequestId: string): Promise<StkRequest> {
  const found = await withSystem(deps.database.db, (tx) => listStkRequestOwners(tx, checkoutRequestId));
  const hit = found[0];
  if (!hit) throw notFound(m.stkRequestNotFound);
  return withVisibleLearner(deps.database, actor, hit.studentId, hit.schoolId, async (tx, learner) => {
    if (learner.schoolId !== hit.schoolId) throw notFound(m.stkRequestNotFound);
    const row = await findStkRequestByCheckoutId(tx, checkoutRequestId);
    if (!row) throw notFound(m.stkRequestNotFound);
    return toStk(tx, row);
  });
}

/** GET /api/mpesa/stk-requests: the school's STK pushes, newest first. */
export async function listStk(deps: MpesaDeps, actor: Actor, q: z.output<typeof listStkQuery>) {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const filters = { status: q.status, from: q.from, to: q.to };
    const page = await paginate(
      q,
      (w) => listStkRequests(tx, schoolId, filters, w),
      () => countStkRequests(tx, schoolId, filters),
    );
    const items = [];
    for (const { r, ...s } of page.items) items.push({ ...(await toStk(tx, r)), studentName: learnerName(s), admissionNumber: s.admissionNumber });
    return { items, total: page.total };
  });
}

/** How long after the timeout a request that M-Pesa still calls "being processed" is given up as timed out. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

/**
 * Resolves pending STK pushes whose callback has not come within the timeout, with the STK query
 * (mpesa-daraja.md "reconcile pending requests with the STK query"). ResultCode compared as a string.
 * A success known only from the query posts the payment with the requested amount (its M-Pesa receipt
 * is filled in if the callback comes later; it never posts twice). Returns how many were resolved.
 */
export async function resolveStalePushes(deps: MpesaDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.stkTimeoutSeconds * 1000);
  const stale = await withSystem(deps.database.db, (tx) => listStalePendingPushes(tx, cutoff, new Date(now.getTime() - 20_000)));
  let resolved = 0;
  for (const { r, cfg } of stale) {
    let answer: { resultCode: string | null; resultDesc: string | null; pending: boolean } | null = null;
    try {
      const { client, passkey } = darajaFor(deps, cfg);
      const q = await client.stkQuery({ shortcode: cfg.shortcode, passkey, checkoutRequestId: r.checkoutRequestId });
      answer = q.pending ? { resultCode: null, resultDesc: null, pending: true } : { resultCode: q.resultCode, resultDesc: q.resultDesc, pending: false };
    } catch (err) {
      deps.log.warn({ err: err instanceof Error ? err.message : err, checkoutRequestId: r.checkoutRequestId }, 'STK query failed');
    }
    const giveUp = now.getTime() - r.createdAt.getTime() > deps.stkTimeoutSeconds * 1000 + GIVE_UP_AFTER_MS;
    const outcome = await withScope(deps.database.db, { schoolId: r.schoolId, userId: null, allSchools: false }, async (tx) => {
      const req = await lockStkRequest(tx, r.id);
      if (!req || req.status !== 'pending') return null;
      if (!answer || answer.pending || answer.resultCode === null) {
        if (!giveUp) {
          await noteStkQueryAttempt(tx, req.id, req.queryAttempts + 1, now);
          return null;
        }
        await resolveStkRequest(tx, req.id, { status: 'timeout', resultDesc: 'No answer from M-Pesa', resolvedAt: now, lastQueryAt: now });
        return { status: 'timeout', paymentId: null };
      }
      const code = Number(answer.resultCode);
      if (String(answer.resultCode) === '0') {
        const paymentId = await postStkPayment(tx, req.schoolId, req, { transId: `Q:${req.checkoutRequestId}`, amountCents: req.amountCents, msisdn: req.phone, transTime: null, callbackId: null }, async (id) => {
          await resolveStkRequest(tx, req.id, { status: 'succeeded', resultCode: '0', resultDesc: answer.resultDesc, paymentId: id, resolvedAt: now, lastQueryAt: now, queryAttempts: req.queryAttempts + 1 });
        });
        return { status: 'succeeded', paymentId };
      }
      const status = Number.isFinite(code) ? stkOutcome(code) : 'failed';
      await resolveStkRequest(tx, req.id, { status, resultCode: String(answer.resultCode), resultDesc: answer.resultDesc, resolvedAt: now, lastQueryAt: now, queryAttempts: req.queryAttempts + 1 });
      return { status, paymentId: null };
    });
    if (!outcome) continue;
    resolved++;
    if (outcome.paymentId) await afterPayment(deps, r.schoolId, outcome.paymentId);
    else await publishFeesChanged(deps, r.schoolId, r.studentId, { checkoutRequestId: r.checkoutRequestId, status: outcome.status });
  }
  return resolved;
}
