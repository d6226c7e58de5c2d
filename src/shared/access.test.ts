import { describe, expect, it } from 'vitest';
import {
  can,
  canAccessSchool,
  configurationProblem,
  dashboardKindFor,
  decideRoute,
  PERMISSIONS,
  homePathFor,
  routeDenialMessage,
  pathForSection,
  sectionForPath,
  type Actor,
  type Permission,
} from './access.js';
import { ADMIN_ROLES, ROLES, SCHOOL_ROLES, accessTypeForRole, isAdminRole, isSchoolRole, roleDisplayName, type Role } from './roles.js';

const ADMIN_ONLY = 'Access denied. This area is restricted to EduFam Admin Staff only.';
const actor = (role: Role, schoolId: string | null = role.endsWith('_admin') ? null : 'school-1'): Actor => ({ id: 'u1', role, schoolId });

describe('roles (spec §1, §6)', () => {
  it('knows exactly the eight roles, two of them admin', () => {
    expect([...ROLES].sort()).toEqual(
      ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'].sort(),
    );
    expect([...ADMIN_ROLES].sort()).toEqual(['edufam_admin', 'elimisha_admin']);
    expect([...SCHOOL_ROLES].sort()).toEqual(['finance_officer', 'hr', 'parent', 'principal', 'school_director', 'teacher']);
  });

  it.each([
    ['edufam_admin', 'EduFam Admin Staff'],
    ['elimisha_admin', 'Elimisha Admin Staff'],
    ['school_director', 'School Director'],
    ['principal', 'Principal'],
    ['teacher', 'Teacher'],
    ['parent', 'Parent'],
    ['finance_officer', 'Finance Officer'],
    ['hr', 'HR Manager'],
  ])('%s displays as "%s"', (role, name) => {
    expect(roleDisplayName(role)).toBe(name);
  });

  it('admin and school roles split the roles, and give the login area', () => {
    for (const role of ROLES) {
      expect(isAdminRole(role)).toBe(!isSchoolRole(role));
      expect(accessTypeForRole(role)).toBe(isAdminRole(role) ? 'admin' : 'school');
    }
    expect(isAdminRole(null)).toBe(false);
    expect(isSchoolRole('janitor')).toBe(false);
    expect(roleDisplayName('janitor')).toBe('janitor');
  });
});

describe('configurationProblem (spec §5 Login)', () => {
  it.each([null, undefined, ''])('no role (%j) is "no-role"', (role) => {
    expect(configurationProblem(role, 'school-1')).toBe('no-role');
  });

  it('an unknown role is not properly configured', () => {
    expect(configurationProblem('janitor', 'school-1')).toBe('not-configured');
    expect(configurationProblem('school_owner', null)).toBe('not-configured');
  });

  it.each(SCHOOL_ROLES)('%s needs a school', (role) => {
    expect(configurationProblem(role, null)).toBe('not-configured');
    expect(configurationProblem(role, undefined)).toBe('not-configured');
    expect(configurationProblem(role, 'school-1')).toBeNull();
  });

  it.each(ADMIN_ROLES)('%s needs no school', (role) => {
    expect(configurationProblem(role, null)).toBeNull();
    expect(configurationProblem(role, 'school-1')).toBeNull();
  });
});

describe('decideRoute (spec §6 route prefix rules)', () => {
  it.each(['/', '/login', '/about', '/contact', '/features', '/reset-password', '/unauthorized', '/verify-certificate/abc-123'])(
    '%s is public, signed in or not',
    (path) => {
      expect(decideRoute(path, null)).toEqual({ kind: 'allow' });
      expect(decideRoute(path, { role: 'parent' })).toEqual({ kind: 'allow' });
    },
  );

  it.each(['/dashboard', '/school', '/students', '/classes', '/grades', '/attendance', '/finance', '/reports', '/admin', '/settings', '/somewhere'])(
    '%s without a session goes to login with "Authentication required"',
    (path) => {
      expect(decideRoute(path, null)).toEqual({ kind: 'login', message: 'Authentication required' });
    },
  );

  it.each(['/dashboard', '/school', '/students', '/classes', '/grades', '/attendance', '/finance', '/reports'])(
    '%s is open to all eight roles',
    (path) => {
      for (const role of ROLES) expect(decideRoute(path, { role })).toEqual({ kind: 'allow' });
    },
  );

  it.each(['/admin', '/admin/dashboard', '/edufam', '/edufam/tools', '/system', '/system/health'])(
    '%s: admins pass, school users go to /dashboard',
    (path) => {
      for (const role of ADMIN_ROLES) expect(decideRoute(path, { role })).toEqual({ kind: 'allow' });
      for (const role of SCHOOL_ROLES) expect(decideRoute(path, { role })).toEqual({ kind: 'redirect', to: '/dashboard?denied=admin-only', message: ADMIN_ONLY });
      expect(decideRoute(path, { role: null })).toEqual({ kind: 'redirect', to: '/dashboard?denied=admin-only', message: ADMIN_ONLY });
    },
  );

  it('homes: admins /admin/dashboard, school users /dashboard', () => {
    for (const role of ADMIN_ROLES) expect(homePathFor(role)).toBe('/admin/dashboard');
    for (const role of SCHOOL_ROLES) expect(homePathFor(role)).toBe('/dashboard');
    expect(homePathFor(null)).toBe('/dashboard');
  });

  it('the admin-only denial travels to the home page with its spec §8 message', () => {
    expect(routeDenialMessage('admin-only')).toBe(ADMIN_ONLY);
    expect(routeDenialMessage('toString')).toBeNull();
    expect(routeDenialMessage('')).toBeNull();
    expect(routeDenialMessage(null)).toBeNull();
  });

  it('the maintenance test page opens for every signed-in role (the page itself tells others it is for EduFam Administrators)', () => {
    for (const role of ROLES) expect(decideRoute('/debug/maintenance-test', { role })).toEqual({ kind: 'allow' });
    expect(decideRoute('/debug/maintenance-test', null).kind).toBe('login');
  });
});

describe('paths and sections (docs/decisions/0003)', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/finance', 'finance'],
    ['/settings', 'settings'],
    ['/students/', 'students'],
    ['/transport', 'transport'],
    ['/dashboard/fee-management', 'fee-management'],
    ['/admin/schools', 'schools'],
    ['/admin', 'dashboard'],
  ])('%s opens %s', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });

  it.each(['/nowhere', '/dashboard/a/b', '/admin/Bad_Id', '/'])('%s is not a shell route', (path) => {
    expect(sectionForPath(path)).toBeNull();
  });

  it('pathForSection round-trips through sectionForPath', () => {
    for (const role of ROLES) {
      for (const id of ['dashboard', 'finance', 'payroll', 'schools']) {
        const path = pathForSection(role, id);
        expect(path.startsWith(isAdminRole(role) ? '/admin' : '/dashboard')).toBe(true);
        expect(sectionForPath(path)).toBe(id);
      }
    }
  });
});

describe('dashboardKindFor (spec §2 dashboard section)', () => {
  it.each([
    ['edufam_admin', 'platform'],
    ['elimisha_admin', 'platform'],
    ['school_director', 'director'],
    ['principal', 'principal'],
    ['teacher', 'teacher'],
    ['finance_officer', 'finance'],
    ['hr', 'hr'],
    ['parent', 'parent'],
    ['janitor', null],
  ])('%s → %s', (role, kind) => {
    expect(dashboardKindFor(role)).toBe(kind);
  });
});

describe('API permissions', () => {
  const table: Record<Permission, readonly Role[]> = {
    signedIn: ROLES,
    platformAdmin: ['edufam_admin', 'elimisha_admin'],
    schoolLeadership: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal'],
    manageUsers: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal'],
    manageSchools: ['edufam_admin', 'elimisha_admin'],
    financeAccess: ['finance_officer', 'principal', 'school_director', 'edufam_admin', 'elimisha_admin'],
    hr: ['hr'],
    viewSystemHealth: ['edufam_admin', 'elimisha_admin'],
    manageCommunications: ['edufam_admin', 'elimisha_admin'],
    manageMaintenance: ['edufam_admin', 'elimisha_admin'],
    viewLearners: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher', 'finance_officer', 'parent'],
    manageLearners: ['principal'],
    viewSchoolStructure: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'finance_officer', 'hr'],
    manageSchoolSetup: ['principal'],
    viewFees: ['edufam_admin', 'elimisha_admin', 'finance_officer', 'principal', 'school_director'],
    manageFees: ['finance_officer'],
    viewStudentAccount: ['edufam_admin', 'elimisha_admin', 'finance_officer', 'principal', 'school_director', 'parent'],
    payFees: ['finance_officer', 'parent'],
    viewApprovals: ['principal', 'school_director'],
    decideApprovals: ['principal', 'school_director'],
    viewAssessment: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher'],
    viewExamCalendar: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'finance_officer', 'hr'],
    manageExams: ['principal'],
    enterMarks: ['teacher', 'principal'],
    viewExamResults: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher', 'parent'],
    viewChildGrades: ['parent'],
    viewReportCard: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher', 'parent'],
    writeReportComments: ['teacher', 'principal'],
    viewCertificates: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director'],
    generateCertificates: ['principal'],
    revokeCertificates: ['edufam_admin', 'elimisha_admin', 'principal'],
    viewAttendance: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher'],
    markAttendance: ['teacher', 'principal'],
    manageAttendance: ['principal'],
    viewStudentAttendance: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director', 'teacher', 'parent'],
    viewSchoolCalendar: ROLES,
    recordStaffAttendance: ['hr'],
    viewStaffAttendance: ['edufam_admin', 'elimisha_admin', 'hr', 'principal', 'school_director'],
    staffSelfAttendance: ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'],
    manageStaff: ['hr'],
    viewStaff: ['edufam_admin', 'elimisha_admin', 'hr', 'principal', 'school_director'],
    manageLeave: ['hr'],
    decideLeave: ['hr', 'principal'],
    viewLeave: ['hr', 'principal', 'school_director'],
    staffSelfService: ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'],
    managePayroll: ['hr'],
    approvePayroll: ['principal', 'school_director'],
    viewPayroll: ['hr', 'principal', 'school_director'],
    viewHrReports: ['hr', 'principal', 'school_director'],
    manageExpenses: ['finance_officer'],
    viewExpenses: ['finance_officer', 'principal', 'school_director'],
    approveExpenses: ['principal', 'school_director'],
    viewFinancialReports: ['finance_officer'],
    viewFinancialAnalytics: ['finance_officer', 'principal', 'school_director', 'edufam_admin', 'elimisha_admin'],
    manageTransport: ['finance_officer'],
    viewTransport: ['edufam_admin', 'elimisha_admin', 'finance_officer', 'principal', 'school_director'],
    viewChildTransport: ['parent'],
    manageInventory: ['finance_officer'],
    viewInventory: ['finance_officer', 'principal', 'school_director'],
    manageTimetable: ['principal'],
    viewSchoolTimetables: ['principal', 'school_director'],
    viewPublishedTimetable: ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'],
    postAnnouncements: ['principal', 'school_director', 'teacher', 'finance_officer', 'hr'],
    readAnnouncements: ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'],
    useMessages: ['school_director', 'principal', 'teacher', 'finance_officer', 'parent', 'hr'],
    reviewConversations: ['principal'],
    openSupportTickets: ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'],
    manageSupport: ['edufam_admin', 'elimisha_admin'],
    useSupport: ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'],
    manageBilling: ['edufam_admin', 'elimisha_admin'],
    viewBilling: ['edufam_admin', 'elimisha_admin', 'school_director'],
    payPlatformInvoices: ['school_director'],
    manageSecurity: ['edufam_admin', 'elimisha_admin'],
    viewSecurityLog: ['edufam_admin', 'elimisha_admin'],
    exportPersonalData: ['edufam_admin', 'elimisha_admin', 'principal', 'school_director'],
    erasePersonalData: ['edufam_admin', 'elimisha_admin'],
    viewPlatformAnalytics: ['edufam_admin', 'elimisha_admin'],
    viewSystemReports: ['edufam_admin', 'elimisha_admin'],
    manageProjectHub: ['edufam_admin', 'elimisha_admin'],
    manageCompany: ['edufam_admin', 'elimisha_admin'],
    manageSystemSettings: ['edufam_admin', 'elimisha_admin'],
    viewMinistryReturns: ['school_director', 'principal'],
    manageMinistryReturns: ['principal'],
    exportKnecSba: ['principal'],
    manageVoteHeads: ['finance_officer'],
    viewVoteHeads: ['school_director', 'principal', 'finance_officer'],
  };
  it.each(Object.entries(table))('%s', (permission, allowed) => {
    for (const role of ROLES) expect(can(actor(role), permission as Permission), role).toBe(allowed.includes(role));
  });

  it('elimisha_admin, the older alias, is treated identically to edufam_admin on every permission (spec §1)', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(actor('elimisha_admin'), permission), permission).toBe(can(actor('edufam_admin'), permission));
    }
  });
});

describe('canAccessSchool (spec §6)', () => {
  it('system admins may access any school', () => {
    for (const role of ADMIN_ROLES) {
      expect(canAccessSchool(actor(role), 'school-2')).toBe(true);
      expect(canAccessSchool(actor(role), null)).toBe(true);
    }
  });

  it('school roles only their own school; with no id they need a school', () => {
    for (const role of SCHOOL_ROLES) {
      expect(canAccessSchool(actor(role, 'school-1'), 'school-1')).toBe(true);
      expect(canAccessSchool(actor(role, 'school-1'), 'school-2')).toBe(false);
      expect(canAccessSchool(actor(role, 'school-1'))).toBe(true);
      expect(canAccessSchool(actor(role, null))).toBe(false);
      expect(canAccessSchool(actor(role, null), 'school-1')).toBe(false);
    }
  });
});
