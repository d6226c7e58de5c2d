import { z } from 'zod';
import { COMPARISON_METRICS, COMPLETENESS_CHECKS, PLATFORM_MODULES, platformAnalyticsMessages as m } from '../messages/platform-analytics.js';
import { isCalendarDate } from './learners.js';

/**
 * Platform analytics, school health, anonymised comparisons and system reports (issue 18 §3), for
 * EduFam staff. Money is KES in integer cents (fields ending in `Cents`); days are YYYY-MM-DD in
 * Africa/Nairobi; months YYYY-MM; rates and shares are fractions 0..1 with three decimals.
 */

const day = z.string(m.api.dateInvalid).refine(isCalendarDate, m.api.dateInvalid);
const int = z.number().int();
const rate = z.number();

/** ?from&to: the period, both inclusive. Defaults: to = today, from = to − 29 days (30 days). */
export const periodQuery = z.object({
  from: day.optional(),
  to: day.optional(),
});
export type PeriodQuery = z.infer<typeof periodQuery>;

export const period = z.object({ from: z.string(), to: z.string(), days: int });
export type Period = z.infer<typeof period>;

export const platformModule = z.enum(PLATFORM_MODULES);

/** GET /api/platform/analytics?from&to */
export const platformAnalyticsResponse = z.object({
  period,
  totals: z.object({
    /** Schools with status active (and all schools on the platform). */
    activeSchools: int,
    schools: int,
    /** Active learners (status active) of active schools. */
    learners: int,
    /** Active accounts of school roles other than parent (director, principal, teacher, finance officer, HR) of active schools. */
    staff: int,
    /** Active parent accounts of active schools. */
    parents: int,
    /** Distinct users seen on at least one day of the period. */
    activeUsers: int,
  }),
  /** One row per day of the period: distinct users by role (platform roles together as `platform`). */
  dailyActiveUsers: z.array(z.object({ day: z.string(), total: int, byRole: z.record(z.string(), int) })),
  /** Distinct users in the period by role. */
  activeUsersByRole: z.array(z.object({ role: z.string(), users: int })),
  /** Per module: active schools that used it in the period (count and share of active schools). */
  moduleAdoption: z.array(z.object({ module: platformModule, schools: int, share: rate })),
  /** School fee payments received in the period (reversals net off; count = payments, not reversals). */
  fees: z.object({ amountCents: int, count: int, mpesaAmountCents: int, mpesaCount: int, mpesaShare: rate }),
  /** Messages sent in the period. */
  messages: z.object({ sms: int, email: int, announcements: int, conversationMessages: int, total: int }),
  /** The 12 months ending with `to`'s month. */
  growth: z.array(z.object({ month: z.string(), newSchools: int, learnersAdmitted: int, usersCreated: int })),
});
export type PlatformAnalytics = z.infer<typeof platformAnalyticsResponse>;

export const completenessItem = z.object({ check: z.enum(COMPLETENESS_CHECKS), done: int, total: int, share: rate });

/** One school's health card. */
export const schoolHealth = z.object({
  schoolId: z.string(),
  name: z.string(),
  code: z.string(),
  county: z.string().nullable(),
  curriculum: z.string(),
  status: z.string(),
  createdAt: z.string(),
  learners: int,
  staff: int,
  /** Last day any of its users was active (Nairobi date), or null. */
  lastActiveOn: z.string().nullable(),
  /** Last audit entry of the school (ISO instant), or null. */
  lastAuditAt: z.string().nullable(),
  /** Distinct users active in the last 7 and 30 days (today included). */
  activeUsers7d: int,
  activeUsers30d: int,
  /** Mean of the checks' shares (a check with nothing to check counts as 0). */
  completeness: rate,
  checks: z.array(completenessItem),
  /** From the billing module: trial | active | arrears | read_only | none; 'unknown' when billing cannot say. */
  billingStatus: z.string(),
  /** The subscription's plan, or null. */
  billingPlan: z.string().nullable(),
  /** Owed on the school's open platform invoices, KES cents. */
  billingBalanceCents: int,
  /** Last day of the free trial, or null. */
  trialEndsOn: z.string().nullable(),
  /** Modules used in the last 30 days. */
  modulesUsed: z.array(platformModule),
  /** Health: good (active in 7 days and ≥ 80 % complete), attention, or inactive (nobody in 30 days). */
  health: z.enum(['good', 'attention', 'inactive']),
});
export type SchoolHealth = z.infer<typeof schoolHealth>;

/** GET /api/platform/schools/health */
export const schoolsHealthResponse = z.object({ asOf: z.string(), schools: z.array(schoolHealth) });
export type SchoolsHealthResponse = z.infer<typeof schoolsHealthResponse>;

export const schoolParams = z.object({ id: z.uuid(m.api.schoolInvalid) });

/** GET /api/platform/comparisons?metric&schoolId&from&to */
export const comparisonQuery = periodQuery.extend({
  metric: z.enum(COMPARISON_METRICS, m.api.metricInvalid).default('attendance_rate'),
  /** The school shown by name; every other school is "School A", "School B" … */
  schoolId: z.uuid(m.api.schoolInvalid).optional(),
});
export type ComparisonQuery = z.infer<typeof comparisonQuery>;

export const comparisonResponse = z.object({
  metric: z.enum(COMPARISON_METRICS),
  /** rate: a fraction 0..1; percent: 0..100. */
  unit: z.enum(['rate', 'percent']),
  period,
  /** Schools with a value, highest first. Only the picked school carries its id and name. */
  schools: z.array(z.object({ label: z.string(), value: z.number(), picked: z.boolean(), schoolId: z.string().nullable() })),
  /** Schools without data for the metric (not listed above). */
  withoutData: int,
  distribution: z.object({ min: z.number(), median: z.number(), max: z.number(), mean: z.number() }).nullable(),
});
export type ComparisonResponse = z.infer<typeof comparisonResponse>;

export const reportFormat = z.enum(['pdf', 'xlsx'], m.api.formatInvalid).default('pdf');

export const schoolsReportQuery = z.object({ format: reportFormat });
export const usageReportQuery = periodQuery.extend({ format: reportFormat });
export const auditReportQuery = periodQuery.extend({
  format: reportFormat,
  schoolId: z.uuid(m.api.schoolInvalid).optional(),
  action: z.string().trim().min(1, m.api.actionInvalid).max(100, m.api.actionInvalid).optional(),
});
export type AuditReportQuery = z.infer<typeof auditReportQuery>;
