import type { Actor } from '../../../shared/access.js';
import type { Tx } from '../../db/tenant.js';
import { recordAudit } from '../../lib/audit.js';
import { insertAssignments, listCopyableAssignments } from './assignments.repository.js';
import { insertClass, listStreamKeysOfYear, listStreamsOfYear } from './structure.repository.js';
import { listYearNames } from './years.repository.js';

/**
 * The school-setup module's public service for other modules (the promotion wizard, imports): what
 * they may call inside their own transaction. Everything else in this folder is the module's own.
 */

export interface CopyStreamsOptions {
  /** Copy the source streams' teachers' assignments too (retired learning areas are left out). */
  withAssignments: boolean;
  /** Who asked (recorded on the STREAMS_COPIED audit entry); omit to record none. */
  audit?: { actor: Actor; ip?: string | null };
}

export interface CopyStreamsResult {
  /** Streams created in the target year. */
  created: number;
  /** Source streams whose twin (same level and stream name) already existed in the target year. */
  existing: number;
  /** Teachers' assignments created in the target year. */
  assignments: number;
  /** Every source stream and its stream in the target year (created or existing), by level then stream. */
  mapping: { fromClassId: string; toClassId: string; name: string; created: boolean }[];
}

/**
 * Gives academic year `toYearId` the streams of `fromYearId` (issue 10 §1 "copy streams from <previous
 * year>"): for every stream of the source year, a stream of the same level, stream name, display name,
 * band, capacity, home room and class teacher in the target year, unless one with that level and stream
 * already exists there (kept as it is, and mapped). With `withAssignments`, each created stream also
 * gets its source's teachers' assignments (same teacher, learning area and lessons per week; retired
 * learning areas are skipped).
 *
 * Runs in the caller's transaction (tx, row-level security for `schoolId` already set) and is
 * idempotent: running it twice creates nothing the second time. Both years must belong to `schoolId`
 * (throws otherwise); the caller checks that the target year is open. Returns the source → target
 * mapping, which the promotion wizard uses to map each stream to next year's.
 */
export async function copyStreamsToYear(tx: Tx, schoolId: string, fromYearId: string, toYearId: string, opts: CopyStreamsOptions): Promise<CopyStreamsResult> {
  const years = await listYearNames(tx, schoolId, [fromYearId, toYearId]);
  if (years.length !== (fromYearId === toYearId ? 1 : 2)) throw new Error('copyStreamsToYear: both academic years must belong to the school');
  const result: CopyStreamsResult = { created: 0, existing: 0, assignments: 0, mapping: [] };
  if (fromYearId === toYearId) return result;

  const source = await listStreamsOfYear(tx, schoolId, fromYearId);
  const target = await listStreamKeysOfYear(tx, schoolId, toYearId);
  const key = (level: string, stream: string) => `${level.toLowerCase()}\u0000${stream.toLowerCase()}`;
  const existing = new Map(target.map((t) => [key(t.gradeLevel, t.stream), t.id]));

  const created: { from: string; to: string }[] = [];
  for (const c of source) {
    const twin = existing.get(key(c.gradeLevel, c.stream));
    if (twin) {
      result.existing++;
      result.mapping.push({ fromClassId: c.id, toClassId: twin, name: c.name, created: false });
      continue;
    }
    const row = await insertClass(tx, {
      schoolId,
      academicYearId: toYearId,
      name: c.name,
      gradeLevel: c.gradeLevel,
      levelOrder: c.levelOrder,
      stream: c.stream,
      band: c.band,
      levelId: c.levelId,
      classTeacherId: c.classTeacherId,
      capacity: c.capacity,
      homeRoom: c.homeRoom,
    });
    existing.set(key(c.gradeLevel, c.stream), row.id);
    created.push({ from: c.id, to: row.id });
    result.created++;
    result.mapping.push({ fromClassId: c.id, toClassId: row.id, name: c.name, created: true });
  }

  if (opts.withAssignments && created.length) {
    const toOf = new Map(created.map((x) => [x.from, x.to]));
    const rows = await listCopyableAssignments(tx, schoolId, [...toOf.keys()]);
    if (rows.length) {
      await insertAssignments(tx, rows.map((r) => ({ schoolId, classId: toOf.get(r.classId)!, subjectId: r.subjectId, teacherId: r.teacherId, lessonsPerWeek: r.lessonsPerWeek })));
      result.assignments = rows.length;
    }
  }

  if (opts.audit && result.created) {
    const from = years.find((y) => y.id === fromYearId)!.name;
    const to = years.find((y) => y.id === toYearId)!.name;
    await recordAudit(tx, {
      schoolId,
      action: 'STREAMS_COPIED',
      performedByUserId: opts.audit.actor.id,
      performedByRole: opts.audit.actor.role,
      targetEntity: `academic_year:${toYearId}`,
      resource: 'school-setup',
      oldValue: null,
      newValue: { fromYear: from, toYear: to, streams: result.mapping.filter((x) => x.created).map((x) => x.name), assignments: result.assignments },
      ipAddress: opts.audit.ip ?? null,
    });
  }
  return result;
}
