import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceSettingsSchema,
  calendarEventSchema,
  calendarQuery,
  calendarResponse,
  createCalendarEventBody,
  putRegisterBody,
  putRegisterResponse,
  registerQuery,
  registerSchema,
  streamsQuery,
  streamsResponse,
  studentAttendanceQuery,
  studentAttendanceResponse,
  summaryQuery,
  summaryResponse,
  trendsQuery,
  trendsResponse,
  updateAttendanceSettingsBody,
} from '../../../shared/contracts/attendance.js';
import { messages } from '../../../shared/messages.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { sendPdf } from '../../lib/pdf.js';
import { sendSpreadsheet } from '../../lib/spreadsheet.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { summaryPdf, SUMMARY_COLUMNS } from './attendance-report.js';
import {
  addCalendarEvent,
  attendanceSummary,
  attendanceTrends,
  getCalendar,
  getRegister,
  getSettings,
  listStreamDay,
  putRegister,
  removeCalendarEvent,
  studentAttendance,
  updateSettings,
  type AttendanceDeps,
} from './attendance.service.js';
import { inSchool } from '../../lib/school-context.js';

const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });
const studentParams = z.object({ id: z.uuid(messages.learners.notFound) });
const eventParams = z.object({ id: z.uuid(messages.attendance.eventNotFound) });

/**
 * Learner attendance (issue 13 §1, §2, §4, §5). Public API (a contract, documented in /api/docs):
 * PUT/GET /api/attendance/registers and GET /api/students/:id/attendance. Teachers mark their own
 * streams (the service checks; 403 otherwise), the principal any; parents read their own children
 * (others 404); another school's stream or learner is 404; a day that is not a school day is 400 with the
 * reason. Errors: `{ error: { code, message, fields? } }`.
 */
export async function attendanceRoutes(app: FastifyInstance, deps: ModuleDeps & { sms: SmsGateway }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ad: AttendanceDeps = { database: deps.database, events: deps.events, sms: deps.sms };
  const tags = ['attendance'];

  /**
   * PUT /api/attendance/registers { classId, date, session, entries: [{ studentId, status, note,
   * arrivalTime? }], reason? } (header Idempotency-Key) → the register, with `changed` (learners whose mark
   * changed) and `alerted` (learners whose parents were alerted). A retry with the same key returns the
   * first answer; the same key with another body is 422.
   */
  r.put(
    '/api/attendance/registers',
    {
      config: { permission: 'markAttendance' },
      schema: { body: putRegisterBody, headers: z.object({ 'idempotency-key': z.string().optional() }), response: { 200: putRegisterResponse }, tags },
    },
    async (req) => putRegister(ad, { actor: actorOf(req), ip: req.ip }, req.body, req.headers['idempotency-key']),
  );

  /** GET /api/attendance/registers?classId=&date=&session=&subjectId= → the register (every learner; status null until marked). */
  r.get('/api/attendance/registers', { config: { permission: 'viewAttendance' }, schema: { querystring: registerQuery, response: { 200: registerSchema }, tags } }, async (req) =>
    getRegister(ad, actorOf(req), req.query),
  );

  /** GET /api/attendance/streams?date= → the caller's streams with the day's registers and counts (today's picture). */
  r.get('/api/attendance/streams', { config: { permission: 'viewAttendance' }, schema: { querystring: streamsQuery, response: { 200: streamsResponse }, tags } }, async (req) =>
    listStreamDay(ad, actorOf(req), req.query),
  );

  /** GET /api/students/:id/attendance?from=&to=&termId= → { daysOpen, present, absent, late, excused, rate, days: [{ date, status }], … }. */
  r.get(
    '/api/students/:id/attendance',
    { config: { permission: 'viewStudentAttendance' }, schema: { params: studentParams, querystring: studentAttendanceQuery, response: { 200: studentAttendanceResponse }, tags } },
    async (req) => studentAttendance(ad, actorOf(req), req.params.id, req.query),
  );

  /**
   * GET /api/attendance/summary?termId=&classId=&levelId=&belowThreshold=&format=json|pdf|xlsx → a row per
   * learner for the term (days open, present, absent, late, excused, rate), per stream and school totals;
   * pdf and xlsx download the same rows.
   */
  r.get('/api/attendance/summary', { config: { permission: 'viewAttendance' }, schema: { querystring: summaryQuery, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const summary = await attendanceSummary(ad, actor, req.query);
    const base = `attendance-${summary.term.name.toLowerCase().replace(/\s+/g, '-')}`;
    if (req.query.format === 'xlsx') return sendSpreadsheet(reply, 'xlsx', base, SUMMARY_COLUMNS, summary.items, 'Attendance');
    if (req.query.format === 'pdf') {
      const pdf = await inSchool(deps.database, actor, req.query.schoolId, (tx, schoolId) => summaryPdf(tx, deps.storage, schoolId, summary));
      return sendPdf(reply, pdf, base);
    }
    return summaryResponse.parse(summary);
  });

  /** GET /api/attendance/trends?termId=&groupBy=stream|level → weekly rates per stream or level. */
  r.get('/api/attendance/trends', { config: { permission: 'viewAttendance' }, schema: { querystring: trendsQuery, response: { 200: trendsResponse }, tags } }, async (req) =>
    attendanceTrends(ad, actorOf(req), req.query),
  );

  /** GET /api/attendance/settings → the school's attendance settings. */
  r.get('/api/attendance/settings', { config: { permission: 'viewAttendance' }, schema: { querystring: schoolQuery, response: { 200: attendanceSettingsSchema }, tags } }, async (req) =>
    getSettings(ad, actorOf(req), req.query.schoolId),
  );

  /** PUT /api/attendance/settings { …any settings } (principal) → the settings; audited. */
  r.put(
    '/api/attendance/settings',
    { config: { permission: 'manageAttendance' }, schema: { body: updateAttendanceSettingsBody, response: { 200: attendanceSettingsSchema }, tags } },
    async (req) => updateSettings(ad, { actor: actorOf(req), ip: req.ip }, req.body),
  );

  /** GET /api/attendance/calendar?from=&to= → terms, the school's own days, public holidays and every closed day with why. */
  r.get('/api/attendance/calendar', { config: { permission: 'viewSchoolCalendar' }, schema: { querystring: calendarQuery, response: { 200: calendarResponse }, tags } }, async (req) =>
    getCalendar(ad, actorOf(req), req.query),
  );

  /** POST /api/attendance/calendar { startsOn, endsOn, name, kind: closed|open } (principal) → 201 the day(s). */
  r.post(
    '/api/attendance/calendar',
    { config: { permission: 'manageAttendance' }, schema: { body: createCalendarEventBody, response: { 201: calendarEventSchema }, tags } },
    async (req, reply) => reply.code(201).send(await addCalendarEvent(ad, { actor: actorOf(req), ip: req.ip }, req.body)),
  );

  /** DELETE /api/attendance/calendar/:id (principal) → 204. */
  r.delete('/api/attendance/calendar/:id', { config: { permission: 'manageAttendance' }, schema: { params: eventParams, querystring: schoolQuery, tags } }, async (req, reply) => {
    await removeCalendarEvent(ad, { actor: actorOf(req), ip: req.ip }, req.params.id, req.query.schoolId);
    return reply.code(204).send();
  });
}
