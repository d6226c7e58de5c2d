import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type {
  Announcement,
  AnnouncementList,
  AnnouncementPreview,
  AnnouncementRecipients,
  createAnnouncementBody,
  listAnnouncementsQuery,
  recipientsQuery,
} from '../../../shared/contracts/announcements.js';
import type { Locale } from '../../../shared/i18n/locale.js';
import { announcementMessages } from '../../../shared/messages/announcements.js';
import type { Database } from '../../db/client.js';
import { narrowScope, SYSTEM_SCOPE, withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { Sweep } from '../../jobs/tasks.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { resolveAttachments } from '../attachments/index.js';
import { deliverSms, listSmsStatuses, logSms, type OutgoingSms } from '../sms/index.js';
import { emailConsentFilter, smsConsentFilter } from '../data-protection/index.js';
import { consentMessages } from '../../../shared/messages/consents.js';
import { audienceLabels, checkAudience, isManagerRole, recipientKey, resolveAudience, type Recipient } from './audience.js';
import type { AnnouncementAudience } from './audience.repository.js';
import * as repo from './announcements.repository.js';
import { paginate } from '../../lib/paging.js';
import { guardianLocale, schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { auditSchool, findSchoolName, type RequestCaller } from '../../lib/school-context.js';

/**
 * School announcements (issue 17 §1): compose (with a recipient count first), publish now or at
 * publishAt, recipients resolved once at publishing (one row per person, unique per announcement),
 * the bell (a personal communication plus one notification per recipient), SMS and e-mail delivered
 * after the commit with a status per recipient, read receipts, pinning and cancelling.
 */

const m = announcementMessages.api;

/** What the service works with (ModuleDeps plus the SMS gateway buildApp passes to every module). */
export interface AnnouncementDeps {
  database: Database;
  events: EventBus;
  mailer: Mailer;
  sms?: SmsGateway;
}

/** Who is calling, for audit entries. */
type AnnRow = repo.AnnouncementRow;
type CreateInput = z.output<typeof createAnnouncementBody>;

/** Audit actions of announcements (the Audit Trail lists them). */
export const ANNOUNCEMENT_AUDIT = { created: 'ANNOUNCEMENT_CREATED', cancelled: 'ANNOUNCEMENT_CANCELLED' } as const;

/** Work begun after a commit (delivery); app close waits for it. */
const inFlight = new Set<Promise<unknown>>();

/** Resolves when every delivery started so far has finished (tests; app close). */
export async function settleDeliveries(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

function schoolOf(actor: Actor): string {
  if (!actor.schoolId) throw forbidden(m.noSchool);
  return actor.schoolId;
}

/** Runs `fn` in one transaction confined to the caller's school. */
export function inSchool<T>(database: Database, actor: Actor, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  const schoolId = schoolOf(actor);
  return withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, (tx) => fn(tx, schoolId));
}

/** An instant from the API: ISO 8601; without an offset it is read as Africa/Nairobi (UTC+3, no DST). */
export function parseInstant(v: string): Date {
  const withZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v.length === 16 ? `${v}:00` : v}+03:00`;
  const d = new Date(withZone);
  if (Number.isNaN(d.getTime())) throw badRequest(m.dateInvalid);
  return d;
}

// ------------------------------------------------------------------------------------------------
// Compose and publish

/**
 * The people of an audience the chosen channels reach: every account (the app is always a channel), and
 * a guardian without an account only by SMS when chosen and they have a phone, or by e-mail when chosen
 * and they have an address (issue 36 §2).
 */
function reachable(people: Recipient[], channels: readonly string[]): Recipient[] {
  const sms = channels.includes('sms');
  const email = channels.includes('email');
  return people.filter((p) => p.userId || (sms && p.phone) || (email && p.email));
}

/**
 * POST /api/announcements/preview: the count the compose form shows before sending (nothing written).
 * `channels` (all when omitted) decides which guardians without an account are counted and byChannel.
 */
export async function previewAnnouncement(database: Database, actor: Actor, audience: AnnouncementAudience, channels?: readonly string[]): Promise<AnnouncementPreview> {
  const chosen = channels ? ['app', ...channels] : ['app', 'sms', 'email'];
  return inSchool(database, actor, async (tx, schoolId) => {
    const a = await checkAudience(tx, actor, schoolId, audience);
    const people = reachable(await resolveAudience(tx, schoolId, a, actor.id, { withoutAccount: true }), chosen);
    const byRole: Record<string, number> = {};
    for (const p of people) byRole[p.role] = (byRole[p.role] ?? 0) + 1;
    const withPhone = people.filter((p) => p.phone).length;
    const withEmail = people.filter((p) => p.email).length;
    return {
      recipients: people.length,
      withPhone,
      withEmail,
      byRole,
      byChannel: { app: people.filter((p) => p.userId).length, sms: chosen.includes('sms') ? withPhone : 0, email: chosen.includes('email') ? withEmail : 0 },
      withoutAccount: people.filter((p) => !p.userId).length,
    };
  });
}

/** What to send after a commit. */
interface Pending {
  ann: AnnRow;
  schoolName: string;
  /** The school's default language, for guardians who chose none (issue 36 §2). */
  schoolLocale: Locale;
  recipients: Recipient[];
  /** Recipients (recipientKey) who withdrew SMS consent (issue 35 §5): no SMS unless the announcement is statutory. */
  noSms: Set<string>;
  /** Recipients who withdrew e-mail consent: no e-mail unless the announcement is statutory. */
  noEmail: Set<string>;
}

/**
 * POST /api/announcements: checks the audience for the caller's role, resolves it (400 when nobody is
 * in it, nothing written), attaches the caller's uploads, and publishes now or schedules it. Publishing
 * writes the recipients and the bell in the same transaction; SMS and e-mail go out after the commit.
 */
export async function createAnnouncement(deps: AnnouncementDeps, c: RequestCaller, body: CreateInput): Promise<Announcement> {
  const { actor } = c;
  const now = new Date();
  const publishAt = body.publishAt ? parseInstant(body.publishAt) : now;
  const expiresAt = body.expiresAt ? parseInstant(body.expiresAt) : null;
  if (expiresAt && expiresAt <= publishAt) throw badRequest(m.expiresBeforePublish, { expiresAt: m.expiresBeforePublish });
  if (expiresAt && expiresAt <= now) throw badRequest(m.expiresInPast, { expiresAt: m.expiresInPast });
  const scheduled = publishAt.getTime() > now.getTime() + 5_000;
  const channels = [...new Set(['app', ...body.channels])];
  let pending: Pending | null = null;
  const id = await inSchool(deps.database, actor, async (tx, schoolId) => {
    const audience = await checkAudience(tx, actor, schoolId, body.audience);
    const people = reachable(await resolveAudience(tx, schoolId, audience, actor.id, { withoutAccount: true }), channels);
    if (people.length === 0) throw badRequest(m.audienceEmpty, { audience: m.audienceEmpty });
    const attachments = await resolveAttachments(tx, schoolId, actor.id, body.attachmentIds);
    const ann = await repo.insertAnnouncement(tx, {
      schoolId,
      authorId: actor.id,
      authorRole: actor.role,
      title: body.title,
      body: body.body,
      audience,
      channels,
      priority: body.priority,
      attachments,
      pinned: body.pinned,
      statutory: body.statutory,
      status: scheduled ? 'scheduled' : 'published',
      publishAt: scheduled ? publishAt : now,
      expiresAt,
    });
    await auditSchool(tx, { ...c, schoolId }, ANNOUNCEMENT_AUDIT.created, `school_announcement:${ann.id}`, null, {
      title: ann.title,
      audience,
      channels,
      priority: ann.priority,
      status: ann.status,
      publishAt: ann.publishAt.toISOString(),
      recipients: people.length,
    });
    if (!scheduled) pending = await publishInTx(tx, ann, people, actor.id, now);
    return ann.id;
  });
  if (pending) afterPublish(deps, pending);
  else await notify(deps, [actor.id], id);
  return getAnnouncement(deps.database, actor, id);
}

/**
 * Marks `ann` published and writes its recipients (with each chosen channel queued, or failed when the
 * person has no phone/e-mail) and the bell, in the caller's transaction. Idempotent: recipients are
 * unique per announcement, and only a scheduled or new row changes status.
 */
async function publishInTx(tx: Tx, ann: AnnRow, people: Recipient[], actorId: string | null, now: Date): Promise<Pending> {
  const sms = ann.channels.includes('sms');
  const email = ann.channels.includes('email');
  // The one consent check of outgoing SMS (data-protection): withdrawn SMS consent, unless statutory.
  // A guardian without an account is matched by guardian id (and phone / address), an account by profile.
  const target = (p: Recipient) => ({ profileId: p.userId, guardianId: p.guardianId, statutory: ann.statutory, key: recipientKey(p) });
  const refused = sms ? (await smsConsentFilter(tx, ann.schoolId, people.filter((p) => p.phone).map((p) => ({ ...target(p), phone: p.phone })))).refused : [];
  const noSms = new Set(refused.map((r) => r.key));
  const refusedEmail = email ? (await emailConsentFilter(tx, ann.schoolId, people.filter((p) => p.email).map((p) => ({ ...target(p), email: p.email })))).refused : [];
  const noEmail = new Set(refusedEmail.map((r) => r.key));
  const rows = people.map((p) => {
    const key = recipientKey(p);
    return {
      announcementId: ann.id,
      userId: p.userId,
      guardianId: p.userId ? null : p.guardianId,
      schoolId: ann.schoolId,
      smsTo: sms ? p.phone : null,
      smsStatus: sms ? (p.phone && !noSms.has(key) ? 'queued' : 'failed') : null,
      smsError: sms && p.smsOptedOut ? m.smsOptedOut : sms && !p.phone ? m.noPhone : sms && noSms.has(key) ? consentMessages.api.noSmsConsent : null,
      emailTo: email ? p.email : null,
      emailStatus: email ? (p.email && !noEmail.has(key) ? 'queued' : 'failed') : null,
      emailError: email && !p.email ? m.noEmail : email && noEmail.has(key) ? consentMessages.api.noEmailConsent : null,
    };
  });
  await repo.insertRecipients(tx, rows);
  const school = await findSchoolName(tx, ann.schoolId);
  let communicationId: string | null = null;
  // The bell is in the app: accounts only (a guardian without one is reached by SMS/e-mail).
  const accounts = people.filter((p): p is Recipient & { userId: string } => !!p.userId);
  if (accounts.length) {
    // Communications and notifications are written in platform context (drizzle/0003 policies).
    await narrowScope(tx, SYSTEM_SCOPE);
    const roles = [...new Set(accounts.map((p) => p.role))];
    const commId = await repo.insertBellCommunication(tx, {
      title: announcementMessages.bellTitle(ann.title),
      message: ann.body.length > 1000 ? `${ann.body.slice(0, 997)}...` : ann.body,
      priority: ann.priority === 'urgent' ? 'critical' : ann.priority === 'high' ? 'high' : 'medium',
      targetRoles: roles,
      schoolId: ann.schoolId,
      personal: true,
      isActive: true,
      dismissible: true,
      expiresAt: ann.expiresAt,
      createdBy: actorId,
    });
    await repo.insertBellNotifications(tx, ann.schoolId, commId, accounts.map((p) => p.userId));
    await narrowScope(tx, { schoolId: ann.schoolId, userId: actorId, allSchools: false });
    communicationId = commId;
  }
  await repo.markPublished(tx, ann.id, now, people.length, communicationId);
  return { ann: { ...ann, status: 'published', publishedAt: now }, schoolName: school?.name ?? '', schoolLocale: await schoolDefaultLocale(tx, ann.schoolId), recipients: people, noSms, noEmail };
}

/** Tells the recipients' and the author's open tabs (best effort; clients poll as well). */
async function notify(deps: AnnouncementDeps, userIds: string[], id: string, bell = false) {
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    try {
      await deps.events.publish({ type: 'announcements.changed', audience: { userIds: chunk }, data: { id } });
      if (bell) await deps.events.publish({ type: 'notifications.changed', audience: { userIds: chunk }, data: {} });
    } catch {
      // Live events are best effort (spec §9).
    }
  }
}

/** After a publish commits: live events now, then SMS and e-mail in the background (tracked). */
function afterPublish(deps: AnnouncementDeps, p: Pending) {
  const ids = p.recipients.flatMap((r) => (r.userId ? [r.userId] : []));
  const work = (async () => {
    await notify(deps, ids, p.ann.id, true);
    if (p.ann.authorId) await notify(deps, [p.ann.authorId], p.ann.id);
    await deliver(deps, p);
    if (p.ann.authorId) await notify(deps, [p.ann.authorId], p.ann.id);
  })().catch(() => undefined);
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Sends the SMS (logged in sms_messages, kind 'other') and e-mails of a published announcement and
 * records each recipient's status: sent, or failed with the reason. One failure never stops the others.
 */
async function deliver(deps: AnnouncementDeps, p: Pending) {
  const { ann } = p;
  const scope = { schoolId: ann.schoolId, userId: ann.authorId, allSchools: false };
  const smsTo = ann.channels.includes('sms') ? p.recipients.filter((r) => r.phone && !p.noSms.has(recipientKey(r))) : [];
  const emailTo = ann.channels.includes('email') ? p.recipients.filter((r) => r.email && !p.noEmail.has(recipientKey(r))) : [];
  // Keyed by recipientKey: an account's user id, or a guardian without one.
  const results = new Map<string, { who: repo.RecipientRef; sms?: { status: string; error: string | null }; email?: { status: string; error: string | null } }>();
  const entry = (r: Recipient) => {
    const key = recipientKey(r);
    return results.get(key) ?? (results.set(key, { who: { userId: r.userId, guardianId: r.guardianId } }), results.get(key)!);
  };

  if (smsTo.length) {
    const text = announcementMessages.smsText(p.schoolName, ann.title, ann.body);
    const msgs: { r: Recipient; id: string | null; msg: OutgoingSms }[] = smsTo.map((r) => ({ r, id: null, msg: { to: r.phone!, body: text, kind: 'other', createdBy: ann.authorId } }));
    if (deps.sms) {
      const gateway = deps.sms;
      await withScope(deps.database.db, scope, async (tx) => {
        for (const x of msgs) {
          x.id = await logSms(tx, ann.schoolId, gateway.provider, x.msg);
          // The delivery report (sms.service.ts applyDeliveryReport) finds the recipient through it.
          await repo.linkRecipientSms(tx, ann.id, { userId: x.r.userId, guardianId: x.r.guardianId }, x.id);
        }
      });
      await mapLimit(msgs, 8, async (x) => {
        try {
          await deliverSms({ database: deps.database, sms: gateway }, ann.schoolId, x.id!, x.msg);
        } catch {
          // Recorded below from the log row (or as failed).
        }
      });
      const logged = await withScope(deps.database.db, scope, (tx) => listSmsStatuses(tx, msgs.map((x) => x.id!)));
      const byId = new Map(logged.map((r) => [r.id, r]));
      for (const x of msgs) {
        const r = byId.get(x.id!);
        entry(x.r).sms = r && r.status !== 'queued' ? { status: r.status, error: r.error } : { status: 'failed', error: m.sendFailed };
      }
    } else {
      for (const x of msgs) entry(x.r).sms = { status: 'failed', error: m.sendFailed };
    }
  }
  if (emailTo.length) {
    // The author's title and body as written; EduFam's footer in the recipient's language (issue 36 §2).
    const footers = new Map<Locale, string>();
    const footer = (locale: Locale) => footers.get(locale) ?? footers.set(locale, withLocale(locale, () => announcementMessages.emailFooter(p.schoolName))).get(locale)!;
    await mapLimit(emailTo, 4, async (r) => {
      try {
        const text = `${ann.body}${footer(guardianLocale(r.locale, p.schoolLocale))}`;
        await deps.mailer.send({ to: r.email!, subject: ann.title, text });
        entry(r).email = { status: 'sent', error: null };
      } catch (err) {
        entry(r).email = { status: 'failed', error: err instanceof Error ? err.message.slice(0, 200) : m.sendFailed };
      }
    });
  }
  if (results.size === 0) return;
  await withScope(deps.database.db, scope, async (tx) => {
    const now = new Date();
    // A delivery report may already have landed (delivered or failed): it is newer, and is kept.
    for (const r of results.values()) await repo.recordRecipientDelivery(tx, ann.id, r.who, r, now);
  });
}

/**
 * Publishes every scheduled announcement whose publishAt has come (of one school, or all): each in its
 * own transaction, locked (skip locked) and re-checked, so two sweeps never publish one twice. The
 * audience is resolved at publishing. Returns how many were published.
 */
export async function publishDueAnnouncements(deps: AnnouncementDeps, opts: { schoolId?: string; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const scope = opts.schoolId ? { schoolId: opts.schoolId, userId: null, allSchools: false } : SYSTEM_SCOPE;
  const due = await withScope(deps.database.db, scope, (tx) => repo.listDueAnnouncements(tx, opts.schoolId, now));
  let published = 0;
  for (const d of due) {
    const pending = await withScope(deps.database.db, { schoolId: d.schoolId, userId: null, allSchools: false }, async (tx) => {
      const ann = await repo.lockScheduledAnnouncement(tx, d.id);
      if (!ann) return null;
      const people = reachable(await resolveAudience(tx, ann.schoolId, ann.audience, ann.authorId, { withoutAccount: true }), ann.channels);
      return publishInTx(tx, ann, people, ann.authorId, now);
    });
    if (pending) {
      published++;
      afterPublish(deps, pending);
    }
  }
  return published;
}

/** Quick check before a read: publishes the school's due announcements, if any (cheap when none). */
async function sweepSchool(deps: AnnouncementDeps, schoolId: string | null) {
  if (!schoolId) return;
  try {
    await publishDueAnnouncements(deps, { schoolId });
  } catch {
    // The scheduled sweep retries; a read must not fail because of it.
  }
}

/**
 * The sweep's pg-boss schedule (docs/decisions/0022): every minute (a 30 s timer before; cron's step is
 * a minute). Readers do not wait for it: each read publishes its school's due announcements first.
 */
export function announcementSweep(deps: AnnouncementDeps): Sweep {
  return { name: 'announcements', cron: '* * * * *', label: 'Announcement sweep', run: () => publishDueAnnouncements(deps) };
}

// ------------------------------------------------------------------------------------------------
// Reading

/** Rows as the API shows them, for `actor`. */
async function present(tx: Tx, actor: Actor, schoolId: string, rows: AnnRow[]): Promise<Announcement[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((x): x is string => !!x))];
  // One transaction runs one query at a time (no Promise.all on a transaction's client).
  const authors = authorIds.length ? await repo.listProfileNames(tx, authorIds) : [];
  const mine = await repo.listReadStates(tx, ids, actor.id);
  const counts = await repo.listReadCounts(tx, ids);
  const labels = await audienceLabels(tx, schoolId, rows.map((r) => r.audience));
  const nameOf = new Map(authors.map((a) => [a.id, a.name]));
  const readOf = new Map(mine.map((r) => [r.id, r.readAt]));
  const readCount = new Map(counts.map((r) => [r.id, r.read]));
  return rows.map((r, i) => {
    const isMine = r.authorId === actor.id;
    const manage = isMine || isManagerRole(actor.role);
    const readAt = readOf.get(r.id) ?? null;
    return {
      id: r.id,
      schoolId: r.schoolId,
      title: r.title,
      body: r.body,
      audience: r.audience as Announcement['audience'],
      audienceLabel: labels[i]!,
      channels: r.channels as Announcement['channels'],
      priority: r.priority as Announcement['priority'],
      status: r.status as Announcement['status'],
      pinned: r.pinned,
      statutory: r.statutory,
      publishAt: r.publishAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      attachments: r.attachments,
      authorId: r.authorId,
      authorName: r.authorId ? (nameOf.get(r.authorId) ?? null) : null,
      authorRole: r.authorRole,
      mine: isMine,
      read: readAt !== null || !readOf.has(r.id),
      readAt: readAt?.toISOString() ?? null,
      recipientCount: manage ? r.recipientCount : null,
      readCount: manage ? (readCount.get(r.id) ?? 0) : null,
      canManage: manage,
    };
  });
}

/**
 * GET /api/announcements: announcements addressed to the caller (published, not expired) and those
 * they wrote (any status); principal and director with all=true: every one of the school. Pinned
 * first, then newest. q searches title and body; unread=true keeps unread ones addressed to the caller.
 */
export async function listAnnouncements(deps: AnnouncementDeps, actor: Actor, q: z.output<typeof listAnnouncementsQuery>): Promise<AnnouncementList> {
  await sweepSchool(deps, actor.schoolId);
  return inSchool(deps.database, actor, async (tx, schoolId) => {
    const now = new Date();
    // Principal and director may list every announcement of the school (all=true); others see theirs and those addressed to them.
    const only = q.mine ? 'mine' : q.all && isManagerRole(actor.role) ? 'all' : 'mineOrAddressed';
    const filters: repo.AnnouncementFilters = { userId: actor.id, now, only, status: q.status, unread: q.unread, text: q.q };
    const page = await paginate(q, (w) => repo.listAnnouncementPage(tx, schoolId, filters, w), () => repo.countAnnouncements(tx, schoolId, filters));
    return { items: await present(tx, actor, schoolId, page.items), total: page.total, page: page.page, pageSize: page.pageSize, unread: await unreadIn(tx, actor.id, now) };
  });
}

function unreadIn(tx: Tx, userId: string, now: Date): Promise<number> {
  return repo.countUnread(tx, userId, now);
}

/** GET /api/announcements/unread-count: unread announcements addressed to the caller (the sidebar badge). */
export async function unreadCount(deps: AnnouncementDeps, actor: Actor): Promise<{ unread: number }> {
  await sweepSchool(deps, actor.schoolId);
  return inSchool(deps.database, actor, async (tx) => ({ unread: await unreadIn(tx, actor.id, new Date()) }));
}

/**
 * The announcement `id` if `actor` may open it: a recipient (published), its author, or the school's
 * principal or director. 404 otherwise (another school's ids included).
 */
export async function loadVisible(tx: Tx, actor: Actor, schoolId: string, id: string): Promise<AnnRow> {
  const ann = await repo.findAnnouncement(tx, schoolId, id);
  if (!ann) throw notFound(m.notFound);
  if (ann.authorId === actor.id || isManagerRole(actor.role)) return ann;
  if (ann.status === 'published') {
    const r = await repo.findRecipient(tx, id, actor.id);
    if (r) return ann;
  }
  throw notFound(m.notFound);
}

function canManage(actor: Actor, ann: AnnRow) {
  return ann.authorId === actor.id || isManagerRole(actor.role);
}

/** GET /api/announcements/:id */
export async function getAnnouncement(database: Database, actor: Actor, id: string): Promise<Announcement> {
  return inSchool(database, actor, async (tx, schoolId) => (await present(tx, actor, schoolId, [await loadVisible(tx, actor, schoolId, id)]))[0]!);
}

/** POST /api/announcements/:id/read: the caller has read it (idempotent; the first time is kept). */
export async function markRead(deps: AnnouncementDeps, actor: Actor, id: string): Promise<{ readAt: string }> {
  let first = false;
  let author: string | null = null;
  const readAt = await inSchool(deps.database, actor, async (tx, schoolId) => {
    const ann = await loadVisible(tx, actor, schoolId, id);
    author = ann.authorId;
    const row = await repo.findRecipientReadAt(tx, id, actor.id);
    if (!row) return new Date();
    if (row.readAt) return row.readAt;
    const now = new Date();
    const upd = await repo.markRecipientRead(tx, id, actor.id, now);
    first = true;
    if (ann.communicationId) {
      // The bell's notification of this announcement is read too.
      await repo.markBellNotificationRead(tx, ann.communicationId, actor.id, now);
    }
    return upd?.readAt ?? now;
  });
  if (first) {
    await notify(deps, [actor.id], id, true);
    const authorId = author as string | null;
    if (authorId && authorId !== actor.id) await notify(deps, [authorId], id);
  }
  return { readAt: readAt.toISOString() };
}

/** POST /api/announcements/:id/pin { pinned }: author, principal or director (403 for a recipient). */
export async function pinAnnouncement(deps: AnnouncementDeps, actor: Actor, id: string, pinned: boolean): Promise<Announcement> {
  await inSchool(deps.database, actor, async (tx, schoolId) => {
    const ann = await loadVisible(tx, actor, schoolId, id);
    if (!canManage(actor, ann)) throw forbidden(m.notAuthor);
    await repo.setPinned(tx, id, pinned);
  });
  await notify(deps, [actor.id], id);
  return getAnnouncement(deps.database, actor, id);
}

/** POST /api/announcements/:id/cancel: a scheduled announcement is not published (409 once published). */
export async function cancelAnnouncement(deps: AnnouncementDeps, c: RequestCaller, id: string): Promise<Announcement> {
  const { actor } = c;
  await inSchool(deps.database, actor, async (tx, schoolId) => {
    const ann = await loadVisible(tx, actor, schoolId, id);
    if (!canManage(actor, ann)) throw forbidden(m.notAuthor);
    const upd = await repo.cancelScheduled(tx, id);
    if (!upd) throw new AppError(409, 'NOT_SCHEDULED', m.cancelScheduledOnly);
    await auditSchool(tx, { ...c, schoolId }, ANNOUNCEMENT_AUDIT.cancelled, `school_announcement:${id}`, { status: 'scheduled' }, { status: 'cancelled' }, { title: ann.title });
  });
  await notify(deps, [actor.id], id);
  return getAnnouncement(deps.database, actor, id);
}

/**
 * GET /api/announcements/:id/recipients: read and delivery status per recipient and in summary, for
 * the author, the principal and the director (403 for a recipient; 404 for anyone else).
 */
export async function listRecipients(database: Database, actor: Actor, id: string, q: z.output<typeof recipientsQuery>): Promise<AnnouncementRecipients> {
  return inSchool(database, actor, async (tx) => {
    const schoolId = schoolOf(actor);
    const ann = await loadVisible(tx, actor, schoolId, id);
    if (!canManage(actor, ann)) throw forbidden(m.notAuthor);
    const agg = await repo.recipientTotals(tx, id);
    const filters: repo.RecipientFilters = { read: q.read, text: q.q };
    const page = await paginate(q, (w) => repo.listRecipientPage(tx, id, filters, w), () => repo.countRecipients(tx, id, filters));
    const n = agg?.n ?? 0;
    const read = agg?.read ?? 0;
    // Guardians without an account cannot read in the app: the percentage is of account holders.
    const readers = agg?.accounts ?? n;
    type D = AnnouncementRecipients['recipients'][number]['sms'];
    const delivery = (to: string | null, st: string | null, error: string | null): D => (st ? { to, status: st as NonNullable<D>['status'], error } : null);
    return {
      summary: {
        recipients: n,
        read,
        readPercent: readers ? Math.round((read * 100) / readers) : 0,
        sms: { sent: agg?.smsSent ?? 0, delivered: agg?.smsDelivered ?? 0, failed: agg?.smsFailed ?? 0, queued: agg?.smsQueued ?? 0 },
        email: { sent: agg?.emailSent ?? 0, delivered: agg?.emailDelivered ?? 0, failed: agg?.emailFailed ?? 0, queued: agg?.emailQueued ?? 0 },
      },
      recipients: page.items.map(({ r, name, role }) => {
        const sms = delivery(r.smsTo, r.smsStatus, r.smsError);
        const email = delivery(r.emailTo, r.emailStatus, r.emailError);
        const hasAccount = r.userId !== null;
        // How the person is reached first: the app for an account, else SMS, else e-mail.
        const channel = hasAccount ? 'app' : sms ? 'sms' : 'email';
        const status = channel === 'app' ? (r.readAt ? 'read' : 'unread') : ((channel === 'sms' ? sms : email)?.status ?? 'failed');
        return {
          userId: r.userId,
          guardianId: r.guardianId,
          hasAccount,
          channel,
          status,
          name: name ?? '',
          role: hasAccount ? (role ?? '') : 'parent',
          readAt: r.readAt?.toISOString() ?? null,
          sms,
          email,
        };
      }),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  });
}
