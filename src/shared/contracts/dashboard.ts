import { z } from 'zod';

/**
 * GET /api/dashboard response (spec §2 "The dashboard section picks a dashboard by role"), shared by
 * the route (response schema) and the web dashboard. A discriminated union on `kind`
 * (shared/access.ts dashboardKindFor). Browser-safe: imports only zod.
 *
 * Units: counts are whole numbers; dates are ISO calendar dates `YYYY-MM-DD` in Africa/Nairobi;
 * instants are ISO 8601 date-times (UTC). Learner figures count learners whose status is `active`;
 * class figures count the classes (streams) of the school's current academic year.
 */

/** Calendar days of the school year are Africa/Nairobi days (ARCHITECTURE.md API conventions). */
export const SCHOOL_TIME_ZONE = 'Africa/Nairobi';

const count = z.number().int().nonnegative();
const isoDate = z.iso.date();

/** Learners split by gender (the students table records female/male). */
export const genderSplitSchema = z.object({ total: count, female: count, male: count });
export type GenderSplit = z.infer<typeof genderSplitSchema>;

/** Active learners of one grade level (all its streams). gradeLevel null: learners with no class. */
export const gradeLevelLearnersSchema = genderSplitSchema.extend({
  gradeLevel: z.string().nullable(),
  levelOrder: z.number().int().nullable(),
});
export type GradeLevelLearners = z.infer<typeof gradeLevelLearnersSchema>;

/** A term of the school calendar. */
export const termDatesSchema = z.object({
  name: z.string(),
  number: z.number().int(),
  academicYear: z.string(),
  startsOn: isoDate,
  endsOn: isoDate,
  halfTermStartsOn: isoDate.nullable(),
  halfTermEndsOn: isoDate.nullable(),
});
export type TermDates = z.infer<typeof termDatesSchema>;

/**
 * The current term (today within its dates), else the most recent one that has ended, else the next
 * upcoming one. `inHalfTerm` is true when today falls in its half-term break.
 */
export const termSchema = termDatesSchema.extend({
  status: z.enum(['current', 'ended', 'upcoming']),
  inHalfTerm: z.boolean(),
  /**
   * When the term has ended (a school holiday): the term that opens next, from the school's calendar, or
   * (`planned`: true) from the Ministry's calendar while the school has not set up that year yet.
   */
  next: z.object({ name: z.string(), academicYear: z.string(), startsOn: isoDate, planned: z.boolean() }).nullable(),
});
export type Term = z.infer<typeof termSchema>;

export const schoolSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  curriculum: z.string(),
  county: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type SchoolSummary = z.infer<typeof schoolSummarySchema>;

/** Fields every school dashboard carries. */
const schoolBase = {
  /** Today in Africa/Nairobi, the day the figures are for. */
  asOf: isoDate,
  school: schoolSummarySchema,
  term: termSchema.nullable(),
};

/** Learner and class figures of a school (director, principal, finance). */
const schoolFigures = {
  learners: genderSplitSchema,
  /** Classes (streams) of the current academic year. */
  classes: count,
  /** Distinct grade levels among those classes. */
  gradeLevels: count,
  /** Active learners per grade level, ordered PP1 … Grade 9 / Year 7 … Year 11. */
  learnersByGrade: z.array(gradeLevelLearnersSchema),
};

/** Leadership figures (director and principal). */
const leadershipFigures = {
  ...schoolFigures,
  /** Active teacher accounts of the school. */
  teachers: count,
  /** Learning areas (CBC) or subjects (IGCSE) the school offers, across all bands. */
  learningAreas: count,
};

export const classTeacherRowSchema = z.object({
  classId: z.uuid(),
  className: z.string(),
  gradeLevel: z.string(),
  stream: z.string(),
  learners: count,
  teacher: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable() }).nullable(),
});
export type ClassTeacherRow = z.infer<typeof classTeacherRowSchema>;

export const directorDashboardSchema = z.object({ kind: z.literal('director'), ...schoolBase, ...leadershipFigures });

export const principalDashboardSchema = z.object({
  kind: z.literal('principal'),
  ...schoolBase,
  ...leadershipFigures,
  /** Every class of the current year with its class teacher (null when none is assigned). */
  classTeachers: z.array(classTeacherRowSchema),
  classesWithoutClassTeacher: count,
});

export const teacherLearningAreaSchema = z.object({
  subjectId: z.uuid(),
  name: z.string(),
  code: z.string(),
  lessonsPerWeek: count,
});

export const teacherClassSchema = z.object({
  classId: z.uuid(),
  name: z.string(),
  gradeLevel: z.string(),
  stream: z.string(),
  band: z.string(),
  /** The caller is this class's class teacher. */
  isClassTeacher: z.boolean(),
  /** Learning areas the caller teaches in this class (may be empty for a class teacher). */
  learningAreas: z.array(teacherLearningAreaSchema),
  /** Lessons per week the caller teaches in this class. */
  lessonsPerWeek: count,
  learners: genderSplitSchema,
});
export type TeacherClass = z.infer<typeof teacherClassSchema>;

export const teacherDashboardSchema = z.object({
  kind: z.literal('teacher'),
  ...schoolBase,
  /** Classes of the current year the caller leads or teaches, ordered by grade then stream. */
  classes: z.array(teacherClassSchema),
  totals: z.object({
    classes: count,
    classTeacherOf: count,
    /** Distinct learners across those classes (a learner belongs to one class). */
    learners: count,
    /** Sum of lessons_per_week over the caller's teaching assignments. */
    lessonsPerWeek: count,
    /** Distinct learning-area names the caller teaches. */
    learningAreas: count,
  }),
});

export const parentChildSchema = z.object({
  studentId: z.uuid(),
  admissionNumber: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.string(),
  dateOfBirth: isoDate.nullable(),
  status: z.string(),
  relationship: z.string(),
  /** The relationship word the school typed on import ("Grandmother"; issue 34), shown instead of the label of `relationship`. */
  relationshipLabel: z.string().nullable().optional(),
  class: z.object({ id: z.uuid(), name: z.string(), gradeLevel: z.string(), stream: z.string() }).nullable(),
  classTeacher: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string() }).nullable(),
});
export type ParentChild = z.infer<typeof parentChildSchema>;

export const parentDashboardSchema = z.object({
  kind: z.literal('parent'),
  ...schoolBase,
  /** The caller's children (guardians.profile_id = caller → student_guardians → students). */
  children: z.array(parentChildSchema),
  /** Terms of the academic year of `term`, in order (for the calendar chart). */
  calendar: z.array(termDatesSchema),
});

export const financeDashboardSchema = z.object({
  kind: z.literal('finance'),
  ...schoolBase,
  ...schoolFigures,
  // Fee figures are the fees module's (GET /api/fees/overview, issue 11), which the finance dashboard reads.
});

export const staffRoleRowSchema = z.object({ role: z.string(), total: count, active: count, inactive: count });

export const hrDashboardSchema = z.object({
  kind: z.literal('hr'),
  ...schoolBase,
  /**
   * Sign-in accounts of staff roles (the school's profiles other than parents); inactive counts
   * inactive and suspended. Not the headcount: "Active staff" is the staff records with status active
   * (GET /api/hr-reports/dashboard → activeStaff), which includes staff without an account.
   */
  staff: z.object({ total: count, active: count, inactive: count }),
  staffByRole: z.array(staffRoleRowSchema),
  /** Active teachers; "with a class" means class teacher of a class of the current year. */
  teachers: z.object({ total: count, withClass: count, withoutClass: count }),
});

export const platformSchoolRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  curriculum: z.string(),
  county: z.string().nullable(),
  status: z.string(),
  learners: count,
  /** Profiles of the school other than parents. */
  staff: count,
});
export type PlatformSchoolRow = z.infer<typeof platformSchoolRowSchema>;

export const platformDashboardSchema = z.object({
  kind: z.literal('platform'),
  asOf: isoDate,
  schools: z.object({ total: count, active: count, inactive: count }),
  users: z.object({
    total: count,
    /** role null in the database is reported as "unassigned". Ordered by count, largest first. */
    byRole: z.array(z.object({ role: z.string(), count })),
  }),
  learners: z.object({ total: count }),
  schoolsList: z.array(platformSchoolRowSchema),
  signIns: z.object({
    /** Successful sign-ins (audit_logs LOGIN_SUCCESS) over the last 7 Nairobi days, today included. */
    last7Days: count,
    /** The same, per day, oldest first, 7 entries. */
    byDay: z.array(z.object({ date: isoDate, count })),
    /** The latest 5 successful sign-ins. */
    recent: z.array(
      z.object({ at: z.iso.datetime(), name: z.string().nullable(), role: z.string().nullable(), schoolName: z.string().nullable() }),
    ),
  }),
});

export const dashboardSchema = z.discriminatedUnion('kind', [
  platformDashboardSchema,
  directorDashboardSchema,
  principalDashboardSchema,
  teacherDashboardSchema,
  parentDashboardSchema,
  financeDashboardSchema,
  hrDashboardSchema,
]);

export type Dashboard = z.infer<typeof dashboardSchema>;
export type PlatformDashboard = z.infer<typeof platformDashboardSchema>;
export type DirectorDashboard = z.infer<typeof directorDashboardSchema>;
export type PrincipalDashboard = z.infer<typeof principalDashboardSchema>;
export type TeacherDashboard = z.infer<typeof teacherDashboardSchema>;
export type ParentDashboard = z.infer<typeof parentDashboardSchema>;
export type FinanceDashboard = z.infer<typeof financeDashboardSchema>;
export type HrDashboard = z.infer<typeof hrDashboardSchema>;
