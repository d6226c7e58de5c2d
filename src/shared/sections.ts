import { messages } from './messages.js';
import { ADMIN_ROLES, type Role } from './roles.js';
import { perLocale } from './i18n/localized.js';

/**
 * Every section the shell can render (spec §2 Shell sections), with its default label, the roles that
 * may open it (spec §6 Section access) and the denial message shown to everyone else (spec §8 Shell and
 * access). Where the spec shows no role check we deny by default and allow the roles whose sidebar
 * lists the section (docs/decisions/0003-section-access.md).
 */
export interface SectionDef {
  id: string;
  label: string;
  /** Roles allowed to open it; 'any' means every signed-in role. */
  roles: readonly Role[] | 'any';
  denial: string;
  /** The issue that builds the module; the shell shows "not available yet" until it lands. */
  available: boolean;
}

const ALL = 'any' as const;
const ADMINS: readonly Role[] = ADMIN_ROLES;
/** Finance access (docs/decisions/0002), the admin role counted with its alias (spec §1). */
const FINANCE_ACCESS: readonly Role[] = ['finance_officer', 'principal', 'school_director', ...ADMINS];
/**
 * What spec §6 reserves for edufam_admin: edufam_admin and its older alias elimisha_admin, which spec §1
 * treats identically.
 */
const EDUFAM: readonly Role[] = ADMINS;
const STAFF: readonly Role[] = ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'];

const d = messages.denial;

function s(id: string, label: string, roles: readonly Role[] | 'any', denial: string = d.generic, available = false): SectionDef {
  return { id, label, roles, denial, available };
}

export const SECTIONS = perLocale((): readonly SectionDef[] => ([
  s('dashboard', 'Dashboard', ALL, d.generic, true),
  s('profile', 'Profile Settings', ALL, d.generic, true),
  // Platform administration
  s('project-hub', 'Project Hub', EDUFAM, d.edufamAdmin, true),
  s('analytics', 'Analytics', [...ADMINS, 'principal', 'school_director', 'teacher'], d.analytics),
  s('school-analytics', 'School Analytics', EDUFAM, d.edufamAdmin, true),
  s('schools', 'Schools Management', ADMINS, d.edufamAdmin),
  s('company-management', 'Company Management', EDUFAM, d.edufamAdmin, true),
  s('users', 'User Management', [...ADMINS, 'school_director', 'principal'], messages.userManagement.deniedText),
  // Issue 18 §1: a school's director reads their own subscription and invoices here (opened from the
  // Financial Overview and the arrears banner; not in the director's sidebar, which spec §2 fixes).
  s('billing', 'Billing Management', [...ADMINS, 'school_director'], d.edufamAdmin, true),
  s('system-health', 'System Health', ADMINS, d.edufamAdmin),
  s('security', 'Security', ADMINS, d.edufamAdmin, true),
  s('settings', 'System Settings', EDUFAM, d.edufamAdmin, true),
  s('system-reports', 'System Reports', EDUFAM, d.edufamAdmin, true),
  s('maintenance', 'Maintenance', EDUFAM, d.edufamAdmin),
  s('audit', 'Audit Trail', [...ADMINS, 'school_director', 'principal'], d.generic),
  s('debug', 'Debug', ADMINS, d.edufamAdmin),
  // School leadership and academics
  s('school-management', 'School Management', ['principal'], d.principal),
  // Issue 10 §1 "directors read it": the same setup screens read-only, kept apart from school-management,
  // which spec §6 reserves for principals (docs/decisions/0006).
  s('school-setup', 'School Setup', ['school_director', ...ADMINS], d.generic),
  s('academic-management', 'Academic Management', ['principal'], d.academicManagement),
  s('student-admission', 'Student Admission', ['principal'], d.academicManagement),
  s('student-promotion', 'Student Promotion', ['principal'], d.academicManagement),
  s('student-information', 'Student Information', ['principal'], d.academicManagement),
  s('transfer-management', 'Transfer Management', ['principal'], d.academicManagement),
  s('exit-management', 'Exit Management', ['principal'], d.academicManagement),
  s('examinations', 'Examinations', ['principal'], d.examinations),
  s('grades', 'Grades', ALL),
  s('attendance', 'Attendance', ['principal', 'teacher', 'parent', 'school_director', ...ADMINS]),
  // Issue 10 §3: the finance officer reads the register for fees (docs/decisions/0006).
  s('students', 'Students', ['school_director', 'principal', 'teacher', 'finance_officer', ...ADMINS]),
  s('teachers', 'Teachers', ['school_director', 'principal', ...ADMINS]),
  s('classes', 'Classes', ['school_director', 'principal', 'teacher', ...ADMINS]),
  s('timetable', 'Timetable', ALL, d.generic, true),
  s('certificates', 'Certificates', [...ADMINS, 'school_director', 'principal']),
  s('announcements', 'Announcements', ALL, d.generic, true),
  s('reports', 'Reports', ALL),
  s('support', 'Support', ALL, d.generic, true),
  s('messages', 'Messages', ['school_director', 'principal', 'teacher', 'finance_officer', 'parent', 'hr'], d.generic, true),
  // Finance
  s('finance', 'Finance', [...FINANCE_ACCESS, 'parent'], d.finance),
  s('fee-management', 'Fee Management', FINANCE_ACCESS, d.finance),
  s('mpesa-payments', 'MPESA Payments', FINANCE_ACCESS, d.finance),
  s('financial-analytics', 'Financial Analytics', FINANCE_ACCESS, d.finance, true),
  s('student-accounts', 'Student Accounts', FINANCE_ACCESS, d.finance),
  s('finance-settings', 'Finance Settings', FINANCE_ACCESS, d.finance),
  s('expenses', 'Expenses', ['finance_officer'], d.expenses, true),
  s('financial-reports', 'Financial Reports', ['finance_officer'], d.financialReports, true),
  s('transport', 'Transport', ['finance_officer', 'principal', 'school_director', ...ADMINS], d.generic, true),
  s('inventory', 'Inventory', ['finance_officer', 'principal', 'school_director'], d.generic, true),
  // HR
  s('staff-management', 'Staff Management', ['hr']),
  s('payroll', 'Payroll', ['hr']),
  s('attendance-monitoring', 'Attendance Monitoring', ['hr']),
  s('hr-reports', 'HR Reports', ['hr']),
  s('user-management', 'User Management', ['hr']),
  s('hr-analytics', 'HR Analytics', ['hr']),
  s('hr-dashboard', 'HR Dashboard', ALL),
  // Issue 14 §2, §3: every member of staff's own leave and payslips, opened from the profile menu.
  s('my-leave', 'My Leave', STAFF),
  s('my-payslips', 'My Payslips', STAFF),
]));

const byId = new Map(SECTIONS.map((x) => [x.id, x]));

export function getSection(id: string): SectionDef | undefined {
  return byId.get(id);
}

/** The EduFam admin staff's sidebar (spec §2). */
const EDUFAM_ADMIN_SIDEBAR: ReadonlyArray<readonly [string, string?]> = [
  ['dashboard'],
  ['project-hub'],
  ['analytics', 'System Analytics'],
  ['school-analytics'],
  ['schools', 'Schools Management'],
  ['company-management'],
  ['users', 'User Management'],
  ['certificates', 'Certificate Management'],
  ['announcements', 'Communication Center'],
  ['reports', 'System Reports'],
  ['billing', 'Billing Management'],
  ['system-health'],
  ['support', 'Support Center'],
  ['security'],
  ['settings', 'System Settings'],
];

/** Sidebar entries per role: section id and, where the spec gives one, the role's own label (spec §2). */
export const SIDEBAR: Record<Role, ReadonlyArray<readonly [string, string?]>> = {
  edufam_admin: EDUFAM_ADMIN_SIDEBAR,
  // The older alias, treated identically (spec §1): the same sidebar.
  elimisha_admin: EDUFAM_ADMIN_SIDEBAR,
  school_director: [
    ['dashboard'],
    ['analytics'],
    ['users', 'Staff Management'],
    ['students'],
    ['finance', 'Financial Overview'],
    ['certificates', 'View Certificates'],
    ['timetable', 'School Timetables'],
    ['announcements'],
    ['reports'],
    ['support', 'Support Tickets'],
    ['messages'],
  ],
  principal: [
    ['dashboard'],
    ['school-management'],
    ['academic-management'],
    ['grades'],
    ['examinations'],
    ['analytics'],
    ['attendance'],
    ['students'],
    ['finance'],
    ['certificates', 'Certificate Generation'],
    ['timetable', 'Timetable Generator'],
    ['announcements'],
    ['reports'],
    ['support'],
    ['messages'],
  ],
  teacher: [
    ['dashboard'],
    ['analytics', 'Class Analytics'],
    ['grades', 'My Class Grades'],
    ['attendance', 'Class Attendance'],
    ['students', 'My Students'],
    ['timetable', 'My Timetable'],
    ['announcements', 'Class Announcements'],
    ['reports', 'Class Reports'],
    ['support'],
    ['messages'],
  ],
  finance_officer: [
    ['dashboard'],
    ['finance'],
    ['fee-management'],
    ['transport'],
    ['inventory'],
    ['mpesa-payments', 'MPESA Payments'],
    ['expenses'],
    ['financial-reports'],
    ['financial-analytics'],
    ['student-accounts'],
    ['announcements', 'Finance Notices'],
    ['finance-settings'],
    ['support'],
    ['messages'],
  ],
  parent: [
    ['dashboard'],
    ['grades', 'Child Grades'],
    ['attendance', 'Child Attendance'],
    ['finance', 'School Fees'],
    ['timetable', 'Class Timetable'],
    ['announcements', 'School News'],
    ['reports', 'Progress Reports'],
    ['support'],
    ['messages'],
  ],
  hr: [
    ['dashboard'],
    ['staff-management'],
    ['payroll'],
    ['attendance-monitoring'],
    ['hr-reports'],
    ['user-management'],
    ['hr-analytics'],
    ['announcements', 'HR Announcements'],
    ['support'],
    ['messages'],
  ],
};

export interface SidebarItem {
  id: string;
  label: string;
}

/** The role's sidebar with labels resolved. */
export function sidebarFor(role: Role): SidebarItem[] {
  return SIDEBAR[role].map(([id, label]) => ({ id, label: label ?? byId.get(id)?.label ?? id }));
}

/** The label a role sees for a section (its sidebar label, else the section's default). */
export function sectionLabel(role: Role, id: string): string {
  const own = SIDEBAR[role].find(([sid]) => sid === id)?.[1];
  return own ?? byId.get(id)?.label ?? id;
}
