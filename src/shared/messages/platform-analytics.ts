import { localized } from '../i18n/localized.js';
import * as sw from './sw/platform-analytics.js';

/**
 * Strings of platform analytics and system reports (issue 18 §3), shared by the server (errors, report
 * titles and columns) and the web (module and metric labels). The screens' own strings are in
 * platform-analytics-screens.ts.
 */

/** The modules whose use the adoption figures count (keys of PlatformAnalytics.moduleAdoption). */
export const PLATFORM_MODULES = [
  'attendance',
  'exams',
  'fees',
  'mpesa',
  'timetable',
  'payroll',
  'announcements',
  'messages',
  'sms',
  'transport',
  'inventory',
  'expenses',
  'support',
] as const;
export type PlatformModule = (typeof PLATFORM_MODULES)[number];

export const MODULE_LABELS: Record<PlatformModule, string> = localized('platform-analytics/MODULE_LABELS', {
  attendance: 'Attendance registers',
  exams: 'Exams & marks',
  fees: 'Fee invoices',
  mpesa: 'M-Pesa payments',
  timetable: 'Published timetables',
  payroll: 'Payroll runs',
  announcements: 'Announcements',
  messages: 'Messages',
  sms: 'SMS',
  transport: 'Transport',
  inventory: 'Inventory',
  expenses: 'Expenses',
  support: 'Support tickets',
}, { sw: sw.MODULE_LABELS });

/** The comparisons a platform admin can draw between schools. */
export const COMPARISON_METRICS = ['attendance_rate', 'fee_collection_rate', 'mean_score', 'active_users'] as const;
export type ComparisonMetric = (typeof COMPARISON_METRICS)[number];

export const METRIC_LABELS: Record<ComparisonMetric, string> = localized('platform-analytics/METRIC_LABELS', {
  attendance_rate: 'Attendance rate',
  fee_collection_rate: 'Fee collection rate',
  mean_score: 'Mean score',
  active_users: 'Active users',
}, { sw: sw.METRIC_LABELS });

export const METRIC_HINTS: Record<ComparisonMetric, string> = localized('platform-analytics/METRIC_HINTS', {
  attendance_rate: 'Learners marked present or late out of all register entries in the period.',
  fee_collection_rate: "Paid out of due on the current term's issued invoices.",
  mean_score: "Mean mark (percent) of the current academic year's exams.",
  active_users: 'Share of active accounts that used EduFam at least once in the period.',
}, { sw: sw.METRIC_HINTS });

/** Billing states a health card shows (from the billing module; 'unknown' when it has no answer). */
export const BILLING_STATUSES = ['trial', 'active', 'arrears', 'read_only', 'none', 'unknown'] as const;
export const BILLING_STATUS_LABELS: Record<string, string> = localized('platform-analytics/BILLING_STATUS_LABELS', {
  trial: 'Trial',
  active: 'Active',
  arrears: 'In arrears',
  read_only: 'Read-only',
  none: 'No plan',
  unknown: 'Unknown',
}, { sw: sw.BILLING_STATUS_LABELS });
export const billingStatusLabel = (status: string) => BILLING_STATUS_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Data completeness checks of a school's health card. */
export const COMPLETENESS_CHECKS = ['guardianPhone', 'dateOfBirth', 'upi', 'photo', 'classTeacher', 'staffKraPin'] as const;
export type CompletenessCheck = (typeof COMPLETENESS_CHECKS)[number];
export const COMPLETENESS_LABELS: Record<CompletenessCheck, string> = localized('platform-analytics/COMPLETENESS_LABELS', {
  guardianPhone: 'Learners with a guardian phone',
  dateOfBirth: 'Learners with a date of birth',
  upi: 'Learners with a UPI (NEMIS)',
  photo: 'Learners with a photo',
  classTeacher: 'Streams with a class teacher',
  staffKraPin: 'Staff with a KRA PIN',
}, { sw: sw.COMPLETENESS_LABELS });

/** Labels of the daily-active-user series (the platform roles are shown together). */
export const DAU_ROLE_LABELS: Record<string, string> = localized('platform-analytics/DAU_ROLE_LABELS', {
  platform: 'EduFam staff',
  school_director: 'Directors',
  principal: 'Principals',
  teacher: 'Teachers',
  finance_officer: 'Finance officers',
  hr: 'HR managers',
  parent: 'Parents',
}, { sw: sw.DAU_ROLE_LABELS });

export const AUDIT_EXPORT_CAP = 50_000;

export const platformAnalyticsMessages = localized('platform-analytics/platformAnalyticsMessages', {
  api: {
    dateInvalid: 'Enter a date as dd/mm/yyyy.',
    rangeInvalid: 'The start date must be on or before the end date.',
    rangeTooLong: 'Choose a period of at most 366 days.',
    schoolInvalid: 'Choose a school from the list.',
    schoolNotFound: 'School not found.',
    metricInvalid: 'Choose attendance_rate, fee_collection_rate, mean_score or active_users.',
    formatInvalid: 'Choose pdf or xlsx.',
    actionInvalid: 'Enter an action of at most 100 characters.',
  },
  reports: {
    platform: 'EduFam',
    schoolsTitle: 'Schools on EduFam',
    schoolsFile: 'edufam-schools',
    schoolsSheet: 'Schools',
    usageTitle: 'Usage by school',
    usageFile: (from: string, to: string) => `edufam-usage-${from}-to-${to}`,
    usageSheet: 'Usage',
    auditTitle: 'Audit extract',
    auditFile: (from: string, to: string) => `edufam-audit-${from}-to-${to}`,
    auditSheet: 'Audit',
    period: (from: string, to: string) => `Period: ${from} to ${to} (Africa/Nairobi)`,
    filtered: (what: string) => `Filtered: ${what}`,
    rows: (n: number) => `${n.toLocaleString('en-KE')} rows`,
    capped: (cap: number) => `Only the first ${cap.toLocaleString('en-KE')} entries (newest first) are included: narrow the period or filters for the rest.`,
    none: 'Nothing to show for this period.',
    allSchools: 'All schools',
    platformWide: 'Platform',
    cols: {
      name: 'School',
      code: 'Code',
      county: 'County',
      curriculum: 'Curriculum',
      status: 'Status',
      learners: 'Learners',
      staff: 'Staff',
      created: 'Created',
      activeUsers: 'Active users',
      logins: 'Sign-in days',
      modulesUsed: 'Modules used',
      modulesCount: 'Modules',
      messages: 'Messages',
      feeVolume: 'Fees received (KES)',
      feeCount: 'Payments',
      when: 'When (EAT)',
      school: 'School',
      action: 'Action',
      role: 'Role',
      user: 'User',
      target: 'Target',
      result: 'Result',
      ip: 'IP address',
      ok: 'OK',
      failed: 'Failed',
    },
    statusLabels: { active: 'Active', inactive: 'Inactive' } as Record<string, string>,
  },
  comparison: {
    /** "School A", "School B" … "School Z", "School AA" … for the schools not picked. */
    anonymousLabel: (i: number) => {
      let n = i;
      let s = '';
      do {
        s = String.fromCharCode(65 + (n % 26)) + s;
        n = Math.floor(n / 26) - 1;
      } while (n >= 0);
      return `School ${s}`;
    },
  },
} as const, { sw: sw.platformAnalyticsMessages });
