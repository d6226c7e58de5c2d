import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { students, transferRequests } from '../../db/schema/index.js';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { Actor } from '../../../shared/access.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { ListStudentsResponse } from '../../../shared/contracts/learners.js';
import { learnerFiguresQuery } from '../../../shared/contracts/learner-figures.js';
import { schoolToday } from '../../../shared/dates.js';
import { learnerFigures } from './learner-figures.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Register figures (issue 10 §3 the director's "figures by level and gender", §2 the Academic
 * Management hub): they add up, they follow who sees what, and admissions and incoming transfer
 * requests show up. PGlite and PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const actor: Record<string, Actor> = {};
let principalCookie = '';
let teacherCookie = '';

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  riverside = await schoolIdOf(t.database, 'riverside');
  const as = async (email: string, role: Actor['role'], schoolId: string | null): Promise<Actor> => ({ id: await profileIdOf(t.database, email), role, schoolId });
  actor.director = await as(DEMO.greenhill.director, 'school_director', greenhill);
  actor.principal = await as(DEMO.greenhill.principal, 'principal', greenhill);
  actor.teacher = await as(DEMO.greenhill.teacher, 'teacher', greenhill);
  actor.finance = await as(DEMO.greenhill.finance, 'finance_officer', greenhill);
  actor.admin = await as(DEMO.admin, 'edufam_admin', null);
  principalCookie = await signIn(t.app, DEMO.greenhill.principal, 'school');
  teacherCookie = await signIn(t.app, DEMO.greenhill.teacher, 'school');
});
afterAll(async () => {
  await t?.close();
});

async function activeIn(schoolId: string): Promise<number> {
  const [r] = await system(t.database, (tx) => tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'))));
  return Number(r!.n);
}

describe('learner figures', () => {
  it('the director gets the whole school: totals split by gender and boarding, per level, adding up', async () => {
    const f = await learnerFigures(t.database, actor.director!, {});
    expect(f.asOf).toBe(schoolToday());
    // The current term: the latest of this year that has opened (in a holiday, the one just ended).
    const term = demo.cal.latestTerm;
    expect(f.term).toEqual({ name: term.name, academicYear: demo.yearName, startsOn: term.startsOn, endsOn: term.endsOn });
    expect(f.active.total).toBe(await activeIn(greenhill));
    expect(f.active.female + f.active.male).toBe(f.active.total);
    expect(f.active.boarding + f.active.day).toBe(f.active.total);
    expect(f.active.boarding).toBeGreaterThan(0);
    const sum = (k: 'total' | 'female' | 'male' | 'boarding') => f.levels.reduce((s, l) => s + l[k], 0);
    expect(sum('total')).toBe(f.active.total);
    expect(sum('female')).toBe(f.active.female);
    expect(sum('boarding')).toBe(f.active.boarding);
    expect(f.levels.map((l) => l.level).slice(0, 3)).toEqual(['PP1', 'PP2', 'Grade 1']);
    expect(f.levels.map((l) => l.levelOrder)).toEqual([...f.levels.map((l) => l.levelOrder)].sort((a, b) => (a ?? 99) - (b ?? 99)));
    expect(f.streams.reduce((s, x) => s + x.total, 0)).toBe(f.active.total);
    // Only the principal decides transfer requests.
    expect(f.pendingTransferRequests).toBeNull();
  });

  it('the finance officer reads the same school figures', async () => {
    const f = await learnerFigures(t.database, actor.finance!, {});
    expect(f.active.total).toBe(await activeIn(greenhill));
  });

  it('a teacher gets only the streams they teach, matching their register', async () => {
    const f = await learnerFigures(t.database, actor.teacher!, {});
    const res = await t.app.inject({ method: 'GET', url: '/api/students?pageSize=1', headers: { cookie: teacherCookie } });
    const register = res.json() as ListStudentsResponse;
    expect(f.active.total).toBe(register.total);
    expect(f.active.total).toBeLessThan(await activeIn(greenhill));
    expect(f.streams.map((s) => s.name)).toContain('Grade 7 East');
    expect(f.streams.length).toBeLessThan(22);
  });

  it('platform staff name the school; without one they get every school and no term', async () => {
    const gh = await learnerFigures(t.database, actor.admin!, learnerFiguresQuery.parse({ schoolId: greenhill }));
    expect(gh.active.total).toBe(await activeIn(greenhill));
    expect(gh.term).not.toBeNull();
    const rs = await learnerFigures(t.database, actor.admin!, { schoolId: riverside });
    expect(rs.active.total).toBe(await activeIn(riverside));
    expect(rs.levels[0]!.level).toBe('Year 7');
    const all = await learnerFigures(t.database, actor.admin!, {});
    expect(all.active.total).toBe(gh.active.total + rs.active.total);
    expect(all.term).toBeNull();
  });

  it('a school role cannot reach another school through schoolId', async () => {
    const f = await learnerFigures(t.database, actor.director!, { schoolId: riverside });
    expect(f.active.total).toBe(await activeIn(greenhill));
  });

  it('an admission today counts as admitted this term, in its level and gender', async () => {
    const before = await learnerFigures(t.database, actor.principal!, {});
    const classes = (await t.app.inject({ method: 'GET', url: '/api/classes', headers: { cookie: principalCookie } })).json() as ClassItem[];
    const grade3 = classes.find((c) => c.name === 'Grade 3 West')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { cookie: principalCookie },
      payload: {
        firstName: 'Zoë',
        lastName: 'Chelangat-Kiprono',
        gender: 'F',
        dateOfBirth: '2018-05-02',
        classId: grade3.id,
        boarding: 'day',
        overrideCapacity: true,
        guardians: [{ name: 'Ruth Chelangat', relationship: 'mother', phone: '0799 100 201' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await learnerFigures(t.database, actor.principal!, {});
    expect(after.admittedThisTerm).toBe(before.admittedThisTerm + 1);
    expect(after.active.female).toBe(before.active.female + 1);
    const level = (f: typeof after) => f.levels.find((l) => l.levelId === grade3.levelId)!;
    expect(level(after).female).toBe(level(before).female + 1);
    expect(level(after).day).toBe(level(before).day + 1);
  });

  it('the principal sees pending transfer requests addressed to the school', async () => {
    const before = await learnerFigures(t.database, actor.principal!, {});
    expect(before.pendingTransferRequests).toEqual(expect.any(Number));
    await system(t.database, (tx) =>
      tx.insert(transferRequests).values({
        fromSchoolId: riverside,
        toSchoolId: greenhill,
        fromStudentId: '00000000-0000-4000-8000-000000000001',
        learner: { firstName: 'Amani', lastName: 'Otieno' },
        transferDate: schoolToday(),
      }),
    );
    const after = await learnerFigures(t.database, actor.principal!, {});
    expect(after.pendingTransferRequests).toBe(before.pendingTransferRequests! + 1);
  });
});
