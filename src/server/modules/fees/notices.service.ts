import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import type { RemindersResponse } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { classes, guardians, mpesaConfigs, payments, schools, smsMessages, studentBalances, studentGuardians, students } from '../../db/schema/index.js';
import { withScope, type Tx } from '../../db/tenant.js';
import type { EventBus } from '../../events/bus.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { TaskHandler, TaskRunner } from '../../jobs/tasks.js';
import { AppError } from '../../errors.js';
import { deliverSms, logSms, sendSms, type SmsDeps } from '../sms/sms.service.js';
import { FEES_AUDIT, auditFees, inSchool, loadFinanceSettings } from './fees-context.js';

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

const FINANCE_ROLES = ['finance_officer', 'principal', 'school_director'] as const;

/** Parents' account ids of a learner (for live events). */
async function parentIds(tx: Tx, studentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: guardians.profileId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(studentGuardians.studentId, studentId), isNotNull(guardians.profileId)));
  return rows.map((r) => r.id!).filter(Boolean);
}

/** Sends `fees.changed` to the school's finance roles and to the learner's parents (best effort). */
async function publishTo(deps: Pick<NoticeDeps, 'events'>, schoolId: string, parents: string[], data: Record<string, unknown>): Promise<void> {
  try {
    await deps.events.publish({ type: 'fees.changed', audience: { schoolIds: [schoolId], roles: FINANCE_ROLES }, data });
    if (parents.length) await deps.events.publish({ type: 'fees.changed', audience: { schoolIds: [schoolId], userIds: parents.slice(0, 20) }, data });
  } catch {
    // Live updates are best effort: screens also refetch.
  }
}

/** Tells the school's finance screens and the learner's parents that the learner's fees changed. */
export async function publishFeesChanged(deps: Pick<NoticeDeps, 'database' | 'events'>, schoolId: string, studentId: string, extra: Record<string, unknown> = {}): Promise<void> {
  try {
    const parents = await withScope(deps.database.db, { schoolId, userId: null, allSchools: false }, (tx) => parentIds(tx, studentId));
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

/**
 * After a payment commits: live update, and the SMS receipt ("Received KES 5,000.00 for Amani Wanjiru
 * GHA/2026/0042. Balance KES 12,500.00. Ref QGH7...") to the payer's phone, or the learner's primary
 * guardian, when the school sends SMS receipts. One transaction reads what it needs and logs the SMS
 * as queued; the gateway's answer is a second. Never throws.
 */
export async function afterPayment(deps: NoticeDeps, schoolId: string, paymentId: string): Promise<void> {
  try {
    const scope = { schoolId, userId: null, allSchools: false };
    const info = await withScope(deps.database.db, scope, async (tx) => {
      const [p] = await tx
        .select({ p: payments, firstName: students.firstName, lastName: students.lastName, admissionNumber: students.admissionNumber })
        .from(payments)
        .innerJoin(students, eq(students.id, payments.studentId))
        .where(eq(payments.id, paymentId));
      if (!p) return null;
      const parents = await parentIds(tx, p.p.studentId);
      const settings = await loadFinanceSettings(tx, schoolId);
      if (!settings.smsReceipts || p.p.kind !== 'payment') return { p, parents, sms: null };
      let phone = p.p.payerPhone;
      if (!phone) {
        const [g] = await tx
          .select({ phone: guardians.phone })
          .from(studentGuardians)
          .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
          .where(eq(studentGuardians.studentId, p.p.studentId))
          .orderBy(sql`${studentGuardians.isPrimary} desc`, asc(guardians.name))
          .limit(1);
        phone = g?.phone ?? null;
      }
      if (!phone) return { p, parents, sms: null };
      const [bal] = await tx.select({ b: studentBalances.balanceCents }).from(studentBalances).where(eq(studentBalances.studentId, p.p.studentId));
      const body = m.smsReceipt(formatKes(p.p.amountCents), shortName(p), p.admissionNumber, formatKes(Math.max(Number(bal?.b ?? 0), 0)), p.p.reference ?? p.p.receiptNumber ?? '');
      const msg = { to: phone, body, kind: 'receipt' as const, studentId: p.p.studentId, createdBy: p.p.createdBy };
      return { p, parents, sms: { id: await logSms(tx, schoolId, deps.sms.provider, msg), msg } };
    });
    if (!info) return;
    await publishTo(deps, schoolId, info.parents, { studentId: info.p.p.studentId, paymentId });
    if (info.sms) await deliverSms(deps, schoolId, info.sms.id, info.sms.msg);
  } catch (err) {
    deps.log.warn({ err, paymentId }, 'payment notice failed');
  }
}

interface ReminderTarget {
  studentId: string;
  firstName: string;
  lastName: string;
  admissionNumber: string;
  balanceCents: number;
  guardianName: string;
  phone: string | null;
  email: string | null;
}

async function reminderTargets(tx: Tx, schoolId: string, q: { minBalance: number; levelId?: string; classId?: string }): Promise<ReminderTarget[]> {
  return tx
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      balanceCents: studentBalances.balanceCents,
      guardianName: guardians.name,
      phone: guardians.phone,
      email: guardians.email,
    })
    .from(studentBalances)
    .innerJoin(students, eq(students.id, studentBalances.studentId))
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.status, 'active'),
        sql`${studentBalances.balanceCents} > ${q.minBalance}`,
        q.levelId ? eq(classes.levelId, q.levelId) : undefined,
        q.classId ? eq(students.classId, q.classId) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(guardians.name)) as Promise<ReminderTarget[]>;
}

/** Texts of a reminder: SMS and e-mail, per learner and guardian. */
function reminderTexts(school: { name: string; paybill: string | null }, t: ReminderTarget) {
  const balance = formatKes(t.balanceCents);
  const learner = shortName(t);
  const sms = m.smsReminder(school.name, learner, t.admissionNumber, balance, school.paybill);
  return {
    sms,
    subject: m.reminderEmailSubject(school.name, learner),
    text: `Dear ${t.guardianName},\n\n${sms}\n\nYou can see the statement and pay with M-Pesa in EduFam under School Fees.\n\n${school.name}`,
  };
}

async function schoolNotice(tx: Tx, schoolId: string) {
  const [s] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  const [cfg] = await tx.select({ shortcode: mpesaConfigs.shortcode, type: mpesaConfigs.shortcodeType }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, schoolId));
  return { name: s?.name ?? '', paybill: cfg?.type === 'paybill' ? cfg.shortcode : null };
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
    const targets = await reminderTargets(tx, schoolId, body);
    const sms = body.channels.includes('sms') ? targets.filter((t) => t.phone).length : 0;
    const emails = body.channels.includes('email') ? targets.filter((t) => t.email).length : 0;
    const learners = new Set(targets.map((t) => t.studentId)).size;
    const sample = targets[0] ? reminderTexts(await schoolNotice(tx, schoolId), targets[0]).sms : null;
    if (body.preview) return { learners, sms, emails, taskId: null, sample };
    if (sms + emails === 0) throw new AppError(400, 'NO_RECIPIENTS', m.reminderNoRecipients);
    const task = await tasks.create(tx, { schoolId, kind: REMINDER_TASK, createdBy: actor.id, input: { ...body }, total: sms + emails });
    await auditFees(tx, { actor, schoolId, ip }, FEES_AUDIT.remindersSent, `task:${task.id}`, null, { minBalanceCents: body.minBalance, channels: body.channels, learners, sms, emails });
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
    const { targets, school, done } = await withScope(deps.database.db, scope, async (tx) => {
      const sent = await tx.select({ to: smsMessages.toPhone, studentId: smsMessages.studentId }).from(smsMessages).where(eq(smsMessages.taskId, task.id));
      return { targets: await reminderTargets(tx, task.schoolId, input), school: await schoolNotice(tx, task.schoolId), done: new Set(sent.map((s) => `${s.studentId}|${s.to}`)) };
    });
    const total = targets.reduce((s, t) => s + (input.channels.includes('sms') && t.phone ? 1 : 0) + (input.channels.includes('email') && t.email ? 1 : 0), 0);
    let progress = 0;
    let sms = 0;
    let smsFailed = 0;
    let emails = 0;
    let emailsFailed = 0;
    for (const t of targets) {
      const texts = reminderTexts(school, t);
      if (input.channels.includes('sms') && t.phone) {
        if (!done.has(`${t.studentId}|${t.phone}`)) {
          const status = await sendSms(deps, task.schoolId, { to: t.phone, body: texts.sms, kind: 'reminder', studentId: t.studentId, createdBy: task.createdBy, taskId: task.id });
          if (status === 'sent') sms++;
          else smsFailed++;
        }
        await ctx.progress(++progress, total);
      }
      if (input.channels.includes('email') && t.email) {
        try {
          await deps.mailer.send({ to: t.email, subject: texts.subject, text: texts.text });
          emails++;
        } catch {
          emailsFailed++;
        }
        await ctx.progress(++progress, total);
      }
    }
    return { result: { learners: new Set(targets.map((t) => t.studentId)).size, sms, smsFailed, emails, emailsFailed } };
  };
}
