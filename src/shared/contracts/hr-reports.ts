import { z } from 'zod';
import { hrReportsMessages as m } from '../messages/hr-reports.js';
import { isCalendarDate } from './learners.js';
import { runDeductionTotals } from './payroll.js';

/**
 * HR reports, analytics and the HR dashboard (issue 14 §4). Amounts are KES with two decimals (the
 * server sums integer cents); dates YYYY-MM-DD and months YYYY-MM in Africa/Nairobi; rates are percent
 * with one decimal (null when nothing was recorded).
 */

const day = (message: string) => z.string(message).trim().refine(isCalendarDate, message);

/** GET /api/hr-reports/summary | export.pdf | export.xlsx ?from=&to= (default: 1 January of this year to today). */
export const hrReportsQuery = z.object({
  from: day(m.api.fromInvalid).optional(),
  to: day(m.api.toInvalid).optional(),
  /** Platform staff name the school. */
  schoolId: z.uuid().optional(),
});
export type HrReportsQuery = z.infer<typeof hrReportsQuery>;

const countRow = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type HrCountRow = z.infer<typeof countRow>;

const person = z.object({
  staffId: z.string(),
  staffNumber: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  jobTitle: z.string(),
  employmentType: z.string(),
  employer: z.string(),
});

const money = { gross: z.number(), net: z.number(), ...runDeductionTotals };

export const payrollMonthRow = z.object({ month: z.string(), staffCount: z.number().int(), ...money });
export type PayrollMonthRow = z.infer<typeof payrollMonthRow>;

export const attendanceMonthRow = z.object({
  month: z.string(),
  marked: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  onLeave: z.number().int(),
  officialDuty: z.number().int(),
  rate: z.number().nullable(),
});
export type AttendanceMonthRow = z.infer<typeof attendanceMonthRow>;

/** GET /api/hr-reports/summary → every HR report of the period. */
export const hrSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  headcount: z.object({
    /** Active staff (status active) today, TSC and Board of Management alike. */
    total: z.number().int(),
    byDepartment: z.array(countRow),
    byEmploymentType: z.array(countRow),
    byGender: z.array(countRow),
    byEmployer: z.array(countRow),
  }),
  joiners: z.object({ count: z.number().int(), items: z.array(person.extend({ startDate: z.string() })) }),
  leavers: z.object({ count: z.number().int(), items: z.array(person.extend({ exitDate: z.string(), exitType: z.string().nullable() })) }),
  leave: z.object({
    days: z.number(),
    requests: z.number().int(),
    byType: z.array(z.object({ code: z.string(), name: z.string(), days: z.number(), requests: z.number().int(), staff: z.number().int() })),
  }),
  payroll: z.object({
    /** Approved runs of the months the period touches, oldest first. */
    months: z.array(payrollMonthRow),
    totals: z.object({ staffCount: z.number().int(), ...money }),
    /** The cash earnings paid (basic first, then allowances by size). */
    components: z.array(z.object({ code: z.string(), name: z.string(), total: z.number() })),
    /** One row per month: the amount of every component code (KES). */
    byComponent: z.array(z.object({ month: z.string(), amounts: z.record(z.string(), z.number()) })),
  }),
  attendance: attendanceMonthRow.omit({ month: true }).extend({ byMonth: z.array(attendanceMonthRow) }),
  contractsEnding: z.object({
    within30: z.number().int(),
    within60: z.number().int(),
    within90: z.number().int(),
    items: z.array(person.extend({ contractEnd: z.string(), daysLeft: z.number().int() })),
  }),
});
export type HrSummaryResponse = z.infer<typeof hrSummaryResponse>;

/** GET /api/hr-reports/dashboard → the HR dashboard's figures (today, Africa/Nairobi). */
export const hrDashboardResponse = z.object({
  today: z.string(),
  activeStaff: z.number().int(),
  onLeaveToday: z.number().int(),
  onLeave: z.array(z.object({ staffId: z.string(), name: z.string(), leaveType: z.string(), endDate: z.string() })),
  pendingLeave: z.number().int(),
  contractsEnding30: z.number().int(),
  contractsEnding: z.array(z.object({ staffId: z.string(), name: z.string(), jobTitle: z.string(), contractEnd: z.string(), daysLeft: z.number().int() })),
  lastPayroll: z
    .object({ month: z.string(), status: z.enum(['draft', 'submitted', 'approved']), staffCount: z.number().int(), gross: z.number(), net: z.number(), employerCost: z.number() })
    .nullable(),
  byDepartment: z.array(countRow),
});
export type HrDashboardResponse = z.infer<typeof hrDashboardResponse>;
