/**
 * The role × section table of spec §2 (sidebars and labels) and §6 (section access), written out here
 * independently of sections.ts, plus the §8 denial messages word for word.
 */
import { describe, expect, it } from 'vitest';
import { canOpenSection } from './access.js';
import { ROLES, type Role } from './roles.js';
import { SECTIONS, getSection, sectionLabel, sidebarFor } from './sections.js';

// ---- Spec §2 "Sidebar sections per role": [id, label] with the spec's label where it gives one. ----
type Entry = readonly [id: string, label?: string];

const EDUFAM_ADMIN_SIDEBAR: Entry[] = [
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

/** Sections §6 reserves for edufam_admin; its alias elimisha_admin is treated identically (spec §1). */
const EDUFAM_ONLY = ['settings', 'system-reports', 'project-hub', 'school-analytics', 'company-management', 'maintenance'];
/** edufam_admin and the older alias spec §1 treats identically. */
const EDUFAM: Role[] = ['edufam_admin', 'elimisha_admin'];

const SPEC_SIDEBARS: Record<Role, Entry[]> = {
  edufam_admin: EDUFAM_ADMIN_SIDEBAR,
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

// ---- Spec §8 "Section denials", word for word. ----
const DENIAL = {
  principal: 'Access Denied: Principal access required',
  edufamAdmin: 'Access Denied: EduFam Admin access required',
  finance: 'Access Denied: Finance access required',
  analytics: 'Access Denied: Analytics access restricted',
  expenses: 'Access Denied: Expenses are restricted to Finance Officers only',
  financialReports: 'Access Denied: Financial Reports are restricted to Finance Officers only',
  examinations: 'Access Denied: Only principals can manage examinations',
  academicManagement: 'Access Denied: Only principals can access Academic Management',
  generic: "Access Denied: You don't have permission to view this section.",
};
const USER_MANAGEMENT_DENIED = "You don't have permission to access user management.";
const SECTION_NOT_FOUND = 'The requested section could not be found or is not available for your role.';

// ---- Spec §6 "Section access": who may open, and the message everyone else gets. ----
const ALL_ROLES: readonly Role[] = ROLES;
const FINANCE_ACCESS: Role[] = ['finance_officer', 'principal', 'school_director', ...EDUFAM];
const ACADEMIC_GROUP = ['academic-management', 'student-admission', 'student-promotion', 'student-information', 'transfer-management', 'exit-management'];
const HR_SECTIONS = ['staff-management', 'payroll', 'attendance-monitoring', 'hr-reports', 'hr-analytics', 'user-management'];

interface Rule {
  allowed: readonly Role[];
  /** The §8 message; omitted where the spec pairs none with the section. */
  denial?: string;
}

const SPEC_RULES: Record<string, Rule> = {
  dashboard: { allowed: ALL_ROLES },
  'school-management': { allowed: ['principal'], denial: DENIAL.principal },
  settings: { allowed: EDUFAM, denial: DENIAL.edufamAdmin },
  'system-reports': { allowed: EDUFAM, denial: DENIAL.edufamAdmin },
  'project-hub': { allowed: EDUFAM, denial: DENIAL.edufamAdmin },
  'school-analytics': { allowed: EDUFAM, denial: DENIAL.edufamAdmin },
  'company-management': { allowed: EDUFAM, denial: DENIAL.edufamAdmin },
  maintenance: { allowed: EDUFAM },
  analytics: { allowed: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher'], denial: DENIAL.analytics },
  ...Object.fromEntries(
    ['fee-management', 'mpesa-payments', 'financial-analytics', 'student-accounts', 'finance-settings'].map((id) => [
      id,
      { allowed: FINANCE_ACCESS, denial: DENIAL.finance },
    ]),
  ),
  finance: { allowed: [...FINANCE_ACCESS, 'parent'], denial: DENIAL.finance },
  expenses: { allowed: ['finance_officer'], denial: DENIAL.expenses },
  'financial-reports': { allowed: ['finance_officer'], denial: DENIAL.financialReports },
  grades: { allowed: ALL_ROLES },
  timetable: { allowed: ALL_ROLES },
  reports: { allowed: ALL_ROLES },
  support: { allowed: ALL_ROLES },
  examinations: { allowed: ['principal'], denial: DENIAL.examinations },
  ...Object.fromEntries(ACADEMIC_GROUP.map((id) => [id, { allowed: ['principal'], denial: DENIAL.academicManagement }])),
  ...Object.fromEntries(HR_SECTIONS.map((id) => [id, { allowed: ['hr'] }])),
  'hr-dashboard': { allowed: ALL_ROLES },
  debug: { allowed: ['edufam_admin', 'elimisha_admin'] },
  // §6 User management: directors, principals and system admins; others get the user-management denial.
  users: { allowed: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal'], denial: USER_MANAGEMENT_DENIED },
};

/** Every section id the spec names (§2 sidebars and "other sections", §6). */
const SPEC_SECTION_IDS = new Set([
  ...Object.values(SPEC_SIDEBARS).flatMap((entries) => entries.map(([id]) => id)),
  ...Object.keys(SPEC_RULES),
]);

describe('spec §2 sidebars', () => {
  it.each(ROLES)('%s: sections in order with the spec labels', (role) => {
    const got = sidebarFor(role);
    const spec = SPEC_SIDEBARS[role];
    expect(got.map((i) => i.id)).toEqual(spec.map(([id]) => id));
    spec.forEach(([id, label], i) => {
      if (label) expect(got[i]!.label, `${role} ${id}`).toBe(label);
      else expect(got[i]!.label, `${role} ${id}`).toBe(getSection(id)!.label);
      expect(sectionLabel(role, id)).toBe(got[i]!.label);
    });
  });

  it.each(ROLES)('%s: every label is non-empty and every sidebar section opens', (role) => {
    for (const item of sidebarFor(role)) {
      expect(item.label.trim()).not.toBe('');
      expect(canOpenSection(role, item.id), `${role} ${item.id}`).toEqual({ allowed: true });
    }
  });

  it('every section the spec names exists', () => {
    const known = new Set(SECTIONS.map((s) => s.id));
    for (const id of SPEC_SECTION_IDS) expect(known.has(id), id).toBe(true);
  });

  it('section ids are unique', () => {
    expect(new Set(SECTIONS.map((s) => s.id)).size).toBe(SECTIONS.length);
  });
});

describe('spec §6 section access, role by role', () => {
  const cases = Object.entries(SPEC_RULES).flatMap(([id, rule]) => ROLES.map((role) => [id, role, rule] as const));

  it.each(cases)('%s for %s', (id, role, rule) => {
    const res = canOpenSection(role, id);
    if (rule.allowed.includes(role)) {
      expect(res).toEqual({ allowed: true });
    } else {
      expect(res.allowed).toBe(false);
      if (!res.allowed) {
        expect(res.reason).toBe('denied');
        if (rule.denial) expect(res.message).toBe(rule.denial);
      }
    }
  });

  it('HR sections deny with the generic message', () => {
    for (const id of HR_SECTIONS) {
      expect(canOpenSection('principal', id)).toEqual({ allowed: false, reason: 'denied', message: DENIAL.generic });
    }
  });

  it('elimisha_admin opens every section §6 reserves for edufam_admin (spec §1: treated identically)', () => {
    for (const id of EDUFAM_ONLY) {
      expect(canOpenSection('elimisha_admin', id).allowed, id).toBe(true);
      expect(canOpenSection('edufam_admin', id).allowed, id).toBe(true);
    }
  });

  it('elimisha_admin and edufam_admin open exactly the same sections and see the same sidebar', () => {
    for (const s of SECTIONS) expect(canOpenSection('elimisha_admin', s.id), s.id).toEqual(canOpenSection('edufam_admin', s.id));
    expect(sidebarFor('elimisha_admin')).toEqual(sidebarFor('edufam_admin'));
  });

  it('every denial anywhere uses a spec §8 message', () => {
    const known = new Set([...Object.values(DENIAL), USER_MANAGEMENT_DENIED]);
    for (const s of SECTIONS) {
      for (const role of ROLES) {
        const res = canOpenSection(role, s.id);
        if (!res.allowed) expect(known.has(res.message), `${role} ${s.id}: ${res.message}`).toBe(true);
      }
    }
  });

  it('an unknown section is "Section Not Found"', () => {
    for (const role of ROLES) {
      expect(canOpenSection(role, 'no-such-section')).toEqual({ allowed: false, reason: 'not-found', message: SECTION_NOT_FOUND });
    }
  });

  it('sections without a spec rule are denied to roles whose sidebar does not list them (deny by default)', () => {
    // e.g. a parent opening students, teachers or inventory; a teacher opening transport.
    expect(canOpenSection('parent', 'students').allowed).toBe(false);
    expect(canOpenSection('parent', 'inventory').allowed).toBe(false);
    expect(canOpenSection('teacher', 'transport').allowed).toBe(false);
    expect(canOpenSection('hr', 'certificates').allowed).toBe(false);
  });
});
