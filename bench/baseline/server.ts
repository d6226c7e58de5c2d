/**
 * BARE BASELINE server for the request-speed benchmark (issue 19): Fastify + node-postgres only. It
 * answers the same questions as EduFam's hot endpoints with hand-written SQL and returns JSON of the
 * same shape, so the benchmark can show what the framework layers (better-auth, Drizzle, zod,
 * row-level-security transactions, access gate) cost on top of plain SQL.
 *
 * Deliberately absent: better-auth, Drizzle, zod, row-level security (every query filters with
 * `school_id = $1` instead), transactions, caching (all DB work happens per request), session refresh
 * and last-seen writes, audit, maintenance mode, billing and feature-flag gates.
 *
 *   DATABASE_URL=postgres://… PORT=3382 AUTH_SECRET=… node --import tsx bench/baseline/server.ts
 *
 * Endpoints: GET /api/ready, /api/auth/session, /api/dashboard, /api/students,
 * /api/students/:id/account, /api/grades/my-children. Each resolves the session with one query,
 * checks the role like EduFam's permission, then runs its data queries on the same pooled connection.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import type { SessionUser as EduFamSessionUser } from '../../src/shared/contracts/session.js';
import type { GradeLevelLearners, TermDates } from '../../src/shared/contracts/dashboard.js';
import * as edufam from '../../src/server/modules/dashboard/dashboard-shapes.js';
import { bandFor, competitionRanksBy, defaultScaleFor, gradeLabel, kcseMeanGrade, roundHalfUp, type GradeBand as Band } from '../../src/shared/grading.js';

// ------------------------------------------------------------------------------------------------
// Database: a pool of 10 (as src/server/db/client.ts) with type parsers matching Drizzle's modes:
// bigint and numeric as numbers, date as 'YYYY-MM-DD' strings, timestamptz as Date (the default).

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === DATE_OID) return (v: string) => v;
    if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.AUTH_SECRET;
if (!databaseUrl || !secret) {
  console.error('DATABASE_URL and AUTH_SECRET are required');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });
pool.on('error', (err) => console.error('pool error', err));

type Client = pg.PoolClient;
type Row = Record<string, unknown>;

async function q<T = Row>(c: Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await c.query(text, values)).rows as T[];
}

// ------------------------------------------------------------------------------------------------
// Errors in EduFam's shape: { error: { code, message } }.

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const unauthorized = (code = 'UNAUTHENTICATED', message = 'Please log in again to continue.') => new HttpError(401, code, message);
const forbidden = (message = 'You do not have permission to do this.', code = 'FORBIDDEN') => new HttpError(403, code, message);
const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
const badRequest = (message: string) => new HttpError(400, 'VALIDATION', message);

// ------------------------------------------------------------------------------------------------
// Session: the cookie better-auth sets is `edufam.session_token=<token>.<base64 HMAC-SHA256(token)>`,
// URL-encoded (better-call signCookieValue). With secure cookies the name has the __Secure- prefix.

const SESSION_COOKIES = ['edufam.session_token', '__Secure-edufam.session_token'];

function cookieValue(header: string | undefined, names: string[]): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (names.includes(name)) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The token of a validly signed session cookie, or null (better-call getSignedCookie). */
function verifiedToken(header: string | undefined): string | null {
  const value = cookieValue(header, SESSION_COOKIES);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret!).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const ROLES = ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'];
const SCHOOL_ROLES = ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'];
const isAdminRole = (r: string | null) => r === 'edufam_admin' || r === 'elimisha_admin';
const isSchoolRole = (r: string | null) => !!r && SCHOOL_ROLES.includes(r);

/**
 * EduFam's session user (src/shared/contracts/session.ts) as this server builds it: role and preferences
 * as stored (unchecked strings and JSON), always with the session id and the two-factor set-up flag.
 */
type SessionUser = Omit<EduFamSessionUser, 'role' | 'themePreference' | 'dashboardPreferences' | 'sessionId' | 'twoFactorSetupRequired'> & {
  role: string | null;
  themePreference: string;
  dashboardPreferences: unknown;
  sessionId: string;
  twoFactorSetupRequired: boolean;
};

/**
 * One query: the live session (not expired, not idle past the security policy's limit) with its
 * profile, school, and whether the policy requires two-factor for the role (no policy stored: the
 * default roles edufam_admin, elimisha_admin, finance_officer).
 */
const SESSION_SQL = `
  select s.id as session_id, s.two_factor_pending, p.id, p.email, p.role, p.name, p.school_id, p.avatar_url, p.phone,
         p.mfa_enabled, p.status, p.theme_preference, p.locale, p.dashboard_preferences, p.must_change_password,
         p.last_login_at, p.created_at, p.updated_at,
         sc.id as sc_id, sc.name as sc_name, sc.curriculum as sc_curriculum, sc.status as sc_status, sc.logo_url as sc_logo_url,
         coalesce((ss.setting_value -> 'twoFactorRequiredRoles') ? p.role,
                  p.role in ('edufam_admin', 'elimisha_admin', 'finance_officer'), false) as two_factor_required
  from sessions s
  join profiles p on p.id = s.user_id
  left join schools sc on sc.id = p.school_id
  left join system_settings ss on ss.setting_key = 'security_policy'
  where s.token = $1 and s.expires_at > now()
    and (ss.setting_value ->> 'sessionIdleMinutes' is null
         or coalesce(s.last_seen_at, s.created_at) >= now() - (ss.setting_value ->> 'sessionIdleMinutes')::int * interval '1 minute')`;

type SessionState = { kind: 'none' } | { kind: 'pending' } | { kind: 'user'; user: SessionUser };

async function resolveSession(c: Client, request: FastifyRequest): Promise<SessionState> {
  const token = verifiedToken(request.headers.cookie);
  if (!token) return { kind: 'none' };
  const [r] = await q(c, SESSION_SQL, [token]);
  if (!r) return { kind: 'none' };
  if (r.two_factor_pending) return { kind: 'pending' };
  const rawName = (r.name as string | null)?.trim();
  const name = rawName || (r.email as string | null)?.split('@')[0] || 'User';
  const role = r.role as string | null;
  const user: SessionUser = {
    id: r.id as string,
    email: r.email as string,
    name,
    firstName: name.split(/\s+/)[0] ?? name,
    role: role && ROLES.includes(role) ? role : null,
    rawRole: role,
    schoolId: r.school_id as string | null,
    school: r.sc_id
      ? { id: r.sc_id as string, name: r.sc_name as string, curriculum: r.sc_curriculum as string, status: r.sc_status as string, logoUrl: r.sc_logo_url as string | null }
      : null,
    status: r.status as string,
    avatarUrl: r.avatar_url as string | null,
    phone: r.phone as string | null,
    mfaEnabled: r.mfa_enabled as boolean,
    themePreference: r.theme_preference as string,
    locale: r.locale === 'sw' ? 'sw' : 'en',
    dashboardPreferences: r.dashboard_preferences,
    mustChangePassword: r.must_change_password as boolean,
    lastLoginAt: r.last_login_at ? (r.last_login_at as Date).toISOString() : null,
    createdAt: (r.created_at as Date).toISOString(),
    updatedAt: (r.updated_at as Date).toISOString(),
    sessionId: r.session_id as string,
    twoFactorSetupRequired: !!r.two_factor_required && !!role && !r.mfa_enabled,
  };
  return { kind: 'user', user };
}

/** The caller of a protected route, checked as EduFam's access gate does, and holding `allowed`. */
async function requireUser(c: Client, request: FastifyRequest, allowed: (role: string) => boolean): Promise<SessionUser & { role: string }> {
  const state = await resolveSession(c, request);
  if (state.kind !== 'user') throw unauthorized();
  const u = state.user;
  if (u.status !== 'active') throw forbidden('This account has been deactivated.', 'ACCOUNT_DEACTIVATED');
  if (!u.rawRole || !u.role || (isSchoolRole(u.role) && !u.schoolId)) throw forbidden('This account is not configured.', 'NOT_CONFIGURED');
  if (u.school && u.school.status !== 'active' && isSchoolRole(u.role)) throw forbidden('This school has been deactivated.', 'SCHOOL_INACTIVE');
  if (!allowed(u.role)) throw forbidden();
  if (u.twoFactorSetupRequired) throw forbidden('Your role requires two-factor sign-in. Set it up in your profile before you continue.', 'TWO_FACTOR_SETUP_REQUIRED');
  return u as SessionUser & { role: string };
}

// ------------------------------------------------------------------------------------------------
// Small pure helpers (copies of EduFam's). The grading rules (src/shared/grading.ts) and the dashboards'
// shaping (modules/dashboard/dashboard-shapes.ts) are imported: plain functions with no framework in
// them, so both servers answer alike.

const SCHOOL_TIME_ZONE = 'Africa/Nairobi';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const schoolToday = () => dayFormat.format(new Date());
const kes = (cents: number) => Math.round(cents) / 100;
const fullName = (s: Row) => [s.first_name, s.middle_name, s.last_name].filter(Boolean).join(' ');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ------------------------------------------------------------------------------------------------
// GET /api/dashboard

const CURRENT_YEAR = `(select id from academic_years where school_id = $1 order by is_current desc, starts_on desc limit 1)`;

/** School identity, headline counts and every term: two queries. */
async function schoolContext(c: Client, schoolId: string) {
  const asOf = schoolToday();
  const [[h], terms] = await Promise.all([
    q<edufam.SchoolHeadline>(
      c,
      `select s.id, s.name, s.curriculum, s.county, s.phone, s.email,
         (select count(*) from profiles where school_id = $1 and role = 'teacher' and status = 'active')::int as teachers,
         (select count(*) from classes where school_id = $1 and academic_year_id = ${CURRENT_YEAR})::int as classes,
         (select count(distinct grade_level) from classes where school_id = $1 and academic_year_id = ${CURRENT_YEAR})::int as "gradeLevels",
         (select count(*) from subjects where school_id = $1)::int as "learningAreas"
       from schools s where s.id = $1`,
      [schoolId],
    ),
    q<TermDates & { academicYearId: string }>(
      c,
      `select t.name, t.number, y.name as "academicYear", t.academic_year_id as "academicYearId", t.starts_on as "startsOn",
              t.ends_on as "endsOn", t.half_term_starts_on as "halfTermStartsOn", t.half_term_ends_on as "halfTermEndsOn"
       from terms t join academic_years y on y.id = t.academic_year_id
       where t.school_id = $1 order by t.starts_on asc`,
      [schoolId],
    ),
  ]);
  if (!h) throw notFound('Your school could not be found.');
  return edufam.schoolContextOf(asOf, h, terms);
}

async function learnerFigures(c: Client, schoolId: string) {
  const byGrade = await q<GradeLevelLearners>(
    c,
    // Learners grouped per class first, then the few class rows joined (the same plan ours uses since issue 19).
    `select c.grade_level as "gradeLevel", c.level_order as "levelOrder", sum(s.total)::int as total,
            sum(s.female)::int as female, sum(s.male)::int as male
     from (select class_id, count(*) as total, count(*) filter (where gender = 'female') as female,
                  count(*) filter (where gender = 'male') as male
             from students where school_id = $1 and status = 'active' group by class_id) s
     left join classes c on c.id = s.class_id
     group by c.grade_level, c.level_order order by c.level_order asc nulls last`,
    [schoolId],
  );
  return edufam.learnerFiguresOf(byGrade);
}

async function dashboard(c: Client, u: SessionUser & { role: string }) {
  const role = u.role;
  if (isAdminRole(role)) return platformDashboard(c);
  const schoolId = u.schoolId!;
  if (role === 'school_director' || role === 'principal') {
    const [ctx, figures, classRows] = await Promise.all([
      schoolContext(c, schoolId),
      learnerFigures(c, schoolId),
      role === 'principal'
        ? q<edufam.ClassTeacherSource>(
            c,
            `select c.id as "classId", c.name as "className", c.grade_level as "gradeLevel", c.stream, p.id as "teacherId",
                    p.name as "teacherName", p.phone as "teacherPhone", coalesce(s.learners, 0)::int as learners
             from classes c
             left join profiles p on p.id = c.class_teacher_id
             left join (select class_id, count(*) as learners from students where school_id = $1 and status = 'active' group by class_id) s
               on s.class_id = c.id
             where c.school_id = $1 and c.academic_year_id = ${CURRENT_YEAR}
             order by c.level_order asc, c.stream asc`,
            [schoolId],
          )
        : Promise.resolve(null),
    ]);
    return edufam.leadershipDashboardOf(ctx, figures, classRows);
  }
  if (role === 'finance_officer') {
    const [ctx, figures] = await Promise.all([schoolContext(c, schoolId), learnerFigures(c, schoolId)]);
    return edufam.financeDashboardOf(ctx, figures);
  }
  if (role === 'teacher') return teacherDashboard(c, schoolId, u.id);
  if (role === 'parent') return parentDashboard(c, schoolId, u.id);
  if (role === 'hr') return hrDashboard(c, schoolId);
  throw forbidden(`Unknown user role: ${role}`, 'UNKNOWN_ROLE');
}

async function teacherDashboard(c: Client, schoolId: string, teacherId: string) {
  const [ctx, classRows, areas] = await Promise.all([
    schoolContext(c, schoolId),
    q<edufam.TeacherClassSource>(
      c,
      `select c.id as "classId", c.name, c.grade_level as "gradeLevel", c.stream, c.band,
              coalesce(c.class_teacher_id = $2, false) as "isClassTeacher",
              count(s.id)::int as total, count(s.id) filter (where s.gender = 'female')::int as female,
              count(s.id) filter (where s.gender = 'male')::int as male
       from classes c left join students s on s.class_id = c.id and s.status = 'active'
       where c.school_id = $1 and c.academic_year_id = ${CURRENT_YEAR}
         and (c.class_teacher_id = $2 or c.id in (select class_id from teacher_assignments where school_id = $1 and teacher_id = $2))
       group by c.id order by c.level_order asc, c.stream asc`,
      [schoolId, teacherId],
    ),
    q<edufam.TeacherAreaSource>(
      c,
      `select ta.class_id as "classId", sb.id as "subjectId", sb.name, sb.code, sb.lessons_per_week as "lessonsPerWeek"
       from teacher_assignments ta join subjects sb on sb.id = ta.subject_id
       where ta.school_id = $1 and ta.teacher_id = $2 order by sb.name asc`,
      [schoolId, teacherId],
    ),
  ]);
  return edufam.teacherDashboardOf(ctx, classRows, areas);
}

async function parentDashboard(c: Client, schoolId: string, parentId: string) {
  const [ctx, rows] = await Promise.all([
    schoolContext(c, schoolId),
    q<edufam.ParentChildSource>(
      c,
      `select s.id as "studentId", s.admission_number as "admissionNumber", s.first_name as "firstName", s.middle_name as "middleName",
              s.last_name as "lastName", s.gender, s.date_of_birth as "dateOfBirth", s.status,
              sg.relationship, c.id as "classId", c.name as "className", c.grade_level as "gradeLevel", c.stream,
              p.name as "teacherName", p.phone as "teacherPhone", p.email as "teacherEmail"
       from guardians g
       join student_guardians sg on sg.guardian_id = g.id and sg.school_id = $1
       join students s on s.id = sg.student_id and s.school_id = $1
       left join classes c on c.id = s.class_id
       left join profiles p on p.id = c.class_teacher_id
       where g.school_id = $1 and g.profile_id = $2
       order by c.level_order desc, s.first_name asc`,
      [schoolId, parentId],
    ),
  ]);
  return edufam.parentDashboardOf(ctx, rows);
}

async function hrDashboard(c: Client, schoolId: string) {
  const [ctx, roles, [coverage]] = await Promise.all([
    schoolContext(c, schoolId),
    q<{ role: string; total: number; active: number }>(
      c,
      `select coalesce(role, 'unassigned') as role, count(*)::int as total, count(*) filter (where status = 'active')::int as active
       from profiles where school_id = $1 and role is distinct from 'parent'
       group by role order by count(*) desc, role asc`,
      [schoolId],
    ),
    q<{ total: number; withClass: number }>(
      c,
      `select count(*)::int as total,
              count(*) filter (where exists (select 1 from classes c where c.class_teacher_id = p.id and c.school_id = $1
                                             and c.academic_year_id = ${CURRENT_YEAR}))::int as "withClass"
       from profiles p where p.school_id = $1 and p.role = 'teacher' and p.status = 'active'`,
      [schoolId],
    ),
  ]);
  return edufam.hrDashboardOf(ctx, roles, coverage ?? { total: 0, withClass: 0 });
}

async function platformDashboard(c: Client) {
  const asOf = schoolToday();
  const since = edufam.daysBefore(asOf, 6);
  const tz = `'${SCHOOL_TIME_ZONE}'`;
  const [schools, roles, perDay, recent] = await Promise.all([
    q<{ id: string; name: string; code: string; curriculum: string; county: string | null; status: string; learners: number; staff: number }>(
      c,
      `select s.id, s.name, s.code, s.curriculum, s.county, s.status, coalesce(l.n, 0)::int as learners, coalesce(st.n, 0)::int as staff
       from schools s
       left join (select school_id, count(*) as n from students where status = 'active' group by school_id) l on l.school_id = s.id
       left join (select school_id, count(*) as n from profiles where school_id is not null and role is distinct from 'parent'
                  group by school_id) st on st.school_id = s.id
       order by s.name asc`,
    ),
    q<{ role: string; count: number }>(c, `select coalesce(role, 'unassigned') as role, count(*)::int as count from profiles group by role order by count(*) desc, role asc`),
    q<{ date: string; count: number }>(
      c,
      `select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as date, count(*)::int as count
       from audit_logs where action = 'LOGIN_SUCCESS' and created_at >= ($1::date)::timestamp at time zone ${tz}
       group by 1 order by 1`,
      [since],
    ),
    q<{ at: Date; name: string | null; role: string | null; schoolName: string | null }>(
      c,
      `select a.created_at as at, p.name, a.performed_by_role as role, s.name as "schoolName"
       from audit_logs a left join profiles p on p.id = a.performed_by_user_id left join schools s on s.id = a.school_id
       where a.action = 'LOGIN_SUCCESS' and a.success is distinct from false
       order by a.created_at desc limit 5`,
    ),
  ]);
  return edufam.platformDashboardOf(asOf, { schools, roles, perDay, recent });
}

// ------------------------------------------------------------------------------------------------
// GET /api/students

const STUDENT_STATUSES = ['active', 'transferred', 'exited', 'graduated', 'all'];
const SORTS = ['name', '-name', 'admissionNumber', '-admissionNumber', 'class', '-class', 'admittedOn', '-admittedOn'];

/** A guardian phone search term in 2547XXXXXXXX form, or null (a simplified normaliseKenyanPhone). */
function phoneOf(term: string): string | null {
  const digits = term.replace(/[\s()+-]/g, '');
  if (!/^\d{7,12}$/.test(digits)) return null;
  const national = /^[71]\d{8}$/.test(digits) ? digits : /^0[71]\d{8}$/.test(digits) ? digits.slice(1) : /^254[71]\d{8}$/.test(digits) ? digits.slice(3) : null;
  return national ? `254${national}` : null;
}

/** The learners condition of an audience (learner-scope.ts visibleLearners), appended to `where`. */
function visibleLearners(u: SessionUser & { role: string }, where: string[], values: unknown[]) {
  if (u.role === 'teacher') {
    values.push(u.id);
    where.push(`s.class_id in (select id from classes where class_teacher_id = $${values.length}
                               union select class_id from teacher_assignments where teacher_id = $${values.length})`);
  } else if (u.role === 'parent') {
    values.push(u.id);
    where.push(`exists (select 1 from student_guardians sg join guardians g on g.id = sg.guardian_id
                        where sg.student_id = s.id and g.profile_id = $${values.length})`);
  }
}

async function listStudents(c: Client, u: SessionUser & { role: string }, query: Record<string, string | undefined>) {
  const status = query.status ?? 'active';
  const sort = query.sort ?? 'name';
  const page = query.page === undefined ? 1 : Number(query.page);
  const pageSize = query.pageSize === undefined ? 25 : Number(query.pageSize);
  if (!STUDENT_STATUSES.includes(status)) throw badRequest('Invalid status');
  if (!SORTS.includes(sort)) throw badRequest('Invalid sort');
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw badRequest('Invalid page');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200) throw badRequest('Invalid page size');
  for (const k of ['classId', 'levelId', 'schoolId']) if (query[k] !== undefined && !UUID.test(query[k]!)) throw badRequest(`Invalid ${k}`);
  if (query.gender !== undefined && !['female', 'male'].includes(query.gender)) throw badRequest('Invalid gender');
  if (query.boarding !== undefined && !['day', 'boarding'].includes(query.boarding)) throw badRequest('Invalid boarding');

  const schoolId = isAdminRole(u.role) ? (query.schoolId ?? null) : u.schoolId;
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (cond: (p: string) => string, v: unknown) => {
    values.push(v);
    where.push(cond(`$${values.length}`));
  };
  if (schoolId) add((p) => `s.school_id = ${p}`, schoolId);
  if (status !== 'all') add((p) => `s.status = ${p}`, status);
  if (query.classId) add((p) => `s.class_id = ${p}`, query.classId);
  if (query.levelId) add((p) => `s.class_id in (select id from classes where level_id = ${p})`, query.levelId);
  if (query.gender) add((p) => `s.gender = ${p}`, query.gender);
  if (query.boarding) add((p) => `s.boarding = ${p}`, query.boarding);
  const search = query.search?.trim().slice(0, 100);
  if (search) {
    const phone = phoneOf(search);
    if (phone) {
      values.push(phone);
      const pp = `$${values.length}`;
      let schoolCond = '';
      if (schoolId) {
        values.push(schoolId);
        schoolCond = ` and g.school_id = $${values.length}`;
      }
      where.push(`s.id in (select sg.student_id from student_guardians sg join guardians g on g.id = sg.guardian_id where g.phone = ${pp}${schoolCond})`);
    } else {
      for (const word of search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)) {
        add((p) => `s.search_text like ${p}`, `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
      }
    }
  }
  visibleLearners(u, where, values);
  const cond = where.length ? where.join(' and ') : 'true';
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const order = {
    name: `s.last_name ${dir}, s.first_name ${dir}, s.id asc`,
    admissionNumber: `s.admission_number ${dir}, s.id asc`,
    class: `c.level_order ${dir}, c.stream ${dir}, s.last_name asc, s.first_name asc, s.id asc`,
    admittedOn: `s.admitted_on ${dir}, s.last_name asc, s.id asc`,
  }[sort.replace(/^-/, '')];
  const limit = values.length + 1;
  const [rows, [total]] = await Promise.all([
    q(
      c,
      `select s.id, s.admission_number as "admissionNumber", s.first_name as "firstName", s.middle_name as "middleName",
              s.last_name as "lastName", s.gender, s.date_of_birth as "dateOfBirth", s.class_id as "classId", c.name as "className",
              s.status, s.upi, s.boarding, l.name as "levelName", s.admitted_on as "admittedOn", s.photo_file_id is not null as "hasPhoto"
       from students s left join classes c on c.id = s.class_id left join levels l on l.id = c.level_id
       where ${cond} order by ${order} limit $${limit} offset $${limit + 1}`,
      [...values, pageSize, (page - 1) * pageSize],
    ),
    q<{ n: number }>(c, `select count(*)::int as n from students s where ${cond}`, values),
  ]);
  return { items: rows, total: total?.n ?? 0, page, pageSize };
}

// ------------------------------------------------------------------------------------------------
// GET /api/students/:id/account

const VIEW_ACCOUNT = (r: string) => isAdminRole(r) || ['finance_officer', 'principal', 'school_director', 'parent'].includes(r);

function invoiceStatus(status: string, due: number, paid: number) {
  if (status === 'cancelled') return 'cancelled';
  if (paid >= due) return 'paid';
  return paid > 0 ? 'partial' : 'unpaid';
}

async function studentAccount(c: Client, u: SessionUser & { role: string }, studentId: string, querySchoolId?: string) {
  if (!UUID.test(studentId)) throw badRequest('Invalid learner id');
  let schoolId: string;
  if (isAdminRole(u.role)) {
    if (!querySchoolId || !UUID.test(querySchoolId)) throw badRequest('Choose a school.');
    schoolId = querySchoolId;
  } else schoolId = u.schoolId!;
  const where = ['s.school_id = $1', 's.id = $2'];
  const values: unknown[] = [schoolId, studentId];
  visibleLearners(u, where, values);
  const [learner] = await q(
    c,
    `select s.id, s.school_id, s.first_name, s.middle_name, s.last_name, s.admission_number, s.class_id, c.name as class_name,
            c.level_id, s.status, s.boarding
     from students s left join classes c on c.id = s.class_id left join levels l on l.id = c.level_id
     where ${where.join(' and ')}`,
    values,
  );
  if (!learner) throw notFound('Learner not found.');
  const id = learner.id as string;

  const [invRows, payRows, adjRows, [bal], charges, [route], [term]] = await Promise.all([
    q(
      c,
      `select i.id, i.invoice_number, i.student_id, s.admission_number, s.first_name, s.middle_name, s.last_name, c.name as class_name,
              i.term_id, t.name || ' ' || y.name as term_name, i.issued_on, i.due_on, i.status, i.total_cents,
              coalesce(ib.adjusted_cents, 0) as adjusted_cents, coalesce(ib.due_cents, i.total_cents) as due_cents,
              coalesce(ib.paid_cents, 0) as paid_cents
       from invoices i
       join students s on s.id = i.student_id
       join terms t on t.id = i.term_id
       join academic_years y on y.id = t.academic_year_id
       left join classes c on c.id = i.class_id
       left join lateral (select * from invoice_balances x where x.student_id = i.student_id and x.invoice_id = i.id offset 0) ib on true
       where i.student_id = $1
       order by t.starts_on desc, i.issued_on desc`,
      [id],
    ),
    q(
      c,
      `select p.*, r.id as reversed_by, rec.name as recorded_by
       from payments p left join profiles rec on rec.id = p.created_by left join payments r on r.reverses_payment_id = p.id
       where p.student_id = $1 order by p.paid_on desc, p.created_at desc`,
      [id],
    ),
    q(
      c,
      `select a.*, s.admission_number, s.first_name, s.middle_name, s.last_name, i.invoice_number,
              rq.name as requested_by_name, dc.name as decided_by_name
       from fee_adjustments a
       join students s on s.id = a.student_id
       left join invoices i on i.id = a.invoice_id
       left join profiles rq on rq.id = a.requested_by
       left join profiles dc on dc.id = a.decided_by
       where a.student_id = $1 order by a.created_at desc, a.id desc limit 500`,
      [id],
    ),
    q(c, `select * from student_balances where student_id = $1`, [id]),
    q(c, `select * from student_charges where student_id = $1 and status = 'pending' order by created_at asc`, [id]),
    q(
      c,
      `select r.name as route, st.name as stop, r.term_fee_cents, st.zone_fee_cents, ta.starts_on
       from transport_assignments ta join transport_routes r on r.id = ta.route_id join transport_stops st on st.id = ta.stop_id
       where ta.student_id = $1 and ta.status = 'active'`,
      [id],
    ),
    q(
      c,
      `select t.id from terms t join academic_years y on y.id = t.academic_year_id
       where t.school_id = $1 and (t.starts_on <= current_date or t.is_current)
       order by t.is_current desc, t.starts_on desc limit 1`,
      [learner.school_id],
    ),
  ]);

  const invoices = invRows.map((r) => {
    const cancelled = r.status === 'cancelled';
    const paid = cancelled ? 0 : (r.paid_cents as number);
    const due = cancelled ? 0 : (r.due_cents as number);
    return {
      id: r.id,
      invoiceNumber: r.invoice_number,
      studentId: r.student_id,
      admissionNumber: r.admission_number,
      studentName: fullName(r),
      className: r.class_name,
      termId: r.term_id,
      termName: r.term_name,
      issuedOn: r.issued_on,
      dueOn: r.due_on,
      total: kes(r.total_cents as number),
      adjusted: kes(r.adjusted_cents as number),
      paid: kes(paid),
      balance: kes(Math.max(due - paid, 0)),
      status: invoiceStatus(r.status as string, r.due_cents as number, r.paid_cents as number),
      lines: [] as { name: unknown; category: unknown; amount: number }[],
    };
  });
  const [lines, options] = await Promise.all([
    invoices.length
      ? q(c, `select invoice_id, name, category, amount_cents from invoice_lines where invoice_id = any($1) order by sort_order asc, name asc`, [
          invoices.map((i) => i.id),
        ])
      : Promise.resolve([]),
    term && learner.level_id
      ? q(
          c,
          `select it.name, it.amount_cents, exists (select 1 from student_fee_options o where o.student_id = $3
                   and o.item_key = regexp_replace(lower(trim(it.name)), '\\s+', ' ', 'g')) as chosen
           from fee_structure_items it join fee_structures fs on fs.id = it.structure_id
           where fs.term_id = $1 and fs.level_id = $2 and it.optional = true`,
          [term.id, learner.level_id, id],
        )
      : Promise.resolve([]),
  ]);
  for (const inv of invoices) {
    inv.lines = lines.filter((l) => l.invoice_id === inv.id).map((l) => ({ name: l.name, category: l.category, amount: kes(l.amount_cents as number) }));
  }
  const optionalItems = new Map<string, { key: string; name: string; amount: number; chosen: boolean }>();
  for (const o of options) {
    const key = (o.name as string).trim().toLowerCase().replace(/\s+/g, ' ');
    if (!optionalItems.has(key)) optionalItems.set(key, { key, name: o.name as string, amount: kes(o.amount_cents as number), chosen: !!o.chosen });
  }
  const adjustments = adjRows.map((a) => ({
    id: a.id,
    studentId: a.student_id,
    studentName: fullName(a),
    admissionNumber: a.admission_number,
    invoiceId: a.invoice_id,
    invoiceNumber: a.invoice_number,
    kind: a.kind,
    amount: kes(a.amount_cents as number),
    reason: a.reason,
    number: a.number,
    status: a.status,
    effectiveOn: a.effective_on,
    requestedBy: a.requested_by_name,
    decidedBy: a.decided_by_name,
    decidedAt: a.decided_at ? (a.decided_at as Date).toISOString() : null,
    decisionNote: a.decision_note,
    createdAt: (a.created_at as Date).toISOString(),
  }));
  const pending = adjustments.filter((a) => a.status === 'pending').reduce((s, a) => s + Math.round(a.amount * 100), 0);
  return {
    balance: kes(Number(bal?.balance_cents ?? 0)),
    invoices,
    payments: payRows.map((p) => ({
      id: p.id,
      amount: kes(p.amount_cents as number),
      method: p.method,
      reference: p.reference,
      receiptNumber: p.receipt_number,
      paidAt: p.paid_on,
      studentId: p.student_id,
      kind: p.kind,
      source: p.source,
      payerName: p.payer_name,
      payerPhone: p.payer_phone,
      notes: p.notes,
      reason: p.reason,
      reversesPaymentId: p.reverses_payment_id,
      reversedBy: p.reversed_by,
      recordedBy: p.recorded_by,
      createdAt: (p.created_at as Date).toISOString(),
    })),
    adjustments,
    student: {
      id,
      name: fullName(learner),
      admissionNumber: learner.admission_number,
      className: learner.class_name,
      status: learner.status,
      boarding: learner.boarding,
    },
    totals: { invoiced: kes(Number(bal?.invoiced_cents ?? 0)), adjusted: kes(Number(bal?.adjusted_cents ?? 0)), paid: kes(Number(bal?.paid_cents ?? 0)) },
    optionalItems: [...optionalItems.values()].sort((a, b) => a.name.localeCompare(b.name)),
    pendingAdjustments: kes(pending),
    pendingCharges: charges.map((ch) => ({
      id: ch.id,
      source: ch.source,
      description: ch.description,
      category: ch.category,
      amount: kes(ch.amount_cents as number),
      createdAt: (ch.created_at as Date).toISOString(),
    })),
    transport: route
      ? { route: route.route, stop: route.stop, termFee: kes((route.zone_fee_cents ?? route.term_fee_cents) as number), since: route.starts_on }
      : null,
  };
}

// ------------------------------------------------------------------------------------------------
// GET /api/grades/my-children: released series of a parent's children, graded and ranked in stream.

async function myChildrenGrades(c: Client, u: SessionUser & { role: string }) {
  const schoolId = u.schoolId!;
  const [kids, [settings]] = await Promise.all([
    q(
      c,
      `select s.id, s.first_name, s.middle_name, s.last_name, s.admission_number, c.name as class_name
       from students s left join classes c on c.id = s.class_id
       where s.school_id = $1 and exists (select 1 from student_guardians sg join guardians g on g.id = sg.guardian_id
                                          where sg.student_id = s.id and g.profile_id = $2)
       order by s.first_name asc`,
      [schoolId, u.id],
    ),
    q(c, `select publish_positions from assessment_settings where school_id = $1`, [schoolId]),
  ]);
  const publishPositions = (settings?.publish_positions ?? 'yes') === 'yes';
  const kidIds = kids.map((k) => k.id as string);
  // Released series any child sat, oldest first, with their term and year.
  const exams = kidIds.length
    ? await q(
        c,
        `select e.id, e.name, e.kind, e.term_id, t.name as term_name, y.name as academic_year, t.academic_year_id, e.released_at,
                e.level_ids, e.scale_versions
         from exam_series e join terms t on t.id = e.term_id join academic_years y on y.id = t.academic_year_id
         where e.school_id = $1 and e.status = 'released'
           and exists (select 1 from exam_marks m where m.exam_id = e.id and m.student_id = any($2))
         order by t.starts_on asc, e.created_at asc`,
        [schoolId, kidIds],
      )
    : [];
  const examIds = exams.map((e) => e.id as string);
  const versionIds = exams.flatMap((e) => Object.values((e.scale_versions as Record<string, string> | null) ?? {}));
  const comments = kidIds.length
    ? await q(c, `select student_id, term_id, class_teacher_comment, principal_comment from report_comments where student_id = any($1)`, [kidIds])
    : [];
  const none = Promise.resolve([] as Row[]);
  const [subjects, classes, scales, versions, levels, levelScales, marks] = await Promise.all([
    examIds.length
      ? q(
          c,
          `select es.exam_id, es.subject_id, sb.name, sb.band, es.max_marks from exam_subjects es join subjects sb on sb.id = es.subject_id
           where es.exam_id = any($1) order by sb.code asc, sb.name asc`,
          [examIds],
        )
      : none,
    examIds.length
      ? q(
          c,
          `select e.id as exam_id, c.id, c.name, c.level_id, c.band from exam_series e
           join terms t on t.id = e.term_id
           join classes c on c.school_id = e.school_id and c.academic_year_id = t.academic_year_id and c.level_id = any(e.level_ids)
           where e.id = any($1)`,
          [examIds],
        )
      : none,
    examIds.length ? q(c, `select key, bands from grading_scales where school_id = $1`, [schoolId]) : none,
    versionIds.length ? q(c, `select id, bands from grading_scale_versions where id = any($1)`, [versionIds]) : none,
    examIds.length ? q(c, `select id, curriculum, band from levels where school_id = $1`, [schoolId]) : none,
    examIds.length ? q(c, `select level_id, subject_id, scale_key from level_scales where school_id = $1`, [schoolId]) : none,
    // Marks of every learner in the streams the children sat in (their positions in stream need them).
    examIds.length
      ? q(
          c,
          `select m.exam_id, m.student_id, m.subject_id, m.class_id, m.status, m.score, m.percent from exam_marks m
           where m.exam_id = any($1) and (m.exam_id, m.class_id) in
             (select exam_id, class_id from exam_marks where exam_id = any($1) and student_id = any($2))`,
          [examIds, kidIds],
        )
      : none,
  ]);

  const currentBands = new Map(scales.map((s) => [s.key as string, s.bands as Band[]]));
  const frozenBands = new Map(versions.map((v) => [v.id as string, v.bands as Band[]]));
  const levelDefault = new Map(levels.map((l) => [l.id as string, defaultScaleFor(l.curriculum as string, l.band as string)]));
  const byLevel = new Map<string, string>();
  const bySubject = new Map<string, string>();
  for (const r of levelScales) {
    if (r.subject_id) bySubject.set(`${r.level_id}:${r.subject_id}`, r.scale_key as string);
    else byLevel.set(r.level_id as string, r.scale_key as string);
  }
  const levelScale = (levelId: string | null) => (levelId ? (byLevel.get(levelId) ?? levelDefault.get(levelId) ?? 'cbc4') : 'cbc4');
  const scaleOf = (levelId: string | null, subjectId: string) => (levelId && bySubject.get(`${levelId}:${subjectId}`)) || levelScale(levelId);

  type SeriesRow = { classId: string; className: string; mean: number | null; meanGrade: string | null; meanGradeLabel: string | null; points: number | null; position: number | null; positionOutOf: number; subjects: Record<string, unknown>[]; key: number[] | null };
  const perExam = new Map<string, Map<string, SeriesRow>>();
  for (const e of exams) {
    const sv = (e.scale_versions as Record<string, string> | null) ?? {};
    const bandsOfKey = (key: string) => (sv[key] && frozenBands.get(sv[key])) || currentBands.get(key) || [];
    const subs = subjects.filter((s) => s.exam_id === e.id);
    const classById = new Map(classes.filter((x) => x.exam_id === e.id).map((x) => [x.id as string, x]));
    const byStudent = new Map<string, Row[]>();
    for (const mk of marks) {
      if (mk.exam_id !== e.id) continue;
      const list = byStudent.get(mk.student_id as string) ?? [];
      list.push(mk);
      byStudent.set(mk.student_id as string, list);
    }
    const rows = new Map<string, SeriesRow>();
    for (const [studentId, mine] of byStudent) {
      const cls = classById.get(mine[0]!.class_id as string);
      if (!cls) continue;
      const levelId = cls.level_id as string | null;
      const graded = subs
        .filter((s) => s.band === cls.band)
        .map((s) => {
          const mk = mine.find((x) => x.subject_id === s.subject_id);
          const present = mk?.status === 'present';
          const band = present && mk!.percent !== null ? bandFor(bandsOfKey(scaleOf(levelId, s.subject_id as string)), Number(mk!.percent)) : null;
          return {
            subjectId: s.subject_id as string,
            name: s.name as string,
            maxMarks: s.max_marks as number,
            score: present ? (mk!.score as number | null) : null,
            percent: present ? (mk!.percent as number | null) : null,
            status: (mk?.status ?? null) as string | null,
            grade: band?.code ?? null,
            gradeLabel: band ? gradeLabel(band) : null,
            points: band?.points ?? null,
          };
        });
      const sat = graded.filter((s) => s.percent !== null);
      const total = sat.length ? roundHalfUp(sat.reduce((t, s) => t + (s.percent as number), 0), 2) : null;
      const mean = sat.length ? roundHalfUp((total as number) / sat.length, 2) : null;
      const lbKey = levelId ? levelScale(levelId) : 'cbc4';
      const lbBands = bandsOfKey(lbKey);
      let meanBand: Band | null = null;
      let points: number | null = null;
      if (lbKey === 'kcse') {
        const k = kcseMeanGrade(sat.filter((s) => s.points !== null).map((s) => ({ subjectId: s.subjectId, name: s.name, points: s.points as number })), lbBands);
        meanBand = k.grade;
        points = sat.length ? k.totalPoints : null;
      } else {
        meanBand = mean !== null ? bandFor(lbBands, mean) : null;
        const withPoints = sat.filter((s) => s.points !== null);
        points = withPoints.length ? withPoints.reduce((t, s) => t + (s.points as number), 0) : null;
      }
      rows.set(studentId, {
        classId: cls.id as string,
        className: cls.name as string,
        mean,
        meanGrade: meanBand?.code ?? null,
        meanGradeLabel: meanBand ? gradeLabel(meanBand) : null,
        points,
        position: null,
        positionOutOf: 0,
        subjects: graded.map(({ name, subjectId, maxMarks, score, percent, status, grade, gradeLabel: gl, points: pts }) => ({
          subjectId,
          name,
          score,
          maxMarks,
          percent,
          status,
          grade,
          gradeLabel: gl,
          points: pts,
        })),
        key: mean === null ? null : lbKey === 'kcse' ? [points ?? 0, mean] : [mean],
      });
    }
    // Positions in stream (competition ranking).
    const byClass = new Map<string, SeriesRow[]>();
    for (const r of rows.values()) byClass.set(r.classId, [...(byClass.get(r.classId) ?? []), r]);
    for (const group of byClass.values()) {
      const ranks = competitionRanksBy(group.map((r) => r.key));
      const n = group.filter((r) => r.mean !== null).length;
      group.forEach((r, i) => ((r.position = ranks[i] ?? null), (r.positionOutOf = n)));
    }
    perExam.set(e.id as string, rows);
  }

  return {
    children: kids.map((k) => {
      const series = exams.flatMap((e) => {
        const row = perExam.get(e.id as string)?.get(k.id as string);
        if (!row) return [];
        return [
          {
            examId: e.id,
            name: e.name,
            kind: e.kind,
            termId: e.term_id,
            termName: e.term_name,
            academicYear: e.academic_year,
            releasedAt: e.released_at ? (e.released_at as Date).toISOString() : null,
            className: row.className,
            mean: row.mean,
            meanGrade: row.meanGrade,
            meanGradeLabel: row.meanGradeLabel,
            points: row.points,
            position: publishPositions ? row.position : null,
            positionOutOf: publishPositions ? row.positionOutOf : null,
            subjects: row.subjects,
          },
        ];
      });
      const reportTerms = [...new Map(series.map((s) => [s.termId, `${s.termName} ${s.academicYear}`])).entries()].map(([termId, name]) => ({ termId, name }));
      return {
        studentId: k.id,
        name: fullName(k),
        admissionNumber: k.admission_number,
        className: k.class_name,
        series,
        reportTerms,
        comments: comments
          .filter((x) => x.student_id === k.id)
          .map((x) => ({ termId: x.term_id, classTeacher: x.class_teacher_comment, principal: x.principal_comment })),
      };
    }),
  };
}

// ------------------------------------------------------------------------------------------------
// Server

const app = Fastify({ logger: { level: process.env.LOG_LEVEL === 'off' ? 'silent' : (process.env.LOG_LEVEL ?? 'warn') } });

app.setErrorHandler((err, _request, reply) => {
  if (err instanceof HttpError) return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
  reply.log.error(err);
  return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong.' } });
});

/** Runs `fn` on one pooled connection, released afterwards. */
async function withClient<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    return await fn(c);
  } finally {
    c.release();
  }
}

app.get('/api/ready', async (_request, reply: FastifyReply) => {
  try {
    const start = performance.now();
    await pool.query('select 1');
    return { status: 'ready', database: 'postgres', databaseMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch {
    return reply.status(503).send({ status: 'unavailable' });
  }
});

app.get('/api/auth/session', async (request) =>
  withClient(async (c) => {
    const state = await resolveSession(c, request);
    if (state.kind === 'pending') throw unauthorized('TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app to finish signing in.');
    if (state.kind !== 'user') throw unauthorized('UNAUTHENTICATED', 'Authentication required');
    return { user: state.user };
  }),
);

app.get('/api/dashboard', async (request) => withClient(async (c) => dashboard(c, await requireUser(c, request, () => true))));

const VIEW_LEARNERS = (r: string) => isAdminRole(r) || ['principal', 'school_director', 'teacher', 'finance_officer', 'parent'].includes(r);
app.get<{ Querystring: Record<string, string | undefined> }>('/api/students', async (request) =>
  withClient(async (c) => listStudents(c, await requireUser(c, request, VIEW_LEARNERS), request.query)),
);

app.get<{ Params: { id: string }; Querystring: { schoolId?: string } }>('/api/students/:id/account', async (request) =>
  withClient(async (c) => studentAccount(c, await requireUser(c, request, VIEW_ACCOUNT), request.params.id, request.query.schoolId)),
);

app.get('/api/grades/my-children', async (request) =>
  withClient(async (c) => myChildrenGrades(c, await requireUser(c, request, (r) => r === 'parent'))),
);

const port = Number(process.env.PORT ?? 3382);
const host = process.env.HOST ?? '127.0.0.1';
await app.listen({ port, host });
console.log(`baseline listening on http://${host}:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}
