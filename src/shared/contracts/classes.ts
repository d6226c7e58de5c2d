import { z } from 'zod';

/**
 * Streams (classes) as GET /api/classes lists them (issue 10 §4 Public API: exactly id, name, level,
 * stream, classTeacherId, learnerCount, capacity; the fields after the comment are extras).
 */
export const classItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.string(),
  stream: z.string(),
  classTeacherId: z.uuid().nullable(),
  learnerCount: z.number().int(),
  capacity: z.number().int(),
  // Extras beyond §4.
  levelId: z.uuid().nullable(),
  levelOrder: z.number().int(),
  band: z.string(),
  academicYearId: z.uuid(),
  academicYear: z.string(),
  classTeacherName: z.string().nullable(),
  homeRoom: z.string().nullable(),
});
export type ClassItem = z.infer<typeof classItemSchema>;

/**
 * GET /api/classes query: yearId (default: the current academic year; `all` for every year), levelId.
 * schoolId is for platform staff.
 */
export const listClassesQuery = z.object({
  yearId: z.union([z.uuid('Invalid academic year id'), z.literal('all')]).optional(),
  levelId: z.uuid('Invalid level id').optional(),
  schoolId: z.uuid('Invalid school id').optional(),
});
export type ListClassesQuery = z.infer<typeof listClassesQuery>;

export const listClassesResponse = z.array(classItemSchema);
