import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import type { RemindersResponse } from '../../../shared/contracts/fees.js';
import type { Locale } from '../../../shared/i18n/locale.js';
import { messages } from '../../../shared/messages.js';
import { recipientMailMessages } from '../../../shared/messages/recipient-mail.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import type { EventBus } from '../../events/bus.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { TaskHandler, TaskRunner } from '../../jobs/tasks.js';
import { AppError } from '../../errors.js';
import { guardianLocale, schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { deliverSms, logSms, sendSms, type OutgoingSms, type SmsDeps } from '../sms/index.js';
import { emailConsentFilter, smsConsentFilter } from '../data-protection/index.js';
import { FEES_AUDIT } from './fees-context.js';
import { auditSchool, findSchoolName, inSchool } from '../../lib/school-context.js';
import { publishSchoolFeesChanged } from '../../lib/fees-events.js';
import { findMpesaShortcode } from './fees.repository.js';
import * as noticesRepo from './notices.repository.js';
import { findPaymentRecord } from './payments.repository.js';

const m = messages.fees;

/**
 * What follows money moving (issue 11 §4): the payer's SMS receipt, live updates to the finance screens
 * and the learner's parents, and fee reminders to guardians by SMS and e-mail as a background task with
 * progress. All of it runs after the payment has committed and never undoes it.
 */

export interface NoticeDeps extends SmsDeps {
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Sends `fees.changed` to the school's finance roles and to the learner's parents (best effort). */
async function publishTo(deps: Pick<NoticeDeps, 'events'>, schoolId: string, parents: string[], data: Record<string, unknown>): Promise<void> {
  await publishSchoolFeesChanged(deps.events, schoolId, data);
  try {
    if (parents.length) await deps.events.publish({ type: 'fees.changed', audience: { schoolIds: [schoolId], userIds: parents.slice(0, 20) }, data });
  } catch {
    // Live updates are best effort: screens also refetch.
  }
}

/** Tells the school's finance screens and the learner's parents that the learner's fees changed. */
export async function publishFeesChanged(deps: Pick<NoticeDeps, 'database' | 'events'>, schoolId: string, studentId: string, extra: Record<string, unknown> = {}): Promise<void> {
  try {
    const parents = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => noticesRepo.listParentAccountIds(tx, studentId));
    await publishTo(deps, schoolId, parents, { studentId, ...extra });
  } catch {
    // Best effort, as above.
  }
}

/** Tells the school's finance screens that a payment joined the unmatched queue. */
export async function publishUnmatched(deps: Pick<NoticeDeps, 'events'>, schoolId: string): Promise<void> {
  await publishTo(deps, schoolId, [], { unmatched: true });
}

/** The learner's first and last name, as texts to parents name them ("Amani Wanjiru"). */
function shortName(s: { firstName: string; lastName: string }): string {
  return `${s.firstName} ${s.lastName}`;
}

/** A payment's notices, prepared inside a transaction: who to tell live, and the SMS receipt logged as queued. */
export interface PreparedNotice {
  schoolId: string;
  studentId: string;
  data: Record<string, unknown>;
  parents: string[];
  sms: { id: string; msg: OutgoingSms } | null;
}

/**
 * Prepares the notices of a payment in the caller's transaction: the parents to tell live and, when the
 * school sends SMS receipts and a phone is known (the payer's, else the primary guardian's), the receipt
 * SMS ("Received KES 5,000.00 for Amani Wanjiru GHA/2026/0042. Balance KES 12,500.00. Ref QGH7...")
 * logged as queued. `posted` says whether the payment is already in the balance; the M-Pesa path
 * prepares before posting, so the payment (and its lock on the receipt numbers) comes last.
 */
export async function prepareReceiptNotice(
  tx: Tx,
  provider: string,
  schoolId: string,
  p: { studentId: string; amountCents: number; reference: string | null; receiptNumber: string | null; payerPhone: string | null; createdBy: string | null; kind?: string },
  opts: { posted: boolean; data: Record<string, unknown> },
): Promise<PreparedNotice | null> {
  const ctx = await noticesRepo.findNoticeContext(tx, p.studentId);
  if (!ctx) return null;
  const out: PreparedNotice = { schoolId, studentId: p.studentId, data: { studentId: p.studentId, ...opts.data }, parents: ctx.parents, sms: null };
  const phone = p.payerPhone ?? ctx.guardianPhone;
  const ref = p.reference ?? p.receiptNumber;
  if (!ctx.smsReceipts || !phone || !ref || (p.kind ?? 'payment') !== 'payment') return out;
  const balance = opts.posted ? ctx.balanceCents : ctx.balanceCents - p.amountCents;
  // In the guardian's language (issue 36 §2): the primary guardian's choice, else the school's default.
  const body = withLocale(guardianLocale(ctx.guardianLanguage, ctx.schoolLocale), () =>
    m.smsReceipt(formatKes(p.amountCents), shortName(ctx), ctx.admissionNumber, formatKes(Math.max(balance, 0)), ref),
  );
  // No SMS to a guardian who withdrew SMS consent (issue 35 §5; Data Protection Act 2019 s.32).
  if ((await smsConsentFilter(tx, schoolId, [{ phone, studentId: p.studentId }])).refused.length) return out;
  const msg: OutgoingSms = { to: phone, body, kind: 'receipt', studentId: p.studentId, createdBy: p.createdBy };
  out.sms = { id: await logSms(tx, schoolId, provider, msg), msg };
  return out;
}

/** Sends prepared notices once their transaction has committed: live events, then the SMS. Never throws. */
export async function sendNotice(deps: NoticeDeps, n: PreparedNotice): Promise<void> {
  try {
    await publishTo(deps, n.schoolId, n.parents, n.data);
    if (n.sms) await deliverSms(deps, n.schoolId, n.sms.id, n.sms.msg);
  } catch (err) {
    deps.log.warn({ err, studentId: n.studentId }, 'payment notice failed');
  }
}

/**
 * After a payment commits (recorded by hand, allocated from the unmatched queue, or known from the STK
 * query): live update and the SMS receipt. Never throws.
 */
export async function afterPayment(deps: NoticeDeps, schoolId: string, paymentId: string): Promise<void> {
  try {
    const prepared = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, async (tx) => {
      const p = await findPaymentRecord(tx, paymentId);
      if (!p) return null;
      return prepareReceiptNotice(tx, deps.sms.provider, schoolId, p, { posted: true, data: { paymentId } });
    });
    if (prepared) await sendNotice(deps, prepared);
  } catch (err) {
    deps.log.warn({ err, paymentId }, 'payment notice failed');
  }
}

type ReminderTarget = noticesRepo.ReminderTargetRow;

/**
 * Texts of a reminder: SMS and e-mail, per learner and guardian, in the guardian's language (issue 36
 * §2: their preferred_language, else the school's default).
 */
function reminderTexts(school: { name: string; paybill: string | null; locale: Locale }, t: ReminderTarget) {
  return withLocale(guardianLocale(t.preferredLanguage, school.locale), () => {
    const balance = formatKes(t.balanceCents);
    const learner = shortName(t);
    const sms = m.smsReminder(school.name, learner, t.admissionNumber, balance, school.paybill);
    return {
      sms,
      subject: m.reminderEmailSubject(school.name, learner),
      text: recipientMailMessages.feeReminderEmail(t.guardianName, sms, school.name),
    };
  });
}

async function schoolNotice(tx: Tx, schoolId: string) {
  const s = await findSchoolName(tx, schoolId);
  const cfg = await findMpesaShortcode(tx, schoolId);
  return { name: s?.name ?? '', paybill: cfg?.type === 'paybill' ? cfg.shortcode : null, locale: await schoolDefaultLocale(tx, schoolId) };
}

export const REMINDER_TASK = 'fee-reminders';

/**
 * POST /api/fees/reminders: reminders to the guardians of learners owing more than `minBalance` (cents),
 * by SMS and/or e-mail. `preview` counts them and shows one text; otherwise a background task sends
 * them with progress (GET /api/tasks/:id) and the result counts.
 */
export async function startReminders(
  database: Database,
  tasks: TaskRunner,
  actor: Actor,
  body: { minBalance: number; channels: ('sms' | 'email')[]; levelId?: string; classId?: string; preview: boolean },
  ip: string,
): Promise<RemindersResponse> {
  const out = await inSchool(database, actor, undefined, async (tx, schoolId) => {
    const targets = await noticesRepo.listReminderTargets(tx, schoolId, body);
    const smsOk = await smsConsentFilter(tx, schoolId, targets.filter((t) => t.phone));
    const sms = body.channels.includes('sms') ? smsOk.allowed.length : 0;
    const emailOk = await emailConsentFilter(tx, schoolId, targets.filter((t) => t.email));
    const emails = body.channels.includes('email') ? emailOk.allowed.length : 0;
    const learners = new Set(targets.map((t) => t.studentId)).size;
    const sample = targets[0] ? reminderTexts(await schoolNotice(tx, schoolId), targets[0]).sms : null;
    if (body.preview) return { learners, sms, emails, taskId: null, sample };
    if (sms + emails === 0) throw new AppError(400, 'NO_RECIPIENTS', m.reminderNoRecipients);
    const task = await tasks.create(tx, { schoolId, kind: REMINDER_TASK, createdBy: actor.id, input: { ...body }, total: sms + emails });
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.remindersSent, `task:${task.id}`, null, { minBalanceCents: body.minBalance, channels: body.channels, learners, sms, emails });
    return { learners, sms, emails, taskId: task.id, sample };
  });
  if (out.taskId) await tasks.dispatch(out.taskId);
  return out;
}

/**
 * The reminder task: sends each guardian's SMS and e-mail, reporting progress. Idempotent on retry:
 * messages this task already logged as sent to a phone are not sent again.
 */
export function remindersTaskHandler(deps: NoticeDeps): TaskHandler {
  return async (ctx) => {
    const { task } = ctx;
    const input = task.input as { minBalance: number; channels: ('sms' | 'email')[]; levelId?: string; classId?: string };
    const scope = { schoolId: task.schoolId, userId: task.createdBy, allSchools: false };
    const { targets, refused, refusedEmail, school, done } = await withScope(deps.database.db, scope, async (tx) => {
      const sent = await noticesRepo.listSmsOfTask(tx, task.id);
      const targets = await noticesRepo.listReminderTargets(tx, task.schoolId, input);
      // Guardians who withdrew SMS (e-mail) consent get no SMS (e-mail) reminder (issue 35 §5).
      const { refused } = await smsConsentFilter(tx, task.schoolId, targets.filter((t) => t.phone));
      const noEmail = (await emailConsentFilter(tx, task.schoolId, targets.filter((t) => t.email))).refused;
      return { targets, refused: new Set(refused), refusedEmail: new Set(noEmail), school: await schoolNotice(tx, task.schoolId), done: new Set(sent.map((s) => `${s.studentId}|${s.to}`)) };
    });
    const total = targets.reduce((s, t) => s + (input.channels.includes('sms') && t.phone && !refused.has(t) ? 1 : 0) + (input.channels.includes('email') && t.email && !refusedEmail.has(t) ? 1 : 0), 0);
    let progress = 0;
    let sms = 0;
    let smsFailed = 0;
    let smsNoConsent = 0;
    let emails = 0;
    let emailsFailed = 0;
    let emailsNoConsent = 0;
    for (const t of targets) {
      const texts = reminderTexts(school, t);
      if (input.channels.includes('sms') && t.phone && refused.has(t)) smsNoConsent++;
      else if (input.channels.includes('sms') && t.phone) {
        if (!done.has(`${t.studentId}|${t.phone}`)) {
          const status = await sendSms(deps, task.schoolId, { to: t.phone, body: texts.sms, kind: 'reminder', studentId: t.studentId, createdBy: task.createdBy, taskId: task.id });
          if (status === 'sent') sms++;
          else smsFailed++;
        }
        await ctx.progress(++progress, total);
      }
      if (input.channels.includes('email') && t.email && refusedEmail.has(t)) emailsNoConsent++;
      else if (input.channels.includes('email') && t.email) {
        try {
          await deps.mailer.send({ to: t.email, subject: texts.subject, text: texts.text });
          emails++;
        } catch {
          emailsFailed++;
        }
        await ctx.progress(++progress, total);
      }
    }
    return { result: { learners: new Set(targets.map((t) => t.studentId)).size, sms, smsFailed, smsNoConsent, emails, emailsFailed, emailsNoConsent } };
  };
}
