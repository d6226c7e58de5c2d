import { z } from 'zod';
import { knecMessages } from '../messages/knec.js';

/**
 * KNEC school-based assessment (SBA) export (issue 35 §2, §6; docs/decisions/0027-knec-sba.md).
 * Scores are whole percentages 0-100 (the weighted mean of a learner's percentage in each picked
 * released series, rounded half up). Learners are identified to KNEC by their assessment number.
 */

const m = knecMessages.api;

export const SBA_FORMATS = ['xlsx', 'csv', 'json'] as const;
export type SbaFormat = (typeof SBA_FORMATS)[number];
/** At most this many series in one SBA computation. */
export const SBA_MAX_SERIES = 6;
/** The largest weight accepted for one series. */
export const SBA_MAX_WEIGHT = 100;

/**
 * KJSEA paper codes of the junior-school learning areas (KNEC; /work/shared/domain/curriculum.md),
 * by the names schools use. A learning area whose own code is one of these keeps it.
 */
export const KNEC_LEARNING_AREAS: readonly { code: string; name: string; aliases: readonly string[] }[] = [
  { code: '901', name: 'English', aliases: ['english'] },
  { code: '902', name: 'Kiswahili', aliases: ['kiswahili'] },
  { code: '903', name: 'Mathematics', aliases: ['mathematics', 'maths', 'math'] },
  { code: '904', name: 'Kenya Sign Language', aliases: ['kenya sign language', 'ksl'] },
  { code: '905', name: 'Integrated Science', aliases: ['integrated science'] },
  { code: '906', name: 'Agriculture & Nutrition', aliases: ['agriculture & nutrition', 'agriculture and nutrition', 'agriculture'] },
  { code: '907', name: 'Social Studies', aliases: ['social studies'] },
  { code: '908', name: 'Christian Religious Education', aliases: ['christian religious education', 'cre'] },
  { code: '909', name: 'Islamic Religious Education', aliases: ['islamic religious education', 'ire'] },
  { code: '910', name: 'Creative Arts & Sports', aliases: ['creative arts & sports', 'creative arts and sports'] },
  { code: '911', name: 'Pre-Technical Studies', aliases: ['pre-technical studies', 'pre technical studies', 'pretechnical studies'] },
];

/**
 * The KNEC code and name of a school's learning area: its own code when that is a KJSEA paper code,
 * else the paper whose name (or a common alias) matches; null when KNEC assesses no such paper (e.g.
 * the Pastoral Programme of Instruction), which the export leaves out.
 */
export function knecLearningArea(subject: { code: string; name: string }): { code: string; name: string } | null {
  const byCode = KNEC_LEARNING_AREAS.find((a) => a.code === subject.code.trim());
  if (byCode) return { code: byCode.code, name: byCode.name };
  const name = subject.name.trim().toLowerCase();
  const byName = KNEC_LEARNING_AREAS.find((a) => a.aliases.includes(name));
  return byName ? { code: byName.code, name: byName.name } : null;
}

/**
 * The ids and weights of `?examIds=a,b&weights=2,1` (weights default to 1 each): `{ ok: true, examIds,
 * weights }` or `{ ok: false, field, message }` (the catalogue's message for the first problem).
 */
export function parseSbaSelection(examIds: string, weights?: string): { ok: true; examIds: string[]; weights: number[] } | { ok: false; field: 'examIds' | 'weights'; message: string } {
  const ids = examIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length) return { ok: false, field: 'examIds', message: m.examsRequired };
  if (ids.length > SBA_MAX_SERIES) return { ok: false, field: 'examIds', message: m.examsTooMany };
  if (ids.some((id) => !z.uuid().safeParse(id).success)) return { ok: false, field: 'examIds', message: m.examInvalid };
  if (new Set(ids).size !== ids.length) return { ok: false, field: 'examIds', message: m.examsDuplicate };
  if (weights === undefined || weights.trim() === '') return { ok: true, examIds: ids, weights: ids.map(() => 1) };
  const parts = weights.split(',').map((s) => s.trim());
  if (parts.length !== ids.length) return { ok: false, field: 'weights', message: m.weightsCount };
  const nums = parts.map((p) => (/^\d+(\.\d+)?$/.test(p) ? Number(p) : Number.NaN));
  if (nums.some((n) => !Number.isFinite(n) || n <= 0 || n > SBA_MAX_WEIGHT)) return { ok: false, field: 'weights', message: m.weightsInvalid };
  return { ok: true, examIds: ids, weights: nums };
}

/** GET /api/ministry/knec/sba */
export const sbaQuery = z.object({
  levelId: z.uuid({ error: m.levelInvalid }),
  /** Comma-separated exam series ids (1-6, released, of the school). */
  examIds: z.string({ error: m.examsRequired }).max(1000, m.examsTooMany),
  /** Comma-separated positive weights, one per series in the same order; equal when omitted. */
  weights: z.string().max(200, m.weightsInvalid).optional(),
  format: z.enum(SBA_FORMATS, { error: m.formatInvalid }).default('xlsx'),
});
export type SbaQuery = z.infer<typeof sbaQuery>;

/** One line of the upload file: a learner and a learning area. */
export const sbaRowSchema = z.object({
  studentId: z.uuid(),
  assessmentNumber: z.string(),
  name: z.string(),
  /** KJSEA paper code (901-911). */
  learningAreaCode: z.string(),
  /** KNEC's name of the learning area. */
  learningArea: z.string(),
  /** Whole percentage 0-100. */
  score: z.number().int().min(0).max(100),
});
export type SbaRow = z.infer<typeof sbaRowSchema>;

export const sbaLearnerSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  stream: z.string().nullable(),
});
export type SbaLearner = z.infer<typeof sbaLearnerSchema>;

export const sbaSeriesSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  term: z.string(),
  year: z.string(),
  /** Names of the levels that sat it. */
  levels: z.array(z.string()),
  /** ISO instant. */
  releasedAt: z.string().nullable(),
});
export type SbaSeries = z.infer<typeof sbaSeriesSchema>;

/** GET /api/ministry/knec/sba?format=json */
export const sbaResponse = z.object({
  level: z.object({ id: z.uuid(), name: z.string() }),
  /** The picked series, in the order given. */
  series: z.array(sbaSeriesSchema),
  /** The weight of each series, in the same order. */
  weights: z.array(z.number()),
  /** Learners on the roll of the level now. */
  learners: z.number().int(),
  rows: z.array(sbaRowSchema),
  /** Learners of the level without an assessment number: not in the file. */
  missingAssessmentNumber: z.array(sbaLearnerSchema),
  /** Learners (with an assessment number) with no mark in any picked series in some learning areas: those areas are not in the file. */
  noMarks: z.array(sbaLearnerSchema.extend({ learningAreas: z.array(z.string()) })),
});
export type SbaResponse = z.infer<typeof sbaResponse>;

/** GET /api/ministry/knec/sba/options: what the principal may pick. */
export const sbaOptionsResponse = z.object({
  /** The school's CBC junior-school levels, with learners on the roll now. */
  levels: z.array(z.object({ id: z.uuid(), name: z.string(), learners: z.number().int() })),
  /** Released series sat by any junior-school level; newest first. */
  series: z.array(sbaSeriesSchema.extend({ levelIds: z.array(z.uuid()) })),
});
export type SbaOptions = z.infer<typeof sbaOptionsResponse>;
