import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balancesQuery,
  balancesResponse,
  calendarQuery,
  calendarResponse,
  decideBody,
  idParams,
  leaveRequest,
  leaveRequestBody,
  leaveStaffResponse,
  leaveType,
  leaveTypeBody,
  leaveTypePatch,
  leaveTypesResponse,
  myLeaveBody,
  myLeaveResponse,
  requestsQuery,
  requestsResponse,
} from '../../../shared/contracts/leave.js';
import { leaveMessages as m } from '../../../shared/messages/leave.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { cancelRequest, createType, decideRequest, getBalances, leaveCalendar, listLeaveStaff, listRequests, listTypes, myLeave, requestForStaff, requestMine, updateType } from './leave.service.js';
import { registerApprovalKind } from '../approvals/index.js';
import { decideLeaveApproval } from './leave-approval.js';
import { requestCallerOf } from '../../lib/request-caller.js';

/**
 * Leave (issue 14 §2). HR manages leave types and requests on behalf of staff (manageLeave); HR and
 * the principal decide (decideLeave; the principal also from the Approvals card, kind 'leave'); HR,
 * the principal and the director read (viewLeave); every member of staff reads their own balances and
 * requests and asks for leave under "My Leave" (staffSelfService). Dates YYYY-MM-DD (Africa/Nairobi),
 * days in the type's unit. Errors `{ error: { code, message, fields? } }`: 400 for bad input (end
 * before start, overlap, more days than available, a type for the other gender), 404 for another
 * school's records or a caller without a staff record, 409 for deciding twice.
 */
export async function leaveRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['leave'];
  // Issue 14 §2: a leave request (HR also decides it in Staff Management).
  registerApprovalKind('leave', { decide: decideLeaveApproval, deciders: ['principal'] });
  const caller = requestCallerOf;

  /** GET /api/leave/types → { items: [{ id, code, name, daysPerYear, unit, carryOverMax, paid, gender, requiresDocument, active }] }. */
  r.get('/api/leave/types', { config: { permission: 'staffSelfService' }, schema: { response: { 200: leaveTypesResponse }, tags } }, async (req) => listTypes(database, actorOf(req)));

  /** POST /api/leave/types (HR) { name, daysPerYear, unit, carryOverMax, paid, gender, requiresDocument, active } → 201 the type. */
  r.post('/api/leave/types', { config: { permission: 'manageLeave' }, schema: { body: leaveTypeBody, response: { 201: leaveType }, tags } }, async (req, reply) =>
    reply.code(201).send(await createType(database, caller(req), req.body)),
  );

  /** PATCH /api/leave/types/:id (HR) { any of the type's fields } → the type. */
  r.patch('/api/leave/types/:id', { config: { permission: 'manageLeave' }, schema: { params: z.object({ id: z.uuid(m.typeNotFound) }), body: leaveTypePatch, response: { 200: leaveType }, tags } }, async (req) =>
    updateType(database, caller(req), req.params.id, req.body),
  );

  /** PUT /api/leave/types/:id (HR): as PATCH. */
  r.put('/api/leave/types/:id', { config: { permission: 'manageLeave' }, schema: { params: z.object({ id: z.uuid(m.typeNotFound) }), body: leaveTypePatch, response: { 200: leaveType }, tags } }, async (req) =>
    updateType(database, caller(req), req.params.id, req.body),
  );

  /** GET /api/leave/balances?staffId=&year= → { staffId, year, items: [{ entitled, carried, taken, pending, available, … }] }. */
  r.get('/api/leave/balances', { config: { permission: 'viewLeave' }, schema: { querystring: balancesQuery, response: { 200: balancesResponse }, tags } }, async (req) =>
    getBalances(database, actorOf(req), req.query),
  );

  /** GET /api/leave/staff → the school's active staff for the request form. */
  r.get('/api/leave/staff', { config: { permission: 'viewLeave' }, schema: { response: { 200: leaveStaffResponse }, tags } }, async (req) => listLeaveStaff(database, actorOf(req)));

  /** GET /api/leave/requests?status=&staffId=&from=&to= → { items }. */
  r.get('/api/leave/requests', { config: { permission: 'viewLeave' }, schema: { querystring: requestsQuery, response: { 200: requestsResponse }, tags } }, async (req) =>
    listRequests(database, actorOf(req), req.query),
  );

  /** POST /api/leave/requests (HR) { staffId, leaveTypeId, startDate, endDate, reason? } → 201 the pending request. */
  r.post('/api/leave/requests', { config: { permission: 'manageLeave' }, schema: { body: leaveRequestBody, response: { 201: leaveRequest }, tags } }, async (req, reply) =>
    reply.code(201).send(await requestForStaff(database, caller(req), req.body)),
  );

  /** POST /api/leave/requests/:id/approve { note? } (HR or the principal) → the request; 409 when already decided. */
  r.post('/api/leave/requests/:id/approve', { config: { permission: 'decideLeave' }, schema: { params: idParams, body: decideBody.optional(), response: { 200: leaveRequest }, tags } }, async (req) =>
    decideRequest(database, caller(req), req.params.id, true, req.body?.note ?? null),
  );

  /** POST /api/leave/requests/:id/reject { note? } (HR or the principal) → the request; 409 when already decided. */
  r.post('/api/leave/requests/:id/reject', { config: { permission: 'decideLeave' }, schema: { params: idParams, body: decideBody.optional(), response: { 200: leaveRequest }, tags } }, async (req) =>
    decideRequest(database, caller(req), req.params.id, false, req.body?.note ?? null),
  );

  /** POST /api/leave/requests/:id/cancel (the member of staff, the requester or HR) → the cancelled request. */
  r.post('/api/leave/requests/:id/cancel', { config: { permission: 'staffSelfService' }, schema: { params: idParams, response: { 200: leaveRequest }, tags } }, async (req) =>
    cancelRequest(database, caller(req), req.params.id),
  );

  /** GET /api/leave/calendar?month=YYYY-MM → { month, days: [{ date, entries: [{ requestId, staffName, leaveType, status }] }] }. */
  r.get('/api/leave/calendar', { config: { permission: 'viewLeave' }, schema: { querystring: calendarQuery, response: { 200: calendarResponse }, tags } }, async (req) =>
    leaveCalendar(database, actorOf(req), req.query.month),
  );

  /** GET /api/me/leave → { staff, year, balances, requests, types } for the caller (404 without a staff record). */
  r.get('/api/me/leave', { config: { permission: 'staffSelfService' }, schema: { response: { 200: myLeaveResponse }, tags } }, async (req) => myLeave(database, actorOf(req)));

  /** POST /api/me/leave { leaveTypeId, startDate, endDate, reason? } → 201 the caller's pending request. */
  r.post('/api/me/leave', { config: { permission: 'staffSelfService' }, schema: { body: myLeaveBody, response: { 201: leaveRequest }, tags } }, async (req, reply) =>
    reply.code(201).send(await requestMine(database, caller(req), req.body)),
  );
}
