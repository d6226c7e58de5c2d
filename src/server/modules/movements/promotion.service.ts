import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type {
  AcademicYearOption,
  ApplyPromotionInput,
  ApplyPromotionResponse,
  PromotionBatch,
  PromotionPlan,
  PromotionPreview,
  PromotionPreviewInput,
  StreamRef,
  TargetStream,
} from '../../../shared/contracts/movements.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditSchool } from '../../lib/school-context.js';
import { MOVEMENT_AUDIT, inChunks, inSchool, isUniqueViolation } from './movements-shared.js';
import { insertEnrolments } from './movements.repository.js';
import * as repo from './promotion.repository.js';
import { copyStreamsToYear } from '../school-setup/index.js';
import { ministryTermTemplate, type TermTemplate } from '../../../shared/curriculum-catalogue.js';
import { graduatesFrom, graduationReason, levelAbove, nextYearName, streamKey, type LevelInfo } from './promotion-rules.js';

/**
 * Year-end promotion (issue 10 §2 Promotion): map each stream of a year to its next stream in a later
 * year, mark learners who repeat or skip, graduate the final level; preview (dry run), apply in one
 * transaction that keeps class history, and undo a batch until the new year has data.
 */

const m = messages.movements;

type Outcome = 'promoted' | 'repeated' | 'skipped' | 'graduated';

type YearRow = repo.YearRow;

interface StreamRow {
  classId: string;
  name: string;
  levelId: string;
  stream: string;
  capacity: number;
  homeRoom: string | null;
  classTeacherId: string | null;
  learners: number;
}

interface TargetPlan {
  key: string;
  level: LevelInfo;
  stream: string;
  name: string;
  classId: string | null;
  capacity: number;
  existing: number;
  incoming: number;
  /** Where a new stream takes capacity, home room and class teacher from. */
  carry: { capacity: number; homeRoom: string | null; classTeacherId: string | null } | null;
}

interface Move {
  studentId: string;
  name: string;
  admissionNumber: string;
  fromClassId: string;
  outcome: Outcome;
  /** Target stream key; null for graduates. */
  target: string | null;
  action?: 'repeat' | 'skip';
}

interface Resolution {
  fromYear: YearRow;
  toYear: YearRow | null;
  newYear: { name: string; startsOn: string; endsOn: string; terms: TermTemplate[] } | null;
  toName: string;
  toStartsOn: string;
  toEndsOn: string;
  levels: LevelInfo[];
  sources: StreamRow[];
  mapping: Map<string, string | null>;
  targets: Map<string, TargetPlan>;
  moves: Move[];
  leftOut: PromotionPreview['leftOut'];
}

/** What the batch row stores (promotion_batches.mapping / exceptions / counts). */
interface StoredMapping {
  fromClassId: string;
  fromName: string;
  toClassId: string | null;
  toName: string | null;
  studentIds: string[];
}
interface StoredException {
  studentId: string;
  action: 'repeat' | 'skip';
  fromClassId: string;
  toClassId: string;
  toName: string;
}
interface StoredCounts {
  promoted: number;
  repeated: number;
  skipped: number;
  graduated: number;
  createdYear: boolean;
  madeCurrent: boolean;
  previousCurrentYearId: string | null;
  previousCurrentTermId: string | null;
}

function yearOption(y: YearRow): AcademicYearOption {
  return { ...y, status: y.status === 'closed' ? 'closed' : 'open' };
}

/** The streams of a year with their level (by level_id, else by grade name) and active learners. */
async function streamsOfYear(tx: Tx, schoolId: string, yearId: string, levelList: LevelInfo[]): Promise<StreamRow[]> {
  const rows = await repo.listStreamsOfYear(tx, schoolId, yearId);
  const byName = new Map(levelList.map((l) => [l.name.toLowerCase(), l.id]));
  const out: StreamRow[] = [];
  for (const r of rows) {
    const levelId = r.levelId ?? byName.get(r.gradeLevel.toLowerCase());
    if (levelId) out.push({ ...r, levelId });
  }
  return out;
}

function levelOf(levelList: LevelInfo[], id: string): LevelInfo {
  return levelList.find((l) => l.id === id)!;
}

/**
 * A year created for a promotion: named `name`, starting in the year its name begins with (else the
 * year after `from` starts), with the Ministry-pattern terms of that year (shared/curriculum-catalogue,
 * as School setup offers them).
 */
function plannedYear(from: YearRow, name: string): { startYear: number; terms: TermTemplate[]; startsOn: string; endsOn: string } {
  const startYear = /^\d{4}/.test(name) ? Number(name.slice(0, 4)) : Number(from.startsOn.slice(0, 4)) + 1;
  const planned = ministryTermTemplate(startYear);
  return { startYear, terms: planned, startsOn: planned[0]!.startsOn, endsOn: planned.at(-1)!.endsOn };
}

/** The default next stream of a stream: the same stream name one level up; null when the level graduates. */
function defaultTarget(levelList: LevelInfo[], s: StreamRow): StreamRef | null {
  if (graduatesFrom(levelList, s.levelId)) return null;
  const next = levelAbove(levelList, s.levelId, 1);
  return next ? { levelId: next.id, stream: s.stream } : null;
}

/**
 * GET /api/movements/promotions/plan: the years, the streams of the year to promote (default: the
 * current year) with their learners, the streams of the target year to map to (existing, or created on
 * apply), the default mapping and whether this promotion was already applied. 400 for an unknown year.
 */
export async function promotionPlan(database: Database, actor: Actor, q: { fromYearId?: string; toYearId?: string }): Promise<PromotionPlan> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const years = await repo.listYears(tx, schoolId);
    const empty: PromotionPlan = { years: years.map(yearOption), fromYear: null, target: null, newYear: null, sourceStreams: [], targetStreams: [], defaultMapping: [], appliedBatchId: null };
    let from: YearRow | undefined;
    if (q.fromYearId) {
      from = years.find((y) => y.id === q.fromYearId);
      if (!from) throw badRequest(m.unknownYear, { fromYearId: m.unknownYear });
    } else {
      from = years.find((y) => y.isCurrent) ?? [...years].reverse().find((y) => y.status === 'open') ?? years.at(-1);
    }
    if (!from) return empty;
    let target: PromotionPlan['target'];
    let toYear: YearRow | undefined;
    if (q.toYearId) {
      toYear = years.find((y) => y.id === q.toYearId);
      if (!toYear) throw badRequest(m.unknownYear, { toYearId: m.unknownYear });
    } else {
      toYear = years.find((y) => y.startsOn > from.startsOn && y.status === 'open');
    }
    const newName = nextYearName(from.name) ?? String(Number(from.startsOn.slice(0, 4)) + 1);
    const planned = plannedYear(from, newName);
    const newYear = years.some((y) => y.name.toLowerCase() === newName.toLowerCase()) ? null : { name: newName, startsOn: planned.startsOn, endsOn: planned.endsOn };
    if (toYear) {
      target = { id: toYear.id, name: toYear.name, exists: true, startsOn: toYear.startsOn, endsOn: toYear.endsOn };
    } else {
      target = { id: null, name: newName, exists: false, startsOn: planned.startsOn, endsOn: planned.endsOn };
    }
    const levelList = await repo.listLevels(tx, schoolId);
    const sources = await streamsOfYear(tx, schoolId, from.id, levelList);
    const existing = toYear ? await streamsOfYear(tx, schoolId, toYear.id, levelList) : [];
    const targets = new Map<string, TargetStream>();
    const add = (levelId: string, stream: string, classId: string | null, capacity: number, learners: number) => {
      const key = streamKey(levelId, stream);
      if (targets.has(key)) return;
      const level = levelOf(levelList, levelId);
      targets.set(key, { levelId, levelName: level.name, levelOrder: level.levelOrder, stream, name: `${level.name} ${stream}`, classId, capacity, learners });
    };
    for (const t of existing) add(t.levelId, t.stream, t.classId, t.capacity, t.learners);
    // A new year gets the streams of the year promoted (copyStreamsToYear): the same levels and names.
    if (!toYear) for (const s of sources) add(s.levelId, s.stream, null, s.capacity, 0);
    const defaultMapping = sources.map((s) => ({ fromClassId: s.classId, to: defaultTarget(levelList, s) }));
    for (const s of sources) {
      const next = defaultTarget(levelList, s);
      if (next) add(next.levelId, next.stream, null, s.capacity, 0);
      add(s.levelId, s.stream, null, s.capacity, 0); // where a repeater of this stream goes
    }
    const targetStreams = [...targets.values()].sort((a, b) => a.levelOrder - b.levelOrder || a.stream.localeCompare(b.stream));
    const sourceStreams = sources.map((s) => {
      const level = levelOf(levelList, s.levelId);
      return {
        classId: s.classId,
        name: s.name,
        levelId: s.levelId,
        levelName: level.name,
        levelOrder: level.levelOrder,
        stream: s.stream,
        isFinal: graduatesFrom(levelList, s.levelId),
        hasNextLevel: levelAbove(levelList, s.levelId, 1) !== null,
        canSkip: levelAbove(levelList, s.levelId, 2) !== null,
        learners: s.learners,
      };
    });
    return {
      years: years.map(yearOption),
      fromYear: yearOption(from),
      target,
      newYear,
      sourceStreams,
      targetStreams,
      defaultMapping,
      appliedBatchId: toYear ? await repo.findAppliedBatchId(tx, schoolId, from.id, toYear.id) : null,
    };
  });
}

/** Checks the request against the school's years, streams and learners and works out every move. */
async function resolvePromotion(tx: Tx, schoolId: string, input: PromotionPreviewInput): Promise<Resolution> {
  const years = await repo.listYears(tx, schoolId);
  const fromYear = years.find((y) => y.id === input.fromYearId);
  if (!fromYear) throw badRequest(m.unknownYear, { fromYearId: m.unknownYear });
  let toYear: YearRow | null = null;
  let newYear: Resolution['newYear'] = null;
  const existingByName = input.toYearName ? years.find((y) => y.name.toLowerCase() === input.toYearName!.toLowerCase()) : undefined;
  if (input.toYearId || existingByName) {
    const field = input.toYearId ? 'toYearId' : 'toYearName';
    toYear = input.toYearId ? (years.find((y) => y.id === input.toYearId) ?? null) : existingByName!;
    if (!toYear) throw badRequest(m.unknownYear, { toYearId: m.unknownYear });
    if (toYear.id === fromYear.id) throw badRequest(m.targetSameYear, { [field]: m.targetSameYear });
    if (toYear.startsOn <= fromYear.startsOn) throw badRequest(m.targetBeforeSource(toYear.name, fromYear.name), { [field]: m.targetBeforeSource(toYear.name, fromYear.name) });
    if (toYear.status === 'closed') throw badRequest(m.targetClosed(toYear.name), { [field]: m.targetClosed(toYear.name) });
    if (await repo.findAppliedBatchId(tx, schoolId, fromYear.id, toYear.id)) throw promotionExists(fromYear.name, toYear.name);
  } else {
    const name = input.toYearName!;
    const planned = plannedYear(fromYear, name);
    if (planned.startYear <= Number(fromYear.startsOn.slice(0, 4))) {
      throw badRequest(m.targetBeforeSource(name, fromYear.name), { toYearName: m.targetBeforeSource(name, fromYear.name) });
    }
    newYear = { name, startsOn: planned.startsOn, endsOn: planned.endsOn, terms: planned.terms };
  }

  const levelList = await repo.listLevels(tx, schoolId);
  const levelIds = new Set(levelList.map((l) => l.id));
  const sources = await streamsOfYear(tx, schoolId, fromYear.id, levelList);
  const sourceById = new Map(sources.map((s) => [s.classId, s]));
  // Streams of the target year; a new year will get those of the year promoted (copyStreamsToYear).
  const existing: (Omit<StreamRow, 'classId'> & { classId: string | null })[] = toYear
    ? await streamsOfYear(tx, schoolId, toYear.id, levelList)
    : sources.map((s) => ({ ...s, classId: null, learners: 0 }));
  const existingByKey = new Map(existing.map((t) => [streamKey(t.levelId, t.stream), t]));

  const checkRef = (ref: StreamRef, field: string) => {
    if (!levelIds.has(ref.levelId)) throw badRequest(m.unknownLevel, { [field]: m.unknownLevel });
  };

  // Stream mapping: given entries checked, the rest by default.
  const mapping = new Map<string, string | null>();
  const refs = new Map<string, StreamRef>();
  input.mapping.forEach((entry, i) => {
    const source = sourceById.get(entry.fromClassId);
    if (!source) throw badRequest(m.unknownStream, { [`mapping.${i}.fromClassId`]: m.unknownStream });
    if (mapping.has(source.classId)) throw badRequest(m.duplicateMapping, { [`mapping.${i}.fromClassId`]: m.duplicateMapping });
    if (entry.to === null) {
      if (!graduatesFrom(levelList, source.levelId)) {
        const text = m.onlyFinalGraduates(levelOf(levelList, source.levelId).name);
        throw badRequest(text, { [`mapping.${i}.to`]: text });
      }
      mapping.set(source.classId, null);
    } else {
      checkRef(entry.to, `mapping.${i}.to.levelId`);
      const key = streamKey(entry.to.levelId, entry.to.stream);
      refs.set(key, entry.to);
      mapping.set(source.classId, key);
    }
  });
  for (const s of sources) {
    if (mapping.has(s.classId)) continue;
    const to = defaultTarget(levelList, s);
    if (to) refs.set(streamKey(to.levelId, to.stream), to);
    mapping.set(s.classId, to ? streamKey(to.levelId, to.stream) : null);
  }

  // The learners: active, in a stream of the year promoted.
  const learnerRows = sources.length ? await repo.listActiveLearnersOfYear(tx, schoolId, fromYear.id) : [];
  const learnerById = new Map(learnerRows.filter((l) => sourceById.has(l.classId!)).map((l) => [l.id, l]));
  if (learnerById.size === 0) throw badRequest(m.nothingToPromote(fromYear.name), { fromYearId: m.nothingToPromote(fromYear.name) });

  // Exceptions: repeat (same level) or skip (two levels up).
  const exceptionOf = new Map<string, { action: 'repeat' | 'skip'; key: string }>();
  input.exceptions.forEach((e, i) => {
    const learner = learnerById.get(e.studentId);
    if (!learner) throw badRequest(m.notInPromotion(fromYear.name), { [`exceptions.${i}.studentId`]: m.notInPromotion(fromYear.name) });
    if (exceptionOf.has(e.studentId)) throw badRequest(m.duplicateException, { [`exceptions.${i}.studentId`]: m.duplicateException });
    const source = sourceById.get(learner.classId!)!;
    let ref: StreamRef;
    if (e.to) {
      checkRef(e.to, `exceptions.${i}.to.levelId`);
      ref = e.to;
    } else if (e.action === 'repeat') {
      ref = { levelId: source.levelId, stream: source.stream };
    } else {
      const up = levelAbove(levelList, source.levelId, 2);
      if (!up) {
        const text = m.cannotSkip(levelOf(levelList, source.levelId).name);
        throw badRequest(text, { [`exceptions.${i}.action`]: text });
      }
      ref = { levelId: up.id, stream: source.stream };
    }
    const key = streamKey(ref.levelId, ref.stream);
    refs.set(key, ref);
    exceptionOf.set(e.studentId, { action: e.action, key });
  });

  // Learners who already have a class in the target year stay out of the promotion.
  const placed = new Set<string>();
  if (toYear) {
    await inChunks([...learnerById.keys()], 1000, async (chunk) => {
      for (const id of await repo.listEnrolledStudentIds(tx, schoolId, toYear.id, chunk)) placed.add(id);
    });
  }

  const moves: Move[] = [];
  const leftOut: Resolution['leftOut'] = [];
  for (const l of learnerById.values()) {
    const name = learnerName(l);
    if (placed.has(l.id)) {
      leftOut.push({ studentId: l.id, name, admissionNumber: l.admissionNumber, reason: m.alreadyPlaced(toYear!.name) });
      continue;
    }
    const ex = exceptionOf.get(l.id);
    if (ex) {
      moves.push({ studentId: l.id, name, admissionNumber: l.admissionNumber, fromClassId: l.classId!, outcome: ex.action === 'repeat' ? 'repeated' : 'skipped', target: ex.key, action: ex.action });
    } else {
      const key = mapping.get(l.classId!) ?? null;
      moves.push({ studentId: l.id, name, admissionNumber: l.admissionNumber, fromClassId: l.classId!, outcome: key ? 'promoted' : 'graduated', target: key });
    }
  }

  // Target streams used: existing ones, or new ones carrying capacity, home room and class teacher.
  const targets = new Map<string, TargetPlan>();
  const sameLevelSource = (levelId: string, stream: string) => sources.find((s) => streamKey(s.levelId, s.stream) === streamKey(levelId, stream));
  for (const mv of moves) {
    if (!mv.target) continue;
    let t = targets.get(mv.target);
    if (!t) {
      const ref = refs.get(mv.target)!;
      const level = levelOf(levelList, ref.levelId);
      const ex = existingByKey.get(mv.target);
      // A new stream carries over from the stream its learners come from (mapping), else from the
      // stream of the same name and level in the year promoted (repeaters), else the learner's stream.
      const mappedFrom = sources.find((s) => mapping.get(s.classId) === mv.target);
      const carrySource = mappedFrom ?? sameLevelSource(ref.levelId, ref.stream) ?? sourceById.get(mv.fromClassId)!;
      t = {
        key: mv.target,
        level,
        stream: ex?.stream ?? ref.stream.trim(),
        name: ex?.name ?? `${level.name} ${ref.stream.trim()}`,
        classId: ex?.classId ?? null,
        capacity: ex?.capacity ?? carrySource.capacity,
        existing: ex?.learners ?? 0,
        incoming: 0,
        carry: ex?.classId ? null : { capacity: carrySource.capacity, homeRoom: carrySource.homeRoom, classTeacherId: carrySource.classTeacherId },
      };
      targets.set(mv.target, t);
    }
    t.incoming++;
  }

  return {
    fromYear,
    toYear,
    newYear,
    toName: toYear?.name ?? newYear!.name,
    toStartsOn: toYear?.startsOn ?? newYear!.startsOn,
    toEndsOn: toYear?.endsOn ?? newYear!.endsOn,
    levels: levelList,
    sources,
    mapping,
    targets,
    moves,
    leftOut,
  };
}

function previewOf(r: Resolution, toYearId: string | null): PromotionPreview {
  const count = (o: Outcome, list = r.moves) => list.filter((x) => x.outcome === o).length;
  const streams = r.sources
    .map((s) => {
      const mine = r.moves.filter((x) => x.fromClassId === s.classId);
      const key = r.mapping.get(s.classId) ?? null;
      return {
        fromClassId: s.classId,
        fromName: s.name,
        toName: key ? (r.targets.get(key)?.name ?? nameOfKey(r, key)) : null,
        learners: mine.length,
        promoted: count('promoted', mine),
        repeated: count('repeated', mine),
        skipped: count('skipped', mine),
        graduated: count('graduated', mine),
      };
    })
    .filter((s) => s.learners > 0);
  const targets = [...r.targets.values()]
    .sort((a, b) => a.level.levelOrder - b.level.levelOrder || a.stream.localeCompare(b.stream))
    .map((t) => ({
      name: t.name,
      classId: t.classId,
      willBeCreated: t.classId === null,
      capacity: t.capacity,
      existing: t.existing,
      incoming: t.incoming,
      total: t.existing + t.incoming,
      overCapacity: t.existing + t.incoming > t.capacity,
    }));
  const warnings = targets.filter((t) => t.overCapacity).map((t) => m.overCapacity(t.name, t.total, t.capacity));
  return {
    fromYear: { id: r.fromYear.id, name: r.fromYear.name },
    toYear: { id: toYearId, name: r.toName, exists: toYearId !== null, startsOn: r.toStartsOn, endsOn: r.toEndsOn },
    counts: { promoted: count('promoted'), repeated: count('repeated'), skipped: count('skipped'), graduated: count('graduated'), total: r.moves.length },
    streams,
    targets,
    warnings,
    leftOut: r.leftOut,
  };
}

/** Display name of a target key no learner goes to (a mapped stream whose learners all repeat). */
function nameOfKey(r: Resolution, key: string): string {
  const [levelId] = key.split('|');
  const level = r.levels.find((l) => l.id === levelId);
  const source = r.sources.find((s) => r.mapping.get(s.classId) === key);
  const streamName = source?.stream ?? key.slice(key.indexOf('|') + 1);
  return level ? `${level.name} ${streamName}` : streamName;
}

/**
 * POST /api/movements/promotions/preview (dry run): counts per outcome and stream, the target streams
 * with capacity warnings, learners left out. Writes nothing. 400 with the field for bad input; 409
 * PROMOTION_EXISTS when these years were already promoted (and not undone).
 */
export async function previewPromotion(database: Database, actor: Actor, input: PromotionPreviewInput): Promise<PromotionPreview> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const r = await resolvePromotion(tx, schoolId, input);
    return previewOf(r, r.toYear?.id ?? null);
  });
}

/**
 * POST /api/movements/promotions (apply): in ONE transaction, creates the target year when it is new
 * (terms of the Ministry pattern) and the target streams it lacks, ends each learner's class-history row
 * of the old year with its outcome, adds the new year's row (linked to the batch), moves students.class_id,
 * graduates the final level (status graduated, left_on, leaving reason), optionally makes the target
 * year current, and records the batch and a PROMOTION_APPLIED audit entry. 409 PROMOTION_EXISTS when
 * the same years were already promoted and not undone.
 */
export async function applyPromotion(database: Database, actor: Actor, input: ApplyPromotionInput, req: { ip: string }): Promise<ApplyPromotionResponse> {
  try {
    return await inSchool(database, actor, async (tx, schoolId) => {
      // One promotion of a year at a time.
      await repo.lockYear(tx, schoolId, input.fromYearId);
      const r = await resolvePromotion(tx, schoolId, input);
      if (r.moves.length === 0) throw badRequest(m.nothingToPromote(r.fromYear.name), { fromYearId: m.nothingToPromote(r.fromYear.name) });
      const today = schoolToday();
      const closing = r.fromYear.endsOn < today ? r.fromYear.endsOn : today;

      // 1. The target year (new: with its terms).
      let toYearId = r.toYear?.id ?? null;
      if (!toYearId) {
        toYearId = await repo.insertYear(tx, { schoolId, name: r.newYear!.name, startsOn: r.newYear!.startsOn, endsOn: r.newYear!.endsOn, isCurrent: false, status: 'open' });
        await repo.insertTerms(
          tx,
          r.newYear!.terms.map((t) => ({ ...t, schoolId, academicYearId: toYearId!, isCurrent: false })),
        );
        // The new year gets this year's streams (same levels, names, capacity, home room, class
        // teacher) and teachers' assignments, as School setup's "copy streams" does.
        await copyStreamsToYear(tx, schoolId, r.fromYear.id, toYearId, { withAssignments: true, audit: { actor, ip: req.ip } });
        const copied = new Map((await streamsOfYear(tx, schoolId, toYearId, r.levels)).map((c) => [streamKey(c.levelId, c.stream), c.classId]));
        for (const t of r.targets.values()) t.classId ??= copied.get(t.key) ?? null;
      }

      // 2. Target streams it lacks (a class teacher leads one stream per year).
      const leading = new Set(await repo.listClassTeacherIds(tx, schoolId, toYearId));
      const created: string[] = [];
      for (const t of [...r.targets.values()].sort((a, b) => a.level.levelOrder - b.level.levelOrder || a.stream.localeCompare(b.stream))) {
        if (t.classId) continue;
        const teacher = t.carry?.classTeacherId && !leading.has(t.carry.classTeacherId) ? t.carry.classTeacherId : null;
        if (teacher) leading.add(teacher);
        t.classId = await repo.insertClass(tx, {
          schoolId,
          academicYearId: toYearId,
          name: t.name,
          gradeLevel: t.level.name,
          levelOrder: t.level.levelOrder,
          stream: t.stream,
          band: t.level.band,
          levelId: t.level.id,
          classTeacherId: teacher,
          capacity: t.capacity,
          homeRoom: t.carry?.homeRoom ?? null,
        });
        created.push(t.name);
      }

      // 3. The batch.
      const counts = { promoted: 0, repeated: 0, skipped: 0, graduated: 0 };
      for (const mv of r.moves) counts[mv.outcome]++;
      const storedMapping: StoredMapping[] = r.sources
        .map((s) => {
          const key = r.mapping.get(s.classId) ?? null;
          const t = key ? r.targets.get(key) : undefined;
          return {
            fromClassId: s.classId,
            fromName: s.name,
            toClassId: t?.classId ?? null,
            toName: key ? (t?.name ?? nameOfKey(r, key)) : null,
            studentIds: r.moves.filter((x) => x.fromClassId === s.classId && !x.action).map((x) => x.studentId),
          };
        })
        .filter((x) => x.studentIds.length > 0);
      const storedExceptions: StoredException[] = r.moves
        .filter((x) => x.action)
        .map((x) => ({ studentId: x.studentId, action: x.action!, fromClassId: x.fromClassId, toClassId: r.targets.get(x.target!)!.classId!, toName: r.targets.get(x.target!)!.name }));
      let previous = { yearId: null as string | null, termId: null as string | null };
      if (input.makeCurrent) previous = await makeCurrent(tx, schoolId, toYearId);
      const storedCounts: StoredCounts = {
        ...counts,
        createdYear: !r.toYear,
        madeCurrent: input.makeCurrent && previous.yearId !== toYearId,
        previousCurrentYearId: previous.yearId,
        previousCurrentTermId: previous.termId,
      };
      const batch = await repo.insertBatch(tx, { schoolId, fromYearId: r.fromYear.id, toYearId, status: 'applied', mapping: storedMapping, exceptions: storedExceptions, counts: storedCounts, createdBy: actor.id });

      // 4. Class history: the old year's rows end with their outcome; rows missing are added (and belong
      //    to the batch, so undo removes them); every learner who stays gets a row in the new year.
      const byOutcome = new Map<Outcome, string[]>();
      for (const mv of r.moves) byOutcome.set(mv.outcome, [...(byOutcome.get(mv.outcome) ?? []), mv.studentId]);
      const haveRow = new Set<string>();
      await inChunks(r.moves.map((x) => x.studentId), 1000, async (chunk) => {
        for (const id of await repo.listEnrolledStudentIds(tx, schoolId, r.fromYear.id, chunk)) haveRow.add(id);
      });
      for (const [outcome, ids] of byOutcome) {
        await inChunks(ids, 1000, async (chunk) => {
          await repo.endEnrolments(tx, schoolId, r.fromYear.id, chunk, outcome, closing);
        });
      }
      const missing = r.moves.filter((x) => !haveRow.has(x.studentId));
      await inChunks(missing, 500, async (chunk) => {
        await insertEnrolments(
          tx,
          chunk.map((x) => ({
            schoolId,
            studentId: x.studentId,
            academicYearId: r.fromYear.id,
            classId: x.fromClassId,
            startedOn: r.fromYear.startsOn,
            endedOn: closing,
            outcome: x.outcome,
            promotionBatchId: batch.id,
          })),
        );
      });
      const staying = r.moves.filter((x) => x.target);
      await inChunks(staying, 500, async (chunk) => {
        await insertEnrolments(
          tx,
          chunk.map((x) => ({
            schoolId,
            studentId: x.studentId,
            academicYearId: toYearId!,
            classId: r.targets.get(x.target!)!.classId!,
            startedOn: r.toStartsOn,
            promotionBatchId: batch.id,
          })),
        );
      });

      // 5. Learners: into their new stream; graduates leave (status graduated).
      const byClass = new Map<string, string[]>();
      for (const x of staying) {
        const classId = r.targets.get(x.target!)!.classId!;
        byClass.set(classId, [...(byClass.get(classId) ?? []), x.studentId]);
      }
      for (const [classId, ids] of byClass) {
        await inChunks(ids, 1000, async (chunk) => {
          await repo.moveLearnersToClass(tx, schoolId, classId, chunk);
        });
      }
      const graduatesByLevel = new Map<string, string[]>();
      for (const x of r.moves.filter((mv) => mv.outcome === 'graduated')) {
        const levelId = r.sources.find((s) => s.classId === x.fromClassId)!.levelId;
        graduatesByLevel.set(levelId, [...(graduatesByLevel.get(levelId) ?? []), x.studentId]);
      }
      for (const [levelId, ids] of graduatesByLevel) {
        const reason = graduationReason(r.levels.find((l) => l.id === levelId)!);
        await inChunks(ids, 1000, async (chunk) => {
          await repo.graduateLearners(tx, schoolId, chunk, closing, reason);
        });
      }

      await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.promotionApplied, `promotion_batch:${batch.id}`, { fromYear: r.fromYear.name, currentYearId: previous.yearId }, {
        fromYear: r.fromYear.name,
        toYear: r.toName,
        counts,
        createdYear: !r.toYear,
        createdStreams: created,
        madeCurrent: storedCounts.madeCurrent,
        mapping: storedMapping.map(({ studentIds, ...rest }) => ({ ...rest, learners: studentIds.length })),
        exceptions: storedExceptions,
      });
      const preview = previewOf(r, toYearId);
      const [saved] = await repo.listBatchRows(tx, schoolId, batch.id);
      return { batch: await withUndoState(tx, schoolId, saved!), preview, message: m.promoted(r.moves.length - counts.graduated, r.fromYear.name, r.toName) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'PROMOTION_CONFLICT', m.promotionConflict);
    throw err;
  }
}

function promotionExists(from: string, to: string): AppError {
  return new AppError(409, 'PROMOTION_EXISTS', m.alreadyPromoted(from, to));
}

/** Makes `yearId` the current year and its first term the current term; returns what was current before. */
async function makeCurrent(tx: Tx, schoolId: string, yearId: string): Promise<{ yearId: string | null; termId: string | null }> {
  const yearBefore = await repo.findCurrentYearId(tx, schoolId);
  const termBefore = await repo.findCurrentTermId(tx, schoolId);
  const before = { yearId: yearBefore, termId: termBefore };
  if (before.yearId === yearId) return before;
  await repo.clearCurrentYear(tx, schoolId);
  await repo.setYearCurrent(tx, schoolId, yearId, true);
  const firstTermId = await repo.findFirstTermId(tx, schoolId, yearId);
  if (firstTermId) {
    await repo.clearCurrentTerm(tx, schoolId);
    await repo.setTermCurrent(tx, schoolId, firstTermId, true);
  }
  return before;
}

type BatchRow = repo.BatchListRow;

async function withUndoState(tx: Tx, schoolId: string, row: BatchRow): Promise<PromotionBatch> {
  const b = row.batch;
  const counts = b.counts as StoredCounts;
  return {
    id: b.id,
    fromYear: { id: b.fromYearId, name: row.fromYearName },
    toYear: { id: b.toYearId, name: row.toYearName },
    status: b.status === 'undone' ? 'undone' : 'applied',
    counts: { promoted: counts.promoted ?? 0, repeated: counts.repeated ?? 0, skipped: counts.skipped ?? 0, graduated: counts.graduated ?? 0 },
    madeCurrent: !!counts.madeCurrent,
    createdAt: b.createdAt.toISOString(),
    createdBy: row.createdByName,
    undoneAt: b.undoneAt?.toISOString() ?? null,
    undoneBy: row.undoneByName,
    undoBlockedReason: b.status === 'applied' ? await undoBlocker(tx, schoolId, b) : null,
  };
}

/** GET /api/movements/promotions: the school's 20 latest promotion batches, each with whether it can be undone. */
export async function listPromotionBatches(database: Database, actor: Actor): Promise<PromotionBatch[]> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const rows = await repo.listBatchRows(tx, schoolId);
    const out: PromotionBatch[] = [];
    for (const row of rows) out.push(await withUndoState(tx, schoolId, row));
    return out;
  });
}

function batchLearners(b: repo.PromotionBatchRow) {
  const mapping = (b.mapping as StoredMapping[]) ?? [];
  const exceptions = (b.exceptions as StoredException[]) ?? [];
  const expected = new Map<string, { fromClassId: string; toClassId: string | null }>();
  for (const mp of mapping) for (const id of mp.studentIds) expected.set(id, { fromClassId: mp.fromClassId, toClassId: mp.toClassId });
  for (const e of exceptions) expected.set(e.studentId, { fromClassId: e.fromClassId, toClassId: e.toClassId });
  return expected;
}

/**
 * Why an applied batch can no longer be undone ("until the new year has data"), or null: a newer
 * promotion still applied; a learner of the batch transferred or exited since; or a learner of the batch
 * with another change in the target year (a class-history row not from this batch, another class or an
 * outcome on it, or a class or status other than the batch left them with).
 */
async function undoBlocker(tx: Tx, schoolId: string, b: repo.PromotionBatchRow): Promise<string | null> {
  if (await repo.findNewerAppliedBatchId(tx, schoolId, b.id)) return m.undoNewerBatch;
  const yearName = (await repo.findYearName(tx, schoolId, b.toYearId)) ?? '';
  const expected = batchLearners(b);
  const ids = [...expected.keys()];
  const moved = new Set<string>();
  await inChunks(ids, 1000, async (chunk) => {
    const t = await repo.listTransferredSinceBatch(tx, schoolId, b.id, chunk);
    const e = await repo.listExitedSinceBatch(tx, schoolId, b.id, chunk);
    for (const x of [...t, ...e]) moved.add(x.id);
  });
  if (moved.size) return m.undoTransfers(moved.size, yearName);
  const changed = new Set<string>();
  await inChunks(ids, 1000, async (chunk) => {
    const rows = await repo.listEnrolmentStates(tx, schoolId, b.toYearId, chunk);
    const rowOf = new Map(rows.map((x) => [x.id, x]));
    const now = await repo.listLearnerStates(tx, schoolId, chunk);
    for (const s of now) {
      const exp = expected.get(s.id)!;
      const row = rowOf.get(s.id);
      const ok = exp.toClassId
        ? s.status === 'active' && s.classId === exp.toClassId && !!row && row.batchId === b.id && row.classId === exp.toClassId && row.outcome === null
        : s.status === 'graduated' && !row;
      if (!ok) changed.add(s.id);
    }
  });
  if (changed.size) return m.undoChanges(changed.size, yearName);
  return null;
}

/**
 * POST /api/movements/promotions/:id/undo: puts every learner of the batch back in their stream of the
 * old year (class, status, leaving date and reason restored), removes the class-history rows the batch
 * added and clears the outcomes it set, restores the current year if the batch changed it, and marks
 * the batch undone (PROMOTION_UNDONE audit). Streams and a year the promotion created stay (School
 * setup owns them). 404 for another school's batch; 409 ALREADY_UNDONE; 409 UNDO_REFUSED with the
 * reason once the new year has data.
 */
export async function undoPromotion(database: Database, actor: Actor, id: string, req: { ip: string }): Promise<{ batch: PromotionBatch; message: string }> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const b = await repo.findBatchForUpdate(tx, schoolId, id);
    if (!b) throw notFound(m.promotionNotFound);
    if (b.status === 'undone') throw new AppError(409, 'ALREADY_UNDONE', m.alreadyUndone);
    const blocker = await undoBlocker(tx, schoolId, b);
    if (blocker) throw new AppError(409, 'UNDO_REFUSED', blocker);
    const expected = batchLearners(b);
    const counts = b.counts as StoredCounts;

    // Class history: rows the batch added go; the old year's outcomes are cleared.
    await repo.deleteBatchEnrolments(tx, schoolId, b.id);
    const ids = [...expected.keys()];
    await inChunks(ids, 1000, async (chunk) => {
      await repo.clearEnrolmentOutcomes(tx, schoolId, b.fromYearId, chunk);
    });
    // Learners back in their old stream; graduates active again.
    const byClass = new Map<string, string[]>();
    for (const [sid, e] of expected) byClass.set(e.fromClassId, [...(byClass.get(e.fromClassId) ?? []), sid]);
    for (const [classId, list] of byClass) {
      await inChunks(list, 1000, async (chunk) => {
        await repo.restoreLearnersToClass(tx, schoolId, classId, chunk);
      });
    }
    // The current year, if the batch changed it and nobody changed it since.
    let restoredCurrent = false;
    if (counts.madeCurrent && counts.previousCurrentYearId) {
      if ((await repo.findCurrentYearId(tx, schoolId)) === b.toYearId) {
        await repo.setYearCurrent(tx, schoolId, b.toYearId, false);
        await repo.setYearCurrent(tx, schoolId, counts.previousCurrentYearId, true);
        if (counts.previousCurrentTermId) {
          await repo.clearCurrentTerm(tx, schoolId);
          await repo.setTermCurrent(tx, schoolId, counts.previousCurrentTermId, true);
        }
        restoredCurrent = true;
      }
    }
    await repo.markBatchUndone(tx, schoolId, b.id, actor.id);
    const [row] = await repo.listBatchRows(tx, schoolId, b.id);
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.promotionUndone, `promotion_batch:${b.id}`, { status: 'applied', learners: ids.length, toYear: row!.toYearName }, { status: 'undone', restoredCurrentYear: restoredCurrent });
    return { batch: await withUndoState(tx, schoolId, row!), message: m.undone(row!.fromYearName, row!.toYearName) };
  });
}
