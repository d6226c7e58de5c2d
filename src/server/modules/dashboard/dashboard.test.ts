import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import {
  dashboardSchema,
  type Dashboard,
  type ParentDashboard,
  type PlatformDashboard,
  type PrincipalDashboard,
  type TeacherDashboard,
} from '../../../shared/contracts/dashboard.js';
import { classes, profiles, schools, staffMembers, students, subjects } from '../../db/schema/index.js';
import { createTestApp, DEMO, DEMO_BY_ROLE, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import { daysBefore, nextTermAfter, pickTerm, schoolToday } from './dashboard.service.js';
import { demo } from '../../../../tests/demo.js';

let t: TestApp;
const cookies = new Map<string, string>();

async function cookieFor(email: string): Promise<string> {
  let c = cookies.get(email);
  if (!c) {
    c = await signIn(t.app, email, email.endsWith('@edufam.test') ? 'admin' : 'school');
    cookies.set(email, c);
  }
  return c;
}

async function dashboardOf(email: string): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: await cookieFor(email) } });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json());
}

/** The weekly lessons My Timetable counts for a teacher: periods of their lessons in the published timetable (a double is 2). */
async function myTimetableLessons(email: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/timetables/current', headers: { cookie: await cookieFor(email) } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { timetable: { lessons: { teacherIds: string[]; duration: number }[] } | null; me: { teacherId: string | null } };
  expect(body.timetable).not.toBeNull();
  return body.timetable!.lessons.filter((l) => l.teacherIds.includes(body.me.teacherId!)).reduce((n, l) => n + l.duration, 0);
}

async function learnersOf(code: 'greenhill' | 'riverside'): Promise<number> {
  const schoolId = await schoolIdOf(t.database, code);
  const [row] = await system(t.database, (tx) =>
    tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'))),
  );
  return Number(row!.n);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  const expected: Record<keyof typeof DEMO_BY_ROLE, Dashboard['kind']> = {
    edufam_admin: 'platform',
    elimisha_admin: 'platform',
    school_director: 'director',
    principal: 'principal',
    teacher: 'teacher',
    parent: 'parent',
    finance_officer: 'finance',
    hr: 'hr',
  };
  for (const [role, kind] of Object.entries(expected)) {
    it(`gives ${role} the ${kind} dashboard`, async () => {
      const d = await dashboardOf(DEMO_BY_ROLE[role as keyof typeof DEMO_BY_ROLE]);
      expect(d.kind).toBe(kind);
    });
  }

  it('gives the Greenhill principal Greenhill figures, not Riverside ones', async () => {
    const d = (await dashboardOf(DEMO.greenhill.principal)) as PrincipalDashboard;
    const greenhill = await learnersOf('greenhill');
    const riverside = await learnersOf('riverside');
    expect(greenhill).toBeGreaterThan(0);
    expect(d.learners.total).toBe(greenhill);
    expect(d.learners.total).not.toBe(riverside);
    expect(d.learners.female + d.learners.male).toBe(d.learners.total);
    expect(d.school.name).toBe('Greenhill Academy');
    // PP1..Grade 9 in two streams.
    expect(d.gradeLevels).toBe(11);
    expect(d.classes).toBe(22);
    expect(d.learnersByGrade.map((g) => g.gradeLevel)).toEqual(['PP1', 'PP2', ...Array.from({ length: 9 }, (_, i) => `Grade ${i + 1}`)]);
    expect(d.learnersByGrade.reduce((s, g) => s + g.total, 0)).toBe(greenhill);
    expect(d.classTeachers).toHaveLength(22);
    expect(d.classTeachers.find((c) => c.className === 'Grade 7 East')?.teacher?.name).toBe('Grace Achieng Owino');
    expect(d.classesWithoutClassTeacher).toBe(0);
    const schoolId = await schoolIdOf(t.database, 'greenhill');
    const [areas] = await system(t.database, (tx) => tx.select({ n: count() }).from(subjects).where(eq(subjects.schoolId, schoolId)));
    expect(d.learningAreas).toBe(Number(areas!.n));
    const [teachers] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(profiles).where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher'))),
    );
    expect(d.teachers).toBe(Number(teachers!.n));
    // The demo's latest term that has opened: in session (maybe its half-term), or ended in a holiday.
    const term = demo.cal.latestTerm;
    expect(d.term).toMatchObject({
      name: term.name,
      academicYear: demo.yearName,
      startsOn: term.startsOn,
      endsOn: term.endsOn,
      status: demo.cal.phase === 'holiday' ? 'ended' : 'current',
      inHalfTerm: demo.cal.phase === 'half_term',
      // In the holiday the dashboard says which term opens next, and when.
      next: demo.cal.phase === 'holiday' ? { name: demo.cal.comingTerm.name, startsOn: demo.cal.comingTerm.startsOn } : null,
    });
  });

  it('gives the director the same school figures as the principal, without the class list', async () => {
    const director = await dashboardOf(DEMO.greenhill.director);
    const principal = (await dashboardOf(DEMO.greenhill.principal)) as PrincipalDashboard;
    expect(director.kind).toBe('director');
    expect(director).not.toHaveProperty('classTeachers');
    if (director.kind !== 'director') throw new Error('unreachable');
    expect(director.learners).toEqual(principal.learners);
    expect(director.learnersByGrade).toEqual(principal.learnersByGrade);
  });

  it('shows the parent exactly their two children with their classes and class teachers', async () => {
    const d = (await dashboardOf(DEMO.greenhill.parent)) as ParentDashboard;
    expect(d.children).toHaveLength(2);
    expect(d.children.map((c) => c.class?.name).sort()).toEqual(['Grade 4 West', 'Grade 7 West']);
    for (const c of d.children) {
      expect(c.lastName).toBe('Kamau');
      expect(c.admissionNumber).toMatch(/^GHA\/20\d\d\/\d{4}$/);
      expect(c.classTeacher?.name).toBeTruthy();
      expect(c.classTeacher?.phone).toMatch(/^254\d{9}$/);
    }
    expect(d.calendar.map((x) => x.number)).toEqual([1, 2, 3]);
  });

  it("gives Riverside's teacher the same lessons a week as My Timetable, and the classes' lessons add up to it", async () => {
    const d = (await dashboardOf(DEMO.riverside.teacher)) as TeacherDashboard;
    const mine = await myTimetableLessons(DEMO.riverside.teacher);
    expect(mine).toBeGreaterThan(0);
    expect(d.totals.lessonsPerWeek).toBe(mine);
    expect(d.classes.reduce((n, c) => n + c.lessonsPerWeek, 0)).toBe(mine);
  });

  it("lists the teacher's classes with Grade 7 East as class teacher and Mathematics elsewhere", async () => {
    const d = (await dashboardOf(DEMO.greenhill.teacher)) as TeacherDashboard;
    const east7 = d.classes.find((c) => c.name === 'Grade 7 East');
    expect(east7?.isClassTeacher).toBe(true);
    expect(d.totals.classTeacherOf).toBe(1);
    for (const name of ['Grade 7 West', 'Grade 8 East', 'Grade 8 West']) {
      const c = d.classes.find((x) => x.name === name);
      expect(c, name).toBeDefined();
      expect(c!.learningAreas.map((a) => a.name)).toContain('Mathematics');
    }
    // Lessons per week: the periods of the teacher's lessons in the published timetable (issue 34).
    expect(d.totals.lessonsPerWeek).toBe(await myTimetableLessons(DEMO.greenhill.teacher));
    const schoolId = await schoolIdOf(t.database, 'greenhill');
    expect(d.totals.learners).toBe(d.classes.reduce((s, c) => s + c.learners.total, 0));
    const [inClasses] = await system(t.database, (tx) =>
      tx
        .select({ n: count() })
        .from(students)
        .innerJoin(classes, eq(classes.id, students.classId))
        .where(and(eq(students.status, 'active'), eq(classes.schoolId, schoolId))),
    );
    expect(d.totals.learners).toBeLessThan(Number(inClasses!.n));
  });

  it('gives finance learner figures; fee figures come from the fees overview', async () => {
    const d = await dashboardOf(DEMO.greenhill.finance);
    if (d.kind !== 'finance') throw new Error(d.kind);
    expect(d.learners.total).toBe(await learnersOf('greenhill'));
    // The finance dashboard reads GET /api/fees/overview for its fee figures; no placeholder remains.
    expect(d).not.toHaveProperty('fees');
  });

  it('gives HR staff counts by role without parents', async () => {
    const d = await dashboardOf(DEMO.greenhill.hr);
    if (d.kind !== 'hr') throw new Error(d.kind);
    expect(d.staffByRole.map((r) => r.role)).not.toContain('parent');
    expect(d.staffByRole.map((r) => r.role)).toEqual(expect.arrayContaining(['teacher', 'principal', 'school_director', 'finance_officer', 'hr']));
    expect(d.staff.total).toBe(d.staff.active + d.staff.inactive);
    expect(d.teachers.withClass + d.teachers.withoutClass).toBe(d.teachers.total);
    expect(d.teachers.total).toBe(d.staffByRole.find((r) => r.role === 'teacher')!.active);
  });

  it("gives HR one headcount (active staff records) and labels the accounts figure as accounts", async () => {
    const greenhill = await schoolIdOf(t.database, 'greenhill');
    const [records] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(staffMembers).where(and(eq(staffMembers.schoolId, greenhill), eq(staffMembers.status, 'active'))),
    );
    const [accounts] = await system(t.database, (tx) =>
      tx
        .select({ n: count() })
        .from(profiles)
        .where(and(eq(profiles.schoolId, greenhill), eq(profiles.status, 'active'), sql`${profiles.role} is distinct from 'parent'`)),
    );
    // "Active staff" on the HR dashboard: the school's staff records with status active.
    const glance = await t.app.inject({ method: 'GET', url: '/api/hr-reports/dashboard', headers: { cookie: await cookieFor(DEMO.greenhill.hr) } });
    expect(glance.statusCode, glance.body).toBe(200);
    expect(glance.json<{ activeStaff: number }>().activeStaff).toBe(Number(records!.n));
    // "Staff with sign-in accounts": active accounts of staff roles (not parents).
    const d = await dashboardOf(DEMO.greenhill.hr);
    if (d.kind !== 'hr') throw new Error(d.kind);
    expect(d.staff.active).toBe(Number(accounts!.n));
    expect(JSON.stringify(messages.dashboard)).not.toContain('Excluding parents');
  });

  it('gives platform admins every school with learners, users by role and recent sign-ins', async () => {
    const d = (await dashboardOf(DEMO.admin)) as PlatformDashboard;
    const [schoolCount] = await system(t.database, (tx) => tx.select({ n: count() }).from(schools));
    expect(d.schools.total).toBe(Number(schoolCount!.n));
    const byName = Object.fromEntries(d.schoolsList.map((s) => [s.name, s]));
    expect(byName['Greenhill Academy']).toMatchObject({ curriculum: 'CBC', learners: await learnersOf('greenhill') });
    expect(byName['Riverside International School']).toMatchObject({ curriculum: 'IGCSE', learners: await learnersOf('riverside') });
    expect(d.learners.total).toBe((await learnersOf('greenhill')) + (await learnersOf('riverside')));
    const [users] = await system(t.database, (tx) => tx.select({ n: count() }).from(profiles));
    expect(d.users.total).toBe(Number(users!.n));
    expect(d.users.byRole.find((r) => r.role === 'edufam_admin')?.count).toBe(1);
    // This file's sign-ins are recorded as LOGIN_SUCCESS today.
    expect(d.signIns.byDay).toHaveLength(7);
    expect(d.signIns.byDay.at(-1)!.date).toBe(schoolToday());
    expect(d.signIns.last7Days).toBeGreaterThanOrEqual(cookies.size);
    // The demo's week of sign-ins (issue 34): people signed in on every day of it, not only today.
    expect(d.signIns.byDay.every((x) => x.count > 0)).toBe(true);
    expect(d.signIns.recent.length).toBeGreaterThan(0);
  });

  it('never shows a Riverside user Greenhill numbers', async () => {
    const greenhill = await learnersOf('greenhill');
    const riverside = await learnersOf('riverside');
    const principal = (await dashboardOf(DEMO.riverside.principal)) as PrincipalDashboard;
    expect(principal.school.name).toBe('Riverside International School');
    expect(principal.learners.total).toBe(riverside);
    expect(principal.learners.total).not.toBe(greenhill);
    expect(principal.classTeachers.every((c) => c.className.startsWith('Year '))).toBe(true);
    const parent = (await dashboardOf(DEMO.riverside.parent)) as ParentDashboard;
    expect(parent.children.every((c) => c.admissionNumber.startsWith('RIS/'))).toBe(true);
    expect(parent.children.map((c) => c.class?.name).sort()).toEqual(['Year 10 Green', 'Year 7 Green']);
    const teacher = (await dashboardOf(DEMO.riverside.teacher)) as TeacherDashboard;
    expect(teacher.classes.every((c) => c.name.startsWith('Year '))).toBe(true);
    const hr = await dashboardOf(DEMO.riverside.hr);
    if (hr.kind !== 'hr') throw new Error(hr.kind);
    expect(hr.school.name).toBe('Riverside International School');
    const finance = await dashboardOf(DEMO.riverside.finance);
    if (finance.kind !== 'finance') throw new Error(finance.kind);
    expect(finance.learners.total).toBe(riverside);
  });
});

describe('term selection', () => {
  const year = [
    { name: 'Term 1', number: 1, academicYear: '2026', startsOn: '2026-01-05', endsOn: '2026-04-02', halfTermStartsOn: '2026-02-25', halfTermEndsOn: '2026-03-01' },
    { name: 'Term 2', number: 2, academicYear: '2026', startsOn: '2026-04-27', endsOn: '2026-07-31', halfTermStartsOn: null, halfTermEndsOn: null },
    { name: 'Term 3', number: 3, academicYear: '2026', startsOn: '2026-08-24', endsOn: '2026-10-23', halfTermStartsOn: null, halfTermEndsOn: null },
  ];
  it('picks the term in session, flagging half-term', () => {
    expect(pickTerm(year, '2026-02-26')).toMatchObject({ number: 1, status: 'current', inHalfTerm: true });
    expect(pickTerm(year, '2026-05-01')).toMatchObject({ number: 2, status: 'current', inHalfTerm: false });
  });
  it('falls back to the latest ended term, then the next one', () => {
    expect(pickTerm(year, '2026-11-22')).toMatchObject({ number: 3, status: 'ended' });
    expect(pickTerm(year, '2026-04-10')).toMatchObject({ number: 1, status: 'ended' });
    expect(pickTerm(year, '2025-12-01')).toMatchObject({ number: 1, status: 'upcoming' });
    expect(pickTerm([], '2026-01-01')).toBeNull();
  });
  it('in a holiday names the term that opens next: the school’s own, else the Ministry’s while next year is not set up', () => {
    expect(nextTermAfter(year[0]!, year)).toEqual({ name: 'Term 2', academicYear: '2026', startsOn: '2026-04-27', planned: false });
    // Term 1 2027 of the Ministry's calendar opens on Monday 4 January 2027.
    expect(nextTermAfter(year[2]!, year)).toEqual({ name: 'Term 1', academicYear: '2027', startsOn: '2027-01-04', planned: true });
  });
  it('counts calendar days', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(schoolToday(new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
  });
});
