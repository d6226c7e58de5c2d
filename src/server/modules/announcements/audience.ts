import type { Actor } from '../../../shared/access.js';
import { AUDIENCE_ROLES, STAFF_ROLES, type AudienceOptions } from '../../../shared/contracts/announcements.js';
import { announcementMessages } from '../../../shared/messages/announcements.js';
import { ROLE_DISPLAY_NAMES, type Role } from '../../../shared/roles.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import * as repo from './audience.repository.js';
import type { AnnouncementAudience } from './audience.repository.js';

/**
 * Who an announcement reaches (issue 17 §1): which audiences each role may address, and the people an
 * audience resolves to. Every function runs in the caller's transaction, confined to one school.
 */

const m = announcementMessages.api;

/**
 * One person an announcement goes to, with what SMS and e-mail need: an account (userId) or a guardian
 * without one (guardianId; role 'parent'; reached by SMS/e-mail only, issue 36 §2). Exactly one id is set.
 */
export interface Recipient {
  userId: string | null;
  guardianId: string | null;
  name: string;
  role: string;
  phone: string | null;
  email: string | null;
  /**
   * The language SMS and e-mail reach them in (issue 36 §2): an account's saved language, a parent's
   * guardian record language when set; a guardian without an account their preferred_language, null
   * (or left out) following the school's default.
   */
  locale?: string | null;
  /** Opted out of non-essential SMS (replied STOP, or the school recorded it): no announcement SMS. */
  smsOptedOut?: boolean;
}

const MANAGERS = ['principal', 'school_director'] as const;

/** The principal and the director manage every announcement of their school. */
export function isManagerRole(role: string): boolean {
  return (MANAGERS as readonly string[]).includes(role);
}

/** The classes of the school's current academic year (all years when none is current). */
async function currentStreams(tx: Tx, schoolId: string) {
  const year = await repo.findCurrentYear(tx, schoolId);
  return repo.listStreams(tx, schoolId, year?.id);
}

/** Streams a teacher teaches or is class teacher of (current year). */
export async function teacherStreams(tx: Tx, schoolId: string, teacherId: string) {
  const all = await currentStreams(tx, schoolId);
  if (all.length === 0) return [];
  const own = await repo.listTeacherStreamIds(tx, schoolId, teacherId);
  const ids = new Set(own.map((r) => r.id));
  return all.filter((c) => ids.has(c.id));
}

/** GET /api/announcements/audience-options: what `actor` may address in their school. */
export async function audienceOptions(tx: Tx, actor: Actor, schoolId: string): Promise<AudienceOptions> {
  const channels: AudienceOptions['channels'] = ['app', 'sms', 'email'];
  const allLevels = () => repo.listLevels(tx, schoolId);
  const none = { roles: [], levels: [], streams: [], mayUseClassIds: false, mayUseParentsOfClassIds: false, mayUseStaff: false, mayUseOwingOnly: false, channels };
  switch (actor.role) {
    case 'principal':
    case 'school_director':
      return { roles: [...AUDIENCE_ROLES], levels: await allLevels(), streams: await currentStreams(tx, schoolId), mayUseClassIds: true, mayUseParentsOfClassIds: true, mayUseStaff: true, mayUseOwingOnly: true, channels };
    case 'teacher':
      return { ...none, streams: await teacherStreams(tx, schoolId, actor.id), mayUseClassIds: true, mayUseParentsOfClassIds: true };
    case 'finance_officer':
      return { ...none, roles: ['parent'], levels: await allLevels(), streams: await currentStreams(tx, schoolId), mayUseParentsOfClassIds: true, mayUseOwingOnly: true };
    case 'hr':
      return { ...none, roles: [...STAFF_ROLES], mayUseStaff: true };
    default:
      return none;
  }
}

const uniq = <T>(xs: readonly T[] | undefined) => [...new Set(xs ?? [])];

/**
 * Checks that `actor` may address `audience` (403 with the rule they broke; 404 for streams or levels
 * that are not the school's; 400 for an empty audience) and returns it with duplicates removed.
 */
export async function checkAudience(tx: Tx, actor: Actor, schoolId: string, audience: AnnouncementAudience): Promise<AnnouncementAudience> {
  const a: AnnouncementAudience = {
    roles: uniq(audience.roles),
    classIds: uniq(audience.classIds),
    parentsOfClassIds: uniq(audience.parentsOfClassIds),
    levelIds: uniq(audience.levelIds),
    staff: audience.staff === true,
    owingOnly: audience.owingOnly === true,
  };
  if (!a.roles!.length && !a.classIds!.length && !a.parentsOfClassIds!.length && !a.levelIds!.length && !a.staff) throw badRequest(m.audienceRequired, { audience: m.audienceRequired });
  const classIds = uniq([...a.classIds!, ...a.parentsOfClassIds!]);
  if (classIds.length) {
    const found = await repo.findSchoolClassIds(tx, schoolId, classIds);
    if (found.length !== classIds.length) throw notFound(m.classNotFound);
  }
  if (a.levelIds!.length) {
    const found = await repo.findSchoolLevelIds(tx, schoolId, a.levelIds!);
    if (found.length !== a.levelIds!.length) throw notFound(m.levelNotFound);
  }
  if (a.owingOnly && !['finance_officer', ...MANAGERS].includes(actor.role)) throw forbidden(m.owingOnlyFinance);
  switch (actor.role) {
    case 'principal':
    case 'school_director':
      break;
    case 'teacher': {
      if (a.roles!.length || a.levelIds!.length || a.staff) throw forbidden(m.teacherAudienceOnly);
      const own = new Set((await teacherStreams(tx, schoolId, actor.id)).map((c) => c.id));
      if (classIds.some((id) => !own.has(id))) throw forbidden(m.teacherOwnStreamsOnly);
      break;
    }
    case 'finance_officer':
      if (a.roles!.some((r) => r !== 'parent') || a.classIds!.length || a.staff) throw forbidden(m.financeParentsOnly);
      break;
    case 'hr':
      if (a.roles!.some((r) => !(STAFF_ROLES as readonly string[]).includes(r)) || classIds.length || a.levelIds!.length) throw forbidden(m.hrStaffOnly);
      break;
    default:
      throw forbidden(m.notAuthor);
  }
  return a;
}

/** A recipient's key, unique in one announcement: the user id, or "g:" and the guardian id. */
export function recipientKey(r: Pick<Recipient, 'userId' | 'guardianId'>): string {
  return r.userId ?? `g:${r.guardianId}`;
}

/**
 * The people `audience` reaches in the school (active accounts; the author excluded), sorted by name.
 * A union of: roles (every user with the role), classIds (the streams' parents and teachers),
 * parentsOfClassIds and levelIds (parents of those streams / of every stream of those levels), staff
 * (every non-parent). Where parents are addressed (role parent, classIds, parentsOfClassIds, levelIds)
 * the learners' guardians without an account come too (issue 36 §2: guardianId set, userId null; a
 * guardian with an account is reached through it, once). owingOnly keeps only parents and guardians
 * with a learner whose fee balance is above zero. A parent or guardian who opted out of non-essential
 * SMS (issue 36 §5, guardians.sms_opt_out_at) comes without a phone. Without `opts.withoutAccount` the guardians
 * without an account are left out (accounts only: the demo seed writes its recipients so).
 */
export async function resolveAudience(tx: Tx, schoolId: string, audience: AnnouncementAudience, authorId: string | null, opts: { withoutAccount?: boolean } = {}): Promise<Recipient[]> {
  const ids = new Set<string>();
  const roles = uniq(audience.roles);
  const classIds = uniq(audience.classIds);
  const parentClassIds = uniq([...classIds, ...uniq(audience.parentsOfClassIds)]);
  const levelIds = uniq(audience.levelIds);

  if (roles.length || audience.staff) {
    const wanted = uniq([...roles, ...(audience.staff ? STAFF_ROLES : [])]);
    const rows = await repo.listProfileIdsWithRoles(tx, schoolId, wanted);
    for (const r of rows) ids.add(r.id);
  }
  if (levelIds.length) {
    const streams = await repo.listStreamIdsOfLevels(tx, schoolId, levelIds);
    parentClassIds.push(...streams.map((s) => s.id));
  }
  if (parentClassIds.length) {
    const rows = await repo.listGuardianProfileIdsOfStreams(tx, schoolId, uniq(parentClassIds));
    for (const r of rows) if (r.id) ids.add(r.id);
  }
  if (classIds.length) {
    const leads = await repo.listClassTeacherIds(tx, schoolId, classIds);
    const teaching = await repo.listSubjectTeacherIds(tx, schoolId, classIds);
    for (const r of [...leads, ...teaching]) if (r.id) ids.add(r.id);
  }
  if (authorId) ids.delete(authorId);

  // Guardians without an account: every learner's when parents are addressed by role, else the streams'.
  const include = opts.withoutAccount === true;
  let guardians = !include ? [] : roles.includes('parent') ? await repo.listGuardiansWithoutAccount(tx, schoolId, 'all') : await repo.listGuardiansWithoutAccount(tx, schoolId, uniq(parentClassIds));
  if (guardians.length && audience.owingOnly) {
    const owing = new Set((await repo.listOwingGuardianIds(tx, schoolId, guardians.map((g) => g.guardianId))).map((r) => r.id));
    guardians = guardians.filter((g) => owing.has(g.guardianId));
  }
  // Issue 36 §5: a guardian who opted out of non-essential SMS (STOP) gets no announcement SMS.
  const withoutAccount: Recipient[] = guardians.map((g) => ({ userId: null, guardianId: g.guardianId, name: g.name, role: 'parent', phone: (!g.smsOptOutAt && g.phone) || null, email: g.email || null, locale: g.locale, smsOptedOut: !!g.smsOptOutAt }));
  if (ids.size === 0) return withoutAccount.sort(byName);

  const people = await repo.listActivePeople(tx, schoolId, [...ids]);
  let out: Recipient[] = people.map((p) => ({ ...p, guardianId: null, role: p.role! }));

  const parentIds = out.filter((p) => p.role === 'parent').map((p) => p.userId!);
  if (parentIds.length) {
    // Parents' phones live on their guardian record more often than on the profile.
    const phones = await repo.listGuardianPhones(tx, schoolId, parentIds);
    const phoneOf = new Map(phones.map((r) => [r.id!, r.phone]));
    // A language chosen on the guardian record is the one the school sends SMS and e-mail in.
    const languageOf = new Map(phones.filter((r) => r.preferredLanguage).map((r) => [r.id!, r.preferredLanguage]));
    out = out.map((p) => (p.role === 'parent' && !p.phone ? { ...p, phone: phoneOf.get(p.userId!) ?? null } : p));
    out = out.map((p) => (p.role === 'parent' && languageOf.has(p.userId!) ? { ...p, locale: languageOf.get(p.userId!)! } : p));
    // Issue 36 §5: a parent whose guardian record opted out of non-essential SMS (STOP) gets no announcement SMS.
    const optedOut = new Set(phones.filter((r) => r.smsOptOutAt).map((r) => r.id!));
    out = out.map((p) => (p.role === 'parent' && optedOut.has(p.userId!) ? { ...p, phone: null, smsOptedOut: true } : p));
    if (audience.owingOnly) {
      const owing = await repo.listOwingParentIds(tx, schoolId, parentIds);
      const owes = new Set(owing.map((r) => r.id));
      out = out.filter((p) => p.role !== 'parent' || owes.has(p.userId));
    }
  }
  return [...out, ...withoutAccount].sort(byName);
}

const byName = (a: Recipient, b: Recipient) => a.name.localeCompare(b.name) || recipientKey(a).localeCompare(recipientKey(b));

/** The "To" line of an announcement, e.g. "Parents of Grade 4 East" or "Teachers, HR Managers". */
export async function audienceLabels(tx: Tx, schoolId: string, audiences: AnnouncementAudience[]): Promise<string[]> {
  const a = announcementMessages.audience;
  const classIds = uniq(audiences.flatMap((x) => [...(x.classIds ?? []), ...(x.parentsOfClassIds ?? [])]));
  const levelIds = uniq(audiences.flatMap((x) => x.levelIds ?? []));
  const classNames = new Map(classIds.length ? (await repo.listClassNames(tx, schoolId, classIds)).map((r) => [r.id, r.name]) : []);
  const levelNames = new Map(levelIds.length ? (await repo.listLevelNames(tx, schoolId, levelIds)).map((r) => [r.id, r.name]) : []);
  return audiences.map((x) => {
    const roles = uniq(x.roles);
    if (roles.length >= AUDIENCE_ROLES.length && !x.owingOnly) return a.wholeSchool;
    const parts: string[] = [];
    if (x.staff) parts.push(a.staff);
    if (roles.length) parts.push(a.roles(roles.map((r) => `${ROLE_DISPLAY_NAMES[r as Role] ?? r}s`)));
    if (x.classIds?.length) parts.push(a.streams(x.classIds.map((id) => classNames.get(id) ?? '—')));
    if (x.parentsOfClassIds?.length) parts.push(a.parentsOf(x.parentsOfClassIds.map((id) => classNames.get(id) ?? '—')));
    if (x.levelIds?.length) parts.push(a.levels(x.levelIds.map((id) => levelNames.get(id) ?? '—')));
    const label = a.join(parts);
    return x.owingOnly ? `${label} (${a.owingOnly})` : label;
  });
}
