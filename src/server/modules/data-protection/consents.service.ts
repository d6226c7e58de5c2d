import {
  CONSENT_PURPOSES,
  type ConsentPurpose,
  type ConsentRegisterRow,
  type ConsentSource,
  type ConsentState,
  type ConsentSummary,
  type ConsentsResponse,
  type PutConsentsBody,
} from '../../../shared/contracts/consents.js';
import { relationshipText } from '../../../shared/contracts/learners.js';
import { consentMessages } from '../../../shared/messages/consents.js';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { auditSchool, type RequestCaller } from '../../lib/school-context.js';
import * as repo from './consents.repository.js';

/**
 * Consent under the Kenya Data Protection Act 2019 (issue 35 §5; docs/decisions/0025-consent.md).
 * Who: the principal and the director read and record every guardian's consent and the learner
 * record's; a parent reads and records their own, for their own children (another child is 404, as
 * the learner register answers); every other role 403. Each PUT runs in the caller's one transaction
 * and is audited (CONSENTS_RECORDED, old and new states). A decision equal to the current state adds
 * nothing to the history.
 */

const m = consentMessages.api;

const STAFF = ['principal', 'school_director'];

type Access = { schoolId: string; canEdit: 'all' | 'own' };

function accessOf(c: RequestCaller): Access {
  const { actor } = c;
  if (!actor.schoolId || (!STAFF.includes(actor.role) && actor.role !== 'parent')) throw forbidden(m.notAllowed);
  return { schoolId: actor.schoolId, canEdit: actor.role === 'parent' ? 'own' : 'all' };
}

const notFoundLearner = () => notFound(messages.learners.notFound);

function fullName(s: { firstName: string; middleName: string | null; lastName: string }): string {
  return [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');
}

function stateOf(r: repo.ConsentRow): ConsentState {
  return {
    purpose: r.purpose as ConsentPurpose,
    guardianId: r.guardianId,
    granted: r.granted,
    source: r.source as ConsentSource,
    recordedById: r.recordedById,
    recordedByName: r.recordedByName,
    recordedByRole: r.recordedByRole,
    recordedAt: r.recordedAt.toISOString(),
  };
}

const notAsked = (purpose: ConsentPurpose, guardianId: string | null): ConsentState => ({
  purpose,
  guardianId,
  granted: null,
  source: null,
  recordedById: null,
  recordedByName: null,
  recordedByRole: null,
  recordedAt: null,
});

const key = (guardianId: string | null, purpose: string) => `${guardianId ?? ''}:${purpose}`;

/** The learner, its guardians the caller may see, and the caller's own guardian record (a parent). */
async function load(tx: Tx, c: RequestCaller, studentId: string) {
  const access = accessOf(c);
  const student = await repo.findStudent(tx, access.schoolId, studentId);
  if (!student) throw notFoundLearner();
  const all = await repo.listGuardians(tx, studentId);
  const own = access.canEdit === 'own' ? all.find((g) => g.profileId === c.actor.id) : undefined;
  if (access.canEdit === 'own' && !own) throw notFoundLearner();
  const visible = access.canEdit === 'all' ? all : all.filter((g) => g.id === own!.id);
  return { access, student, all, own, visible };
}

async function build(tx: Tx, c: RequestCaller, studentId: string): Promise<ConsentsResponse> {
  const { access, student, own, visible } = await load(tx, c, studentId);
  const ids = new Set<string | null>([null, ...visible.map((g) => g.id)]);
  const history = (await repo.listHistory(tx, studentId)).filter((r) => ids.has(r.guardianId)).map(stateOf);
  const newest = new Map<string, ConsentState>();
  for (const h of history) if (!newest.has(key(h.guardianId, h.purpose))) newest.set(key(h.guardianId, h.purpose), h);
  const current: ConsentState[] = [];
  for (const gid of ids) for (const p of CONSENT_PURPOSES) current.push(newest.get(key(gid, p)) ?? notAsked(p, gid));
  return {
    studentId,
    studentName: fullName(student),
    canEdit: access.canEdit,
    guardians: visible.map((g) => ({
      id: g.id,
      name: g.name,
      relationship: relationshipText(g.relationship, g.relationshipLabel),
      isPrimary: g.isPrimary,
      own: g.id === own?.id,
    })),
    current,
    history,
  };
}

/** GET /api/students/:id/consents */
export async function getConsents(tx: Tx, c: RequestCaller, studentId: string): Promise<ConsentsResponse> {
  return build(tx, c, studentId);
}

/**
 * PUT /api/students/:id/consents: records each decision that differs from the current state (source
 * parent for a parent, school_office for the school's staff). A parent records only for themselves
 * (guardianId omitted or their own guardian record; anything else 403); staff name a guardian linked
 * to the learner (400 otherwise) or omit it for the learner record.
 */
export async function putConsents(tx: Tx, c: RequestCaller, studentId: string, body: PutConsentsBody): Promise<ConsentsResponse> {
  const { access, all, own } = await load(tx, c, studentId);
  const linked = new Set(all.map((g) => g.id));
  const wanted = body.consents.map((x) => {
    if (access.canEdit === 'own') {
      if (x.guardianId && x.guardianId !== own!.id) throw forbidden(m.parentOwnOnly);
      return { ...x, guardianId: own!.id };
    }
    if (x.guardianId && !linked.has(x.guardianId)) throw badRequest(m.guardianNotLinked, { guardianId: m.guardianNotLinked });
    return { ...x, guardianId: x.guardianId ?? null };
  });
  const history = await repo.listHistory(tx, studentId);
  const newest = new Map<string, repo.ConsentRow>();
  for (const h of history) if (!newest.has(key(h.guardianId, h.purpose))) newest.set(key(h.guardianId, h.purpose), h);
  const changed = wanted.filter((x) => newest.get(key(x.guardianId, x.purpose))?.granted !== x.granted);
  if (changed.length) {
    const source: ConsentSource = access.canEdit === 'own' ? 'parent' : 'school_office';
    await repo.insertConsents(
      tx,
      changed.map((x) => ({ schoolId: access.schoolId, studentId, guardianId: x.guardianId, purpose: x.purpose, granted: x.granted, source, recordedBy: c.actor.id, recordedByRole: c.actor.role })),
    );
    await auditSchool(
      tx,
      { ...c, schoolId: access.schoolId },
      consentMessages.audit.recorded,
      `student:${studentId}`,
      changed.map((x) => ({ guardianId: x.guardianId, purpose: x.purpose, granted: newest.get(key(x.guardianId, x.purpose))?.granted ?? null })),
      changed.map((x) => ({ guardianId: x.guardianId, purpose: x.purpose, granted: x.granted })),
      { source },
      'data-protection',
    );
  }
  return build(tx, c, studentId);
}

/**
 * The consents asked on the admission form, saved with the new learner in the admission's transaction
 * (source admission): the learner record's processing consent, and each purpose for every guardian.
 */
export async function recordAdmissionConsents(
  tx: Tx,
  c: { schoolId: string; actorId: string | null; role: string | null },
  studentId: string,
  guardianIds: string[],
  answers: Partial<Record<ConsentPurpose, boolean>>,
): Promise<void> {
  const rows: repo.NewConsent[] = [];
  const base = { schoolId: c.schoolId, studentId, source: 'admission' as const, recordedBy: c.actorId, recordedByRole: c.role };
  if (answers.processing !== undefined) rows.push({ ...base, guardianId: null, purpose: 'processing', granted: answers.processing });
  for (const g of guardianIds)
    for (const p of CONSENT_PURPOSES) if (answers[p] !== undefined) rows.push({ ...base, guardianId: g, purpose: p, granted: answers[p]! });
  await repo.insertConsents(tx, rows);
}

/** Someone an SMS or e-mail is meant for: a guardian (by id), a phone, an e-mail address or an account, about a learner or not. */
export interface ContactTarget {
  guardianId?: string | null;
  phone?: string | null;
  email?: string | null;
  profileId?: string | null;
  /** The learner the message is about (an absence, a fee balance); none for an announcement. */
  studentId?: string | null;
  /** Required by law (the sender marked it statutory): sent whatever the consent. */
  statutory?: boolean;
}

/** Someone an SMS is meant for (the SMS senders' name for a ContactTarget). */
export type SmsTarget = ContactTarget;

/** The channels whose consent the senders check. */
export type ContactPurpose = 'sms' | 'email';

/**
 * The one consent check of outgoing SMS and e-mail (issue 35 §5: absence alerts, announcements, fee
 * notices): splits `targets` into those who may get a message on `purpose` and those who may not,
 * because the guardian's newest decision on it is a withdrawal (about the learner the message names,
 * else the newest of any of their learners). No decision recorded (not yet asked) and phones or
 * addresses that are no guardian's may get it; a statutory message goes to everyone. `reason` is the
 * catalogue's "No SMS consent" / "No e-mail consent" text to log.
 */
export async function contactConsentFilter<T extends ContactTarget>(
  tx: Tx,
  schoolId: string,
  purpose: ContactPurpose,
  targets: T[],
): Promise<{ allowed: T[]; refused: T[]; reason: string }> {
  const reason = purpose === 'sms' ? m.noSmsConsent : m.noEmailConsent;
  const ask = targets.filter((t) => !t.statutory);
  if (!ask.length) return { allowed: targets, refused: [], reason };
  const ids = (f: (t: T) => string | null | undefined) => [...new Set(ask.map(f).filter((x): x is string => !!x))];
  const decisions = await repo.newestContactDecisions(tx, schoolId, purpose, {
    guardianIds: ids((t) => t.guardianId),
    phones: ids((t) => t.phone),
    emails: ids((t) => t.email),
    profileIds: ids((t) => t.profileId),
  });
  const refusedTarget = (t: T): boolean => {
    if (t.statutory) return false;
    const mine = decisions.filter(
      (d) => (t.guardianId && d.guardianId === t.guardianId) || (t.phone && d.phone === t.phone) || (t.email && d.email === t.email) || (t.profileId && d.profileId === t.profileId),
    );
    if (!mine.length) return false;
    // Per guardian: the newest decision about this learner, else of any learner (rows come newest first).
    const guardianIds = [...new Set(mine.map((d) => d.guardianId))];
    return guardianIds.some((g) => {
      const rows = mine.filter((d) => d.guardianId === g);
      const about = t.studentId ? rows.find((d) => d.studentId === t.studentId) : undefined;
      return (about ?? rows[0])!.granted === false;
    });
  };
  const allowed: T[] = [];
  const refused: T[] = [];
  for (const t of targets) (refusedTarget(t) ? refused : allowed).push(t);
  return { allowed, refused, reason };
}

/** contactConsentFilter for SMS. */
export function smsConsentFilter<T extends ContactTarget>(tx: Tx, schoolId: string, targets: T[]) {
  return contactConsentFilter(tx, schoolId, 'sms', targets);
}

/** contactConsentFilter for e-mail. */
export function emailConsentFilter<T extends ContactTarget>(tx: Tx, schoolId: string, targets: T[]) {
  return contactConsentFilter(tx, schoolId, 'email', targets);
}

/** GET /api/data-protection/consent-summary: the counts the Data Protection panel's Consent register card shows. */
export async function consentSummary(tx: Tx, c: RequestCaller): Promise<ConsentSummary> {
  const { actor } = c;
  if (!actor.schoolId || !STAFF.includes(actor.role)) throw forbidden(m.notAllowed);
  return repo.consentSummary(tx, actor.schoolId);
}

/** GET /api/data-protection/consent-register: the current state of every recorded consent of the school. */
export async function consentRegister(tx: Tx, c: RequestCaller): Promise<{ generatedAt: string; rows: ConsentRegisterRow[] }> {
  const { actor } = c;
  if (!actor.schoolId || !STAFF.includes(actor.role)) throw forbidden(m.notAllowed);
  const rows = await repo.currentRegister(tx, actor.schoolId);
  return {
    generatedAt: new Date().toISOString(),
    rows: rows.map((r) => ({
      studentId: r.studentId,
      learner: fullName(r),
      admissionNumber: r.admissionNumber,
      stream: r.stream,
      guardianId: r.guardianId,
      guardian: r.guardian,
      phone: r.phone,
      purpose: r.purpose as ConsentPurpose,
      granted: r.granted,
      source: r.source as ConsentSource,
      recordedBy: r.recordedByName,
      recordedByRole: r.recordedByRole,
      recordedAt: r.recordedAt.toISOString(),
    })),
  };
}

/**
 * Of the given learners, those whose photo must not be printed or shown outside the school office
 * (issue 35 §5; decision 0025, Photos): a guardian's newest `photos` decision about them is a refusal.
 * Not yet asked is not a refusal here: the ID card is identification and keeps its photo.
 */
export async function photosRefused(tx: Tx, schoolId: string, studentIds: string[]): Promise<Set<string>> {
  return new Set(await repo.learnersRefusingPhotos(tx, schoolId, [...new Set(studentIds)]));
}
