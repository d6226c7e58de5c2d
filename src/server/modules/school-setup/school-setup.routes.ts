import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { classItemSchema } from '../../../shared/contracts/classes.js';
import {
  academicYearSchema,
  addCatalogueSubjectsBody,
  addCatalogueSubjectsResponse,
  admissionPreviewQuery,
  admissionPreviewResponse,
  assignmentResponse,
  closeYearBody,
  copyAssignmentsBody,
  copyAssignmentsResponse,
  createAssignmentBody,
  createClassBody,
  createSubjectBody,
  createYearBody,
  departmentBody,
  departmentSchema,
  idParams,
  levelBody,
  levelSchema,
  listAssignmentsQuery,
  listAssignmentsResponse,
  listDepartmentsResponse,
  listLevelsResponse,
  listSubjectsQuery,
  listSubjectsResponse,
  listTeachersResponse,
  listYearsResponse,
  schoolProfileSchema,
  schoolQuery,
  subjectSchema,
  updateAssignmentBody,
  updateClassBody,
  updateDepartmentBody,
  updateLevelBody,
  updateProfileBody,
  updateSubjectBody,
  updateYearBody,
} from '../../../shared/contracts/school-setup.js';
import type { Actor } from '../../../shared/access.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { readUpload } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { getProfile, previewAdmissionNumber, setLogo, updateProfile } from './profile.service.js';
import {
  copyAssignments,
  createAssignment,
  createDepartment,
  deleteAssignment,
  deleteDepartment,
  listAssignments,
  listDepartments,
  listTeachers,
  updateAssignment,
  updateDepartment,
} from './staff.service.js';
import { createLevel, createStream, deleteLevel, deleteStream, listLevels, updateLevel, updateStream } from './structure.service.js';
import { addFromCatalogue, createSubject, listSubjects, setRetired, updateSubject } from './subjects.service.js';
import { closeYear, createYear, listYears, markCurrentTerm, updateYear } from './years.service.js';

const READ = { permission: 'viewSchoolStructure' } as const;
const WRITE = { permission: 'manageSchoolSetup' } as const;
const tags = ['school-setup'];

/**
 * School setup (issue 10 §1): profile, years and terms, levels and streams, learning areas, teacher
 * assignments, departments.
 *
 * Reads: viewSchoolStructure (every school role except parents; platform staff name the school with
 * `?schoolId=`, 400 without it). Writes: manageSchoolSetup (the principal, for their own school). Every
 * write runs in one transaction with an audit entry holding the old and new values. Another school's
 * ids are 404. Errors are `{ error: { code, message, fields? } }`: 400 VALIDATION / BAD_REQUEST with
 * `fields`, 401, 403, 404 NOT_FOUND, 409 (YEAR_EXISTS, YEAR_CLOSED, CLOSE_CURRENT_YEAR, ALREADY_CLOSED,
 * LEVEL_EXISTS, LEVEL_IN_USE, STREAM_EXISTS, STREAM_IN_USE, SUBJECT_CODE_TAKEN, ALREADY_RETIRED,
 * NOT_RETIRED, ASSIGNMENT_TAKEN, DEPARTMENT_EXISTS).
 */
export async function schoolSetupRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database;

  // The create and update helpers register on `app` (the same instance as `r`, validated and serialised
  // by the same zod compilers): the type provider cannot resolve a generic schema's types.

  /** POST `path` with `body` → 201 and what `create` answers (`response`). */
  function createRoute<B, R>(path: string, body: z.ZodType<B>, response: z.ZodType<R>, create: (database: Database, actor: Actor, body: B, ip: string) => Promise<R>, routeTags = tags) {
    app.post(path, { config: WRITE, schema: { body, response: { 201: response }, tags: routeTags } }, async (req, reply) =>
      reply.status(201).send(await create(db, actorOf(req), req.body as B, req.ip)),
    );
  }

  /** PATCH `path` (an :id) with `body` → what `update` answers (`response`). */
  function updateRoute<B, R>(path: string, body: z.ZodType<B>, response: z.ZodType<R>, update: (database: Database, actor: Actor, id: string, body: B, ip: string) => Promise<R>, routeTags = tags) {
    app.patch(path, { config: WRITE, schema: { params: idParams, body, response: { 200: response }, tags: routeTags } }, async (req) =>
      update(db, actorOf(req), (req.params as { id: string }).id, req.body as B, req.ip),
    );
  }

  /** DELETE `path` (an :id) → 204 once `remove` has deleted it, in one audited transaction. */
  const deleteRoute = (path: string, remove: (database: Database, actor: Actor, id: string, ip: string) => Promise<void>, routeTags = tags) =>
    r.delete(path, { config: WRITE, schema: { params: idParams, tags: routeTags } }, async (req, reply) => {
      await remove(db, actorOf(req), req.params.id, req.ip);
      return reply.status(204).send();
    });

  // ── Profile ──

  /** GET /api/school-setup/profile → the profile with nextAdmissionNumber (e.g. GHA/2026/0062) and maxTeacherLoad. */
  r.get('/api/school-setup/profile', { config: READ, schema: { querystring: schoolQuery, response: { 200: schoolProfileSchema }, tags } }, async (req) =>
    getProfile(db, actorOf(req), req.query.schoolId),
  );

  /** PATCH /api/school-setup/profile → the profile. 400 naming the field (phone, county, curricula, admissionNumberPattern …). */
  r.patch('/api/school-setup/profile', { config: WRITE, schema: { body: updateProfileBody, response: { 200: schoolProfileSchema }, tags } }, async (req) =>
    updateProfile(db, actorOf(req), req.body, req.ip),
  );

  /** GET /api/school-setup/admission-preview?pattern= → { next, year }: the next admission number under a pattern being typed. */
  r.get('/api/school-setup/admission-preview', { config: READ, schema: { querystring: admissionPreviewQuery, response: { 200: admissionPreviewResponse }, tags } }, async (req) =>
    previewAdmissionNumber(db, actorOf(req), req.query.pattern, req.query.schoolId),
  );

  /**
   * POST /api/school-setup/profile/logo (multipart field `file`: PNG, JPEG or WebP up to 2 MB) → the
   * profile with logoUrl /api/files/<id>. 400 NO_FILE, 413 FILE_TOO_LARGE, 415 FILE_TYPE.
   */
  r.post('/api/school-setup/profile/logo', { config: WRITE, schema: { response: { 200: schoolProfileSchema }, tags } }, async (req) => {
    const actor = actorOf(req);
    const upload = await readUpload(req, 'logo');
    return setLogo(db, deps.storage, actor, upload, req.ip);
  });

  /** DELETE /api/school-setup/profile/logo → the profile without a logo. */
  r.delete('/api/school-setup/profile/logo', { config: WRITE, schema: { response: { 200: schoolProfileSchema }, tags } }, async (req) =>
    setLogo(db, deps.storage, actorOf(req), null, req.ip),
  );

  // ── Academic years and terms ──

  /** GET /api/school-setup/years → { items: years newest first, each with terms and half-terms }. */
  r.get('/api/school-setup/years', { config: READ, schema: { querystring: schoolQuery, response: { 200: listYearsResponse }, tags } }, async (req) => ({
    items: await listYears(db, actorOf(req), req.query.schoolId),
  }));

  /** POST /api/school-setup/years → 201 the year (open, not current). 400 with terms.<i>.<field> errors; 409 YEAR_EXISTS. */
  createRoute('/api/school-setup/years', createYearBody, academicYearSchema, createYear);

  /** PATCH /api/school-setup/years/:id → the year: new name and term dates. 409 YEAR_CLOSED. */
  updateRoute('/api/school-setup/years/:id', updateYearBody, academicYearSchema, updateYear);

  /** POST /api/school-setup/years/:id/close { nextCurrentTermId? } → { items: every year }. */
  r.post(
    '/api/school-setup/years/:id/close',
    { config: WRITE, schema: { params: idParams, body: closeYearBody.optional(), response: { 200: listYearsResponse }, tags } },
    async (req) => ({ items: await closeYear(db, actorOf(req), req.params.id, req.body ?? {}, req.ip) }),
  );

  /** POST /api/school-setup/terms/:id/current → { items: every year }: the term and its year become current. */
  r.post('/api/school-setup/terms/:id/current', { config: WRITE, schema: { params: idParams, response: { 200: listYearsResponse }, tags } }, async (req) => ({
    items: await markCurrentTerm(db, actorOf(req), req.params.id, req.ip),
  }));

  // ── Levels ──

  /** GET /api/school-setup/levels → { items: levels lowest first, with stream counts }. */
  r.get('/api/school-setup/levels', { config: READ, schema: { querystring: schoolQuery, response: { 200: listLevelsResponse }, tags } }, async (req) => ({
    items: await listLevels(db, actorOf(req), req.query.schoolId),
  }));

  /** POST /api/school-setup/levels → 201 the level. 409 LEVEL_EXISTS. */
  createRoute('/api/school-setup/levels', levelBody, levelSchema, createLevel);

  /** PATCH /api/school-setup/levels/:id → the level (open years' streams follow). */
  updateRoute('/api/school-setup/levels/:id', updateLevelBody, levelSchema, updateLevel);

  /** DELETE /api/school-setup/levels/:id → 204. 409 LEVEL_IN_USE while it has streams. */
  deleteRoute('/api/school-setup/levels/:id', deleteLevel);

  // ── Streams (GET /api/classes lives in modules/classes) ──

  /** POST /api/classes → 201 the stream as GET /api/classes lists it. 409 STREAM_EXISTS, YEAR_CLOSED. */
  createRoute('/api/classes', createClassBody, classItemSchema, createStream, ['classes']);

  /** PATCH /api/classes/:id → the stream. 400 for a capacity below its learners or a non-teacher class teacher. */
  updateRoute('/api/classes/:id', updateClassBody, classItemSchema, updateStream, ['classes']);

  /** DELETE /api/classes/:id → 204. 409 STREAM_IN_USE when it has learners or class history. */
  deleteRoute('/api/classes/:id', deleteStream, ['classes']);

  // ── Learning areas ──

  /** GET /api/school-setup/subjects?band=&includeRetired=true → { items }. */
  r.get('/api/school-setup/subjects', { config: READ, schema: { querystring: listSubjectsQuery, response: { 200: listSubjectsResponse }, tags } }, async (req) => ({
    items: await listSubjects(db, actorOf(req), req.query),
  }));

  /** POST /api/school-setup/subjects → 201 the learning area. 409 SUBJECT_CODE_TAKEN. */
  createRoute('/api/school-setup/subjects', createSubjectBody, subjectSchema, createSubject);

  /** POST /api/school-setup/subjects/catalogue { band, codes } → 201 { created, skipped }. */
  createRoute('/api/school-setup/subjects/catalogue', addCatalogueSubjectsBody, addCatalogueSubjectsResponse, addFromCatalogue);

  /** PATCH /api/school-setup/subjects/:id → the learning area. */
  updateRoute('/api/school-setup/subjects/:id', updateSubjectBody, subjectSchema, updateSubject);

  /** POST /api/school-setup/subjects/:id/retire → the learning area (retiredAt set). */
  r.post('/api/school-setup/subjects/:id/retire', { config: WRITE, schema: { params: idParams, response: { 200: subjectSchema }, tags } }, async (req) =>
    setRetired(db, actorOf(req), req.params.id, true, req.ip),
  );

  /** POST /api/school-setup/subjects/:id/restore → the learning area (retiredAt cleared). */
  r.post('/api/school-setup/subjects/:id/restore', { config: WRITE, schema: { params: idParams, response: { 200: subjectSchema }, tags } }, async (req) =>
    setRetired(db, actorOf(req), req.params.id, false, req.ip),
  );

  // ── Teachers, assignments, departments ──

  /** GET /api/school-setup/teachers → { items: active teachers with their current-year lessons per week }. */
  r.get('/api/school-setup/teachers', { config: READ, schema: { querystring: schoolQuery, response: { 200: listTeachersResponse }, tags } }, async (req) => ({
    items: await listTeachers(db, actorOf(req), req.query.schoolId),
  }));

  /** GET /api/school-setup/assignments?yearId=&classId=&teacherId= → { academicYearId, items, loads, maxLoad }. */
  r.get('/api/school-setup/assignments', { config: READ, schema: { querystring: listAssignmentsQuery, response: { 200: listAssignmentsResponse }, tags } }, async (req) =>
    listAssignments(db, actorOf(req), req.query),
  );

  /** POST /api/school-setup/assignments → 201 { assignment, load, warning }. 409 ASSIGNMENT_TAKEN. */
  createRoute('/api/school-setup/assignments', createAssignmentBody, assignmentResponse, createAssignment);

  /** POST /api/school-setup/assignments/copy { fromClassId, toClassId, replace } → { created, replaced, skipped }. */
  r.post('/api/school-setup/assignments/copy', { config: WRITE, schema: { body: copyAssignmentsBody, response: { 200: copyAssignmentsResponse }, tags } }, async (req) =>
    copyAssignments(db, actorOf(req), req.body, req.ip),
  );

  /** PATCH /api/school-setup/assignments/:id { teacherId?, lessonsPerWeek? } → { assignment, load, warning }. */
  updateRoute('/api/school-setup/assignments/:id', updateAssignmentBody, assignmentResponse, updateAssignment);

  /** DELETE /api/school-setup/assignments/:id → 204. */
  deleteRoute('/api/school-setup/assignments/:id', deleteAssignment);

  /** GET /api/school-setup/departments → { items: departments with head, members and learning areas }. */
  r.get('/api/school-setup/departments', { config: READ, schema: { querystring: schoolQuery, response: { 200: listDepartmentsResponse }, tags } }, async (req) => ({
    items: await listDepartments(db, actorOf(req), req.query.schoolId),
  }));

  /** POST /api/school-setup/departments → 201 the department. 409 DEPARTMENT_EXISTS. */
  createRoute('/api/school-setup/departments', departmentBody, departmentSchema, createDepartment);

  /** PATCH /api/school-setup/departments/:id → the department. */
  updateRoute('/api/school-setup/departments/:id', updateDepartmentBody, departmentSchema, updateDepartment);

  /** DELETE /api/school-setup/departments/:id → 204 (its learning areas stay, without a department). */
  deleteRoute('/api/school-setup/departments/:id', deleteDepartment);

}
