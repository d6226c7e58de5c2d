import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myStaffDayResponse, putStaffDayBody, staffDayQuery, staffDayResponse, staffReportQuery, staffReportResponse } from '../../../shared/contracts/attendance.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { myStaffDay, putStaffDay, selfCheck, staffDay, staffReport } from './staff-attendance.service.js';
import { staffReportPdf, staffReportXlsx } from './staff-report.js';

/**
 * Staff attendance (issue 13 §3). HR records (recordStaffAttendance); HR, the principal, the director
 * and platform staff (with ?schoolId=) read the days and the monthly report (viewStaffAttendance); every
 * member of staff checks themself in and out when the school allows it (staffSelfAttendance).
 * Dates YYYY-MM-DD and times HH:MM in Africa/Nairobi. Errors: `{ error: { code, message, fields? } }`;
 * 400 for bad input and non-school days (with the calendar's reason), 404 for people who are not staff
 * of the school, 409 for check-in/out out of order.
 */
export async function staffAttendanceRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['attendance'];

  /** GET /api/staff-attendance?date= → the day's staff register (default: the latest school day up to today). */
  r.get('/api/staff-attendance', { config: { permission: 'viewStaffAttendance' }, schema: { querystring: staffDayQuery, response: { 200: staffDayResponse }, tags } }, async (req) =>
    staffDay(database, actorOf(req), req.query),
  );

  /** PUT /api/staff-attendance { date, entries: [{ profileId, status, checkIn?, checkOut?, note? }] } (HR) → the day. */
  r.put('/api/staff-attendance', { config: { permission: 'recordStaffAttendance' }, schema: { body: putStaffDayBody, response: { 200: staffDayResponse }, tags } }, async (req) =>
    putStaffDay(database, { actor: actorOf(req), ip: req.ip }, req.body),
  );

  /** GET /api/staff-attendance/me → the caller's own day today (for the self check-in card). */
  r.get('/api/staff-attendance/me', { config: { permission: 'staffSelfAttendance' }, schema: { response: { 200: myStaffDayResponse }, tags } }, async (req) => myStaffDay(database, actorOf(req)));

  /** POST /api/staff-attendance/check-in → the caller's day, checked in now (Africa/Nairobi). */
  r.post('/api/staff-attendance/check-in', { config: { permission: 'staffSelfAttendance' }, schema: { response: { 200: myStaffDayResponse }, tags } }, async (req) =>
    selfCheck(database, { actor: actorOf(req), ip: req.ip }, 'in'),
  );

  /** POST /api/staff-attendance/check-out → the caller's day, checked out now (Africa/Nairobi). */
  r.post('/api/staff-attendance/check-out', { config: { permission: 'staffSelfAttendance' }, schema: { response: { 200: myStaffDayResponse }, tags } }, async (req) =>
    selfCheck(database, { actor: actorOf(req), ip: req.ip }, 'out'),
  );

  /**
   * GET /api/staff-attendance/report?month=YYYY-MM&departmentId=&format=json|pdf|xlsx → the monthly report
   * (a row per person and per department), or it as staff-attendance-YYYY-MM.pdf / .xlsx.
   */
  r.get('/api/staff-attendance/report', { config: { permission: 'viewStaffAttendance' }, schema: { querystring: staffReportQuery, tags } }, async (req, reply) => {
    const report = await staffReport(database, actorOf(req), req.query);
    if (req.query.format === 'pdf') return staffReportPdf(reply, database, deps.storage, actorOf(req), report);
    if (req.query.format === 'xlsx') return staffReportXlsx(reply, report);
    return staffReportResponse.parse(report);
  });
}
