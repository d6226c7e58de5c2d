import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ID_CARDS_TASK,
  classDetailsSchema,
  classListExportQuery,
  exportTeachersQuery,
  idCardsBody,
  idCardsResponse,
  listTeachersQuery,
  listTeachersResponse,
  teacherDetailSchema,
} from '../../../shared/contracts/people.js';
import { messages } from '../../../shared/messages.js';
import { sendPdf } from '../../lib/pdf.js';
import { sendSpreadsheet } from '../../lib/spreadsheet.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { classDetails, classListPdf, classListFileName, classListSheet, loadClassList } from './class-lists.service.js';
import { idCardsTaskHandler, singleIdCard, startIdCards } from './id-cards.js';
import { deletePhoto, getPhoto, putPhoto } from './photos.service.js';
import { exportTeachers, getTeacher, listTeachers } from './teachers.service.js';

const idParams = (what: string) => z.object({ id: z.uuid(`Invalid ${what} id`) });

/**
 * Teachers and classes (issue 10 §3): the teaching staff list, stream details, class lists (PDF, CSV,
 * Excel), learner ID cards (PDF, one now or many as a background task) and learner photos.
 *
 * Who: the staff list and stream details need viewSchoolStructure (school staff except parents, and
 * platform staff); class lists need viewLearners and are refused to parents (403), and a teacher gets
 * only the streams they lead or teach (404 otherwise); ID cards and photo changes are the principal's;
 * photos are readable by anyone who may see the learner. Another school's ids are 404.
 *
 * Errors are `{ error: { code, message, fields? } }`.
 */
export async function peopleRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  deps.tasks.register(ID_CARDS_TASK, idCardsTaskHandler(deps.publicUrl));

  /**
   * GET /api/teachers?search=&departmentId=&subjectId=&status=&sort=name|-name|load|-load&page=&pageSize=
   * → { items: [{ id, name, email, phone, role, status, departments: [{ id, name, isHead }],
   * classTeacherOf, streams, subjects: [{ id, name }], assignmentCount, lessonsPerWeek }], total, page,
   * pageSize, departments, subjects (filter choices), maxLoad, academicYear }. Load is lessons per week
   * over the current year's teacher assignments.
   */
  r.get(
    '/api/teachers',
    { config: { permission: 'viewSchoolStructure' }, schema: { querystring: listTeachersQuery, response: { 200: listTeachersResponse }, tags: ['teachers'] } },
    async (request) => listTeachers(database, actorOf(request), request.query),
  );

  /** GET /api/teachers/export?format=csv|xlsx&…filters → the staff list as a download (formulas escaped). */
  r.get(
    '/api/teachers/export',
    { config: { permission: 'viewSchoolStructure' }, schema: { querystring: exportTeachersQuery, tags: ['teachers'] } },
    async (request, reply) => {
      const { rows, columns } = await exportTeachers(database, actorOf(request), request.query);
      return sendSpreadsheet(reply, request.query.format, messages.people.teachersFile, columns, rows, messages.people.teachersFile);
    },
  );

  /**
   * GET /api/teachers/:id → the teacher with this year's assignments [{ id, classId, className, level,
   * levelOrder, stream, subjectId, subjectName, subjectCode, lessonsPerWeek, isClassTeacher }].
   */
  r.get(
    '/api/teachers/:id',
    { config: { permission: 'viewSchoolStructure' }, schema: { params: idParams('teacher'), response: { 200: teacherDetailSchema }, tags: ['teachers'] } },
    async (request) => getTeacher(database, actorOf(request), request.params.id),
  );

  /**
   * GET /api/classes/:id/details → { id, name, level, stream, academicYear, homeRoom, capacity,
   * learnerCount, classTeacher, subjects: [{ subjectId, name, code, teacherId, teacherName,
   * lessonsPerWeek }], totalLessonsPerWeek, gender: { female, male }, boarding: { day, boarding },
   * can: { classList, guardianContacts, idCards } }.
   */
  r.get(
    '/api/classes/:id/details',
    { config: { permission: 'viewSchoolStructure' }, schema: { params: idParams('class'), response: { 200: classDetailsSchema }, tags: ['classes'] } },
    async (request) => classDetails(database, actorOf(request), request.params.id),
  );

  /** GET /api/classes/:id/class-list.pdf → the class list (A4, school letterhead, page numbers). */
  r.get(
    '/api/classes/:id/class-list.pdf',
    { config: { permission: 'viewLearners' }, schema: { params: idParams('class'), tags: ['classes'] } },
    async (request, reply) => {
      const { pdf, fileName } = await classListPdf(database, storage, actorOf(request), request.params.id);
      return sendPdf(reply, pdf, fileName);
    },
  );

  /** GET /api/classes/:id/class-list?format=csv|xlsx → the class list as a spreadsheet. */
  r.get(
    '/api/classes/:id/class-list',
    { config: { permission: 'viewLearners' }, schema: { params: idParams('class'), querystring: classListExportQuery, tags: ['classes'] } },
    async (request, reply) => {
      const list = await loadClassList(database, actorOf(request), request.params.id);
      const rows = list.rows.map((row, index) => ({ ...row, index }));
      return sendSpreadsheet(reply, request.query.format, classListFileName(list.cls), classListSheet(list), rows, list.cls.name);
    },
  );

  /** GET /api/students/:id/id-card.pdf → one learner's ID card (principal). */
  r.get(
    '/api/students/:id/id-card.pdf',
    { config: { permission: 'manageLearners' }, schema: { params: idParams('learner'), tags: ['students'] } },
    async (request, reply) => {
      const { pdf, fileName } = await singleIdCard(database, storage, deps.publicUrl, actorOf(request), request.params.id);
      return sendPdf(reply, pdf, fileName);
    },
  );

  /**
   * POST /api/id-cards { classId } | { studentIds: [...] } → 202 { taskId, total }: ID cards as a
   * background task of kind `id-cards` (principal). Follow it with GET /api/tasks/:id (progress per
   * card); when it succeeds, resultFileUrl downloads the PDF.
   */
  r.post(
    '/api/id-cards',
    { config: { permission: 'manageLearners' }, schema: { body: idCardsBody, response: { 202: idCardsResponse }, tags: ['students'] } },
    async (request, reply) => reply.status(202).send(await startIdCards(database, deps.tasks, actorOf(request), request.body, request.ip)),
  );

  /**
   * PUT /api/students/:id/photo (multipart, field `file`: JPEG, PNG or WebP up to 2 MB) → { photoUrl }.
   * Principal; audited.
   */
  r.put(
    '/api/students/:id/photo',
    {
      config: { permission: 'manageLearners' },
      schema: { params: idParams('learner'), response: { 200: z.object({ photoUrl: z.string() }) }, tags: ['students'], consumes: ['multipart/form-data'] },
    },
    async (request) => putPhoto(database, storage, actorOf(request), request.params.id, request),
  );

  /** DELETE /api/students/:id/photo → 204 (principal; audited). */
  r.delete(
    '/api/students/:id/photo',
    { config: { permission: 'manageLearners' }, schema: { params: idParams('learner'), tags: ['students'] } },
    async (request, reply) => {
      await deletePhoto(database, actorOf(request), request.params.id, request.ip);
      return reply.status(204).send();
    },
  );

  /** GET /api/students/:id/photo → the image (private cache; the URL carries a version). */
  r.get(
    '/api/students/:id/photo',
    { config: { permission: 'viewLearners' }, schema: { params: idParams('learner'), querystring: z.object({ v: z.string().max(40).optional() }), tags: ['students'] } },
    async (request, reply) => {
      const { body, contentType } = await getPhoto(database, storage, actorOf(request), request.params.id);
      reply.header('content-type', contentType);
      reply.header('cache-control', request.query.v ? 'private, max-age=86400' : 'private, max-age=60');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-disposition', 'inline');
      return reply.send(body);
    },
  );
}
