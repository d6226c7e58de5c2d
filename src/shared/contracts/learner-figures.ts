import { z } from 'zod';

/**
 * GET /api/students/figures (issue 10 §3 "director: whole school, read-only, with figures by level and
 * gender"; §2 the Academic Management hub's counts). Figures count the learners the caller may see
 * (server/modules/learners/learner-scope.ts): the whole school for its leaders and finance officer, a
 * teacher's own streams, platform staff the school named by schoolId.
 *
 * Learner figures count `active` learners. Dates are YYYY-MM-DD in Africa/Nairobi.
 */
export const learnerFiguresQuery = z.object({
  schoolId: z.uuid('Invalid school id').optional(),
});
export type LearnerFiguresQuery = z.infer<typeof learnerFiguresQuery>;

const count = z.number().int().nonnegative();

/** Active learners split by gender and by boarding. */
export const learnerSplitSchema = z.object({ total: count, female: count, male: count, boarding: count, day: count });
export type LearnerSplit = z.infer<typeof learnerSplitSchema>;

export const learnerFiguresSchema = z.object({
  /** Today in Africa/Nairobi. */
  asOf: z.string(),
  /** The school's current term (null when none is marked current). */
  term: z.object({ name: z.string(), academicYear: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  active: learnerSplitSchema,
  /** Active learners per level of their current class, ordered by level; level null: no class. */
  levels: z.array(learnerSplitSchema.extend({ levelId: z.uuid().nullable(), level: z.string().nullable(), levelOrder: z.number().int().nullable() })),
  /** Active learners per stream (class), ordered by level then stream: the streams the caller sees learners in. */
  streams: z.array(z.object({ classId: z.uuid(), name: z.string(), levelId: z.uuid().nullable(), total: count })),
  /** Learners (any status) admitted from the current term's first day to today; 0 without a current term. */
  admittedThisTerm: count,
  /** Transfer requests from other EduFam schools awaiting this school's decision (principal only, else null). */
  pendingTransferRequests: count.nullable(),
});
export type LearnerFigures = z.infer<typeof learnerFiguresSchema>;
