import { z } from 'zod';
import { formatKes } from '../money.js';
import { GENDERS, STUDENT_STATUSES, createStudentBody, isCalendarDate } from './learners.js';
import { movementsMessages as m } from '../messages/movements.js';

/**
 * Learner movements (issue 10 §2 Promotion, Transfers, Exit): request and answer shapes of
 * /api/movements/*, shared by the API (server/modules/movements) and the screens
 * (web/features/movements). Dates are calendar dates (YYYY-MM-DD) in Africa/Nairobi; instants are ISO
 * strings; money is integer cents (KES).
 */

const calendarDate = z.string(m.invalidDate).trim().refine(isCalendarDate, m.invalidDate);
const requiredText = (max: number, required: string) => z.string(required).trim().min(1, required).max(max, m.textTooLong(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .nullish()
    .transform((v) => v || null);

/** Page and size of the movements lists. */
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
};

/** An optional filter where '' means "no filter" (as a form sends it). */
function optionalFilter<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

// ---- Promotion ---------------------------------------------------------------------------------

export const PROMOTION_ACTIONS = ['repeat', 'skip'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/**
 * A stream of the target year named by level and stream name ("Grade 8" + "East"), so a preview can
 * name streams the target year does not have yet (apply creates them).
 */
export const streamRefSchema = z.strictObject({
  levelId: z.uuid(m.unknownLevel),
  stream: z.string(m.streamNameRequired).trim().min(1, m.streamNameRequired).max(40, m.textTooLong(40)),
});
export type StreamRef = z.infer<typeof streamRefSchema>;

const promotionShape = {
  /** The year whose streams are promoted (the wizard offers the current year). */
  fromYearId: z.uuid(m.yearRequired),
  /** An existing later year to promote into... */
  toYearId: z.uuid(m.unknownYear).optional(),
  /** ...or the name of a year to create on apply (e.g. "2027", with the Ministry-pattern terms). */
  toYearName: z
    .string()
    .trim()
    .min(1, m.yearNameInvalid)
    .max(20, m.yearNameInvalid)
    .regex(/^[A-Za-z0-9 /-]+$/, m.yearNameInvalid)
    .optional(),
  /**
   * Each stream's next stream; `to: null` graduates the stream (final levels only). Streams left out
   * take the default: the same stream name in the next level, or graduation for the final level.
   */
  mapping: z
    .array(z.strictObject({ fromClassId: z.uuid(m.unknownStream), to: streamRefSchema.nullable() }))
    .max(500)
    .default([]),
  /**
   * Learners who do not follow their stream: repeat (same level in the target year) or skip (two
   * levels up); `to` picks the stream (default: the learner's stream name at that level).
   */
  exceptions: z
    .array(z.strictObject({ studentId: z.uuid(m.learnerRequired), action: z.enum(PROMOTION_ACTIONS), to: streamRefSchema.optional() }))
    .max(10_000)
    .default([]),
};

function oneTarget(v: { toYearId?: string; toYearName?: string }, ctx: z.RefinementCtx) {
  if (!v.toYearId && !v.toYearName) ctx.addIssue({ code: 'custom', path: ['toYearId'], message: m.targetRequired });
  if (v.toYearId && v.toYearName) ctx.addIssue({ code: 'custom', path: ['toYearName'], message: m.targetBoth });
}

/** POST /api/movements/promotions/preview (dry run): nothing is written. */
export const promotionPreviewBody = z.strictObject(promotionShape).superRefine(oneTarget);
export type PromotionPreviewBody = z.input<typeof promotionPreviewBody>;
export type PromotionPreviewInput = z.output<typeof promotionPreviewBody>;

/**
 * POST /api/movements/promotions (apply, one transaction). makeCurrent: the target year becomes the
 * school's current year (and its first term the current term).
 */
export const applyPromotionBody = z.strictObject({ ...promotionShape, makeCurrent: z.boolean().default(false) }).superRefine(oneTarget);
export type ApplyPromotionBody = z.input<typeof applyPromotionBody>;
export type ApplyPromotionInput = z.output<typeof applyPromotionBody>;

export const academicYearOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  isCurrent: z.boolean(),
  startsOn: z.string(),
  endsOn: z.string(),
});
export type AcademicYearOption = z.infer<typeof academicYearOptionSchema>;

/** A stream of the year being promoted, with its active learners. */
export const sourceStreamSchema = z.object({
  classId: z.uuid(),
  name: z.string(),
  levelId: z.uuid(),
  levelName: z.string(),
  levelOrder: z.number().int(),
  stream: z.string(),
  isFinal: z.boolean(),
  /** The level has a next level (of its curriculum) to promote into. */
  hasNextLevel: z.boolean(),
  /** Its learners may skip a level (a level two above exists). */
  canSkip: z.boolean(),
  learners: z.number().int(),
});
export type SourceStream = z.infer<typeof sourceStreamSchema>;

/** A stream of the target year a stream can map to: existing (classId) or created on apply. */
export const targetStreamSchema = z.object({
  levelId: z.uuid(),
  levelName: z.string(),
  levelOrder: z.number().int(),
  stream: z.string(),
  name: z.string(),
  classId: z.uuid().nullable(),
  capacity: z.number().int(),
  /** Active learners already in it (0 for a stream not created yet). */
  learners: z.number().int(),
});
export type TargetStream = z.infer<typeof targetStreamSchema>;

export const promotionPlanQuery = z.object({
  fromYearId: optionalFilter(z.uuid(m.unknownYear)),
  toYearId: optionalFilter(z.uuid(m.unknownYear)),
});

/**
 * GET /api/movements/promotions/plan?fromYearId=&toYearId=: what the wizard offers. fromYear defaults
 * to the current year; target to the next existing year after it, else a new year named one more
 * (2026 → "2027", created on apply).
 */
export const promotionPlanSchema = z.object({
  years: z.array(academicYearOptionSchema),
  fromYear: academicYearOptionSchema.nullable(),
  target: z.object({ id: z.uuid().nullable(), name: z.string(), exists: z.boolean(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  /** The year the wizard offers to create (the year after fromYear), or null when a year of that name exists. */
  newYear: z.object({ name: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  sourceStreams: z.array(sourceStreamSchema),
  targetStreams: z.array(targetStreamSchema),
  defaultMapping: z.array(z.object({ fromClassId: z.uuid(), to: streamRefSchema.nullable() })),
  /** An applied promotion for the same years (applying again is refused until it is undone). */
  appliedBatchId: z.uuid().nullable(),
});
export type PromotionPlan = z.infer<typeof promotionPlanSchema>;

const outcomeCounts = {
  promoted: z.number().int(),
  repeated: z.number().int(),
  skipped: z.number().int(),
  graduated: z.number().int(),
};

/** The answer of a dry run, and of an apply (with the batch). */
export const promotionPreviewSchema = z.object({
  fromYear: z.object({ id: z.uuid(), name: z.string() }),
  toYear: z.object({ id: z.uuid().nullable(), name: z.string(), exists: z.boolean(), startsOn: z.string(), endsOn: z.string() }),
  counts: z.object({ ...outcomeCounts, total: z.number().int() }),
  /** Per stream of the year promoted: where it goes and what happens to its learners. */
  streams: z.array(
    z.object({
      fromClassId: z.uuid(),
      fromName: z.string(),
      toName: z.string().nullable(),
      learners: z.number().int(),
      ...outcomeCounts,
    }),
  ),
  /** Per stream of the target year: learners there already, arriving, capacity. */
  targets: z.array(
    z.object({
      name: z.string(),
      classId: z.uuid().nullable(),
      willBeCreated: z.boolean(),
      capacity: z.number().int(),
      existing: z.number().int(),
      incoming: z.number().int(),
      total: z.number().int(),
      overCapacity: z.boolean(),
    }),
  ),
  /** Capacity warnings and learners left out (they already have a class in the target year). */
  warnings: z.array(z.string()),
  leftOut: z.array(z.object({ studentId: z.uuid(), name: z.string(), admissionNumber: z.string(), reason: z.string() })),
});
export type PromotionPreview = z.infer<typeof promotionPreviewSchema>;

export const promotionBatchSchema = z.object({
  id: z.uuid(),
  fromYear: z.object({ id: z.uuid(), name: z.string() }),
  toYear: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(['applied', 'undone']),
  counts: z.object(outcomeCounts),
  madeCurrent: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
  undoneBy: z.string().nullable(),
  /** Why this applied batch can no longer be undone (null: it can). Always null for an undone batch. */
  undoBlockedReason: z.string().nullable(),
});
export type PromotionBatch = z.infer<typeof promotionBatchSchema>;

export const promotionBatchesResponse = z.object({ items: z.array(promotionBatchSchema) });
export const applyPromotionResponse = z.object({ batch: promotionBatchSchema, preview: promotionPreviewSchema, message: z.string() });
export type ApplyPromotionResponse = z.infer<typeof applyPromotionResponse>;
export const undoPromotionResponse = z.object({ batch: promotionBatchSchema, message: z.string() });

// ---- Transfers ---------------------------------------------------------------------------------

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TransferRequestStatus = (typeof TRANSFER_REQUEST_STATUSES)[number];

/** GET /api/movements/schools-directory: active EduFam schools other than the caller's (nothing else). */
export const schoolsDirectoryResponse = z.object({
  schools: z.array(z.object({ id: z.uuid(), name: z.string(), county: z.string().nullable() })),
});
export type DirectorySchool = z.infer<typeof schoolsDirectoryResponse>['schools'][number];

/**
 * Fees owed by a learner, for the transfer-out warning. The fees module does not exist yet: tracked is
 * false and owedCents null; when it lands it fills owedCents (integer cents, KES).
 */
export const feesStatusSchema = z.object({
  tracked: z.boolean(),
  owedCents: z.number().int().nullable(),
  message: z.string(),
});
export type FeesStatus = z.infer<typeof feesStatusSchema>;

/** A learner as the movement screens show them. */
export const movementLearnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  admittedOn: z.string().nullable(),
});
export type MovementLearner = z.infer<typeof movementLearnerSchema>;

/** GET /api/movements/transfers/check?studentId=: the learner and the fee warning before a transfer out. */
export const transferCheckQuery = z.object({ studentId: z.uuid(m.learnerRequired) });
export const transferCheckResponse = z.object({ learner: movementLearnerSchema, fees: feesStatusSchema });
export type TransferCheck = z.infer<typeof transferCheckResponse>;

/**
 * POST /api/movements/transfers/out. The destination is an EduFam school (destinationSchoolId: a
 * transfer request with the learner's details goes to its principal) or any other school by name.
 */
export const transferOutBody = z
  .strictObject({
    studentId: z.uuid(m.learnerRequired),
    destinationSchoolId: z.uuid(m.destinationNotFound).nullish(),
    destinationName: optionalText(160),
    reason: requiredText(500, m.reasonRequired),
    transferDate: calendarDate,
    leavingCertificateNumber: optionalText(40),
  })
  .superRefine((v, ctx) => {
    if (!v.destinationSchoolId && !v.destinationName) ctx.addIssue({ code: 'custom', path: ['destinationName'], message: m.destinationRequired });
  });
export type TransferOutBody = z.input<typeof transferOutBody>;
export type TransferOutInput = z.output<typeof transferOutBody>;

/**
 * POST /api/movements/transfers/in: admission of a learner from another school (the admission form of
 * POST /api/students, with the previous school required and the transfer date as the admission date).
 */
export const transferInBody = createStudentBody.omit({ admittedOn: true, previousSchool: true }).extend({
  previousSchool: requiredText(160, m.previousSchoolRequired),
  transferDate: calendarDate,
  reason: optionalText(500),
});
export type TransferInBody = z.input<typeof transferInBody>;
export type TransferInInput = z.output<typeof transferInBody>;

export const transferItemSchema = z.object({
  id: z.uuid(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  learner: movementLearnerSchema,
  /** Destination (out) or previous school (in). */
  otherSchoolName: z.string(),
  /** The other school is on EduFam. */
  onEduFam: z.boolean(),
  reason: z.string().nullable(),
  transferDate: z.string(),
  leavingCertificateNumber: z.string().nullable(),
  previousUpi: z.string().nullable(),
  feesOwedCents: z.number().int().nullable(),
  /** The EduFam transfer request behind it, and its state. */
  requestId: z.uuid().nullable(),
  requestStatus: z.enum(TRANSFER_REQUEST_STATUSES).nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

/** GET /api/movements/transfers and /transfers/export: filters (empty values mean "any"). */
export const listTransfersQuery = z.object({
  direction: optionalFilter(z.enum(TRANSFER_DIRECTIONS)),
  from: optionalFilter(calendarDate),
  to: optionalFilter(calendarDate),
  search: z.string().trim().max(100).optional(),
  ...paging,
});
export type ListTransfersQuery = z.output<typeof listTransfersQuery>;
export type ListTransfersParams = z.input<typeof listTransfersQuery>;
export const listTransfersResponse = z.object({ items: z.array(transferItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type ListTransfersResponse = z.infer<typeof listTransfersResponse>;
export const exportTransfersQuery = listTransfersQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const transferOutResponse = z.object({
  transfer: transferItemSchema,
  requestId: z.uuid().nullable(),
  fees: feesStatusSchema,
  message: z.string(),
});
export type TransferOutResponse = z.infer<typeof transferOutResponse>;
export const transferInResponse = z.object({ transfer: transferItemSchema, studentId: z.uuid(), message: z.string(), notices: z.array(z.string()) });
export type TransferInResponse = z.infer<typeof transferInResponse>;

/** The copy of a learner a transfer request carries: these fields and nothing else of the old school. */
export const learnerSnapshotSchema = z.object({
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string().nullable(),
  upi: z.string().nullable(),
  assessmentNumber: z.string().nullable(),
  birthCertificateNumber: z.string().nullable(),
});
export type LearnerSnapshot = z.infer<typeof learnerSnapshotSchema>;

export const transferRequestSchema = z.object({
  id: z.uuid(),
  /** incoming: to the caller's school; outgoing: filed by it. */
  box: z.enum(['incoming', 'outgoing']),
  fromSchool: z.object({ id: z.uuid(), name: z.string() }),
  toSchool: z.object({ id: z.uuid(), name: z.string() }),
  learner: learnerSnapshotSchema,
  reason: z.string().nullable(),
  transferDate: z.string(),
  status: z.enum(TRANSFER_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The learner created on acceptance (incoming requests only: the receiving school's record). */
  admittedStudentId: z.uuid().nullable(),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const listTransferRequestsQuery = z.object({
  box: z.enum(['incoming', 'outgoing']).default('incoming'),
  status: optionalFilter(z.enum(TRANSFER_REQUEST_STATUSES)),
});
export const listTransferRequestsResponse = z.object({ items: z.array(transferRequestSchema) });

/** POST /api/movements/transfer-requests/:id/accept: the receiving school places the learner. */
export const acceptTransferBody = z.strictObject({
  classId: z.uuid(m.classRequired),
  boarding: z.enum(['day', 'boarding']).default('day'),
  overrideCapacity: z.boolean().optional(),
});
export type AcceptTransferBody = z.input<typeof acceptTransferBody>;
export const declineTransferBody = z.strictObject({ note: requiredText(500, m.declineNoteRequired) });
export const transferDecisionResponse = z.object({ request: transferRequestSchema, studentId: z.uuid().nullable(), message: z.string() });
export type TransferDecisionResponse = z.infer<typeof transferDecisionResponse>;

// ---- Exits -------------------------------------------------------------------------------------

export const EXIT_TYPES = ['withdrawal', 'completion', 'expulsion', 'death', 'other'] as const;
export type ExitType = (typeof EXIT_TYPES)[number];

/** POST /api/movements/exits. Completion makes the learner a graduate; every other type "exited". */
export const exitBody = z.strictObject({
  studentId: z.uuid(m.learnerRequired),
  exitType: z.enum(EXIT_TYPES, m.exitTypeRequired),
  reason: requiredText(500, m.reasonRequired),
  exitDate: calendarDate,
});
export type ExitBody = z.input<typeof exitBody>;
export type ExitInput = z.output<typeof exitBody>;

export const exitItemSchema = z.object({
  id: z.uuid(),
  learner: movementLearnerSchema,
  exitType: z.enum(EXIT_TYPES),
  reason: z.string(),
  exitDate: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  readmittedOn: z.string().nullable(),
  readmittedClassName: z.string().nullable(),
  /** The learner is out of school through this exit and may come back (not for a death). */
  canReadmit: z.boolean(),
});
export type ExitItem = z.infer<typeof exitItemSchema>;

/** GET /api/movements/exits and /exits/export: filters. state: out (not readmitted) or readmitted. */
export const listExitsQuery = z.object({
  type: optionalFilter(z.enum(EXIT_TYPES)),
  state: optionalFilter(z.enum(['out', 'readmitted'])),
  from: optionalFilter(calendarDate),
  to: optionalFilter(calendarDate),
  search: z.string().trim().max(100).optional(),
  ...paging,
});
export type ListExitsQuery = z.output<typeof listExitsQuery>;
export type ListExitsParams = z.input<typeof listExitsQuery>;
export const listExitsResponse = z.object({ items: z.array(exitItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type ListExitsResponse = z.infer<typeof listExitsResponse>;
export const exportExitsQuery = listExitsQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const exitResponse = z.object({ exit: exitItemSchema, message: z.string() });
export type ExitResponse = z.infer<typeof exitResponse>;

/** POST /api/movements/exits/:id/readmit: back into a class of an open year. */
export const readmitBody = z.strictObject({
  classId: z.uuid(m.classRequired),
  readmittedOn: calendarDate.optional(),
  overrideCapacity: z.boolean().optional(),
});
export type ReadmitBody = z.input<typeof readmitBody>;

/**
 * The fee warning of a transfer out from what the fees module reports: null while fees are not tracked,
 * else the amount owed in integer cents (0: nothing owed).
 */
export function feesStatus(owedCents: number | null): FeesStatus {
  if (owedCents === null) return { tracked: false, owedCents: null, message: m.feesNotTracked };
  return { tracked: true, owedCents, message: owedCents > 0 ? m.feesOwed(formatKes(owedCents)) : m.feesClear };
}
