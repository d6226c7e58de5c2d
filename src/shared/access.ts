import { messages } from './messages.js';
import { isAdminRole, isRole, isSchoolRole, type Role } from './roles.js';
import { getSection } from './sections.js';
import { perLocale } from './i18n/localized.js';

/**
 * The one access model used by server and web (spec §6). Pure functions, deny by default.
 */
export interface Actor {
  id: string;
  role: Role;
  schoolId: string | null;
}

export type SectionAccess =
  | { allowed: true }
  | { allowed: false; reason: 'not-found' | 'denied'; message: string };

/** Can this role open this shell section? Unknown ids are "Section Not Found" (spec §2). */
export function canOpenSection(role: Role, sectionId: string): SectionAccess {
  const section = getSection(sectionId);
  if (!section) return { allowed: false, reason: 'not-found', message: messages.shell.sectionNotFoundText };
  if (section.roles === 'any' || section.roles.includes(role)) return { allowed: true };
  return { allowed: false, reason: 'denied', message: section.denial };
}

/** Which dashboard the dashboard section shows (spec §2). */
export type DashboardKind =
  | 'platform'
  | 'director'
  | 'principal'
  | 'teacher'
  | 'finance'
  | 'hr'
  | 'parent';

export function dashboardKindFor(role: string): DashboardKind | null {
  switch (role) {
    case 'edufam_admin':
    case 'elimisha_admin':
      return 'platform';
    case 'school_director':
      return 'director';
    case 'principal':
      return 'principal';
    case 'teacher':
      return 'teacher';
    case 'finance_officer':
      return 'finance';
    case 'hr':
      return 'hr';
    case 'parent':
      return 'parent';
    default:
      return null;
  }
}

/**
 * API permissions. Every route names one (or is public); `can` decides. Names read as "who may".
 */
export const PERMISSIONS = {
  /** Any signed-in user with a valid role. */
  signedIn: (_a: Actor) => true,
  /** Platform staff. */
  platformAdmin: (a: Actor) => isAdminRole(a.role),
  /** Directors and principals of a school, plus platform staff. */
  schoolLeadership: (a: Actor) => isAdminRole(a.role) || a.role === 'school_director' || a.role === 'principal',
  /**
   * User management (spec §6 User management): platform staff, school directors (the spec's
   * "school_owner") and principals. School roles manage only their own school's users.
   */
  manageUsers: (a: Actor) => isAdminRole(a.role) || a.role === 'school_director' || a.role === 'principal',
  /**
   * Schools Management writes (spec §2 edufam_admin "schools"): create, edit, activate/deactivate.
   * edufam_admin and its alias elimisha_admin (spec §1 "treated identically").
   */
  manageSchools: (a: Actor) => isAdminRole(a.role),
  /** Finance access (spec §6: finance_officer, principal, school_director, edufam_admin and its alias). */
  financeAccess: (a: Actor) => isAdminRole(a.role) || ['finance_officer', 'principal', 'school_director'].includes(a.role),
  hr: (a: Actor) => a.role === 'hr',
  /**
   * System health figures (issue 3 §6 System health): platform staff, edufam_admin and its alias
   * elimisha_admin, matching the system-health section's roles (shared/sections.ts).
   */
  viewSystemHealth: (a: Actor) => isAdminRole(a.role),
  /**
   * Communication Center (spec §6: edufam_admin sees all communications and stats; §7 item 7 admin
   * select all, insert, update, delete). edufam_admin and its alias elimisha_admin (spec §1); every
   * other role reads the communications targeted at it.
   */
  manageCommunications: (a: Actor) => isAdminRole(a.role),
  /** Toggle maintenance mode and read its setting (spec §6: edufam_admin, and its alias per spec §1). */
  manageMaintenance: (a: Actor) => isAdminRole(a.role),
  /**
   * Read learner records (issue 10 §3, §4): the school's leaders and finance officer see the whole
   * register, a teacher the learners they teach, a parent their own children (the service narrows it),
   * platform staff any school. HR does not.
   */
  viewLearners: (a: Actor) =>
    isAdminRole(a.role) || ['principal', 'school_director', 'teacher', 'finance_officer', 'parent'].includes(a.role),
  /** Admit, edit, import, promote, transfer and exit learners (issue 10 §2: the principal's academic management). */
  manageLearners: (a: Actor) => a.role === 'principal',
  /**
   * Read the school's structure (years, terms, levels, streams, learning areas, assignments,
   * departments, staff list): every school role except parents, and platform staff.
   */
  viewSchoolStructure: (a: Actor) => isAdminRole(a.role) || (isSchoolRole(a.role) && a.role !== 'parent'),
  /** Change the school's setup (issue 10 §1 "school-management": principal). */
  manageSchoolSetup: (a: Actor) => a.role === 'principal',
  /**
   * Read the school's fees: structures, invoices, accounts, payments, M-Pesa transactions, the
   * financial overview (issue 11 §5: finance officer, principal and director their school; platform
   * staff any school). Other roles 403.
   */
  viewFees: (a: Actor) => isAdminRole(a.role) || ['finance_officer', 'principal', 'school_director'].includes(a.role),
  /** Fee structures, invoices, payments, adjustments, M-Pesa set-up and reminders (issue 11: the finance officer). */
  manageFees: (a: Actor) => a.role === 'finance_officer',
  /**
   * A learner's fee account and receipts (issue 11 §5): everyone who reads the school's fees, plus a
   * parent for their own children (the service narrows it; another child is 404).
   */
  viewStudentAccount: (a: Actor) => isAdminRole(a.role) || ['finance_officer', 'principal', 'school_director', 'parent'].includes(a.role),
  /** Start an M-Pesa STK Push (issue 11 §3: from the parent view, for their own children, and by the finance officer). */
  payFees: (a: Actor) => a.role === 'finance_officer' || a.role === 'parent',
  /** The Approvals card (ARCHITECTURE.md "Approvals"): principal and director read it. */
  viewApprovals: (a: Actor) => a.role === 'principal' || a.role === 'school_director',
  /** Decide approvals, e.g. waivers above the school's limit (issue 11 §1: "need the principal's approval"). */
  decideApprovals: (a: Actor) => a.role === 'principal' || a.role === 'school_director',

  // Issue 12: assessment.
  /** Grading scales, exams, results and analytics: school staff who teach or lead, and platform staff. */
  viewAssessment: (a: Actor) => isAdminRole(a.role) || ['principal', 'school_director', 'teacher'].includes(a.role),
  /**
   * The school's exam series (names, terms, levels, dates, status) and grading scales, no learner's
   * marks: everyone who reads assessment, plus the staff whose grades section is spec §6's "others"
   * view (finance officer, HR). Parents read their own children's grades instead.
   */
  viewExamCalendar: (a: Actor) => isAdminRole(a.role) || (isSchoolRole(a.role) && a.role !== 'parent'),
  /** Set up scales and exam series, approve, return and release marks (issue 12 §1-§3: the principal). */
  manageExams: (a: Actor) => a.role === 'principal',
  /** Enter marks: teachers for their own stream x subject (the service checks), the principal any. */
  enterMarks: (a: Actor) => a.role === 'teacher' || a.role === 'principal',
  /**
   * A series' results (GET /api/exams/:examId/results): those who read assessment, and parents for their own
   * children's rows of released series in a stream they sat it in (the service narrows; issue 12 Public API).
   */
  viewExamResults: (a: Actor) => isAdminRole(a.role) || ['principal', 'school_director', 'teacher', 'parent'].includes(a.role),
  /** A parent's Child Grades and Progress Reports (released results of their own children only). */
  viewChildGrades: (a: Actor) => a.role === 'parent',
  /** A learner's report card: staff who read results, and parents (their own children; the service narrows). */
  viewReportCard: (a: Actor) => isAdminRole(a.role) || ['principal', 'school_director', 'teacher', 'parent'].includes(a.role),
  /** Report-card comments: class teachers (their streams) and the principal. */
  writeReportComments: (a: Actor) => a.role === 'teacher' || a.role === 'principal',
  /** Certificates: the principal generates; the director views; platform staff manage all schools. */
  viewCertificates: (a: Actor) => isAdminRole(a.role) || a.role === 'principal' || a.role === 'school_director',
  generateCertificates: (a: Actor) => a.role === 'principal',
  revokeCertificates: (a: Actor) => isAdminRole(a.role) || a.role === 'principal',

  // Issue 13: attendance.
  /** Registers, today's picture, trends and summaries: school leaders, teachers (their streams; the service narrows) and platform staff. */
  viewAttendance: (a: Actor) => isAdminRole(a.role) || ['principal', 'school_director', 'teacher'].includes(a.role),
  /** Mark registers: teachers (their own streams; the service checks) and the principal (any stream). */
  markAttendance: (a: Actor) => a.role === 'teacher' || a.role === 'principal',
  /** Attendance settings and the school calendar's own days (issue 13 §1: the principal). */
  manageAttendance: (a: Actor) => a.role === 'principal',
  /** A learner's attendance: staff who read registers, and parents (their own children; the service narrows). */
  viewStudentAttendance: (a: Actor) => isAdminRole(a.role) || ['principal', 'school_director', 'teacher', 'parent'].includes(a.role),
  /** The school calendar (terms, holidays, closed days): every school role and platform staff. */
  viewSchoolCalendar: (a: Actor) => isAdminRole(a.role) || isSchoolRole(a.role),
  /** Record staff attendance for anyone (issue 13 §3: HR). */
  recordStaffAttendance: (a: Actor) => a.role === 'hr',
  /** Read staff attendance and its monthly report: HR, the school's leaders and platform staff. */
  viewStaffAttendance: (a: Actor) => isAdminRole(a.role) || ['hr', 'principal', 'school_director'].includes(a.role),
  /** Check oneself in and out (issue 13 §3 "by staff themselves from the app"): school staff, not parents. */
  staffSelfAttendance: (a: Actor) => isSchoolRole(a.role) && a.role !== 'parent',

  // Issue 14: HR and payroll.
  /** Staff records, documents, exits and staff sign-in accounts (issue 14 §1: HR). */
  manageStaff: (a: Actor) => a.role === 'hr',
  /** Read staff records (HR, the school's leaders; platform staff with ?schoolId=). */
  viewStaff: (a: Actor) => isAdminRole(a.role) || ['hr', 'principal', 'school_director'].includes(a.role),
  /** Leave types, allocations and requests on behalf of staff (issue 14 §2: HR). */
  manageLeave: (a: Actor) => a.role === 'hr',
  /** Approve or reject leave requests (issue 14 §2: HR or the principal). */
  decideLeave: (a: Actor) => a.role === 'hr' || a.role === 'principal',
  /** Read the school's leave requests, balances and calendar: HR and the school's leaders. */
  viewLeave: (a: Actor) => ['hr', 'principal', 'school_director'].includes(a.role),
  /** "My Leave" and "My Payslips" (issue 14 §2, §3): every member of staff with a school role, not parents. */
  staffSelfService: (a: Actor) => isSchoolRole(a.role) && a.role !== 'parent',
  /** Pay components, payroll runs, payslips, bank files and statutory returns (issue 14 §3: HR). */
  managePayroll: (a: Actor) => a.role === 'hr',
  /** Approve a submitted payroll run (issue 14 §3: the director or the principal). */
  approvePayroll: (a: Actor) => a.role === 'principal' || a.role === 'school_director',
  /** Read payroll runs and their lines: HR and the approvers. */
  viewPayroll: (a: Actor) => ['hr', 'principal', 'school_director'].includes(a.role),
  /** HR reports and analytics (issue 14 §4: HR; the school's leaders read them too). */
  viewHrReports: (a: Actor) => ['hr', 'principal', 'school_director'].includes(a.role),

  // Issue 15: the finance office.
  /** Record expenses, pay approved ones, budgets, categories and petty cash (issue 15 §1; spec §6 expenses: finance_officer only). */
  manageExpenses: (a: Actor) => a.role === 'finance_officer',
  /** Read expenses and budgets: the finance officer and the approvers (principal, director) in their finance view. */
  viewExpenses: (a: Actor) => ['finance_officer', 'principal', 'school_director'].includes(a.role),
  /** Approve or reject an expense at or above the school's limit (issue 15 §1: the principal or the director). */
  approveExpenses: (a: Actor) => a.role === 'principal' || a.role === 'school_director',
  /** Financial reports on screen, PDF and Excel (issue 15 §2; spec §6 financial-reports: finance_officer only). */
  viewFinancialReports: (a: Actor) => a.role === 'finance_officer',
  /** Financial analytics (issue 15 §3; spec §6 financial-analytics: finance access). */
  viewFinancialAnalytics: (a: Actor) => isAdminRole(a.role) || ['finance_officer', 'principal', 'school_director'].includes(a.role),
  /** Routes, stops, vehicles, drivers, trips and learners on routes (issue 15 §4: the finance officer). */
  manageTransport: (a: Actor) => a.role === 'finance_officer',
  /** Read transport: the finance officer, the school's leaders and platform staff (the transport section's roles). */
  viewTransport: (a: Actor) => isAdminRole(a.role) || ['finance_officer', 'principal', 'school_director'].includes(a.role),
  /** A parent's children's route, stop and vehicle (issue 15 §4; the service narrows to their own children). */
  viewChildTransport: (a: Actor) => a.role === 'parent',
  /** Store items, suppliers, stock movements and stock takes (issue 15 §5: the finance officer). */
  manageInventory: (a: Actor) => a.role === 'finance_officer',
  /** Read the store (the inventory section's roles: finance officer, principal, director). */
  viewInventory: (a: Actor) => ['finance_officer', 'principal', 'school_director'].includes(a.role),

  // Issue 16: the timetable.
  /** School week, rooms, lesson options, rules, generation, editing, versions and publishing (issue 16: the principal writes). */
  manageTimetable: (a: Actor) => a.role === 'principal',
  /** Every stream, teacher and room of any version, read-only (the director's "School Timetables"; the principal). */
  viewSchoolTimetables: (a: Actor) => ['principal', 'school_director'].includes(a.role),
  /**
   * The published timetable as the caller sees it: teachers their week (and any stream's, read-only),
   * parents their children's streams, leaders and other school staff (finance officer, HR) the whole school.
   */
  viewPublishedTimetable: (a: Actor) => isSchoolRole(a.role),

  // Issue 17: school communication.
  /**
   * Post school announcements (issue 17 §1): principal and director to any audience, a teacher to the
   * parents of their own streams, the finance officer fee notices to parents, HR to staff (the service
   * narrows each role's audience; outside it is 403).
   */
  postAnnouncements: (a: Actor) => ['principal', 'school_director', 'teacher', 'finance_officer', 'hr'].includes(a.role),
  /** Read the school announcements addressed to the caller (every school role; the service narrows to recipients). */
  readAnnouncements: (a: Actor) => isSchoolRole(a.role),
  /**
   * Conversations (issue 17 §2): the roles whose sidebar has `messages`. Who may start a conversation
   * with whom is the service's (a parent reaches only staff who serve their children).
   */
  useMessages: (a: Actor) => ['school_director', 'principal', 'teacher', 'finance_officer', 'parent', 'hr'].includes(a.role),
  /** Safeguarding (issue 17 §2): review a conversation involving a learner's guardian and reported messages (audited). */
  reviewConversations: (a: Actor) => a.role === 'principal',
  /** Open support tickets and follow their own (issue 17 §3: every school user; the director sees the school's). */
  openSupportTickets: (a: Actor) => isSchoolRole(a.role),
  /** Work the Support Center across schools: queue, assignment, status, internal notes, canned replies (EduFam staff). */
  manageSupport: (a: Actor) => isAdminRole(a.role),
  /** A ticket's shared routes (read, reply, status, rating): school users and EduFam staff; the service narrows each side. */
  useSupport: (a: Actor) => isSchoolRole(a.role) || isAdminRole(a.role),

  // Issue 18: platform business and security.
  /** Plans, subscriptions, term invoices, credit notes, payments and billing settings (issue 18 §1: EduFam staff). */
  manageBilling: (a: Actor) => isAdminRole(a.role),
  /**
   * Read platform invoices, receipts and the school's subscription: EduFam staff every school, a
   * school's director only their own (the service narrows; another school's invoice is 404).
   */
  viewBilling: (a: Actor) => isAdminRole(a.role) || a.role === 'school_director',
  /** Pay the school's own platform invoice by M-Pesa (issue 18 §1: the director). */
  payPlatformInvoices: (a: Actor) => a.role === 'school_director',
  /** Security log, alerts, two-factor requirement per role and password policy (issue 18 §2: EduFam staff). */
  manageSecurity: (a: Actor) => isAdminRole(a.role),
  /** Read the security log and alerts (the security section's roles: platform staff). */
  viewSecurityLog: (a: Actor) => isAdminRole(a.role),
  /**
   * Export a learner's or user's personal data on request (Kenya Data Protection Act 2019 s.26):
   * EduFam staff any school, a school's principal or director their own school (the service narrows).
   */
  exportPersonalData: (a: Actor) => isAdminRole(a.role) || a.role === 'principal' || a.role === 'school_director',
  /** Erase or anonymise a learner's or user's personal data where the law allows (DPA 2019 s.40): EduFam staff. */
  erasePersonalData: (a: Actor) => isAdminRole(a.role),
  /** Platform analytics across schools (issue 18 §3 "System Analytics"): platform staff. */
  viewPlatformAnalytics: (a: Actor) => isAdminRole(a.role),
  /** School health cards, anonymised comparisons and system reports (issue 18 §3: edufam_admin and its alias). */
  viewSystemReports: (a: Actor) => isAdminRole(a.role),
  /** The platform team's project hub and onboarding checklists (issue 18 §4: edufam_admin and its alias). */
  manageProjectHub: (a: Actor) => isAdminRole(a.role),
  /** EduFam's company details and platform staff accounts (issue 18 §4: edufam_admin and its alias). */
  manageCompany: (a: Actor) => isAdminRole(a.role),
  /** System settings: new-school defaults, feature flags per school, e-mail and SMS providers (issue 18 §4: edufam_admin and its alias). */
  manageSystemSettings: (a: Actor) => isAdminRole(a.role),
  /**
   * The Ministry's learner data (issue 35 §1, KEMIS/NEMIS): the export and missing-fields report
   * (principal, director); importing the UPIs the Ministry assigned changes records (principal).
   */
  viewMinistryReturns: (a: Actor) => a.role === 'principal' || a.role === 'school_director',
  manageMinistryReturns: (a: Actor) => a.role === 'principal',
  /** KNEC school-based assessment export (issue 35 §2): the principal. */
  exportKnecSba: (a: Actor) => a.role === 'principal',
  /** Vote heads, payment allocations, capitation and bank statements (issue 35 §3, §4): the finance officer. */
  manageVoteHeads: (a: Actor) => a.role === 'finance_officer',
  /** Read vote heads and the capitation position (finance officer, principal, director). */
  viewVoteHeads: (a: Actor) => ['finance_officer', 'principal', 'school_director'].includes(a.role),
} as const;

export type Permission = keyof typeof PERMISSIONS;

export function can(actor: Actor, permission: Permission): boolean {
  return PERMISSIONS[permission](actor);
}

/**
 * Access to a school id (spec §6): system admins any; others only their own school; with no id the
 * user must have a school.
 */
export function canAccessSchool(actor: Actor, schoolId?: string | null): boolean {
  if (isAdminRole(actor.role)) return true;
  if (!schoolId) return !!actor.schoolId;
  return actor.schoolId === schoolId;
}

/** Is the account properly configured (spec §5 Login): a known role, and a school for school roles. */
export type ConfigurationProblem = 'no-role' | 'not-configured' | null;
export function configurationProblem(role: string | null | undefined, schoolId: string | null | undefined): ConfigurationProblem {
  if (!role) return 'no-role';
  if (!isRole(role)) return 'not-configured';
  if (isSchoolRole(role) && !schoolId) return 'not-configured';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Route prefix rules (spec §6 Route prefix rules), used by the SPA router and the server's page
// handler alike.

export const PUBLIC_PATHS = ['/', '/login', '/about', '/contact', '/features', '/pricing', '/reset-password', '/unauthorized', '/ussd-simulator'];
const PUBLIC_PREFIXES = ['/verify-certificate/'];
const ADMIN_PREFIXES = ['/admin', '/edufam', '/system'];

/** The signed-in routes of spec §2 and the shell section each opens. */
export const ROUTE_SECTIONS: Record<string, string> = {
  '/dashboard': 'dashboard',
  '/finance': 'finance',
  '/admin': 'dashboard',
  '/profile': 'profile',
  '/settings': 'settings',
  '/reports': 'reports',
  '/attendance': 'attendance',
  '/grades': 'grades',
  '/students': 'students',
  '/teachers': 'teachers',
  '/classes': 'classes',
  '/timetable': 'timetable',
  '/certificates': 'certificates',
  '/communications': 'announcements',
  '/analytics': 'analytics',
  '/billing': 'billing',
  '/maintenance': 'maintenance',
  '/support': 'support',
  '/messages': 'messages',
  '/audit': 'audit',
  '/debug': 'debug',
  '/transport': 'transport',
};

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix + '/');
}

/** Home of a signed-in user (spec §6: admins /admin/dashboard, school users /dashboard). */
export function homePathFor(role: string | null | undefined): string {
  return isAdminRole(role) ? '/admin/dashboard' : '/dashboard';
}

/** Query parameter that carries a route denial to the page the user is sent to (spec §8 Shell and access). */
export const ROUTE_DENIAL_PARAM = 'denied';

/** The route denials that travel in ROUTE_DENIAL_PARAM, each with the spec §8 message the page shows. */
const ROUTE_DENIALS = perLocale((): Record<string, string> => ({ 'admin-only': messages.shell.adminOnly }));

/** The spec §8 message of a ROUTE_DENIAL_PARAM value, or null for none or an unknown value. */
export function routeDenialMessage(value: string | null | undefined): string | null {
  return value && Object.hasOwn(ROUTE_DENIALS, value) ? ROUTE_DENIALS[value]! : null;
}

export type RouteDecision =
  | { kind: 'allow' }
  | { kind: 'login'; message: string }
  | { kind: 'redirect'; to: string; message: string };

/**
 * Decide a page route for a user (null when signed out). Public paths always pass; other paths need
 * a session; /admin, /edufam and /system need a platform role, otherwise the user goes home, where the
 * page shows the admin-only message (carried in ROUTE_DENIAL_PARAM, since a server redirect has no
 * other way to pass it). /debug/maintenance-test opens for every signed-in user: the page itself tells
 * other roles "This test is only available to EduFam Administrators." (spec §6 Maintenance).
 */
export function decideRoute(pathname: string, user: { role: string | null } | null): RouteDecision {
  if (isPublicPath(pathname)) return { kind: 'allow' };
  if (!user) return { kind: 'login', message: messages.shell.authenticationRequired };
  if (ADMIN_PREFIXES.some((p) => hasPrefix(pathname, p)) && !isAdminRole(user.role)) {
    return { kind: 'redirect', to: `${homePathFor(user.role)}?${ROUTE_DENIAL_PARAM}=admin-only`, message: messages.shell.adminOnly };
  }
  return { kind: 'allow' };
}

/**
 * The shell section a signed-in path opens, or null when the path is not a shell route (the SPA then
 * redirects to /). Paths: the §2 routes, /dashboard/{section} and /admin/{section}.
 */
export function sectionForPath(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (ROUTE_SECTIONS[clean]) return ROUTE_SECTIONS[clean];
  const m = /^\/(dashboard|admin)\/([a-z0-9-]+)$/.exec(clean);
  if (m) return m[2];
  return null;
}

/** The URL that opens a section for a role (the §2 route when there is one). */
export function pathForSection(role: string | null | undefined, sectionId: string): string {
  const base = isAdminRole(role) ? '/admin' : '/dashboard';
  if (sectionId === 'dashboard') return homePathFor(role);
  return `${base}/${sectionId}`;
}
