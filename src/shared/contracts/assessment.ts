import { z } from 'zod';
import { ROLLUP_METHODS, SCALE_KEYS } from '../grading.js';
import { assessmentMessages as m } from '../messages/assessment.js';
import { isCalendarDate } from './learners.js';

/**
 * Assessment contracts (issue 12), shared by the API (server/modules/assessment) and the screens
 * (web/features/assessment). The paths and field names of issue 12 §7 are a public contract:
 *   GET /api/grading/scales; POST /api/exams; PUT /api/exams/:examId/marks { classId, subjectId,
 *   marks: [{ studentId, score, status }] }; POST /api/exams/:examId/submit|approve { classId, subjectId };
 *   POST /api/exams/:examId/release; GET /api/exams/:examId/results?classId= → { rows: [{ studentId,
 *   admissionNumber, total, mean, meanGrade, points, position, subjects: [{ subjectId, score, grade,
 *   points }] }] }; GET /api/students/:id/report-card?termId= (PDF); GET /api/certificates/:id/verify.
 * Marks are numbers (two decimals at most); percentages have two decimals; dates are YYYY-MM-DD in
 * Africa/Nairobi; instants ISO strings.
 */

export const EXAM_KINDS = ['opener', 'cat', 'mid_term', 'end_term', 'mock'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];
export const MARK_STATUSES = ['present', 'absent', 'exempt'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];
export const SHEET_STATUSES = ['draft', 'submitted', 'returned', 'approved'] as const;
export type SheetStatus = (typeof SHEET_STATUSES)[number];
export const EXAM_STATUSES = ['draft', 'open', 'released'] as const;
export const CERTIFICATE_KINDS = ['leaving', 'completion', 'merit'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

const date = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const uuid = (message: string) => z.uuid(message);
const schoolIdParam = z.uuid('Invalid school id').optional();

// ---------------------------------------------------------------------------------------------
// Grading scales

export const gradeBandSchema = z.object({
  code: z.string().trim().min(1).max(8),
  descriptor: z.string().trim().max(60),
  min: z.number().int().min(0).max(100),
  points: z.number().min(0).max(100).nullable(),
});
export type GradeBandDto = z.infer<typeof gradeBandSchema>;

export const gradingScaleSchema = z.object({
  id: z.string(),
  key: z.enum(SCALE_KEYS),
  name: z.string(),
  version: z.number(),
  bands: z.array(gradeBandSchema.extend({ max: z.number(), label: z.string() })),
  updatedAt: z.string(),
});
export type GradingScale = z.infer<typeof gradingScaleSchema>;

export const levelScaleSchema = z.object({
  levelId: z.string(),
  levelName: z.string(),
  curriculum: z.string(),
  scaleKey: z.enum(SCALE_KEYS),
  /** Subjects of the level graded on another scale. */
  overrides: z.array(z.object({ subjectId: z.string(), subjectName: z.string(), scaleKey: z.enum(SCALE_KEYS) })),
});
export type LevelScale = z.infer<typeof levelScaleSchema>;

/** GET /api/grading/scales → the school's scales with their bands, and which scale each level uses. */
export const gradingScalesResponse = z.object({ scales: z.array(gradingScaleSchema), levels: z.array(levelScaleSchema) });
export type GradingScalesResponse = z.infer<typeof gradingScalesResponse>;

/** PUT /api/grading/scales/:key → a new version of the scale (audited); released exams keep theirs. */
export const updateScaleBody = z.object({ name: z.string().trim().min(1).max(80).optional(), bands: z.array(gradeBandSchema).min(2).max(20) });

/** PUT /api/grading/levels/:levelId → which scale grades the level, or one subject of it (subjectId). */
export const setLevelScaleBody = z.object({ scaleKey: z.enum(SCALE_KEYS), subjectId: z.uuid(m.subjectNotFound).nullable().optional() });

export const assessmentSettingsSchema = z.object({
  rollupMethod: z.enum(ROLLUP_METHODS),
  publishPositions: z.boolean(),
  showFeeBalance: z.boolean(),
});
export type AssessmentSettings = z.infer<typeof assessmentSettingsSchema>;
export const updateAssessmentSettingsBody = assessmentSettingsSchema.partial();

// ---------------------------------------------------------------------------------------------
// Exam series

export const examPaperSchema = z.object({
  name: z.string().trim().min(1).max(40),
  maxMarks: z.number(m.maxMarksInvalid).int(m.maxMarksInvalid).min(1, m.maxMarksInvalid).max(1000, m.maxMarksInvalid),
});
export const examSubjectInput = z.object({
  subjectId: uuid(m.subjectNotFound),
  /** Papers; default one paper out of 100. */
  papers: z.array(examPaperSchema).min(1, m.papersRequired).max(6).optional(),
});

const examFields = {
  termId: uuid(m.termRequired),
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(120),
  kind: z.enum(EXAM_KINDS, m.kindInvalid),
  levelIds: z.array(uuid(m.levelNotFound), m.levelsRequired).min(1, m.levelsRequired).max(30),
  startsOn: date.nullable().optional(),
  endsOn: date.nullable().optional(),
  entryOpensOn: date,
  entryClosesOn: date,
  weight: z.number(m.weightInvalid).int(m.weightInvalid).min(0, m.weightInvalid).max(100, m.weightInvalid).default(100),
  subjects: z.array(examSubjectInput, m.subjectsRequired).min(1, m.subjectsRequired).max(40),
};

/** POST /api/exams → 201 the series (principal). 400 no subjects, bad dates; 404 term/level/subject. */
export const createExamBody = z
  .object({ ...examFields, schoolId: schoolIdParam })
  .refine((b) => b.entryClosesOn >= b.entryOpensOn, { message: m.windowInvalid, path: ['entryClosesOn'] })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, { message: m.datesInvalid, path: ['endsOn'] });

/** PATCH /api/exams/:examId → the series; everything but the term may change until release. */
export const updateExamBody = z.object({
  name: examFields.name.optional(),
  kind: examFields.kind.optional(),
  levelIds: examFields.levelIds.optional(),
  startsOn: examFields.startsOn,
  endsOn: examFields.endsOn,
  entryOpensOn: date.optional(),
  entryClosesOn: date.optional(),
  weight: z.number(m.weightInvalid).int(m.weightInvalid).min(0, m.weightInvalid).max(100, m.weightInvalid).optional(),
  subjects: examFields.subjects.optional(),
});

export const examSubjectSchema = z.object({
  subjectId: z.string(),
  name: z.string(),
  code: z.string(),
  papers: z.array(examPaperSchema),
  maxMarks: z.number(),
});
export type ExamSubject = z.infer<typeof examSubjectSchema>;

export const markSheetSchema = z.object({
  id: z.string().nullable(),
  classId: z.string(),
  className: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  teacherName: z.string().nullable(),
  status: z.enum(SHEET_STATUSES),
  /** Learners in the stream and how many have a mark (present, absent or exempt). */
  learners: z.number(),
  marked: z.number(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type MarkSheet = z.infer<typeof markSheetSchema>;

export const examSchema = z.object({
  id: z.string(),
  termId: z.string(),
  termName: z.string(),
  academicYear: z.string(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  levelIds: z.array(z.string()),
  levels: z.array(z.object({ id: z.string(), name: z.string() })),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  entryOpensOn: z.string(),
  entryClosesOn: z.string(),
  /** open | closed (by the window) | not_yet, on today's date in Nairobi. */
  entryState: z.enum(['not_yet', 'open', 'closed']),
  weight: z.number(),
  status: z.enum(EXAM_STATUSES),
  releasedAt: z.string().nullable(),
  subjects: z.array(examSubjectSchema),
  /** Mark sheets (stream x subject) by status. */
  sheets: z.object({ total: z.number(), draft: z.number(), submitted: z.number(), returned: z.number(), approved: z.number() }),
  createdAt: z.string(),
});
export type Exam = z.infer<typeof examSchema>;

export const listExamsQuery = z.object({ termId: z.uuid('Invalid term id').optional(), status: z.enum(EXAM_STATUSES).optional(), schoolId: schoolIdParam });
export const listExamsResponse = z.object({ items: z.array(examSchema) });

/** GET /api/exams/:examId/sheets → every stream x subject of the series with its status. */
export const listSheetsQuery = z.object({ status: z.enum(SHEET_STATUSES).optional() });
export const listSheetsResponse = z.object({ items: z.array(markSheetSchema) });

// ---------------------------------------------------------------------------------------------
// Marks

const score = z.union([z.number(m.scoreNotNumber), z.null()], m.scoreNotNumber);

export const markInput = z.object({
  studentId: uuid('Invalid learner id'),
  /** Total over the papers (or the one paper); null with status absent or exempt. */
  score: score.optional(),
  status: z.enum(MARK_STATUSES, 'Status must be present, absent or exempt.').default('present'),
  /** Marks per paper when the subject has several papers; score is then their sum. */
  paperScores: z.array(z.union([z.number(m.scoreNotNumber), z.null()], m.scoreNotNumber)).max(6).optional(),
  /** true: remove the learner's mark (a blank is "no mark", never zero); score and status are then ignored. Not on approved sheets. */
  clear: z.literal(true).optional(),
});
export type MarkInput = z.input<typeof markInput>;

/** PUT /api/exams/:examId/marks → { saved, sheet }; idempotent (the same marks again change nothing). */
export const saveMarksBody = z.object({
  classId: uuid(m.streamNotFound),
  subjectId: uuid(m.subjectNotFound),
  marks: z.array(markInput).min(1, m.marksRequired).max(500),
  /** Required when changing approved marks (principal only); kept in the grade audit log. */
  reason: z.string().trim().max(500).optional(),
});
export const saveMarksResponse = z.object({
  saved: z.number(),
  unchanged: z.number(),
  sheet: markSheetSchema,
});

export const sheetBody = z.object({ classId: uuid(m.streamNotFound), subjectId: uuid(m.subjectNotFound) });
export const returnSheetBody = sheetBody.extend({ comment: z.string(m.commentRequired).trim().min(1, m.commentRequired).max(1000) });

export const markRowSchema = z.object({
  studentId: z.string(),
  admissionNumber: z.string(),
  name: z.string(),
  gender: z.string(),
  status: z.enum(MARK_STATUSES).nullable(),
  score: z.number().nullable(),
  paperScores: z.array(z.number().nullable()).nullable(),
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  gradeLabel: z.string().nullable(),
  points: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type MarkRow = z.infer<typeof markRowSchema>;

/** GET /api/exams/:examId/marks?classId=&subjectId= → the marks grid of one stream x subject. */
export const marksQuery = z.object({ classId: uuid(m.streamNotFound), subjectId: uuid(m.subjectNotFound) });
export const marksGridSchema = z.object({
  exam: z.object({ id: z.string(), name: z.string(), status: z.enum(EXAM_STATUSES), entryOpensOn: z.string(), entryClosesOn: z.string(), entryState: z.enum(['not_yet', 'open', 'closed']) }),
  subject: examSubjectSchema,
  className: z.string(),
  sheet: markSheetSchema,
  /** Can the caller change marks now (window, sheet status, role)? needsReason: approved marks (principal). */
  canEdit: z.boolean(),
  needsReason: z.boolean(),
  scale: z.object({ key: z.enum(SCALE_KEYS), name: z.string(), bands: z.array(gradeBandSchema) }),
  rows: z.array(markRowSchema),
});
export type MarksGrid = z.infer<typeof marksGridSchema>;

/** GET /api/grades/my-sheets → the teacher's streams x subjects in exams of the current and recent terms. */
export const mySheetsResponse = z.object({
  items: z.array(markSheetSchema.extend({ examId: z.string(), examName: z.string(), termName: z.string(), entryState: z.enum(['not_yet', 'open', 'closed']), entryOpensOn: z.string(), entryClosesOn: z.string(), examStatus: z.enum(EXAM_STATUSES) })),
});
export type MySheet = z.infer<typeof mySheetsResponse>['items'][number];

/** GET /api/grades/queue → submitted mark sheets waiting for the principal, oldest first. */
export const approvalQueueResponse = mySheetsResponse;

export const gradeAuditEntrySchema = z.object({
  id: z.string(),
  studentName: z.string(),
  admissionNumber: z.string(),
  subjectName: z.string(),
  className: z.string().nullable(),
  oldStatus: z.string().nullable(),
  oldScore: z.number().nullable(),
  newStatus: z.string(),
  newScore: z.number().nullable(),
  reason: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export const gradeAuditResponse = z.object({ items: z.array(gradeAuditEntrySchema) });

// ---------------------------------------------------------------------------------------------
// Results

export const resultSubjectSchema = z.object({
  subjectId: z.string(),
  /** Raw score over the papers; null when absent, exempt or not entered. */
  score: z.number().nullable(),
  percent: z.number().nullable(),
  status: z.enum(MARK_STATUSES).nullable(),
  grade: z.string().nullable(),
  gradeLabel: z.string().nullable(),
  points: z.number().nullable(),
});
export const resultRowSchema = z.object({
  studentId: z.string(),
  admissionNumber: z.string(),
  name: z.string(),
  gender: z.string(),
  classId: z.string(),
  className: z.string(),
  /** Sum of the subject percentages sat. */
  total: z.number().nullable(),
  /** Mean percentage over the subjects sat (absent and exempt do not count). */
  mean: z.number().nullable(),
  meanGrade: z.string().nullable(),
  meanGradeLabel: z.string().nullable(),
  /** Total points (KCSE: best seven; CBC/KNEC: every learning area); null for IGCSE. */
  points: z.number().nullable(),
  subjectsSat: z.number(),
  position: z.number().nullable(),
  positionOutOf: z.number(),
  levelPosition: z.number().nullable(),
  levelPositionOutOf: z.number(),
  /** Mean now minus the mean in the previous series of the same levels (percentage points). */
  deviation: z.number().nullable(),
  subjects: z.array(resultSubjectSchema),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

export const subjectSummarySchema = z.object({
  subjectId: z.string(),
  name: z.string(),
  code: z.string(),
  maxMarks: z.number(),
  entries: z.number(),
  mean: z.number().nullable(),
  meanGrade: z.string().nullable(),
  meanGradeLabel: z.string().nullable(),
  deviation: z.number().nullable(),
  teacherName: z.string().nullable(),
});

/** GET /api/exams/:examId/results?classId= | ?levelId= → the broadsheet. */
export const resultsQuery = z.object({ classId: z.uuid('Invalid stream id').optional(), levelId: z.uuid('Invalid level id').optional(), format: z.enum(['json', 'pdf', 'xlsx']).default('json') });
export const resultsResponse = z.object({
  exam: z.object({ id: z.string(), name: z.string(), termName: z.string(), academicYear: z.string(), status: z.enum(EXAM_STATUSES), previousExamName: z.string().nullable() }),
  scope: z.object({ kind: z.enum(['stream', 'level']), id: z.string(), name: z.string() }),
  subjects: z.array(subjectSummarySchema),
  rows: z.array(resultRowSchema),
  summary: z.object({
    learners: z.number(),
    mean: z.number().nullable(),
    meanGrade: z.string().nullable(),
    meanGradeLabel: z.string().nullable(),
    deviation: z.number().nullable(),
    /** Learners per mean grade, highest grade first. */
    gradeCounts: z.array(z.object({ grade: z.string(), label: z.string(), count: z.number() })),
  }),
});
export type ExamResults = z.infer<typeof resultsResponse>;

/** GET /api/exams/:examId/analytics?classId=|levelId= → figures for the charts of issue 12 §4. */
export const analyticsResponse = z.object({
  gradeDistribution: z.array(z.object({ grade: z.string(), label: z.string(), count: z.number() })),
  subjectMeans: z.array(z.object({ subjectId: z.string(), name: z.string(), mean: z.number().nullable(), previousMean: z.number().nullable(), teacherName: z.string().nullable() })),
  gender: z.array(z.object({ gender: z.string(), learners: z.number(), mean: z.number().nullable() })),
  mostImproved: z.array(z.object({ studentId: z.string(), name: z.string(), className: z.string(), mean: z.number(), previousMean: z.number(), change: z.number() })),
  streams: z.array(z.object({ classId: z.string(), name: z.string(), learners: z.number(), mean: z.number().nullable() })),
  /** Mean of the same levels in each released series, oldest first (term-over-term trend). */
  trend: z.array(z.object({ examId: z.string(), name: z.string(), termName: z.string(), mean: z.number().nullable() })),
});
export type ExamAnalytics = z.infer<typeof analyticsResponse>;

// ---------------------------------------------------------------------------------------------
// Parent: Child Grades

export const childSeriesSchema = z.object({
  examId: z.string(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  termId: z.string(),
  termName: z.string(),
  academicYear: z.string(),
  releasedAt: z.string().nullable(),
  className: z.string(),
  mean: z.number().nullable(),
  meanGrade: z.string().nullable(),
  meanGradeLabel: z.string().nullable(),
  points: z.number().nullable(),
  /** Null when the school does not publish positions. */
  position: z.number().nullable(),
  positionOutOf: z.number().nullable(),
  subjects: z.array(z.object({ subjectId: z.string(), name: z.string(), score: z.number().nullable(), maxMarks: z.number(), percent: z.number().nullable(), status: z.enum(MARK_STATUSES).nullable(), grade: z.string().nullable(), gradeLabel: z.string().nullable(), points: z.number().nullable() })),
});
/** One released series of one child, as a parent sees it (frozen at release: released_results). */
export type ChildSeries = z.infer<typeof childSeriesSchema>;
export const myChildrenGradesResponse = z.object({
  children: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      admissionNumber: z.string(),
      className: z.string().nullable(),
      series: z.array(childSeriesSchema),
      /** Terms with a report card to download. */
      reportTerms: z.array(z.object({ termId: z.string(), name: z.string() })),
      comments: z.array(z.object({ termId: z.string(), classTeacher: z.string().nullable(), principal: z.string().nullable() })),
    }),
  ),
});
export type MyChildrenGrades = z.infer<typeof myChildrenGradesResponse>;

// ---------------------------------------------------------------------------------------------
// Report cards

export const reportCardQuery = z.object({ termId: z.uuid('Invalid term id') });
export const reportCommentsQuery = z.object({ termId: z.uuid('Invalid term id'), classId: z.uuid('Invalid stream id') });
export const reportCommentRowSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string(),
  mean: z.number().nullable(),
  meanGradeLabel: z.string().nullable(),
  classTeacherComment: z.string().nullable(),
  principalComment: z.string().nullable(),
  suggested: z.string(),
});
export const reportCommentsResponse = z.object({ items: z.array(reportCommentRowSchema) });
export const saveReportCommentsBody = z.object({
  termId: z.uuid('Invalid term id'),
  comments: z.array(z.object({ studentId: z.uuid('Invalid learner id'), classTeacherComment: z.string().trim().max(600).nullable().optional(), principalComment: z.string().trim().max(600).nullable().optional() })).min(1).max(500),
});
/** POST /api/report-cards/bulk → 202 a background task that makes one PDF for a stream or a level. */
export const bulkReportCardsBody = z.object({ termId: z.uuid('Invalid term id'), classId: z.uuid('Invalid stream id').optional(), levelId: z.uuid('Invalid level id').optional() });

// ---------------------------------------------------------------------------------------------
// Certificates (spec §3 Certificate)

export const certificateSchema = z.object({
  id: z.string(),
  kind: z.enum([...CERTIFICATE_KINDS, 'report_card']),
  academic_year: z.string(),
  generated_at: z.string(),
  /**
   * average_score: mean % of the year's released results (one decimal); grade_letter the code ("ME1"),
   * grade_label the code with its descriptor ("ME1 Good"); attendance null when not recorded (report cards).
   */
  performance: z.object({ average_score: z.number(), grade_letter: z.string(), grade_label: z.string().optional(), attendance_percentage: z.number().nullable() }),
  student: z.object({ name: z.string(), admission_number: z.string() }),
  school: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  class: z.object({ name: z.string(), level: z.string(), stream: z.string() }),
  generated_by: z.object({ name: z.string(), role: z.string() }),
  /** Report cards: the term, and each subject's term mark and grade as printed on the card. */
  term: z.string().optional(),
  subjects: z.array(z.object({ name: z.string(), score: z.number().nullable(), grade: z.string().nullable() })).optional(),
  note: z.string().nullable().optional(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * POST /api/certificates → 201 { items: CertificateListItem[] }, one signed certificate per learner, in
 * the order given. `attendancePercentage` (0..100) is recorded on every certificate of the batch; until
 * the attendance module computes it, it defaults to the spec's 95 (spec §9), shown to the principal
 * before generating. `note` is optional text printed on the certificate (e.g. the merit's reason).
 */
export const createCertificatesBody = z.object({
  kind: z.enum(CERTIFICATE_KINDS, m.certificateKindInvalid),
  studentIds: z.array(uuid('Invalid learner id'), m.learnersRequired).min(1, m.learnersRequired).max(500, m.tooManyLearners),
  attendancePercentage: z.number(m.attendanceInvalid).min(0, m.attendanceInvalid).max(100, m.attendanceInvalid).optional(),
  note: z.string().trim().max(200, m.certificateNoteTooLong).optional(),
  schoolId: schoolIdParam,
});
/** POST /api/certificates/pdf { ids } → one PDF with a page per certificate (a batch to print). */
export const certificatesPdfBody = z.object({
  ids: z.array(uuid('Invalid certificate id'), m.certificatesRequired).min(1, m.certificatesRequired).max(500, m.tooManyLearners),
  schoolId: schoolIdParam,
});
export const listCertificatesQuery = z.object({
  kind: z.enum([...CERTIFICATE_KINDS, 'report_card']).optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['valid', 'revoked']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  schoolId: schoolIdParam,
});
/** A certificate as staff see it: the spec's fields plus where it belongs and the link its QR code opens. */
export const certificateListItem = certificateSchema.extend({ schoolId: z.string(), schoolName: z.string(), studentId: z.string(), verifyUrl: z.string() });
export type CertificateListItem = z.infer<typeof certificateListItem>;
export const listCertificatesResponse = z.object({ items: z.array(certificateListItem), total: z.number() });
export const revokeCertificateBody = z.object({ reason: z.string(m.revokeReasonRequired).trim().min(1, m.revokeReasonRequired).max(500) });

/**
 * GET /api/certificates/:id/verify?sig= (public) → { status, certificate }. status verified: the record
 * exists, is not revoked and its Ed25519 signature checks against its content (and `sig`, when the QR
 * carried one, is that signature); revoked: it was revoked; invalid: anything else (certificate null).
 */
export const verifyCertificateResponse = z.object({
  status: z.enum(['verified', 'revoked', 'invalid']),
  certificate: certificateSchema.nullable(),
  /** What was signed (canonical JSON), the key id and the signature: verify offline with the public key. */
  signed: z.object({ content: z.string(), keyId: z.string(), signature: z.string(), algorithm: z.literal('Ed25519') }).nullable(),
});
export type VerifyCertificateResponse = z.infer<typeof verifyCertificateResponse>;

/** GET /api/certificates/keys (public) → the platform's public keys (raw Ed25519, base64url, and PEM). */
export const signingKeysResponse = z.object({ keys: z.array(z.object({ keyId: z.string(), algorithm: z.literal('Ed25519'), publicKey: z.string(), pem: z.string(), createdAt: z.string(), retiredAt: z.string().nullable() })) });

// ---------------------------------------------------------------------------------------------
// CBC formative assessment

export const formativeQuery = z.object({ termId: z.uuid('Invalid term id'), classId: z.uuid('Invalid stream id'), subjectId: z.uuid('Invalid subject id') });
export const formativeEntrySchema = z.object({ id: z.string(), studentId: z.string(), strand: z.string(), subStrand: z.string().nullable(), level: z.string(), points: z.number(), comment: z.string().nullable(), assessedOn: z.string(), assessedBy: z.string().nullable() });
export const formativeResponse = z.object({
  method: z.enum(ROLLUP_METHODS),
  learners: z.array(z.object({ studentId: z.string(), name: z.string(), admissionNumber: z.string(), termLevel: z.string().nullable(), termLevelLabel: z.string().nullable(), entries: z.array(formativeEntrySchema) })),
});
export const recordFormativeBody = z.object({
  termId: z.uuid('Invalid term id'),
  classId: z.uuid('Invalid stream id'),
  subjectId: z.uuid('Invalid subject id'),
  strand: z.string(m.strandRequired).trim().min(1, m.strandRequired).max(120),
  subStrand: z.string().trim().max(120).nullable().optional(),
  assessedOn: date,
  entries: z.array(z.object({ studentId: z.uuid('Invalid learner id'), level: z.enum(['EE', 'ME', 'AE', 'BE'], m.levelInvalid), comment: z.string().trim().max(300).nullable().optional() })).min(1).max(500),
});

// ---------------------------------------------------------------------------------------------
// Exam timetable

export const timetableEntryInput = z.object({
  subjectId: uuid(m.subjectNotFound),
  paper: z.string().trim().min(1).max(40),
  sitsOn: date,
  startsAt: z.string().regex(/^\d{2}:\d{2}$/, m.examTimeInvalid),
  endsAt: z.string().regex(/^\d{2}:\d{2}$/, m.examTimeInvalid),
  room: z.string().trim().max(60).nullable().optional(),
  invigilatorId: z.uuid('Invalid teacher id').nullable().optional(),
});
export const saveTimetableBody = z.object({ entries: z.array(timetableEntryInput).max(200) });
export const timetableResponse = z.object({
  items: z.array(timetableEntryInput.extend({ id: z.string(), subjectName: z.string(), invigilatorName: z.string().nullable() })),
});
