import type { Actor } from '../../../shared/access.js';
import {
  COMMUNICATION_INPUT_MESSAGES,
  communicationStatus,
  type Communication,
  type CommunicationPriority,
  type CommunicationStats,
  type CreateCommunicationBody,
  type ListCommunicationsQuery,
  type ListCommunicationsResponse,
  type ReceivedCommunication,
  type UpdateCommunicationBody,
} from '../../../shared/contracts/communications.js';
import type { LiveAudience } from '../../../shared/contracts/events.js';
import { messages } from '../../../shared/messages.js';
import { ADMIN_ROLES, isRole, type Role } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type TenantScope } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import { recordAudit } from '../../lib/audit.js';
import {
  communicationStats,
  deleteCommunicationRow,
  fanOutNotifications,
  findCommunication,
  findTargeted,
  insertCommunication,
  insertDismissal,
  listCommunicationPage,
  listReceived,
  lockCommunication,
  removeUntargetedNotifications,
  schoolExists,
  updateCommunicationRow,
  type CommunicationListRow,
  type CommunicationPatch,
  type CommunicationRow,
  type Receiver,
} from './communications.repository.js';

/** What the communications service needs from the app. */
export interface CommunicationsDeps {
  database: Database;
  events: EventBus;
}

export interface RequestInfo {
  ip: string;
}

/** Most communications a receiver's read view lists (the banners show every one not dismissed). */
const RECEIVED_LIMIT = 50;
const BANNERS_LIMIT = 50;
const im = COMMUNICATION_INPUT_MESSAGES;
const m = messages.communications;

/** The platform scope of the Communication Center (edufam_admin works across every school). */
function platformScope(actor: Actor): TenantScope {
  return { schoolId: null, userId: actor.id, allSchools: true };
}

/** A receiver's own scope, never platform context: their school (none for platform staff) and their user id. */
function receiverScope(actor: Actor): TenantScope {
  return { schoolId: actor.schoolId, userId: actor.id, allSchools: false };
}

function toRoles(values: readonly string[]): Role[] {
  return values.filter(isRole);
}

/** A row as the Communication Center shows it, with its status at `now` (spec §4). */
export function toCommunication(r: CommunicationListRow, now: Date = new Date()): Communication {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    priority: r.priority as CommunicationPriority,
    targetRoles: toRoles(r.targetRoles),
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    isActive: r.isActive,
    dismissible: r.dismissible,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    status: communicationStatus(r, now),
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Is the communication showing at `now` (active and not expired)? */
function isLive(c: Pick<CommunicationRow, 'isActive' | 'expiresAt'>, now: Date): boolean {
  return c.isActive && (!c.expiresAt || c.expiresAt.getTime() > now.getTime());
}

/** Refuses an expiry that is not in the future (400 with the field). */
function checkExpiry(expiresAt: string | null | undefined, now: Date): Date | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw badRequest(im.expiryInPast, { expiresAt: im.expiryInPast });
  return at;
}

/** The values an audit entry records of a communication. */
function auditValue(c: CommunicationRow) {
  return {
    title: c.title,
    message: c.message,
    priority: c.priority,
    targetRoles: c.targetRoles,
    schoolId: c.schoolId,
    isActive: c.isActive,
    dismissible: c.dismissible,
    expiresAt: c.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Who hears that a communication changed: its receivers (old and new audience) and, for
 * communications.changed, the platform staff who manage communications. School-scoped audiences are
 * named by school; once either version is platform-wide, every school's users with those roles hear it.
 */
function audiences(versions: Pick<CommunicationRow, 'targetRoles' | 'schoolId'>[]): { receivers: LiveAudience; managers: LiveAudience } {
  const roles = [...new Set(versions.flatMap((v) => v.targetRoles))];
  const scoped = versions.every((v) => v.schoolId);
  const schoolIds = scoped ? [...new Set(versions.map((v) => v.schoolId!))] : undefined;
  return {
    receivers: schoolIds ? { roles, schoolIds, includeAdmins: true } : { roles },
    managers: { roles: [...ADMIN_ROLES] },
  };
}

/** Publishes the live events of a change, after the transaction committed. Best effort. */
async function announce(events: EventBus, id: string, versions: Pick<CommunicationRow, 'targetRoles' | 'schoolId'>[], notified: boolean) {
  const { receivers, managers } = audiences(versions);
  try {
    await events.publish({ type: 'communications.changed', audience: receivers, data: { id } });
    await events.publish({ type: 'communications.changed', audience: managers, data: { id } });
    if (notified) await events.publish({ type: 'notifications.changed', audience: receivers, data: { communicationId: id } });
  } catch {
    // Delivery is best effort: clients poll as well (spec §9).
  }
}

/**
 * The Communication Center list (spec §7 item 7 "Admin: select all"): every communication, newest
 * first, filtered and paged, with each one's status at the time of the call.
 */
export async function listCommunications(deps: CommunicationsDeps, actor: Actor, q: ListCommunicationsQuery): Promise<ListCommunicationsResponse> {
  const now = new Date();
  const filter = {
    search: q.search || undefined,
    priority: q.priority || undefined,
    status: q.status || undefined,
    role: q.role || undefined,
    schoolId: q.schoolId || undefined,
  };
  const { rows, total } = await withScope(deps.database.db, platformScope(actor), (tx) =>
    listCommunicationPage(tx, filter, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }, now),
  );
  return { communications: rows.map((r) => toCommunication(r, now)), total, page: q.page, pageSize: q.pageSize };
}

/** Communication stats (spec §9: total, active, expired, byPriority; plus inactive). */
export async function getCommunicationStats(deps: CommunicationsDeps, actor: Actor): Promise<CommunicationStats> {
  return withScope(deps.database.db, platformScope(actor), (tx) => communicationStats(tx, new Date()));
}

/**
 * Creates a communication (spec §7 item 7 "insert with created_by"). When it is active it is
 * published in the same transaction: one notification per targeted active user (one INSERT … SELECT).
 * Audited as COMMUNICATION_CREATED (metadata.notified = notifications created). After the commit the
 * receivers get communications.changed and notifications.changed. Throws 400 (expiry not in the
 * future) and 404 (unknown school).
 */
export async function createCommunication(
  deps: CommunicationsDeps,
  actor: Actor,
  body: CreateCommunicationBody,
  req: RequestInfo,
): Promise<Communication> {
  const now = new Date();
  const expiresAt = checkExpiry(body.expiresAt, now) ?? null;
  const schoolId = body.schoolId ?? null;
  const { row, notified } = await withScope(deps.database.db, platformScope(actor), async (tx) => {
    if (schoolId && !(await schoolExists(tx, schoolId))) throw notFound(messages.users.schoolNotFound);
    const created = await insertCommunication(
      tx,
      {
        title: body.title,
        message: body.message,
        priority: body.priority,
        targetRoles: body.targetRoles,
        schoolId,
        isActive: body.isActive,
        dismissible: body.dismissible,
        expiresAt,
        createdBy: actor.id,
      },
      now,
    );
    const count = created.isActive ? await fanOutNotifications(tx, created, now) : 0;
    await recordAudit(tx, {
      schoolId,
      action: 'COMMUNICATION_CREATED',
      performedByUserId: actor.id,
      performedByRole: actor.role,
      targetEntity: `communication:${created.id}`,
      resource: 'admin_communications',
      newValue: auditValue(created),
      metadata: { notified: count },
      ipAddress: req.ip,
    });
    const row = await findCommunication(tx, created.id);
    return { row: row!, notified: count };
  });
  await announce(deps.events, row.id, [row], notified > 0 || row.isActive);
  return toCommunication(row, now);
}

/** The patch of an update body, with the expiry checked when it changes. */
function patchOf(body: UpdateCommunicationBody, now: Date): CommunicationPatch {
  const patch: CommunicationPatch = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.message !== undefined) patch.message = body.message;
  if (body.priority !== undefined) patch.priority = body.priority;
  if (body.targetRoles !== undefined) patch.targetRoles = body.targetRoles;
  if (body.schoolId !== undefined) patch.schoolId = body.schoolId;
  if (body.isActive !== undefined) patch.isActive = body.isActive;
  if (body.dismissible !== undefined) patch.dismissible = body.dismissible;
  if (body.expiresAt !== undefined) patch.expiresAt = checkExpiry(body.expiresAt, now) ?? null;
  return patch;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Updates a communication (spec §7 item 7 "update by id"), including activation and deactivation.
 * When it shows after the change and it was just activated, or its audience (roles, school) changed,
 * the missing notifications are added; when the audience narrowed, the unread notifications of users
 * no longer targeted are removed. Audited as COMMUNICATION_UPDATED with the old and new values of the
 * changed fields. Throws 404 (unknown communication or school) and 400 (expiry not in the future).
 */
export async function updateCommunication(
  deps: CommunicationsDeps,
  actor: Actor,
  id: string,
  body: UpdateCommunicationBody,
  req: RequestInfo,
): Promise<Communication> {
  const now = new Date();
  const patch = patchOf(body, now);
  const result = await withScope(deps.database.db, platformScope(actor), async (tx) => {
    const before = await lockCommunication(tx, id);
    if (!before) throw notFound(m.notFound);
    if (patch.schoolId && patch.schoolId !== before.schoolId && !(await schoolExists(tx, patch.schoolId))) throw notFound(messages.users.schoolNotFound);

    const changed = (Object.keys(patch) as (keyof CommunicationPatch)[]).filter((k) => {
      const a = before[k];
      const b = patch[k];
      if (k === 'targetRoles') return !sameRoles(a as string[], b as string[]);
      if (k === 'expiresAt') return (a as Date | null)?.getTime() !== (b as Date | null)?.getTime();
      return a !== b;
    });
    if (changed.length === 0) {
      const row = await findCommunication(tx, id);
      return { row: row!, before, notified: 0, removed: 0, changed };
    }
    const next: CommunicationRow = { ...before, ...patch };
    const audienceChanged = changed.includes('targetRoles') || changed.includes('schoolId');
    const activated = !isLive(before, now) && isLive(next, now);
    // Notifications first, then the row: the foreign-key check of each new notification locks the
    // communication row, which is cheap while this transaction has not yet updated it.
    const removed = audienceChanged ? await removeUntargetedNotifications(tx, next) : 0;
    const notified = isLive(next, now) && (activated || audienceChanged) ? await fanOutNotifications(tx, next, now) : 0;
    const after = await updateCommunicationRow(tx, id, patch, now);
    const pick = (c: CommunicationRow) => Object.fromEntries(changed.map((k) => [k, auditValue(c)[k]]));
    await recordAudit(tx, {
      schoolId: after.schoolId ?? before.schoolId,
      action: 'COMMUNICATION_UPDATED',
      performedByUserId: actor.id,
      performedByRole: actor.role,
      targetEntity: `communication:${id}`,
      resource: 'admin_communications',
      oldValue: pick(before),
      newValue: pick(after),
      metadata: { changed, notified, removed, ...(changed.includes('isActive') ? { status: after.isActive ? 'activated' : 'deactivated' } : {}) },
      ipAddress: req.ip,
    });
    const row = await findCommunication(tx, id);
    return { row: row!, before, notified, removed, changed };
  });
  if (result.changed.length > 0) {
    // The bell and banners change whenever what shows changed (status, text, audience, expiry).
    await announce(deps.events, id, [result.before, result.row], true);
  }
  return toCommunication(result.row, now);
}

/**
 * Deletes a communication (spec §7 item 7 "delete by id") with its notifications and dismissals
 * (cascade). Audited as COMMUNICATION_DELETED with the old values. Throws 404 when unknown.
 */
export async function deleteCommunication(deps: CommunicationsDeps, actor: Actor, id: string, req: RequestInfo): Promise<void> {
  const before = await withScope(deps.database.db, platformScope(actor), async (tx) => {
    const row = await lockCommunication(tx, id);
    if (!row) throw notFound(m.notFound);
    await deleteCommunicationRow(tx, id);
    await recordAudit(tx, {
      schoolId: row.schoolId,
      action: 'COMMUNICATION_DELETED',
      performedByUserId: actor.id,
      performedByRole: actor.role,
      targetEntity: `communication:${id}`,
      resource: 'admin_communications',
      oldValue: auditValue(row),
      ipAddress: req.ip,
    });
    return row;
  });
  await announce(deps.events, id, [before], true);
}

function receiverOf(actor: Actor): Receiver {
  return { id: actor.id, role: actor.role, schoolId: actor.schoolId };
}

function toReceived(r: { id: string; title: string; message: string; priority: string; dismissible: boolean; expiresAt: Date | null; createdAt: Date; dismissed: boolean }): ReceivedCommunication {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    priority: r.priority as CommunicationPriority,
    dismissible: r.dismissible,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    dismissed: !!r.dismissed,
  };
}

/**
 * The caller's banners (spec §2 Shell chrome, §7 item 7): active, unexpired communications targeted at
 * their role (platform-wide or of their school) that they have not dismissed, newest first.
 */
export async function listBanners(deps: CommunicationsDeps, actor: Actor): Promise<ReceivedCommunication[]> {
  const now = new Date();
  const rows = await withScope(deps.database.db, receiverScope(actor), (tx) =>
    listReceived(tx, receiverOf(actor), now, { excludeDismissed: true, limit: BANNERS_LIMIT }),
  );
  return rows.map(toReceived);
}

/**
 * The caller's announcements section (School News, Class Announcements, ...): the same communications
 * as the banners, dismissed ones included and marked, newest first, at most 50.
 */
export async function listReceivedCommunications(deps: CommunicationsDeps, actor: Actor): Promise<ReceivedCommunication[]> {
  const now = new Date();
  const rows = await withScope(deps.database.db, receiverScope(actor), (tx) =>
    listReceived(tx, receiverOf(actor), now, { excludeDismissed: false, limit: RECEIVED_LIMIT }),
  );
  return rows.map(toReceived);
}

/**
 * Dismisses a banner for the caller (spec §4: dismissible ones can be dismissed per user; §7 item 7
 * insert into user_dismissed_communications). Idempotent: dismissing again is 200 and keeps the first
 * time. Throws 404 when the communication is unknown, of another school or not targeted at the
 * caller's role, 400 when it is not dismissible. Other tabs of the caller hear communications.changed.
 */
export async function dismissCommunication(deps: CommunicationsDeps, actor: Actor, id: string): Promise<void> {
  const now = new Date();
  await withScope(deps.database.db, receiverScope(actor), async (tx) => {
    const c = await findTargeted(tx, receiverOf(actor), id);
    if (!c) throw notFound(m.notFound);
    if (!c.dismissible) throw badRequest(m.notDismissible);
    await insertDismissal(tx, actor.id, id, now);
  });
  try {
    await deps.events.publish({ type: 'communications.changed', audience: { userIds: [actor.id] }, data: { id } });
  } catch {
    // best effort
  }
}
