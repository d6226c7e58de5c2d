import type { Actor } from '../../../shared/access.js';
import type { ListSmsRepliesResponse, MarkSmsReplyReadResponse, SmsReply } from '../../../shared/contracts/sms.js';
import { smsReplyMessages } from '../../../shared/messages/sms-replies.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { guardianLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import * as repo from './sms-replies.repository.js';
import { sendSms, type SmsDeps } from './sms.service.js';

/**
 * Two-way SMS (issue 36 §2, §5). Africa's Talking posts each reply to the school's SMS to the
 * incoming-message callback; it is stored once per provider id in the school the number belongs to,
 * addressed to the staff member who sent the SMS it answers (else the school's inbox). A reply of STOP
 * (ACHA) opts the guardian out of non-essential SMS (announcements, fee reminders), START (ANZA) back
 * in, each confirmed by one SMS in the guardian's language. Staff read replies at GET /api/sms/replies.
 */

/** The opt-out keywords (Kenyan bulk-SMS practice: STOP; Kiswahili ACHA) and opt-in (START; ANZA). */
const KEYWORDS: Record<string, 'stop' | 'start'> = { STOP: 'stop', ACHA: 'stop', START: 'start', ANZA: 'start' };

/** The keyword a reply is, if its whole text (any case, surrounding spaces) is one; else null. */
export function replyKeyword(text: string): 'stop' | 'start' | null {
  return KEYWORDS[text.trim().toUpperCase()] ?? null;
}

/** Audit action of an opt-out change (a STOP/START reply, or the school's switch in learners.service.ts). */
export const SMS_OPT_OUT_AUDIT = 'GUARDIAN_UPDATED';

/** Africa's Talking's fields of one incoming message. */
export interface IncomingSms {
  from: string;
  to?: string | null;
  text: string;
  date?: string | null;
  id: string;
  linkId?: string | null;
}

/**
 * When the message was received: Africa's Talking's `date` ("YYYY-MM-DD HH:MM:SS", UTC, or ISO 8601),
 * or `now` when it is absent, unreadable or in the future.
 */
export function receivedAt(date: string | null | undefined, now = new Date()): Date {
  const s = date?.trim();
  if (!s) return now;
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? s : `${s.replace(' ', 'T')}Z`;
  const d = new Date(zoned);
  return Number.isNaN(d.getTime()) || d.getTime() > now.getTime() ? now : d;
}

/**
 * Stores one incoming SMS (system scope) and applies a STOP/START keyword; returns whether it was
 * stored now (false: a repeated provider id, nothing changes). The school: the one of the guardian
 * with that phone; with guardians in several schools, the one that sent the phone the latest SMS (else
 * the most recently updated guardian's); an unknown number goes to the school that last sent it an SMS,
 * else to no school (platform log only). The reply is for the staff member who sent that school's latest
 * SMS to the phone that has a sender (the announcement's author, or who recorded the payment of a
 * receipt), else the school's inbox. The
 * confirmation SMS of a keyword is sent after the transaction (a failed send is a logged row).
 */
export async function receiveIncomingSms(deps: SmsDeps, msg: IncomingSms): Promise<{ stored: boolean }> {
  const providerId = msg.id.trim();
  const phone = normaliseKenyanPhone(msg.from) ?? msg.from.trim();
  const keyword = replyKeyword(msg.text);
  const outcome = await withSystem(deps.database.db, async (tx) => {
    if (await repo.replyExists(tx, providerId)) return null;
    const found = await repo.guardiansWithPhone(tx, phone);
    const guardianSchools = [...new Set(found.map((g) => g.schoolId))];
    let schoolId: string | null;
    if (guardianSchools.length === 1) schoolId = guardianSchools[0]!;
    else if (guardianSchools.length > 1) schoolId = (await repo.latestSmsTo(tx, phone, guardianSchools))?.schoolId ?? found[0]!.schoolId;
    else schoolId = (await repo.latestSmsTo(tx, phone))?.schoolId ?? null;
    const guardian = schoolId ? (found.find((g) => g.schoolId === schoolId) ?? null) : null;
    const last = schoolId ? await repo.latestSmsTo(tx, phone, [schoolId]) : undefined;
    const sent = schoolId ? await repo.latestSmsTo(tx, phone, [schoolId], true) : undefined;
    const sender = sent ? (sent.authorId ?? sent.createdBy) : null;
    const staffId = schoolId && sender && (await repo.isStaffOf(tx, schoolId, sender)) ? sender : null;
    const id = await repo.insertReply(tx, {
      schoolId,
      guardianId: guardian?.id ?? null,
      fromPhone: phone,
      toNumber: msg.to?.trim() || null,
      text: msg.text,
      receivedAt: receivedAt(msg.date),
      providerId,
      linkId: msg.linkId?.trim() || null,
      smsMessageId: last?.id ?? null,
      staffId,
      keyword: guardian ? keyword : null,
    });
    if (!id) return null;
    if (!guardian || !schoolId || !keyword) return { confirm: null };
    const optedOut = guardian.smsOptOutAt !== null;
    const school = await repo.findSchool(tx, schoolId);
    if ((keyword === 'stop') !== optedOut) {
      await repo.setGuardianSmsOptOut(tx, schoolId, guardian.id, keyword === 'stop' ? new Date() : null);
      await recordAudit(tx, {
        schoolId,
        action: SMS_OPT_OUT_AUDIT,
        performedByUserId: null,
        performedByRole: 'parent',
        targetEntity: `guardian:${guardian.id}`,
        oldValue: { smsOptOut: optedOut },
        newValue: { smsOptOut: keyword === 'stop' },
        metadata: { source: 'sms', replyId: id },
      });
    }
    const locale = guardianLocale(guardian.preferredLanguage, school?.defaultLocale);
    const body = withLocale(locale, () => (keyword === 'stop' ? smsReplyMessages.optedOutSms(school?.name ?? '') : smsReplyMessages.optedInSms(school?.name ?? '')));
    return { confirm: { schoolId, body } };
  });
  if (!outcome) return { stored: false };
  if (outcome.confirm) await sendSms(deps, outcome.confirm.schoolId, { to: phone, body: outcome.confirm.body, kind: 'other' });
  return { stored: true };
}

const MANAGERS = ['principal', 'school_director'];

/** The replies `actor` reads: the principal and director the whole school's, other staff those for them; 403 otherwise. */
function scopeOf(actor: Actor): repo.ReplyScope {
  if (!actor.schoolId || actor.role === 'parent' || !['school_director', 'principal', 'teacher', 'finance_officer', 'hr'].includes(actor.role)) throw forbidden(smsReplyMessages.notAllowed);
  return { schoolId: actor.schoolId, staffId: MANAGERS.includes(actor.role) ? null : actor.id };
}

async function toReplies(tx: Tx, actor: Actor, rows: Awaited<ReturnType<typeof repo.listReplies>>): Promise<SmsReply[]> {
  const guardianIds = [...new Set(rows.map((x) => x.r.guardianId).filter((g): g is string => !!g))];
  const learners = await repo.learnersOfGuardians(tx, guardianIds);
  return rows.map(({ r, guardianName }) => ({
    id: r.id,
    fromPhone: r.fromPhone,
    text: r.text,
    receivedAt: r.receivedAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
    guardian:
      r.guardianId && guardianName
        ? { id: r.guardianId, name: guardianName, learners: learners.filter((l) => l.guardianId === r.guardianId).map((l) => `${l.firstName} ${l.lastName}`) }
        : null,
    forMe: r.staffId === actor.id,
    keyword: r.keyword === 'stop' || r.keyword === 'start' ? r.keyword : null,
  }));
}

/** GET /api/sms/replies: one page of the replies the caller reads, newest first, with their unread count. */
export async function listSmsReplies(deps: Pick<SmsDeps, 'database'>, actor: Actor, q: { page: number; pageSize: number }): Promise<ListSmsRepliesResponse> {
  const s = scopeOf(actor);
  return withScope(deps.database.db, { schoolId: s.schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    const rows = await repo.listReplies(tx, s, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    const { total, unread } = await repo.countReplies(tx, s);
    return { items: await toReplies(tx, actor, rows), total, page: q.page, pageSize: q.pageSize, unread };
  });
}

/** POST /api/sms/replies/:id/read: marks a reply the caller reads as read (404 for any other id). */
export async function markSmsReplyRead(deps: Pick<SmsDeps, 'database'>, actor: Actor, id: string): Promise<MarkSmsReplyReadResponse> {
  const s = scopeOf(actor);
  return withScope(deps.database.db, { schoolId: s.schoolId, userId: actor.id, allSchools: false }, async (tx) => {
    if (!(await repo.findReply(tx, s, id))) throw notFound(smsReplyMessages.replyNotFound);
    await repo.markReplyRead(tx, id);
    const row = (await repo.findReply(tx, s, id))!;
    const [reply] = await toReplies(tx, actor, [row]);
    return { reply: reply!, unread: (await repo.countReplies(tx, s)).unread };
  });
}
