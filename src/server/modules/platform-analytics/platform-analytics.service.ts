import type { ComparisonQuery, ComparisonResponse, Period, PeriodQuery, PlatformAnalytics, SchoolHealth } from '../../../shared/contracts/platform-analytics.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import {
  COMPLETENESS_CHECKS,
  PLATFORM_MODULES,
  platformAnalyticsMessages as m,
  type CompletenessCheck,
  type PlatformModule,
} from '../../../shared/messages/platform-analytics.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { UNKNOWN_BILLING, billingStatuses } from './billing-adapter.js';
import * as repo from './platform-analytics.repository.js';

/**
 * Platform analytics for EduFam staff (issue 18 §3): figures across schools, per-school health cards,
 * anonymised comparisons. Read-only; callers run it in one platform-scope transaction. Rules:
 * - Period: ?from&to inclusive Nairobi days; default the 30 days ending today; at most 366 days;
 *   from after to is 400.
 * - Headcounts are of active schools; learners with status active; staff = active accounts of school
 *   roles except parent; parents = active parent accounts.
 * - Daily active users come from user_activity_days (one row per user per Nairobi day), the platform
 *   roles grouped as `platform`; days without anyone are listed with zeros.
 * - Module adoption: share of active schools that used the module in the period (repository.moduleUse).
 * - Health: last active day, active users in 7/30 days, completeness (mean of six checks), billing
 *   status (billing module, 'unknown' without it), modules used in the last 30 days; `health` is good
 *   (someone active in 7 days and completeness ≥ 80 %), inactive (nobody in 30 days) or attention.
 * - Comparisons never carry learners: only one number per school; every school but the one picked is
 *   "School A", "School B" … in order of value (highest first), so labels say nothing of identity.
 */

export const MAX_PERIOD_DAYS = 366;
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const share = (part: number, whole: number) => (whole > 0 ? r3(part / whole) : 0);
const dayDiff = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
/** An instant from either driver (Date or text) as ISO 8601. */
export const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The period of a query (defaults and checks in the module docstring). */
export function resolvePeriod(q: PeriodQuery, today: string = schoolToday()): Period {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw badRequest(m.api.rangeInvalid, { from: m.api.rangeInvalid });
  const days = dayDiff(from, to) + 1;
  if (days > MAX_PERIOD_DAYS) throw badRequest(m.api.rangeTooLong, { from: m.api.rangeTooLong });
  return { from, to, days };
}

/** GET /api/platform/analytics: every figure group in its own set-based statement. */
export async function platformAnalytics(tx: Tx, q: PeriodQuery, today?: string): Promise<PlatformAnalytics> {
  const period = resolvePeriod(q, today);
  const { from, to } = period;
  const totals = await repo.totals(tx, from, to);
  const daily = await repo.dailyActive(tx, from, to);
  const byRole = await repo.activeByRole(tx, from, to);
  const uses = await repo.moduleUse(tx, from, to);
  const fees = await repo.feeVolume(tx, from, to);
  const messages = await repo.messagesBySchool(tx, from, to);
  const growth = await repo.growth(tx, to);

  const perDay = new Map<string, Record<string, number>>();
  for (const r of daily) {
    const row = perDay.get(r.day) ?? {};
    row[r.role] = r.users;
    perDay.set(r.day, row);
  }
  const dailyActiveUsers: PlatformAnalytics['dailyActiveUsers'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const byRoleOfDay = perDay.get(d) ?? {};
    dailyActiveUsers.push({ day: d, total: Object.values(byRoleOfDay).reduce((s, n) => s + n, 0), byRole: byRoleOfDay });
  }

  const adoptionCount = new Map<PlatformModule, number>();
  for (const u of uses) adoptionCount.set(u.module, (adoptionCount.get(u.module) ?? 0) + 1);
  const moduleAdoption = PLATFORM_MODULES.map((module) => {
    const schools = adoptionCount.get(module) ?? 0;
    return { module, schools, share: share(schools, totals.active_schools) };
  }).sort((a, b) => b.schools - a.schools || PLATFORM_MODULES.indexOf(a.module) - PLATFORM_MODULES.indexOf(b.module));

  const msg = messages.reduce(
    (s, r) => ({ sms: s.sms + r.sms, email: s.email + r.email, announcements: s.announcements + r.announcements, conversationMessages: s.conversationMessages + r.conversation_messages }),
    { sms: 0, email: 0, announcements: 0, conversationMessages: 0 },
  );

  return {
    period,
    totals: {
      activeSchools: totals.active_schools,
      schools: totals.schools,
      learners: totals.learners,
      staff: totals.staff,
      parents: totals.parents,
      activeUsers: totals.active_users,
    },
    dailyActiveUsers,
    activeUsersByRole: byRole,
    moduleAdoption,
    fees: {
      amountCents: fees.amount,
      count: fees.count,
      mpesaAmountCents: fees.mpesa_amount,
      mpesaCount: fees.mpesa_count,
      mpesaShare: share(fees.mpesa_amount, fees.amount),
    },
    messages: { ...msg, total: msg.sms + msg.email + msg.announcements + msg.conversationMessages },
    growth: growth.map((g) => ({ month: g.month, newSchools: g.new_schools, learnersAdmitted: g.learners_admitted, usersCreated: g.users_created })),
  };
}

/** The completeness checks of one school (a check with nothing to check counts as 0: no data entered yet). */
function checksOf(c: repo.CompletenessRow | undefined): SchoolHealth['checks'] {
  const pairs: Record<CompletenessCheck, [number, number]> = {
    guardianPhone: [c?.with_phone ?? 0, c?.learners ?? 0],
    dateOfBirth: [c?.with_dob ?? 0, c?.learners ?? 0],
    upi: [c?.with_upi ?? 0, c?.learners ?? 0],
    photo: [c?.with_photo ?? 0, c?.learners ?? 0],
    classTeacher: [c?.with_teacher ?? 0, c?.streams ?? 0],
    staffKraPin: [c?.with_kra ?? 0, c?.staff ?? 0],
  };
  return COMPLETENESS_CHECKS.map((check) => {
    const [done, total] = pairs[check];
    return { check, done, total, share: share(done, total) };
  });
}

/** Health cards of every school (or the one named: 404 when unknown), by name. */
export async function schoolsHealth(tx: Tx, schoolId?: string, today: string = schoolToday()): Promise<SchoolHealth[]> {
  const schools = await repo.schoolRows(tx, schoolId);
  if (schoolId && schools.length === 0) throw notFound(m.api.schoolNotFound);
  const activity = new Map((await repo.activityBySchool(tx, today)).map((r) => [r.school_id, r]));
  const completeness = new Map((await repo.completenessBySchool(tx)).map((r) => [r.school_id, r]));
  const modules = new Map<string, PlatformModule[]>();
  for (const u of await repo.moduleUse(tx, addDays(today, -29), today)) modules.set(u.school_id, [...(modules.get(u.school_id) ?? []), u.module]);
  const billing = await billingStatuses(tx, today);

  return schools.map((s) => {
    const a = activity.get(s.id);
    const checks = checksOf(completeness.get(s.id));
    const score = r3(checks.reduce((sum, c) => sum + c.share, 0) / checks.length);
    const used = (modules.get(s.id) ?? []).sort((x, y) => PLATFORM_MODULES.indexOf(x) - PLATFORM_MODULES.indexOf(y));
    const users7 = a?.users7 ?? 0;
    const users30 = a?.users30 ?? 0;
    const bill = billing.get(s.id) ?? UNKNOWN_BILLING;
    return {
      schoolId: s.id,
      name: s.name,
      code: s.code,
      county: s.county,
      curriculum: s.curriculum,
      status: s.status,
      createdAt: iso(s.created_at),
      learners: s.learners,
      staff: s.staff,
      lastActiveOn: a?.last_day ?? null,
      lastAuditAt: a?.last_audit ? iso(a.last_audit) : null,
      activeUsers7d: users7,
      activeUsers30d: users30,
      completeness: score,
      checks,
      billingStatus: bill.status,
      billingPlan: bill.planName,
      billingBalanceCents: bill.balanceCents,
      trialEndsOn: bill.trialEndsOn,
      modulesUsed: used,
      health: users30 === 0 ? 'inactive' : users7 > 0 && score >= 0.8 ? 'good' : 'attention',
    };
  });
}

const median = (sorted: number[]) => {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
};

/** GET /api/platform/comparisons: one value per active school, anonymised but for the school picked (404 unknown). */
export async function comparison(tx: Tx, q: ComparisonQuery, today?: string): Promise<ComparisonResponse> {
  const period = resolvePeriod(q, today);
  const rows = await repo.metricBySchool(tx, q.metric, period.from, period.to);
  if (q.schoolId && !rows.some((r) => r.school_id === q.schoolId)) throw notFound(m.api.schoolNotFound);
  const unit = q.metric === 'mean_score' ? 'percent' : 'rate';
  const round = (v: number) => (unit === 'percent' ? Math.round(v * 10) / 10 : r3(v));
  const withData = rows
    .filter((r) => r.value !== null && Number.isFinite(Number(r.value)))
    .map((r) => ({ id: r.school_id, name: r.name, value: round(Number(r.value)) }))
    .sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));
  let letter = 0;
  const schools = withData.map((r) =>
    r.id === q.schoolId
      ? { label: r.name, value: r.value, picked: true, schoolId: r.id }
      : { label: m.comparison.anonymousLabel(letter++), value: r.value, picked: false, schoolId: null },
  );
  const values = withData.map((r) => r.value).sort((a, b) => a - b);
  return {
    metric: q.metric,
    unit,
    period,
    schools,
    withoutData: rows.length - withData.length,
    distribution: values.length
      ? { min: values[0]!, median: round(median(values)), max: values.at(-1)!, mean: round(values.reduce((s, v) => s + v, 0) / values.length) }
      : null,
  };
}
