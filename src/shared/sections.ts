import { messages } from './messages.js';
import { ADMIN_ROLES, type Role } from './roles.js';
import { perLocale } from './i18n/localized.js';
import { navigationMessages } from './messages/navigation.js';

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

const nav = navigationMessages;

/** A section with its label from the catalogue (messages/navigation.ts), in the current language. */
function s(id: SectionId, roles: readonly Role[] | 'any', denial: string = d.generic, available = false): SectionDef {
  return { id, label: nav.sections[id], roles, denial, available };
}

type SectionId = keyof typeof navigationMessages.sections;
type SidebarEntry = readonly [string, string?];

export const SECTIONS = perLocale((): readonly SectionDef[] => ([
  s('dashboard', ALL, d.generic, true),
  s('profile', ALL, d.generic, true),
  // Platform administration
  s('project-hub', EDUFAM, d.edufamAdmin, true),
  s('analytics', [...ADMINS, 'principal', 'school_director', 'teacher'], d.analytics),
  s('school-analytics', EDUFAM, d.edufamAdmin, true),
  s('schools', ADMINS, d.edufamAdmin),
  s('company-management', EDUFAM, d.edufamAdmin, true),
  s('users', [...ADMINS, 'school_director', 'principal'], messages.userManagement.deniedText),
  // Issue 18 §1: a school's director reads their own subscription and invoices here (opened from the
  // Financial Overview and the arrears banner; not in the director's sidebar, which spec §2 fixes).
  s('billing', [...ADMINS, 'school_director'], d.edufamAdmin, true),
  s('system-health', ADMINS, d.edufamAdmin),
  s('security', ADMINS, d.edufamAdmin, true),
  s('settings', EDUFAM, d.edufamAdmin, true),
  s('system-reports', EDUFAM, d.edufamAdmin, true),
  s('maintenance', EDUFAM, d.edufamAdmin),
  s('audit', [...ADMINS, 'school_director', 'principal'], d.generic),
  s('debug', ADMINS, d.edufamAdmin),
  // School leadership and academics
  s('school-management', ['principal'], d.principal),
  // Issue 10 §1 "directors read it": the same setup screens read-only, kept apart from school-management,
  // which spec §6 reserves for principals (docs/decisions/0006).
  s('school-setup', ['school_director', ...ADMINS], d.generic),
  s('academic-management', ['principal'], d.academicManagement),
  s('student-admission', ['principal'], d.academicManagement),
  s('student-promotion', ['principal'], d.academicManagement),
  s('student-information', ['principal'], d.academicManagement),
  s('transfer-management', ['principal'], d.academicManagement),
  s('exit-management', ['principal'], d.academicManagement),
  s('examinations', ['principal'], d.examinations),
  s('grades', ALL),
  s('attendance', ['principal', 'teacher', 'parent', 'school_director', ...ADMINS]),
  // Issue 10 §3: the finance officer reads the register for fees (docs/decisions/0006).
  s('students', ['school_director', 'principal', 'teacher', 'finance_officer', ...ADMINS]),
  s('teachers', ['school_director', 'principal', ...ADMINS]),
  s('classes', ['school_director', 'principal', 'teacher', ...ADMINS]),
  s('timetable', ALL, d.generic, true),
  s('certificates', [...ADMINS, 'school_director', 'principal']),
  s('announcements', ALL, d.generic, true),
  s('reports', ALL),
  s('support', ALL, d.generic, true),
  s('messages', ['school_director', 'principal', 'teacher', 'finance_officer', 'parent', 'hr'], d.generic, true),
  // Finance
  s('finance', [...FINANCE_ACCESS, 'parent'], d.finance),
  s('fee-management', FINANCE_ACCESS, d.finance),
  s('mpesa-payments', FINANCE_ACCESS, d.finance),
  s('financial-analytics', FINANCE_ACCESS, d.finance, true),
  s('student-accounts', FINANCE_ACCESS, d.finance),
  s('finance-settings', FINANCE_ACCESS, d.finance),
  s('expenses', ['finance_officer'], d.expenses, true),
  s('financial-reports', ['finance_officer'], d.financialReports, true),
  s('transport', ['finance_officer', 'principal', 'school_director', ...ADMINS], d.generic, true),
  s('inventory', ['finance_officer', 'principal', 'school_director'], d.generic, true),
  // HR
  s('staff-management', ['hr']),
  s('payroll', ['hr']),
  s('attendance-monitoring', ['hr']),
  s('hr-reports', ['hr']),
  s('user-management', ['hr']),
  s('hr-analytics', ['hr']),
  s('hr-dashboard', ALL),
  // Issue 14 §2, §3: every member of staff's own leave and payslips, opened from the profile menu.
  s('my-leave', STAFF),
  s('my-payslips', STAFF),
]));

/** Sections by id, in the current language. */
const byId = perLocale((): Readonly<Record<string, SectionDef>> => Object.fromEntries(SECTIONS.map((x) => [x.id, x])));

/** The section with this id, its label in the current language; undefined for an unknown id. */
export function getSection(id: string): SectionDef | undefined {
  return Object.hasOwn(byId, id) ? byId[id] : undefined;
}

/** The EduFam admin staff's sidebar (spec §2). */
const edufamAdminSidebar = (): ReadonlyArray<SidebarEntry> => [
  ['dashboard'],
  ['project-hub'],
  ['analytics', nav.sidebar.edufam_admin.analytics],
  ['school-analytics'],
  ['schools', nav.sidebar.edufam_admin.schools],
  ['company-management'],
  ['users', nav.sidebar.edufam_admin.users],
  ['certificates', nav.sidebar.edufam_admin.certificates],
  ['announcements', nav.sidebar.edufam_admin.announcements],
  ['reports', nav.sidebar.edufam_admin.reports],
  ['billing', nav.sidebar.edufam_admin.billing],
  ['system-health'],
  ['support', nav.sidebar.edufam_admin.support],
  ['security'],
  ['settings', nav.sidebar.edufam_admin.settings],
];

/** Sidebar entries per role: section id and, where the spec gives one, the role's own label (spec §2). */
export const SIDEBAR = perLocale((): Record<Role, ReadonlyArray<SidebarEntry>> => ({
  edufam_admin: edufamAdminSidebar(),
  // The older alias, treated identically (spec §1): the same sidebar.
  elimisha_admin: edufamAdminSidebar(),
  school_director: [
    ['dashboard'],
    ['analytics'],
    ['users', nav.sidebar.school_director.users],
    ['students'],
    ['finance', nav.sidebar.school_director.finance],
    ['certificates', nav.sidebar.school_director.certificates],
    ['timetable', nav.sidebar.school_director.timetable],
    ['announcements'],
    ['reports'],
    ['support', nav.sidebar.school_director.support],
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
    ['certificates', nav.sidebar.principal.certificates],
    ['timetable', nav.sidebar.principal.timetable],
    ['announcements'],
    ['reports'],
    ['support'],
    ['messages'],
  ],
  teacher: [
    ['dashboard'],
    ['analytics', nav.sidebar.teacher.analytics],
    ['grades', nav.sidebar.teacher.grades],
    ['attendance', nav.sidebar.teacher.attendance],
    ['students', nav.sidebar.teacher.students],
    ['timetable', nav.sidebar.teacher.timetable],
    ['announcements', nav.sidebar.teacher.announcements],
    ['reports', nav.sidebar.teacher.reports],
    ['support'],
    ['messages'],
  ],
  finance_officer: [
    ['dashboard'],
    ['finance'],
    ['fee-management'],
    ['transport'],
    ['inventory'],
    ['mpesa-payments', nav.sidebar.finance_officer['mpesa-payments']],
    ['expenses'],
    ['financial-reports'],
    ['financial-analytics'],
    ['student-accounts'],
    ['announcements', nav.sidebar.finance_officer.announcements],
    ['finance-settings'],
    ['support'],
    ['messages'],
  ],
  parent: [
    ['dashboard'],
    ['grades', nav.sidebar.parent.grades],
    ['attendance', nav.sidebar.parent.attendance],
    ['finance', nav.sidebar.parent.finance],
    ['timetable', nav.sidebar.parent.timetable],
    ['announcements', nav.sidebar.parent.announcements],
    ['reports', nav.sidebar.parent.reports],
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
    ['announcements', nav.sidebar.hr.announcements],
    ['support'],
    ['messages'],
  ],
}));

export interface SidebarItem {
  id: string;
  label: string;
}

/** The role's sidebar with labels resolved. */
export function sidebarFor(role: Role): SidebarItem[] {
  return SIDEBAR[role].map(([id, label]) => ({ id, label: label ?? getSection(id)?.label ?? id }));
}

/** The label a role sees for a section (its sidebar label, else the section's default). */
export function sectionLabel(role: Role, id: string): string {
  const own = SIDEBAR[role].find(([sid]) => sid === id)?.[1];
  return own ?? getSection(id)?.label ?? id;
}
