import { z } from 'zod';
import { peopleMessages as m } from '../messages/people.js';

/**
 * Teachers and classes (issue 10 §3 "/teachers", "/classes", class lists and learner ID cards as PDF,
 * learner photos). Request and response shapes of modules/people, shared by routes and screens.
 */

// ── Teachers ─────────────────────────────────────────────────────────────────────────────────────

export const TEACHER_SORTS = ['name', '-name', 'load', '-load'] as const;

/**
 * GET /api/teachers (and /api/teachers/export) query: search (name, e-mail, phone, subject or stream
 * name; every word must match), departmentId, subjectId (teaches it this year), status, sort, page,
 * pageSize. schoolId is for platform staff (default: every school).
 */
export const listTeachersQuery = z.object({
  search: z.string().trim().max(100, m.searchTooLong).optional(),
  departmentId: z.uuid('Invalid department id').optional(),
  subjectId: z.uuid('Invalid subject id').optional(),
  status: z.enum(['active', 'inactive', 'suspended']).optional(),
  sort: z.enum(TEACHER_SORTS).default('name'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  schoolId: z.uuid('Invalid school id').optional(),
});
export type ListTeachersQuery = z.infer<typeof listTeachersQuery>;

export const exportTeachersQuery = listTeachersQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportTeachersQuery = z.infer<typeof exportTeachersQuery>;

const ref = z.object({ id: z.uuid(), name: z.string() });

/** One teacher as the staff list shows them; load = lessons per week over this year's assignments. */
export const teacherListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** teacher, or principal for a principal who teaches. */
  role: z.string(),
  status: z.string(),
  schoolId: z.uuid(),
  departments: z.array(ref.extend({ isHead: z.boolean() })),
  /** Streams this teacher leads (class teacher), this year. */
  classTeacherOf: z.array(ref),
  /** Streams taught this year (any subject), by level. */
  streams: z.array(ref),
  /** Distinct learning areas taught this year, by name. */
  subjects: z.array(ref),
  assignmentCount: z.number().int(),
  lessonsPerWeek: z.number().int(),
});
export type TeacherListItem = z.infer<typeof teacherListItemSchema>;

export const listTeachersResponse = z.object({
  items: z.array(teacherListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Filter choices of the school(s): departments and this year's learning areas. */
  departments: z.array(ref),
  subjects: z.array(ref),
  /** The largest load on the staff (for the load bars), lessons per week. */
  maxLoad: z.number().int(),
  /** The academic year the streams, subjects and loads are of (null when the school has none). */
  academicYear: z.string().nullable(),
});
export type ListTeachersResponse = z.infer<typeof listTeachersResponse>;

/** One teacher × stream × learning area (the timetable places these). */
export const teacherAssignmentItemSchema = z.object({
  id: z.uuid(),
  classId: z.uuid(),
  className: z.string(),
  level: z.string(),
  levelOrder: z.number().int(),
  stream: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  subjectCode: z.string(),
  lessonsPerWeek: z.number().int(),
  /** The teacher is also this stream's class teacher. */
  isClassTeacher: z.boolean(),
});
export type TeacherAssignmentItem = z.infer<typeof teacherAssignmentItemSchema>;

/** GET /api/teachers/:id: the list item with the year's assignments, by level, stream and subject. */
export const teacherDetailSchema = teacherListItemSchema.extend({
  academicYear: z.string().nullable(),
  assignments: z.array(teacherAssignmentItemSchema),
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;

// ── Classes ──────────────────────────────────────────────────────────────────────────────────────

/** GET /api/classes/:id/details: a stream with its class teacher, subject teachers and splits. */
export const classDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.string(),
  stream: z.string(),
  academicYear: z.string(),
  academicYearId: z.uuid(),
  homeRoom: z.string().nullable(),
  capacity: z.number().int(),
  learnerCount: z.number().int(),
  classTeacher: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable(), email: z.string() }).nullable(),
  /** Learning areas of the stream with their teacher (null: not assigned yet) and lessons per week. */
  subjects: z.array(
    z.object({
      subjectId: z.uuid(),
      name: z.string(),
      code: z.string(),
      teacherId: z.uuid().nullable(),
      teacherName: z.string().nullable(),
      lessonsPerWeek: z.number().int(),
    }),
  ),
  totalLessonsPerWeek: z.number().int(),
  gender: z.object({ female: z.number().int(), male: z.number().int() }),
  boarding: z.object({ day: z.number().int(), boarding: z.number().int() }),
  /** What the caller may do here: download the class list; see guardian phones on it; make ID cards. */
  can: z.object({ classList: z.boolean(), guardianContacts: z.boolean(), idCards: z.boolean() }),
});
export type ClassDetails = z.infer<typeof classDetailsSchema>;

export const classListExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

// ── ID cards ─────────────────────────────────────────────────────────────────────────────────────

/** Cards per A4 page (2 columns × 4 rows of CR80 cards, 85.6 × 54 mm, with cutting gutters). */
export const ID_CARDS_PER_PAGE = 8;
/** The most learners one ID-card task takes (a selection); a whole class has no limit beyond its size. */
export const MAX_ID_CARD_SELECTION = 2000;

/** POST /api/id-cards: a whole class, or a selection of learners (exactly one of the two). */
export const idCardsBody = z
  .object({
    classId: z.uuid(m.classIdInvalid).optional(),
    studentIds: z
      .array(z.uuid(m.learnerIdInvalid))
      .min(1, m.learnersRequired)
      .max(MAX_ID_CARD_SELECTION, m.tooManyLearners)
      .optional(),
  })
  .refine((b) => (b.classId ? 1 : 0) + (b.studentIds ? 1 : 0) === 1, { message: m.classOrLearners, path: ['classId'] });
export type IdCardsBody = z.infer<typeof idCardsBody>;

export const idCardsResponse = z.object({ taskId: z.uuid(), total: z.number().int() });

/** The background task kind that makes ID cards (GET /api/tasks/:id follows it). */
export const ID_CARDS_TASK = 'id-cards';

/** The staff page a learner's ID-card QR code opens (nothing personal in the code itself). */
export function learnerRecordUrl(publicUrl: string, studentId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dashboard/students?student=${encodeURIComponent(studentId)}`;
}
