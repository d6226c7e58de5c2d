import { z } from 'zod';
import { leaveMessages as m } from '../messages/leave.js';
import { isCalendarDate } from './learners.js';

/**
 * Leave contracts (issue 14 §2). Dates are YYYY-MM-DD (Africa/Nairobi), months YYYY-MM, days are
 * counted in the leave type's unit (working days skip weekends and Kenya's public holidays), with one
 * decimal at most. Instants are ISO strings.
 */

const calendarDate = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const month = z.string(m.monthInvalid).regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid);

export const LEAVE_UNITS = ['working_days', 'calendar_days'] as const;
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

export const leaveType = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  daysPerYear: z.number(),
  unit: z.enum(LEAVE_UNITS),
  carryOverMax: z.number().nullable(),
  paid: z.boolean(),
  gender: z.enum(['male', 'female']).nullable(),
  requiresDocument: z.boolean(),
  active: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveType>;
export const leaveTypesResponse = z.object({ items: z.array(leaveType) });

/** POST /api/leave/types (create) and PATCH/PUT /api/leave/types/:id (any subset of the fields). */
export const leaveTypeBody = z.object({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(80, m.nameRequired),
  daysPerYear: z.number(m.daysInvalid).int(m.daysInvalid).min(0, m.daysInvalid).max(366, m.daysInvalid),
  unit: z.enum(LEAVE_UNITS).default('working_days'),
  carryOverMax: z.number(m.carryInvalid).int(m.carryInvalid).min(0, m.carryInvalid).max(366, m.carryInvalid).nullable().default(null),
  paid: z.boolean().default(true),
  gender: z.enum(['male', 'female']).nullable().default(null),
  requiresDocument: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type LeaveTypeBody = z.infer<typeof leaveTypeBody>;
export const leaveTypePatch = z.object({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(80, m.nameRequired).optional(),
  daysPerYear: z.number(m.daysInvalid).int(m.daysInvalid).min(0, m.daysInvalid).max(366, m.daysInvalid).optional(),
  unit: z.enum(LEAVE_UNITS).optional(),
  carryOverMax: z.number(m.carryInvalid).int(m.carryInvalid).min(0, m.carryInvalid).max(366, m.carryInvalid).nullable().optional(),
  paid: z.boolean().optional(),
  gender: z.enum(['male', 'female']).nullable().optional(),
  requiresDocument: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type LeaveTypePatch = z.infer<typeof leaveTypePatch>;

/** One leave type's balance for a year: available = entitled + carried − taken (approved) − pending. */
export const leaveBalance = z.object({
  leaveTypeId: z.string(),
  code: z.string(),
  name: z.string(),
  unit: z.enum(LEAVE_UNITS),
  entitled: z.number(),
  carried: z.number(),
  taken: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;
export const balancesQuery = z.object({ staffId: z.uuid(m.staffNotFound), year: z.coerce.number(m.yearInvalid).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid).optional() });
export const balancesResponse = z.object({ staffId: z.string(), year: z.number(), items: z.array(leaveBalance) });
export type BalancesResponse = z.infer<typeof balancesResponse>;

export const leaveRequest = z.object({
  id: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  staffNumber: z.string(),
  leaveTypeId: z.string(),
  leaveType: z.string(),
  unit: z.enum(LEAVE_UNITS),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number(),
  reason: z.string().nullable(),
  status: z.enum(LEAVE_STATUSES),
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequest>;
export const requestsQuery = z.object({
  status: z.enum(LEAVE_STATUSES).optional(),
  staffId: z.uuid(m.staffNotFound).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export const requestsResponse = z.object({ items: z.array(leaveRequest) });

const reason = z.string().trim().max(500, m.reasonTooLong).nullable().optional();
/** POST /api/me/leave (the member of staff). */
export const myLeaveBody = z.object({ leaveTypeId: z.uuid(m.typeNotFound), startDate: calendarDate, endDate: calendarDate, reason });
export type MyLeaveBody = z.infer<typeof myLeaveBody>;
/** POST /api/leave/requests (HR on behalf of a member of staff). */
export const leaveRequestBody = myLeaveBody.extend({ staffId: z.uuid(m.staffNotFound) });
export type LeaveRequestBody = z.infer<typeof leaveRequestBody>;
export const decideBody = z.object({ note: z.string().trim().max(500, m.noteTooLong).nullable().optional() });
export const idParams = z.object({ id: z.uuid(m.requestNotFound) });

/** GET /api/me/leave: the caller's staff record, this year's balances, their requests, the types they may take. */
export const myLeaveResponse = z.object({
  staff: z.object({ id: z.string(), name: z.string(), gender: z.string().nullable() }),
  year: z.number(),
  balances: z.array(leaveBalance),
  requests: z.array(leaveRequest),
  types: z.array(leaveType),
});
export type MyLeaveResponse = z.infer<typeof myLeaveResponse>;

export const calendarQuery = z.object({ month });
/** GET /api/leave/calendar?month=: every day of the month with the approved and pending leave on it. */
export const calendarResponse = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      entries: z.array(z.object({ requestId: z.string(), staffId: z.string(), staffName: z.string(), leaveType: z.string(), status: z.enum(['approved', 'pending']) })),
    }),
  ),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

/** Staff the HR form may pick (GET /api/leave/staff). */
export const leaveStaffResponse = z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), staffNumber: z.string(), gender: z.string().nullable(), jobTitle: z.string() })) });
export type LeaveStaffResponse = z.infer<typeof leaveStaffResponse>;
