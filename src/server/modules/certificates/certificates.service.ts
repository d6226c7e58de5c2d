import type { AttendanceCounts } from '../../../shared/contracts/attendance.js';
import { termAttendance } from '../attendance/index.js';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { Certificate, CertificateKind, CertificateListItem, createCertificatesBody, listCertificatesQuery, VerifyCertificateResponse } from '../../../shared/contracts/assessment.js';
import { bandFor, gradeLabel, roundHalfUp, type ScaleKey } from '../../../shared/grading.js';
import { ROLE_DISPLAY_NAMES, isAdminRole, type Role } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { loadLetterhead, type Letterhead } from '../../lib/pdf.js';
import { drawCertificates } from './certificate-pdf.js';
import { canonicalJson, signContent, verifyContent, type Signer, SIGNATURE_ALGORITHM } from '../../lib/signing.js';
import { ASSESSMENT_AUDIT, m, schoolScales } from '../assessment/index.js';
import { fullName } from '../assessment/index.js';
import { termCards, type CardVerification, type TermCard, type TermInfo } from '../assessment/index.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { paginate } from '../../lib/paging.js';
import * as repo from './certificates.repository.js';
import type { CertificateRow, NewCertificate } from './certificates.repository.js';

/**
 * Certificates (issue 12 §6; spec §3 Certificate, §4 Certificate verify, §9 defaults): leaving,
 * completion and merit certificates the principal issues, and the records behind report cards' QR
 * codes. Each is signed with the platform's Ed25519 key over its content (lib/signing.ts) when issued;
 * the public verification answers verified only while the stored content still matches its signature
 * and it has not been revoked.
 */

export interface CertificateDeps {
  database: Database;
  signer: Signer;
  /** Origin the QR codes point at (config.publicUrl), e.g. https://app.edufam.co.ke. */
  publicUrl: string;
  storage: FileStorage;
}

/** The signed content: exactly the spec's Certificate fields plus kind, and for report cards the term and subjects. */
export type CertificateContent = Omit<Certificate, 'revoked_at' | 'revoke_reason'>;

/**
 * Spec §9: attendance printed on a certificate when the principal gives none and no register of the year
 * counted the learner (otherwise the year's rate from the registers, issue 13 §4).
 */
export const DEFAULT_ATTENDANCE_PERCENTAGE = 95;

/** /verify-certificate/{id}?sig={signature}: the link a QR code carries. */
export function verifyUrlOf(publicUrl: string, row: Pick<CertificateRow, 'id' | 'signature'>): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify-certificate/${row.id}?sig=${row.signature}`;
}

function toItem(deps: CertificateDeps, row: CertificateRow, schoolName: string): CertificateListItem {
  const c = row.content as unknown as CertificateContent;
  return {
    ...c,
    note: c.note ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoke_reason: row.revokeReason,
    schoolId: row.schoolId,
    schoolName,
    studentId: row.studentId,
    verifyUrl: verifyUrlOf(deps.publicUrl, row),
  };
}

interface Issuer {
  name: string;
  role: string;
}

async function issuerOf(tx: Tx, profileId: string | null): Promise<Issuer> {
  if (!profileId) return { name: 'EduFam', role: 'System' };
  const p = await repo.findProfileNameRole(tx, profileId);
  return { name: p?.name ?? 'EduFam', role: p ? (ROLE_DISPLAY_NAMES[p.role as Role] ?? p.role) : 'System' };
}

async function schoolBlock(tx: Tx, schoolId: string) {
  const s = await repo.findSchoolContact(tx, schoolId);
  if (!s) throw notFound(m.learnerNotFound);
  return s;
}

/**
 * The learners of a batch with their class: the stream they are in (kept after they leave), else their
 * latest enrolment's. 404 for a learner of another school; 400 for one never placed in a stream.
 */
async function learnersWithClass(tx: Tx, schoolId: string, studentIds: string[]) {
  const rows = await repo.listLearners(tx, schoolId, studentIds);
  if (rows.length !== new Set(studentIds).size) throw notFound(m.learnerNotFound);
  const missing = rows.filter((r) => !r.classId).map((r) => r.id);
  const latest = new Map<string, string>();
  if (missing.length) {
    const enrol = await repo.listEnrolments(tx, schoolId, missing);
    for (const e of enrol) if (!latest.has(e.studentId)) latest.set(e.studentId, e.classId);
  }
  const classIds = [...new Set(rows.map((r) => r.classId ?? latest.get(r.id)).filter((x): x is string => !!x))];
  const cls = classIds.length ? await repo.listClassesWithYear(tx, classIds) : [];
  const clsById = new Map(cls.map((c) => [c.id, c]));
  return studentIds.map((id) => {
    const r = rows.find((x) => x.id === id)!;
    const c = clsById.get(r.classId ?? latest.get(r.id) ?? '');
    if (!c) throw badRequest(m.learnerHasNoClass(fullName(r)), { studentIds: m.learnerHasNoClass(fullName(r)) });
    return { id, name: fullName(r), admissionNumber: r.admissionNumber, className: c.name, level: c.levelName ?? c.gradeLevel, stream: c.stream, academicYear: c.academicYear };
  });
}

/** Each learner's attendance over an academic year, first term's first day to the last term's end (or today). */
async function yearAttendance(tx: Tx, schoolId: string, academicYear: string, studentIds: string[]) {
  const span = await repo.findYearSpan(tx, schoolId, academicYear);
  if (!span?.from || !span.to) return new Map<string, AttendanceCounts>();
  return termAttendance(tx, studentIds, { startsOn: span.from, endsOn: span.to });
}

/**
 * Each learner's performance over an academic year: the mean of their released term means (one
 * decimal) and its grade on their level's scale. Learners without released results get the spec §9
 * defaults (average 0, grade letter "A" is NOT invented: they get "–", see docs/decisions/0010).
 */
async function yearPerformance(tx: Tx, schoolId: string, academicYear: string, studentIds: string[]) {
  const termRows = await repo.listYearTermIds(tx, schoolId, academicYear);
  const means = new Map<string, { sum: number; n: number; scaleKey: string; grade: string | null; label: string | null }>();
  for (const t of termRows) {
    const r = await termCards(tx, schoolId, t.id, { studentIds });
    for (const card of r?.cards ?? []) {
      if (card.mean === null) continue;
      const cur = means.get(card.studentId) ?? { sum: 0, n: 0, scaleKey: card.scaleKey, grade: null, label: null };
      cur.sum += card.mean;
      cur.n += 1;
      cur.scaleKey = card.scaleKey;
      cur.grade = card.meanGrade;
      cur.label = card.meanGradeLabel;
      means.set(card.studentId, cur);
    }
  }
  const scales = means.size ? await schoolScales(tx, schoolId) : null;
  return new Map(
    studentIds.map((id) => {
      const p = means.get(id);
      if (!p) return [id, { average: 0, grade: '–', label: '–' }];
      const average = roundHalfUp(p.sum / p.n, 1);
      // One term: the card's own mean grade (KCSE grades by points); several: the year's mean on the scale.
      const bands = scales?.get(p.scaleKey as ScaleKey)?.bands;
      if (p.n === 1 || !bands?.length) return [id, { average, grade: p.grade ?? '–', label: p.label ?? p.grade ?? '–' }];
      const band = bandFor(bands, average);
      return [id, { average, grade: band.code, label: gradeLabel(band) }];
    }),
  );
}

/**
 * POST /api/certificates (principal): one signed certificate per learner, all or none, in the order
 * given. Errors: 404 a learner of another school; 400 a learner never placed in a stream.
 */
export async function issueCertificates(deps: CertificateDeps, caller: Omit<SchoolCaller, 'schoolId'>, body: z.infer<typeof createCertificatesBody>): Promise<{ items: CertificateListItem[] }> {
  const key = await deps.signer.activeKey();
  return inSchool(deps.database, caller.actor, body.schoolId, async (tx, schoolId) => {
    const ids = [...new Set(body.studentIds)];
    const learners = await learnersWithClass(tx, schoolId, ids);
    const school = await schoolBlock(tx, schoolId);
    const by = await issuerOf(tx, caller.actor.id);
    const perf = new Map<string, { average: number; grade: string; label: string }>();
    const attendance = new Map<string, number | null>();
    for (const year of new Set(learners.map((l) => l.academicYear))) {
      const inYear = learners.filter((l) => l.academicYear === year).map((l) => l.id);
      for (const [id, p] of await yearPerformance(tx, schoolId, year, inYear)) perf.set(id, p);
      for (const [id, a] of await yearAttendance(tx, schoolId, year, inYear)) attendance.set(id, a.rate);
    }
    const now = new Date();
    const rows = learners.map((l) => {
      const content: CertificateContent = {
        id: randomUUID(),
        kind: body.kind,
        academic_year: l.academicYear,
        generated_at: now.toISOString(),
        performance: { average_score: perf.get(l.id)!.average, grade_letter: perf.get(l.id)!.grade, grade_label: perf.get(l.id)!.label, attendance_percentage: body.attendancePercentage ?? attendance.get(l.id) ?? DEFAULT_ATTENDANCE_PERCENTAGE },
        student: { name: l.name, admission_number: l.admissionNumber },
        school,
        class: { name: l.className, level: l.level, stream: l.stream },
        generated_by: by,
        note: body.note || null,
      };
      return { id: content.id, schoolId, studentId: l.id, kind: body.kind as string, content: content as unknown as Record<string, unknown>, keyId: key.keyId, signature: signContent(key.privateKey, content), generatedBy: caller.actor.id, generatedAt: now };
    });
    const inserted = await repo.insertCertificates(tx, rows);
    await auditSchool(tx, { ...caller, schoolId }, ASSESSMENT_AUDIT.certificateIssued, `certificates:${body.kind}`, null, { kind: body.kind, count: rows.length, ids: rows.map((r) => r.id) });
    return { items: inserted.map((r) => toItem(deps, r, school.name)) };
  });
}

/** Where a certificate call looks: one school, or every school for platform staff without ?schoolId=. */
async function inCertificates<T>(database: Database, actor: Actor, schoolId: string | undefined, fn: (tx: Tx, schoolId: string | null) => Promise<T>): Promise<T> {
  if (isAdminRole(actor.role) && !schoolId) return withScope(database.db, { schoolId: null, userId: actor.id, allSchools: true }, (tx) => fn(tx, null));
  return inSchool(database, actor, schoolId, fn);
}

/**
 * GET /api/certificates → { items, total }, newest first. Principal and director: their school;
 * platform staff: every school, or one with ?schoolId=. `search` matches learner name, admission
 * number or certificate id; `status` valid | revoked.
 */
export async function listCertificates(deps: CertificateDeps, actor: Actor, q: z.infer<typeof listCertificatesQuery>): Promise<{ items: CertificateListItem[]; total: number }> {
  return inCertificates(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: repo.CertificateFilters = { kind: q.kind, status: q.status, search: q.search };
    const page = await paginate(
      q,
      (w) => repo.listCertificatesPage(tx, schoolId, filters, w),
      () => repo.countCertificates(tx, schoolId, filters),
    );
    return { items: page.items.map((r) => toItem(deps, r.c, r.schoolName)), total: page.total };
  });
}

async function findCertificate(tx: Tx, schoolId: string | null, id: string) {
  const r = await repo.findCertificateWithSchool(tx, schoolId, id);
  if (!r) throw notFound(m.certificateNotFound);
  return r;
}

/** GET /api/certificates/:id → the certificate (404 for another school's). */
export async function getCertificate(deps: CertificateDeps, actor: Actor, id: string, schoolId?: string): Promise<CertificateListItem> {
  return inCertificates(deps.database, actor, schoolId, async (tx, sid) => {
    const r = await findCertificate(tx, sid, id);
    return toItem(deps, r.c, r.schoolName);
  });
}

/**
 * GET /api/certificates/:id/pdf and POST /api/certificates/pdf { ids }: the certificates of `ids` in the
 * order given, one page each, with their schools' letterheads. 404 when any is not the caller's.
 */
export async function certificatesPdf(deps: CertificateDeps, actor: Actor, ids: string[], schoolId?: string): Promise<{ pdf: Buffer; fileName: string }> {
  const { items, letterheads } = await inCertificates(deps.database, actor, schoolId, async (tx, sid) => {
    const items = await certificatesIn(tx, deps, sid, ids);
    const letterheads = new Map<string, Letterhead>();
    for (const s of new Set(items.map((i) => i.schoolId))) letterheads.set(s, await loadLetterhead(tx, deps.storage, s));
    return { items, letterheads };
  });
  const pdf = await drawCertificates(items, letterheads);
  const first = items[0]!;
  return { pdf, fileName: items.length === 1 ? `Certificate ${first.student.admission_number} ${first.kind}` : `Certificates (${items.length})` };
}

async function certificatesIn(tx: Tx, deps: CertificateDeps, sid: string | null, ids: string[]): Promise<CertificateListItem[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.listCertificatesWithSchool(tx, sid, unique);
  if (rows.length !== unique.length) throw notFound(m.certificateNotFound);
  return unique.map((id) => {
    const r = rows.find((x) => x.c.id === id)!;
    return toItem(deps, r.c, r.schoolName);
  });
}

/**
 * POST /api/certificates/:id/revoke { reason } (principal of the school, EduFam admin): from now on it
 * verifies as revoked. 409 when already revoked; audited.
 */
export async function revokeCertificate(deps: CertificateDeps, caller: Omit<SchoolCaller, 'schoolId'>, id: string, reason: string, schoolId?: string): Promise<CertificateListItem> {
  return inCertificates(deps.database, caller.actor, schoolId, async (tx, sid) => {
    const r = await findCertificate(tx, sid, id);
    if (r.c.revokedAt) throw new AppError(409, 'ALREADY_REVOKED', m.alreadyRevoked);
    if (!isAdminRole(caller.actor.role) && r.c.schoolId !== caller.actor.schoolId) throw forbidden(m.certificateNotFound);
    const updated = await repo.revokeIfLive(tx, id, caller.actor.id, reason);
    if (!updated) throw new AppError(409, 'ALREADY_REVOKED', m.alreadyRevoked);
    await auditSchool(tx, { ...caller, schoolId: r.c.schoolId }, ASSESSMENT_AUDIT.certificateRevoked, `certificate:${id}`, { revokedAt: null }, { revokedAt: updated.revokedAt, reason });
    return toItem(deps, updated, r.schoolName);
  });
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/certificates/:id/verify?sig= (public; spec §4 Certificate verify). verified: the record
 * exists, its stored content still matches its Ed25519 signature under the platform key that made it,
 * `sig` (when the link carries one) is that signature, and it is not revoked. revoked: genuine but
 * revoked (its details are shown so the reader sees what was withdrawn). invalid: anything else,
 * including an unknown id or a changed link; certificate null. Never throws for bad input.
 */
export async function verifyCertificate(deps: CertificateDeps, id: string, sig?: string): Promise<VerifyCertificateResponse> {
  const invalid: VerifyCertificateResponse = { status: 'invalid', certificate: null, signed: null };
  if (!UUID_RE.test(id)) return invalid;
  const row = await withSystem(deps.database.db, (tx) => repo.findCertificateById(tx, id));
  if (!row) return invalid;
  if (sig !== undefined && sig !== row.signature) return invalid;
  const publicKey = await deps.signer.publicKeyOf(row.keyId);
  if (!publicKey || !verifyContent(publicKey, row.content, row.signature)) return invalid;
  const content = row.content as unknown as CertificateContent;
  const certificate: Certificate = { ...content, note: content.note ?? null, revoked_at: row.revokedAt?.toISOString() ?? null, revoke_reason: row.revokeReason };
  return {
    status: row.revokedAt ? 'revoked' : 'verified',
    certificate,
    signed: { content: canonicalJson(row.content), keyId: row.keyId, signature: row.signature, algorithm: SIGNATURE_ALGORITHM },
  };
}

/** Report-card content without what changes on every download, to tell whether a card changed. */
function cardSubstance(c: CertificateContent): string {
  const { id: _id, generated_at: _at, generated_by: _by, ...rest } = c;
  return canonicalJson(rest);
}

/**
 * The report-card issuer (report-cards.service ReportCardIssuer): for each card, the signed record its
 * QR code verifies. A card whose content is unchanged reuses its record; a changed one (a mark
 * corrected after release) gets a new record and the old one is revoked as superseded, so an outdated
 * printout no longer verifies. Runs in the caller's transaction, scoped to the school.
 */
export function reportCardIssuer(deps: Pick<CertificateDeps, 'signer' | 'publicUrl'>) {
  return async (tx: Tx, schoolId: string, term: TermInfo, cards: TermCard[], generatedBy: string | null): Promise<Map<string, CardVerification>> => {
    const out = new Map<string, CardVerification>();
    if (cards.length === 0) return out;
    const key = await deps.signer.activeKey(tx);
    const school = await schoolBlock(tx, schoolId);
    const by = await issuerOf(tx, generatedBy);
    const studentIds = cards.map((c) => c.studentId);
    const existing = await repo.listLiveReportCardRecords(tx, schoolId, term.id, studentIds);
    const byStudent = new Map<string, CertificateRow[]>();
    for (const e of existing) byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e]);
    const now = new Date();
    const fresh: NewCertificate[] = [];
    const superseded: string[] = [];
    for (const card of cards) {
      const content: CertificateContent = {
        id: randomUUID(),
        kind: 'report_card',
        academic_year: term.academicYear,
        generated_at: now.toISOString(),
        performance: { average_score: card.mean === null ? 0 : roundHalfUp(card.mean, 1), grade_letter: card.meanGrade ?? '–', grade_label: card.meanGradeLabel ?? card.meanGrade ?? '–', attendance_percentage: card.attendance?.rate ?? null },
        student: { name: card.name, admission_number: card.admissionNumber },
        school,
        class: { name: card.className, level: card.levelName, stream: card.stream },
        generated_by: by,
        term: `${term.name} ${term.academicYear}`,
        subjects: card.subjects.map((s) => ({ name: s.name, score: s.termPercent === null ? null : roundHalfUp(s.termPercent, 1), grade: s.label ?? s.grade })),
      };
      const substance = cardSubstance(content);
      const same = (byStudent.get(card.studentId) ?? []).find((e) => cardSubstance(e.content as unknown as CertificateContent) === substance);
      if (same) {
        out.set(card.studentId, { id: same.id, url: verifyUrlOf(deps.publicUrl, same) });
        continue;
      }
      superseded.push(...(byStudent.get(card.studentId) ?? []).map((e) => e.id));
      const signature = signContent(key.privateKey, content);
      fresh.push({ id: content.id, schoolId, studentId: card.studentId, kind: 'report_card', termId: term.id, content: content as unknown as Record<string, unknown>, keyId: key.keyId, signature, generatedBy, generatedAt: now });
      out.set(card.studentId, { id: content.id, url: verifyUrlOf(deps.publicUrl, { id: content.id, signature }) });
    }
    if (superseded.length) {
      await repo.revokeCertificates(tx, superseded, { at: now, by: generatedBy, reason: m.supersededReportCard });
    }
    // Insert in chunks: a level's cards can pass PostgreSQL's 65,535 bind parameters in one statement.
    await repo.insertCertificatesInChunks(tx, fresh);
    return out;
  };
}

export type { CertificateKind };
