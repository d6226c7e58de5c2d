import type { Actor } from '../../../shared/access.js';
import type { ListSmsResponse, listSmsQuery } from '../../../shared/contracts/fees.js';
import { smsDeliveryMessages } from '../../../shared/messages/sms.js';
import { smsReplyMessages } from '../../../shared/messages/sms-replies.js';
import { centsToKes } from '../../../shared/money.js';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import type { EventBus } from '../../events/bus.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { pageWindow } from '../../lib/paging.js';
import { inSchool } from '../../lib/school-context.js';
import * as repo from './sms.repository.js';
import * as repliesRepo from './sms-replies.repository.js';

/**
 * Outbound SMS for every module (issue 11 §4: receipts and fee reminders now; attendance alerts and
 * results later). Each message is logged per school with its status and cost (sms_messages) before it
 * is handed to the gateway (Africa's Talking, or the local simulator by default), then updated with the
 * gateway's answer. Sending never throws into the caller: a failed delivery is a logged row.
 */

export interface SmsDeps {
  database: Database;
  sms: SmsGateway;
}

export interface OutgoingSms {
  to: string;
  body: string;
  kind: 'receipt' | 'reminder' | 'absence' | 'other';
  studentId?: string | null;
  createdBy?: string | null;
  taskId?: string | null;
}

/** Logs an SMS as queued in the caller's transaction (so it lands with what it is about); returns its id. */
export async function logSms(tx: Tx, schoolId: string, provider: string, msg: OutgoingSms): Promise<string> {
  return repo.insertQueuedSms(tx, schoolId, {
    toPhone: msg.to,
    body: msg.body,
    kind: msg.kind,
    provider,
    studentId: msg.studentId ?? null,
    createdBy: msg.createdBy ?? null,
    taskId: msg.taskId ?? null,
  });
}

/** Hands a logged SMS to the gateway and records its answer (status, cost, error). Never throws for a failed delivery. */
export async function deliverSms(deps: SmsDeps, schoolId: string, id: string, msg: OutgoingSms): Promise<'sent' | 'failed'> {
  let result: Awaited<ReturnType<SmsGateway['send']>>;
  try {
    result = await deps.sms.send({ to: msg.to, message: msg.body });
  } catch (err) {
    result = { status: 'failed', providerMessageId: null, costCents: null, error: err instanceof Error ? err.message : 'Sending failed' };
  }
  await withScope(deps.database.db, { schoolId, userId: msg.createdBy ?? null, allSchools: false }, (tx) => repo.recordSmsSendOutcome(tx, id, result));
  return result.status;
}

/**
 * Logs and sends one SMS for a school; returns the logged row's status. A fee reminder (kind
 * 'reminder', non-essential: issue 36 §5) to a phone whose guardian opted out (replied STOP) is logged
 * as failed with the reason and not handed to the gateway.
 */
export async function sendSms(deps: SmsDeps, schoolId: string, msg: OutgoingSms): Promise<'sent' | 'failed'> {
  const { id, optedOut } = await withScope(deps.database.db, { schoolId, userId: msg.createdBy ?? null, allSchools: false }, async (tx) => {
    const id = await logSms(tx, schoolId, deps.sms.provider, msg);
    const optedOut = msg.kind === 'reminder' && (await repliesRepo.phoneOptedOut(tx, schoolId, msg.to));
    if (optedOut) await repo.recordSmsSendOutcome(tx, id, { status: 'failed', providerMessageId: null, costCents: null, error: smsReplyMessages.optedOut });
    return { id, optedOut };
  });
  if (optedOut) return 'failed';
  return deliverSms(deps, schoolId, id, msg);
}

/** What applyDeliveryReport works with. */
export interface DeliveryReportDeps {
  database: Database;
  events: EventBus;
  /** Issue 37 §3: counts each report that changed a message (delivered / undelivered) for GET /metrics (modules/health/ops-counters.ts). */
  ops?: { sms(outcome: 'delivered' | 'undelivered'): void };
}

/** A gateway's delivery report for one message (Africa's Talking's callback, or the simulator's). */
export interface DeliveryReport {
  /** The gateway's id of the message (sms_messages.provider_message_id). */
  providerMessageId: string;
  /** true: on the phone; false: the network gave up (failureReason says why). */
  delivered: boolean;
  failureReason?: string | null;
}

/**
 * Applies a delivery report (any school, system scope): the message with that provider id becomes
 * `delivered` (delivered_at now) or `failed` (error = the reason), and so do the announcement
 * recipients whose SMS it is (sms_status, sms_error); the announcements' authors then get the live
 * event 'announcements.changed' so an open delivery view refreshes. Only a queued or sent message
 * changes: a repeated or late report changes nothing (a delivered message never goes back), and an
 * unknown id is ignored. Returns 'unknown' (no such message), 'unchanged' or 'applied'.
 */
export async function applyDeliveryReport(deps: DeliveryReportDeps, report: DeliveryReport): Promise<'unknown' | 'unchanged' | 'applied'> {
  const providerMessageId = report.providerMessageId.trim();
  if (!providerMessageId) return 'unknown';
  const status = report.delivered ? 'delivered' : 'failed';
  const error = report.delivered ? null : (report.failureReason?.trim() || smsDeliveryMessages.notDelivered).slice(0, 200);
  const outcome = await withSystem(deps.database.db, async (tx) => {
    const found = await repo.findSmsByProviderId(tx, providerMessageId);
    if (found.length === 0) return { result: 'unknown' as const, notify: [] };
    const now = new Date();
    const changed = await repo.markSmsReported(tx, providerMessageId, { status, error, deliveredAt: report.delivered ? now : null });
    if (changed.length === 0) return { result: 'unchanged' as const, notify: [] };
    const recipients = await repo.markRecipientsSmsStatus(tx, changed.map((c) => c.id), { status, error, at: now });
    const announcementIds = [...new Set(recipients.map((r) => r.announcementId))];
    const notify = announcementIds.length ? await repo.listAnnouncementAuthors(tx, announcementIds) : [];
    return { result: 'applied' as const, notify };
  });
  if (outcome.result === 'applied') deps.ops?.sms(report.delivered ? 'delivered' : 'undelivered');
  for (const a of outcome.notify) {
    try {
      await deps.events.publish({ type: 'announcements.changed', audience: { userIds: [a.authorId!] }, data: { id: a.id } });
    } catch {
      // Live events are best effort (spec §9).
    }
  }
  return outcome.result;
}

/** GET /api/sms/messages: the school's SMS log, newest first, with sent/failed counts and total cost. */
export async function listSms(database: Database, actor: Actor, q: z.output<typeof listSmsQuery>): Promise<ListSmsResponse> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: repo.SmsFilters = { status: q.status, kind: q.kind, search: q.search };
    const rows = await repo.listSmsPage(tx, schoolId, filters, pageWindow(q));
    const agg = await repo.smsLogTotals(tx, schoolId, filters);
    return {
      items: rows.map(({ m, firstName, lastName }) => ({
        id: m.id,
        toPhone: m.toPhone,
        body: m.body,
        kind: m.kind as 'receipt' | 'reminder' | 'absence' | 'other',
        status: m.status as 'queued' | 'sent' | 'delivered' | 'failed',
        provider: m.provider,
        cost: m.costCents === null ? null : centsToKes(m.costCents),
        error: m.error,
        studentName: firstName ? `${firstName} ${lastName}` : null,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
      total: Number(agg?.n ?? 0),
      totals: { sent: agg?.sent ?? 0, failed: agg?.failed ?? 0, cost: centsToKes(agg?.cost ?? 0) },
    };
  });
}
