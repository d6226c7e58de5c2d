import type { z } from 'zod';
import {
  AUTO_REPLY_INTERVAL_HOURS,
  CONVERSATION_MAX_PARTICIPANTS,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_PREVIEW_MAX,
  type BroadcastRecipients,
  type BroadcastResult,
  type Contact,
  type ConversationDetail,
  type ConversationMessage,
  type ConversationParticipant,
  type ConversationSummary,
  type MessagePage,
  type MessageReport,
  type OfficeHours,
  type ReviewableConversation,
  type UnreadCount,
  broadcastBody,
  broadcastRecipientsQuery,
  conversationListQuery,
  createConversationBody,
  messagesQuery,
  officeHoursBody,
  reportsQuery,
  reviewableQuery,
} from '../../../shared/contracts/conversations.js';
import { CONVERSATION_ROLE_LABELS, conversationMessages as cm } from '../../../shared/messages/conversations.js';
import type { Role } from '../../../shared/roles.js';
import type { Tx } from '../../db/tenant.js';
import type { SchoolCaller } from '../../lib/school-context.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { pageWindow } from '../../lib/paging.js';
import { resolveAttachments } from '../attachments/index.js';
import * as repo from './conversations.repository.js';
import type { ConversationRow, MessageCursor, MessageRow, ParticipantRow } from './conversations.repository.js';
import { perLocale } from '../../../shared/i18n/localized.js';
import { announcementMessages } from '../../../shared/messages/announcements.js';
import { consentMessages } from '../../../shared/messages/consents.js';
import { conversationScreens } from '../../../shared/messages/conversations-screens.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { paginate } from '../../lib/paging.js';
import { guardianLocale, schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { findSchoolName } from '../../lib/school-context.js';
import { recipientKey, resolveAudience, type Recipient } from '../announcements/index.js';
import { emailConsentFilter, smsConsentFilter } from '../data-protection/index.js';
import { deliverSms, logSms, type OutgoingSms } from '../sms/index.js';

const m = cm.api;

/** Staff roles of a school (they may message each other). */
export const STAFF_ROLES = ['principal', 'school_director', 'teacher', 'finance_officer', 'hr'] as const;
const isStaff = (role: string | null | undefined) => !!role && (STAFF_ROLES as readonly string[]).includes(role);

/** What changed, for the live events after commit: each conversation with the people to tell. */
export type Changed = { conversationId: string; userIds: string[] }[];

// -------------------------------------------------------------------------------------------------
// Who relates to whom

interface Person {
  userId: string;
  name: string;
  role: Role;
  roleLabel: string;
  group: string;
}

const joinNames = (names: string[]) => {
  const u = [...new Set(names)];
  return u.length <= 1 ? (u[0] ?? '') : `${u.slice(0, -1).join(', ')} and ${u[u.length - 1]}`;
};

/** Streams a teacher class-teaches or teaches a subject in. */
async function streamsOfTeacher(tx: Tx, schoolId: string, teacherId: string): Promise<string[]> {
  const [led, taught] = await Promise.all([repo.listStreamsLedBy(tx, schoolId, teacherId), repo.listStreamsTaughtBy(tx, schoolId, teacherId)]);
  return [...new Set([...led, ...taught].map((r) => r.id))];
}

/** Parent accounts of the active learners of `classIds`, with their children's first names. */
async function parentsOfStreams(tx: Tx, schoolId: string, classIds: string[] | null) {
  const rows = await repo.listParentsOfStreams(tx, schoolId, classIds);
  const byParent = new Map<string, { name: string; children: string[] }>();
  for (const r of rows) {
    const p = byParent.get(r.parentId) ?? { name: r.name, children: [] };
    p.children.push(r.firstName);
    byParent.set(r.parentId, p);
  }
  return byParent;
}

/** How each of a parent's children's teachers relates to the parent ("Class teacher, Grade 7 East"). */
async function teachersOfChildren(tx: Tx, schoolId: string, parentId: string): Promise<Map<string, string[]>> {
  const kids = await repo.listChildrenOfParents(tx, schoolId, [parentId]);
  const classIds = [...new Set(kids.map((k) => k.classId).filter((v): v is string => !!v))];
  const labels = new Map<string, string[]>();
  if (!classIds.length) return labels;
  const add = (id: string, label: string) => labels.set(id, [...(labels.get(id) ?? []), label]);
  const [streams, taught] = await Promise.all([repo.listStreamsByIds(tx, classIds), repo.listSubjectTeachersOfStreams(tx, schoolId, classIds)]);
  for (const s of streams) if (s.classTeacherId) add(s.classTeacherId, cm.relation.classTeacher(s.name));
  for (const a of taught) add(a.teacherId, cm.relation.subjectTeacher(a.subject, a.stream));
  return labels;
}

const labelOfRole = (role: string) =>
  role === 'finance_officer' ? cm.relation.financeOffice : role === 'school_director' ? cm.relation.director : (CONVERSATION_ROLE_LABELS[role] ?? cm.relation.staff);

const shortLabel = (labels: string[]) => (labels.length > 2 ? `${labels.slice(0, 2).join(' · ')} …` : labels.join(' · '));

/**
 * The people the caller may start a conversation with (issue 17 §2): a parent reaches their children's
 * class and subject teachers, the principal and the finance office (never other parents); staff reach
 * every staff member of the school; a teacher also the parents of their streams' learners; the
 * principal, director and finance office any parent of the school.
 */
export async function contactsOf(tx: Tx, c: SchoolCaller): Promise<Map<string, Person>> {
  const { actor, schoolId } = c;
  const out = new Map<string, Person>();
  const staffRows = await repo.listActiveStaff(tx, schoolId, STAFF_ROLES, actor.id);
  if (actor.role === 'parent') {
    const teachers = await teachersOfChildren(tx, schoolId, actor.id);
    for (const s of staffRows) {
      const labels = teachers.get(s.id);
      if (labels?.length) out.set(s.id, { userId: s.id, name: s.name, role: s.role as Role, roleLabel: shortLabel(labels), group: cm.contactGroups.teachers });
      else if (s.role === 'principal' || s.role === 'finance_officer')
        out.set(s.id, { userId: s.id, name: s.name, role: s.role as Role, roleLabel: labelOfRole(s.role), group: cm.contactGroups.office });
    }
    return out;
  }
  if (!isStaff(actor.role)) return out;
  const led = await repo.listClassTeacherStreams(tx, schoolId);
  const leads = new Map(led.map((r) => [r.id!, r.name]));
  for (const s of staffRows) {
    const label = s.role === 'teacher' && leads.has(s.id) ? cm.relation.classTeacher(leads.get(s.id)!) : labelOfRole(s.role!);
    out.set(s.id, { userId: s.id, name: s.name, role: s.role as Role, roleLabel: label, group: cm.contactGroups.staff });
  }
  let parents: Map<string, { name: string; children: string[] }> | null = null;
  if (actor.role === 'teacher') parents = await parentsOfStreams(tx, schoolId, await streamsOfTeacher(tx, schoolId, actor.id));
  else if (actor.role === 'principal' || actor.role === 'school_director' || actor.role === 'finance_officer') parents = await parentsOfStreams(tx, schoolId, null);
  if (parents) {
    const sorted = [...parents.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name));
    for (const [id, p] of sorted) out.set(id, { userId: id, name: p.name, role: 'parent', roleLabel: cm.relation.parentOf(joinNames(p.children)), group: cm.contactGroups.parents });
  }
  return out;
}

/** GET /api/conversations/contacts: contacts, optionally filtered by name or relation. */
export async function listContacts(tx: Tx, c: SchoolCaller, q?: string): Promise<Contact[]> {
  const all = [...(await contactsOf(tx, c)).values()];
  const needle = q?.trim().toLowerCase();
  return needle ? all.filter((p) => p.name.toLowerCase().includes(needle) || p.roleLabel.toLowerCase().includes(needle)) : all;
}

/** Names, roles and labels of `userIds` as `viewer` sees them (relation to the viewer's children for a parent). */
async function describePeople(tx: Tx, c: SchoolCaller, userIds: string[]): Promise<Map<string, ConversationParticipant>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, ConversationParticipant>();
  if (!ids.length) return out;
  const rows = await repo.listProfilesByIds(tx, ids);
  const parentIds = rows.filter((r) => r.role === 'parent').map((r) => r.id);
  const kids = await repo.listChildrenOfParents(tx, c.schoolId, parentIds);
  const kidNames = new Map<string, string[]>();
  for (const k of kids) kidNames.set(k.parentId!, [...(kidNames.get(k.parentId!) ?? []), k.firstName]);
  const teacherIds = rows.filter((r) => r.role === 'teacher').map((r) => r.id);
  const relation = c.actor.role === 'parent' && teacherIds.length ? await teachersOfChildren(tx, c.schoolId, c.actor.id) : new Map<string, string[]>();
  const led = teacherIds.length ? await repo.listClassTeacherStreams(tx, c.schoolId, teacherIds) : [];
  const leads = new Map(led.map((r) => [r.id!, r.name]));
  for (const r of rows) {
    const role = (r.role ?? 'parent') as Role;
    let label: string;
    if (role === 'parent') label = kidNames.has(r.id) ? cm.relation.parentOf(joinNames(kidNames.get(r.id)!)) : (CONVERSATION_ROLE_LABELS.parent ?? 'Parent');
    else if (role === 'teacher') label = relation.get(r.id)?.length ? shortLabel(relation.get(r.id)!) : leads.has(r.id) ? cm.relation.classTeacher(leads.get(r.id)!) : cm.relation.teacher;
    else label = labelOfRole(role);
    out.set(r.id, { userId: r.id, name: r.name, role, roleLabel: label });
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// Reading

/** The caller's conversation `id` with their participant row; 404 when they are not in it (or another school's). */
export async function loadOwn(tx: Tx, c: SchoolCaller, id: string): Promise<{ conv: ConversationRow; me: ParticipantRow }> {
  const row = await repo.findOwnConversation(tx, c.schoolId, c.actor.id, id);
  if (!row) throw notFound(m.notFound);
  return row;
}

const preview = (body: string) => (body.length > MESSAGE_PREVIEW_MAX ? `${body.slice(0, MESSAGE_PREVIEW_MAX - 1)}…` : body);
const iso = (d: Date) => d.toISOString();

/** Summaries of conversations `rows` for the caller (participants, last message, unread count). */
async function summarise(tx: Tx, c: SchoolCaller, rows: { conv: ConversationRow; me: ParticipantRow }[]): Promise<ConversationSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.conv.id);
  const [parts, lasts, unread] = await Promise.all([
    repo.listParticipantsOf(tx, ids),
    repo.listLastMessages(tx, ids),
    repo.countUnreadByConversation(tx, c.actor.id, { conversationIds: ids }),
  ]);
  const people = await describePeople(tx, c, parts.map((p) => p.userId));
  const lastBy = new Map(lasts.map((l) => [l.conversationId, l]));
  const unreadBy = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
  return rows.map(({ conv, me }) => {
    const last = lastBy.get(conv.id);
    const participants = parts
      .filter((p) => p.conversationId === conv.id)
      .map((p) => people.get(p.userId))
      .filter((p): p is ConversationParticipant => !!p)
      .sort((a, b) => (a.userId === c.actor.id ? 1 : b.userId === c.actor.id ? -1 : a.name.localeCompare(b.name)));
    return {
      id: conv.id,
      kind: conv.kind as ConversationSummary['kind'],
      subject: conv.subject,
      participants,
      lastMessage: last ? { body: preview(last.body), senderName: last.senderName ?? '', createdAt: iso(last.createdAt) } : null,
      unread: unreadBy.get(conv.id) ?? 0,
      archived: me.archivedAt !== null,
      updatedAt: iso(conv.lastMessageAt),
      broadcastId: conv.broadcastId,
    };
  });
}

/** GET /api/conversations: the caller's conversations, newest activity first, 30 a page; q searches subject, names and messages. */
export async function listConversations(tx: Tx, c: SchoolCaller, q: z.output<typeof conversationListQuery>): Promise<ConversationSummary[]> {
  const rows = await repo.listOwnConversations(tx, c.schoolId, c.actor.id, { archived: q.archived, search: q.q }, pageWindow({ page: q.page, pageSize: CONVERSATIONS_PAGE_SIZE }));
  return summarise(tx, c, rows);
}

/** GET /api/conversations/:id */
export async function conversationDetail(tx: Tx, c: SchoolCaller, id: string): Promise<ConversationDetail> {
  const row = await loadOwn(tx, c, id);
  const [s] = await summarise(tx, c, [row]);
  return { ...s!, createdBy: row.conv.createdBy, createdAt: iso(row.conv.createdAt) };
}

/** GET /api/conversations/unread-count: unread messages and conversations with any (sidebar badge). */
export async function unreadCount(tx: Tx, c: SchoolCaller): Promise<UnreadCount> {
  const rows = await repo.countUnreadByConversation(tx, c.actor.id, { schoolId: c.schoolId });
  return { unread: rows.reduce((s, r) => s + Number(r.n), 0), conversations: rows.length };
}

/** Messages with sender names and read status against the conversation's participants. */
async function present(tx: Tx, conversationId: string, rows: MessageRow[]): Promise<ConversationMessage[]> {
  if (!rows.length) return [];
  const [parts, names] = await Promise.all([
    repo.listReadMarks(tx, conversationId),
    repo.listProfileNames(tx, [...new Set(rows.map((r) => r.senderId).filter((v): v is string => !!v))]),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => {
    const others = parts.filter((p) => p.userId !== r.senderId);
    const readBy = others.filter((p) => p.lastReadAt && p.lastReadAt >= r.createdAt).length;
    return {
      id: r.id,
      conversationId: r.conversationId,
      senderId: r.senderId,
      senderName: (r.senderId && nameOf.get(r.senderId)) || '',
      body: r.body,
      attachments: r.attachments,
      autoReply: r.autoReply,
      createdAt: iso(r.createdAt),
      readByAll: others.length > 0 && readBy === others.length,
      readBy,
    };
  });
}

/** GET /api/conversations/:id/messages?before=&limit=: a page oldest → newest, the newest page first. */
export async function listMessages(tx: Tx, c: SchoolCaller, id: string, q: z.output<typeof messagesQuery>): Promise<MessagePage> {
  await loadOwn(tx, c, id);
  return messagesPage(tx, id, q);
}

async function messagesPage(tx: Tx, id: string, q: z.output<typeof messagesQuery>): Promise<MessagePage> {
  let before: MessageCursor | null = null;
  if (q.before) {
    if (/^[0-9a-f-]{36}$/i.test(q.before)) {
      const at = await repo.findMessageTime(tx, id, q.before);
      if (!at) throw notFound(m.messageNotFound);
      before = { at, id: q.before };
    } else {
      const d = new Date(q.before);
      if (Number.isNaN(d.getTime())) throw badRequest(m.dateInvalid, { before: m.dateInvalid });
      before = { at: d };
    }
  }
  const rows = await repo.listMessagesBefore(tx, id, before, q.limit + 1);
  const hasMore = rows.length > q.limit;
  return { messages: await present(tx, id, rows.slice(0, q.limit).reverse()), hasMore };
}

// -------------------------------------------------------------------------------------------------
// Writing

/**
 * POST /api/conversations: starts a conversation (or, for two people without a subject, returns their
 * existing direct one: `created` false). 400 for no one / only yourself / more than 20; 403 when anyone
 * is not among the caller's contacts. An optional first message is sent with it.
 */
export async function createConversation(
  tx: Tx,
  c: SchoolCaller,
  body: z.output<typeof createConversationBody>,
  now = new Date(),
): Promise<{ id: string; created: boolean; changed: Changed }> {
  const others = body.participantIds.filter((id) => id !== c.actor.id);
  if (!others.length) throw badRequest(body.participantIds.length ? m.selfOnly : m.participantsRequired, { participantIds: m.selfOnly });
  if (others.length > CONVERSATION_MAX_PARTICIPANTS) throw badRequest(m.tooManyParticipants(CONVERSATION_MAX_PARTICIPANTS), { participantIds: m.tooManyParticipants(CONVERSATION_MAX_PARTICIPANTS) });
  const contacts = await contactsOf(tx, c);
  if (others.some((id) => !contacts.has(id))) throw forbidden(c.actor.role === 'parent' ? m.notAContact : m.notAContactStaff, 'NOT_A_CONTACT');
  let id: string | null = null;
  let created = false;
  if (others.length === 1 && !body.subject) {
    // Two people starting their direct conversation at once get the same one.
    await repo.lockForTransaction(tx, `direct:${[c.actor.id, others[0]!].sort().join(':')}`);
    id = await repo.findDirectConversation(tx, c.schoolId, c.actor.id, others[0]!, true);
  }
  if (!id) {
    id = await repo.insertConversation(tx, { schoolId: c.schoolId, kind: others.length === 1 ? 'direct' : 'group', subject: body.subject ?? null, createdBy: c.actor.id, lastMessageAt: now, createdAt: now });
    created = true;
    await repo.insertParticipants(tx, [
      { conversationId: id, userId: c.actor.id, schoolId: c.schoolId, lastReadAt: now, joinedAt: now },
      ...others.map((u) => ({ conversationId: id!, userId: u, schoolId: c.schoolId, joinedAt: now })),
    ]);
  }
  if (body.body) await storeMessage(tx, c, id, { body: body.body, attachmentIds: body.attachmentIds }, null, now);
  return { id, created, changed: [{ conversationId: id, userIds: [c.actor.id, ...others] }] };
}

/** User ids of a conversation's participants. */
export async function participantIds(tx: Tx, conversationId: string): Promise<string[]> {
  const rows = await repo.listParticipantUserIds(tx, conversationId);
  return rows.map((r) => r.userId);
}

/** Nairobi weekday (0 = Monday) and HH:MM of `at`. */
export function nairobiClock(at: Date): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
  return { day, time: `${get('hour')}:${get('minute')}` };
}

/** True when `at` (Africa/Nairobi) falls inside the office hours. */
export function withinOfficeHours(hours: { days: number[]; start: string; end: string }, at: Date): boolean {
  const { day, time } = nairobiClock(at);
  return hours.days.includes(day) && time >= hours.start && time < hours.end;
}

/** Adds office-hours auto-replies of staff participants when a parent writes outside their hours (once per 12 hours per conversation). */
async function autoReplies(tx: Tx, c: SchoolCaller, conversationId: string, now: Date): Promise<number> {
  if (c.actor.role !== 'parent') return 0;
  const rows = await repo.listEnabledOfficeHoursIn(tx, c.schoolId, conversationId);
  let sent = 0;
  for (const r of rows) {
    if (withinOfficeHours(r.hours, now)) continue;
    const since = new Date(now.getTime() - AUTO_REPLY_INTERVAL_HOURS * 3_600_000);
    if (await repo.hasAutoReplySince(tx, conversationId, r.userId, since)) continue;
    sent += 1;
    await repo.insertMessages(tx, {
      conversationId,
      schoolId: c.schoolId,
      senderId: r.userId,
      body: r.autoReply,
      autoReply: true,
      createdAt: new Date(now.getTime() + sent),
    });
  }
  if (sent) await repo.setLastMessageAt(tx, conversationId, new Date(now.getTime() + sent));
  return sent;
}

/** Stores one message (idempotent per sender and key) and moves the conversation on. */
async function storeMessage(
  tx: Tx,
  c: SchoolCaller,
  conversationId: string,
  input: { body: string; attachmentIds?: string[] | undefined },
  idempotencyKey: string | null,
  now: Date,
): Promise<{ row: MessageRow; created: boolean }> {
  if (idempotencyKey) {
    const prior = await repo.findMessageByIdempotencyKey(tx, c.actor.id, idempotencyKey);
    if (prior) return { row: prior, created: false };
  }
  const attachments = await resolveAttachments(tx, c.schoolId, c.actor.id, input.attachmentIds);
  const values = { conversationId, schoolId: c.schoolId, senderId: c.actor.id, body: input.body, attachments, idempotencyKey, createdAt: now };
  const row = idempotencyKey ? await repo.insertMessageUnlessKeyUsed(tx, values) : await repo.insertMessage(tx, values);
  if (!row) {
    // A concurrent retry with the same key committed first: answer with its message.
    const prior = await repo.findMessageByIdempotencyKey(tx, c.actor.id, idempotencyKey!);
    if (!prior) throw new AppError(409, 'RETRY', m.notFound);
    return { row: prior, created: false };
  }
  await repo.setLastMessageAt(tx, conversationId, now);
  await repo.setReadUpTo(tx, conversationId, c.actor.id, now);
  await repo.unarchiveForOthers(tx, conversationId, c.actor.id);
  await autoReplies(tx, c, conversationId, now);
  return { row, created: true };
}

/**
 * POST /api/conversations/:id/messages: stores the message; with an Idempotency-Key a retry answers the
 * stored message (`created` false) and never stores twice. 404 when the caller is not in the conversation.
 */
export async function sendMessage(
  tx: Tx,
  c: SchoolCaller,
  id: string,
  input: { body: string; attachmentIds?: string[] | undefined },
  idempotencyKey: string | null,
  now = new Date(),
): Promise<{ message: ConversationMessage; created: boolean; changed: Changed }> {
  await loadOwn(tx, c, id);
  const { row, created } = await storeMessage(tx, c, id, input, idempotencyKey, now);
  const [message] = await present(tx, row.conversationId, [row]);
  return { message: message!, created, changed: [{ conversationId: row.conversationId, userIds: await participantIds(tx, row.conversationId) }] };
}

/** POST /api/conversations/:id/read: the caller has read everything up to now. */
export async function markRead(tx: Tx, c: SchoolCaller, id: string, now = new Date()): Promise<Changed> {
  const { me } = await loadOwn(tx, c, id);
  // Others are told (read receipts) only when something unread was read: two open screens that mark
  // read on every live event must not ping-pong.
  const unread = await repo.hasMessageFromOthersAfter(tx, id, c.actor.id, me.lastReadAt);
  await repo.setReadUpTo(tx, id, c.actor.id, now);
  return unread ? [{ conversationId: id, userIds: await participantIds(tx, id) }] : [];
}

/** POST /api/conversations/:id/archive: archives (or restores) the conversation for the caller only. */
export async function setArchived(tx: Tx, c: SchoolCaller, id: string, archived: boolean, now = new Date()): Promise<Changed> {
  await loadOwn(tx, c, id);
  await repo.setArchivedAt(tx, id, c.actor.id, archived ? now : null);
  return [{ conversationId: id, userIds: [c.actor.id] }];
}

/** SMS and e-mail of a broadcast to send after its transaction commits (deliverBroadcast). */
export interface BroadcastOutbox {
  schoolId: string;
  senderId: string;
  /** Logged SMS (sms_messages ids, queued), each to a guardian without an account. */
  sms: { id: string; msg: OutgoingSms }[];
  /** E-mails, each with its recipient row. */
  emails: { rowId: string; to: string; subject: string; text: string }[];
}

/**
 * POST /api/conversations/broadcast: one message per parent (with an account) of the stream, each in
 * the parent's own direct conversation with the sender (reused or created), so replies are private. A
 * teacher only for streams they teach or lead; the principal for any. 403 otherwise; 400 when nobody.
 * Issue 36 §2: the stream's guardians without an account are reached too, by SMS (logged with the
 * sender as created_by, so an SMS reply lands in the sender's SMS replies) and by e-mail where known,
 * EduFam's wrapper words in the guardian's language around the sender's text (never translated). A
 * guardian who replied STOP (guardians.sms_opt_out_at), withdrew SMS consent, or has no phone gets no
 * SMS and a failed row with the reason. Every person gets one recipient row (app, sms or email). The
 * SMS and e-mails are logged here and sent by deliverBroadcast after the commit (`outbox`).
 */
export async function broadcast(
  tx: Tx,
  c: SchoolCaller,
  body: z.output<typeof broadcastBody>,
  now = new Date(),
  smsProvider = 'simulator',
): Promise<{ result: BroadcastResult; changed: Changed; outbox: BroadcastOutbox }> {
  const stream = await repo.findStream(tx, c.schoolId, body.classId);
  if (!stream) throw notFound(m.streamNotFound);
  if (c.actor.role === 'teacher') {
    if (stream.classTeacherId !== c.actor.id && !(await streamsOfTeacher(tx, c.schoolId, c.actor.id)).includes(stream.id)) throw forbidden(m.broadcastNotYourStream);
  } else if (c.actor.role !== 'principal') throw forbidden(m.broadcastNotYourStream);
  const parentMap = await parentsOfStreams(tx, c.schoolId, [stream.id]);
  const parents = [...parentMap.keys()].filter((id) => id !== c.actor.id);
  // Guardians without an account of the stream's active learners, once each (announcements' audience).
  const guardians = (await resolveAudience(tx, c.schoolId, { parentsOfClassIds: [stream.id] }, c.actor.id, { withoutAccount: true })).filter((r) => !r.userId && r.guardianId);
  if (!parents.length && !guardians.length) throw badRequest(m.broadcastNoParents);
  const broadcastId = await repo.insertBroadcast(tx, { schoolId: c.schoolId, senderId: c.actor.id, classId: stream.id, subject: body.subject ?? null, body: body.body, createdAt: now });
  const ids: string[] = [];
  for (const parentId of parents) {
    let id = await repo.findDirectConversation(tx, c.schoolId, c.actor.id, parentId, false);
    if (!id) {
      id = await repo.insertConversation(tx, { schoolId: c.schoolId, kind: 'direct', subject: body.subject ?? null, createdBy: c.actor.id, broadcastId, lastMessageAt: now, createdAt: now });
      await repo.insertParticipants(tx, [
        { conversationId: id, userId: c.actor.id, schoolId: c.schoolId, lastReadAt: now, joinedAt: now },
        { conversationId: id, userId: parentId, schoolId: c.schoolId, joinedAt: now },
      ]);
    }
    ids.push(id);
  }
  if (ids.length) {
    await repo.insertMessages(tx, ids.map((conversationId) => ({ conversationId, schoolId: c.schoolId, senderId: c.actor.id, body: body.body, createdAt: now })));
    await repo.setLastMessageAt(tx, ids, now);
    await repo.setReadUpTo(tx, ids, c.actor.id, now);
    await repo.unarchiveForOthers(tx, ids, c.actor.id);
  }
  const outbox = await reachGuardians(tx, c, broadcastId, guardians, body.body, now, smsProvider);
  await repo.insertBroadcastRecipients(tx, parents.map((userId) => ({ schoolId: c.schoolId, broadcastId, userId, name: parentMap.get(userId)!.name, channel: 'app', status: 'delivered', createdAt: now })));
  const withoutAccount = outbox.reached;
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action: 'conversations.broadcast',
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: 'class',
    resource: stream.id,
    metadata: { broadcastId, recipients: parents.length, sms: outbox.sms.length, email: outbox.emails.length, withoutAccount },
    ipAddress: c.ip,
  });
  return {
    result: {
      broadcastId,
      conversations: ids,
      recipients: parents.length,
      byChannel: { app: parents.length, sms: outbox.sms.length, email: outbox.emails.length },
      withoutAccount,
      notReached: guardians.length - withoutAccount,
    },
    changed: ids.map((conversationId, i) => ({ conversationId, userIds: [c.actor.id, parents[i]!] })),
    outbox: { schoolId: c.schoolId, senderId: c.actor.id, sms: outbox.sms, emails: outbox.emails },
  };
}

/**
 * Writes the recipient rows of the guardians without an account of broadcast `broadcastId`, logs their
 * SMS (queued, created_by the sender) and prepares their e-mails, in the caller's transaction. Returns
 * what to send and how many guardians something was queued for (`reached`).
 */
async function reachGuardians(tx: Tx, c: SchoolCaller, broadcastId: string, guardians: Recipient[], text: string, now: Date, smsProvider: string) {
  const sms: BroadcastOutbox['sms'] = [];
  const emails: BroadcastOutbox['emails'] = [];
  if (!guardians.length) return { sms, emails, reached: 0 };
  const target = (p: Recipient) => ({ profileId: null, guardianId: p.guardianId, statutory: false, key: recipientKey(p) });
  const noSms = new Set((await smsConsentFilter(tx, c.schoolId, guardians.filter((p) => p.phone).map((p) => ({ ...target(p), phone: p.phone })))).refused.map((r) => r.key));
  const noEmail = new Set((await emailConsentFilter(tx, c.schoolId, guardians.filter((p) => p.email).map((p) => ({ ...target(p), email: p.email })))).refused.map((r) => r.key));
  const schoolName = (await findSchoolName(tx, c.schoolId))?.name ?? '';
  const [sender] = await repo.listProfileNames(tx, [c.actor.id]);
  const senderName = sender?.name ?? '';
  const schoolLocale = await schoolDefaultLocale(tx, c.schoolId);
  const b = conversationScreens.broadcast;
  const api = announcementMessages.api;
  let reached = 0;
  const rows: Parameters<typeof repo.insertBroadcastRecipients>[1] = [];
  for (const g of guardians) {
    const key = recipientKey(g);
    const locale = guardianLocale(g.locale, schoolLocale);
    const smsOk = !!g.phone && !noSms.has(key);
    const emailOk = !!g.email && !noEmail.has(key);
    let smsMessageId: string | null = null;
    if (smsOk) {
      const msg: OutgoingSms = { to: g.phone!, body: withLocale(locale, () => b.sms(schoolName, senderName, text)), kind: 'other', createdBy: c.actor.id };
      smsMessageId = await logSms(tx, c.schoolId, smsProvider, msg);
      sms.push({ id: smsMessageId, msg });
    }
    // Reached first by SMS (a phone, or a STOP on record); by e-mail alone when there is no phone.
    const channel = smsOk || g.smsOptedOut || !emailOk ? 'sms' : 'email';
    const smsError = g.smsOptedOut ? api.smsOptedOut : !g.phone ? api.noPhone : noSms.has(key) ? consentMessages.api.noSmsConsent : null;
    const emailError = !g.email ? null : noEmail.has(key) ? consentMessages.api.noEmailConsent : null;
    const failed = channel === 'sms' ? !smsOk : !emailOk;
    if (smsOk || emailOk) reached++;
    rows.push({
      id: crypto.randomUUID(),
      schoolId: c.schoolId,
      broadcastId,
      guardianId: g.guardianId,
      name: g.name,
      channel,
      status: failed ? 'failed' : 'queued',
      error: channel === 'sms' ? smsError : emailError,
      smsTo: g.phone,
      smsMessageId,
      emailTo: g.email,
      emailStatus: g.email ? (emailOk ? 'queued' : 'failed') : null,
      emailError,
      createdAt: now,
    });
    if (emailOk) {
      const subject = withLocale(locale, () => b.emailSubject(schoolName, senderName));
      emails.push({ rowId: rows[rows.length - 1]!.id!, to: g.email!, subject, text: `${text}${withLocale(locale, () => b.emailFooter(schoolName))}` });
    }
  }
  await repo.insertBroadcastRecipients(tx, rows);
  return { sms, emails, reached };
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => { while (next < items.length) await fn(items[next++]!); }));
}

/**
 * Sends a committed broadcast's SMS (through the gateway; each log row records its outcome, delivery
 * reports update it later) and e-mails (recording sent or failed on the recipient row). One failure
 * never stops the others; never throws.
 */
export async function deliverBroadcast(deps: { database: Database; sms: SmsGateway; mailer: Mailer }, outbox: BroadcastOutbox): Promise<void> {
  await mapLimit(outbox.sms, 8, async (x) => {
    await deliverSms({ database: deps.database, sms: deps.sms }, outbox.schoolId, x.id, x.msg).catch(() => undefined);
  });
  const results: { rowId: string; status: 'sent' | 'failed'; error: string | null }[] = [];
  await mapLimit(outbox.emails, 4, async (e) => {
    try {
      await deps.mailer.send({ to: e.to, subject: e.subject, text: e.text });
      results.push({ rowId: e.rowId, status: 'sent', error: null });
    } catch (err) {
      results.push({ rowId: e.rowId, status: 'failed', error: err instanceof Error ? err.message.slice(0, 200) : announcementMessages.api.sendFailed });
    }
  });
  if (!results.length) return;
  await withScope(deps.database.db, { schoolId: outbox.schoolId, userId: outbox.senderId, allSchools: false }, async (tx) => {
    for (const r of results) await repo.recordBroadcastEmail(tx, r.rowId, r.status, r.error);
  }).catch(() => undefined);
}

/**
 * GET /api/conversations/broadcasts/:id/recipients: each person broadcast `id` reached (an account or a
 * guardian without one) with channel and live status (an SMS's from its log row), by name then id,
 * with totals by channel and status. The sender and the school's principal only (403 for anyone else
 * of the school; 404 for an unknown id or another school's).
 */
export async function broadcastRecipients(tx: Tx, c: SchoolCaller, id: string, q: z.output<typeof broadcastRecipientsQuery>): Promise<BroadcastRecipients> {
  const b = await repo.findBroadcast(tx, c.schoolId, id);
  if (!b) throw notFound(m.notFound);
  if (b.senderId !== c.actor.id && c.actor.role !== 'principal') throw forbidden(m.broadcastNotYourStream);
  const totals = await repo.broadcastRecipientTotals(tx, id);
  const byChannel = { app: 0, sms: 0, email: 0 };
  const byStatus = { queued: 0, sent: 0, delivered: 0, failed: 0 };
  for (const t of totals) {
    byChannel[t.channel as keyof typeof byChannel] += Number(t.n);
    byStatus[t.status as keyof typeof byStatus] += Number(t.n);
  }
  const page = await paginate(q, (w) => repo.listBroadcastRecipientPage(tx, id, w), async () => totals.reduce((s, t) => s + Number(t.n), 0));
  type St = BroadcastRecipients['items'][number]['status'];
  return {
    broadcastId: id,
    className: b.className,
    createdAt: iso(b.createdAt),
    summary: { recipients: page.total, byChannel, byStatus },
    items: page.items.map(({ r, status, error }) => ({
      id: r.id,
      userId: r.userId,
      guardianId: r.guardianId,
      name: r.name,
      hasAccount: r.userId !== null,
      channel: r.channel as 'app' | 'sms' | 'email',
      status: (r.channel === 'email' ? (r.emailStatus ?? r.status) : status) as St,
      error: r.channel === 'email' ? (r.emailError ?? r.error) : error,
      to: r.channel === 'app' ? null : r.channel === 'sms' ? r.smsTo : r.emailTo,
      email: r.channel === 'sms' && r.emailTo && r.emailStatus ? { to: r.emailTo, status: r.emailStatus as St, error: r.emailError } : null,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// -------------------------------------------------------------------------------------------------
// Office hours

const DEFAULT_HOURS = perLocale((): OfficeHours => ({ enabled: false, days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00', autoReply: cm.defaultAutoReply }));

const staffOnly = (c: SchoolCaller) => {
  if (!isStaff(c.actor.role)) throw forbidden(m.notAContactStaff);
};

/** GET /api/conversations/office-hours: the caller's office hours (staff), defaults when never set. */
export async function getOfficeHours(tx: Tx, c: SchoolCaller): Promise<OfficeHours> {
  staffOnly(c);
  const row = await repo.findOfficeHours(tx, c.actor.id);
  return row ? { enabled: row.enabled, days: row.hours.days, start: row.hours.start, end: row.hours.end, autoReply: row.autoReply } : DEFAULT_HOURS;
}

/** PUT /api/conversations/office-hours: saves the caller's office hours and auto-reply. */
export async function putOfficeHours(tx: Tx, c: SchoolCaller, body: z.output<typeof officeHoursBody>, now = new Date()): Promise<OfficeHours> {
  staffOnly(c);
  const hours = { days: body.days, start: body.start, end: body.end };
  await repo.upsertOfficeHours(tx, { userId: c.actor.id, schoolId: c.schoolId, enabled: body.enabled, hours, autoReply: body.autoReply, updatedAt: now });
  return { enabled: body.enabled, ...hours, autoReply: body.autoReply };
}

// -------------------------------------------------------------------------------------------------
// Safeguarding

/** POST /api/messages/:id/report: a participant reports another's message (one open report per reporter). */
export async function reportMessage(tx: Tx, c: SchoolCaller, messageId: string, reason: string): Promise<{ id: string }> {
  const msg = await repo.findSchoolMessage(tx, c.schoolId, messageId);
  if (!msg) throw notFound(m.messageNotFound);
  if (!(await repo.isParticipant(tx, msg.conversationId, c.actor.id))) throw notFound(m.messageNotFound);
  if (msg.senderId === c.actor.id) throw badRequest(m.reportOwnMessage);
  // One open report per message and reporter; serialise concurrent reports of the same message.
  await repo.lockForTransaction(tx, `report:${messageId}:${c.actor.id}`);
  if (await repo.hasOpenReport(tx, messageId, c.actor.id)) throw new AppError(409, 'ALREADY_REPORTED', m.reportExists);
  const reportId = await repo.insertReport(tx, { schoolId: c.schoolId, messageId, reportedBy: c.actor.id, reason });
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action: 'conversations.message_reported',
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: 'conversation_message',
    resource: messageId,
    metadata: { reportId, conversationId: msg.conversationId },
    ipAddress: c.ip,
  });
  return { id: reportId };
}

/** GET /api/conversations/reports: reports of the school (open by default), newest first, with message and conversation. */
export async function listReports(tx: Tx, c: SchoolCaller, q: z.output<typeof reportsQuery>): Promise<MessageReport[]> {
  const rows = await repo.listReportsWithMessages(tx, c.schoolId, q.status);
  if (!rows.length) return [];
  const convIds = [...new Set(rows.map((r) => r.message.conversationId))];
  const parts = await repo.listParticipantsOf(tx, convIds);
  const ids = [...parts.map((p) => p.userId), ...rows.flatMap((r) => [r.report.reportedBy, r.report.reviewedBy, r.message.senderId])].filter((v): v is string => !!v);
  const people = await describePeople(tx, c, ids);
  const who = (id: string | null) => (id && people.get(id) ? { userId: id, name: people.get(id)!.name } : null);
  return rows.map((r) => ({
    id: r.report.id,
    status: r.report.status as MessageReport['status'],
    reason: r.report.reason,
    createdAt: iso(r.report.createdAt),
    reportedBy: who(r.report.reportedBy),
    reviewedBy: who(r.report.reviewedBy),
    reviewedAt: r.report.reviewedAt ? iso(r.report.reviewedAt) : null,
    message: { id: r.message.id, body: r.message.body, senderId: r.message.senderId, senderName: who(r.message.senderId)?.name ?? '', createdAt: iso(r.message.createdAt) },
    conversation: {
      id: r.message.conversationId,
      subject: r.subject,
      participants: parts.filter((p) => p.conversationId === r.message.conversationId).map((p) => people.get(p.userId)).filter((p): p is ConversationParticipant => !!p),
    },
  }));
}

/** POST /api/conversations/reports/:id: the principal marks a report reviewed or dismissed (audited). */
export async function closeReport(tx: Tx, c: SchoolCaller, id: string, status: 'reviewed' | 'dismissed', now = new Date()): Promise<MessageReport> {
  const row = await repo.closeReportRow(tx, c.schoolId, id, status, c.actor.id, now);
  if (!row) throw notFound(m.reportNotFound);
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action: `conversations.report_${status}`,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: 'message_report',
    resource: id,
    newValue: { status },
    ipAddress: c.ip,
  });
  const all = await listReports(tx, c, { status: 'all' });
  const found = all.find((r) => r.id === id);
  if (!found) throw notFound(m.reportNotFound);
  return found;
}

/**
 * GET /api/conversations/reviewable?q=&page=: the school's conversations that involve at least one parent,
 * newest activity first, 30 a page, as metadata only (subject, participants with roles, message count,
 * last activity) and never message bodies, so the principal can pick one for the audited review. `q`
 * matches the subject, a participant's name, or the name of a learner whose guardian takes part.
 */
export async function listReviewable(tx: Tx, c: SchoolCaller, q: z.output<typeof reviewableQuery>): Promise<ReviewableConversation[]> {
  const rows = await repo.listReviewableConversations(tx, c.schoolId, q.q, pageWindow({ page: q.page, pageSize: CONVERSATIONS_PAGE_SIZE }));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [parts, counts] = await Promise.all([repo.listParticipantsOf(tx, ids), repo.countMessagesByConversation(tx, ids)]);
  const people = await describePeople(tx, c, parts.map((p) => p.userId));
  const countBy = new Map(counts.map((r) => [r.conversationId, Number(r.n)]));
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    participants: parts
      .filter((p) => p.conversationId === r.id)
      .map((p) => people.get(p.userId))
      .filter((p): p is ConversationParticipant => !!p)
      .sort((a, b) => (a.role === 'parent' ? 0 : 1) - (b.role === 'parent' ? 0 : 1) || a.name.localeCompare(b.name)),
    messageCount: countBy.get(r.id) ?? 0,
    lastActivityAt: iso(r.lastMessageAt),
  }));
}

/**
 * GET /api/conversations/:id/review?reason=: the principal reads a conversation of the school that
 * involves a parent, recorded with the reason in the audit log. A staff-only conversation is 404.
 */
export async function reviewConversation(tx: Tx, c: SchoolCaller, id: string, reason: string): Promise<{ conversation: ConversationDetail; messages: ConversationMessage[] }> {
  const conv = await repo.findConversation(tx, c.schoolId, id);
  if (!conv) throw notFound(m.notFound);
  const parts = await repo.listParticipantRoles(tx, id);
  if (!parts.some((p) => p.role === 'parent')) throw notFound(m.notFound);
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action: 'conversations.reviewed',
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: 'conversation',
    resource: id,
    metadata: { reason },
    ipAddress: c.ip,
  });
  const [s] = await summarise(tx, c, [{ conv, me: { conversationId: id, userId: c.actor.id, schoolId: c.schoolId, lastReadAt: null, archivedAt: null, joinedAt: conv.createdAt } }]);
  const rows = await repo.listAllMessages(tx, id);
  return { conversation: { ...s!, unread: 0, createdBy: conv.createdBy, createdAt: iso(conv.createdAt) }, messages: await present(tx, id, rows) };
}

/** The attachments of message `messageId` of the caller's conversation `id` (404 when not theirs). */
export async function messageAttachments(tx: Tx, c: SchoolCaller, id: string, messageId: string) {
  await loadOwn(tx, c, id);
  const attachments = await repo.findMessageAttachments(tx, id, messageId);
  if (!attachments) throw notFound(m.messageNotFound);
  return attachments;
}
