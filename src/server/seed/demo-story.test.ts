import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, system, type TestApp } from '../../../tests/helpers.js';
import { seedDemo } from './seed.js';

/**
 * The demo started on a pinned day tells a coherent story (issue 34 "The demo is live on any day"):
 * Tuesday 29 February 2028, a school day in week 8 of Term 1 2028, two days before half-term, and
 * Friday 25 June 2027, in Term 2's half-term. The demo calendar's rules for every kind of day (each
 * term, a half-term, the December holiday) are pinned in demo-calendar.test.ts; the whole suite runs
 * on the demo seeded around the real today (in November 2026, the December holiday).
 */

const TODAY = '2028-02-29';
let t: TestApp;
type Row = Record<string, unknown>;
const rows = (query: string) => system(t.database, async (tx) => ((await tx.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows);
const GH = `(select id from schools where code = 'greenhill')`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedDemo(t.database.db, { today: TODAY });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe(`the demo started on ${TODAY}`, () => {
  it('is in Term 1 2028 of the current year 2028, last year closed and no coming year yet', async () => {
    const years = await rows(`select name, is_current, status from academic_years where school_id = ${GH} order by name`);
    expect(years).toEqual([
      { name: '2027', is_current: false, status: 'closed' },
      { name: '2028', is_current: true, status: 'open' },
    ]);
    const [current] = await rows(`select t.name, t.starts_on from terms t where t.school_id = ${GH} and t.is_current`);
    expect(current).toEqual({ name: 'Term 1', starts_on: '2028-01-03' });
  });

  it('has registers up to today, with today’s still to mark for the demo teacher’s stream, and no learner admitted after today', async () => {
    const [span] = await rows(`select min(date)::text as first, max(date)::text as last from attendance_registers where school_id = ${GH}`);
    // In Term 1 the term before is last year's Term 3, registered in last year's streams (class history).
    expect(span).toEqual({ first: '2027-08-23', last: TODAY });
    const lastTerm = await rows(`select c.name, y.name as year, count(distinct e.student_id)::int as learners from attendance_registers r
      join classes c on c.id = r.class_id join academic_years y on y.id = c.academic_year_id
      join attendance_entries e on e.register_id = r.id
      where r.school_id = ${GH} and r.date = '2027-10-13' group by c.name, y.name order by c.name`);
    expect(lastTerm.find((r) => r.name === 'Grade 7 East')).toMatchObject({ year: '2027' });
    expect(Number(lastTerm.find((r) => r.name === 'Grade 7 East')!.learners)).toBeGreaterThan(10);
    // Every learner on last year's register was in that stream then (their class history says so).
    const [stray] = await rows(`select count(*)::int as n from attendance_entries e join attendance_registers r on r.id = e.register_id
      where r.school_id = ${GH} and r.date < '2028-01-01'
        and not exists (select 1 from student_enrolments h where h.student_id = e.student_id and h.class_id = r.class_id)`);
    expect(stray!.n).toBe(0);
    const waiting = await rows(`select c.name from classes c join academic_years y on y.id = c.academic_year_id and y.is_current
      where c.school_id = ${GH} and not exists (select 1 from attendance_registers r where r.class_id = c.id and r.date = '${TODAY}') order by c.name`);
    expect(waiting.map((r) => r.name)).toContain('Grade 7 East');
    const [late] = await rows(`select count(*)::int as n from students where admitted_on > '${TODAY}'`);
    expect(late!.n).toBe(0);
  });

  it('has last year’s End of Term 3 and this term’s opener released and its mid-term open for entry today, sat last week, with marks coming in', async () => {
    const series = await rows(`select name, status, entry_opens_on::text as opens, entry_closes_on::text as closes from exam_series where school_id = ${GH} order by starts_on`);
    expect(series.map((s) => [s.name, s.status])).toEqual([
      // Last year's End of Term 3: the lower levels' newest results until this year's End of Term 1.
      ['End of Term 3 2027', 'released'],
      ['Opener Term 1 2028', 'released'],
      ['Mid-Term 1 2028', 'open'],
    ]);
    const open = series.find((s) => s.status === 'open')!;
    expect(String(open.opens) <= TODAY && TODAY <= String(open.closes)).toBe(true);
    const [marks] = await rows(`select count(*)::int as n from exam_marks m join exam_series e on e.id = m.exam_id where e.name = 'Mid-Term 1 2028' and m.school_id = ${GH}`);
    expect(marks!.n).toBeGreaterThan(0);
    const [future] = await rows(`select count(*)::int as n from exam_series where released_at > '${TODAY}T23:59:59+03:00'`);
    expect(future!.n).toBe(0);
  });

  it('invoices Term 1 2028 only, with fee structures for the whole year, and takes no money after today', async () => {
    const invoiced = await rows(`select distinct t.name from invoices i join terms t on t.id = i.term_id where i.school_id = ${GH}`);
    expect(invoiced.map((r) => r.name)).toEqual(['Term 1']);
    const structures = await rows(`select distinct split_part(name, ': ', 2) as term from fee_structures where school_id = ${GH} order by 1`);
    expect(structures.map((r) => r.term)).toEqual(['Term 1 2028', 'Term 2 2028', 'Term 3 2028']);
    const [paid] = await rows(`select max(paid_on)::text as last, count(*)::int as n from payments where school_id = ${GH}`);
    expect(paid!.n).toBeGreaterThan(100);
    expect(String(paid!.last) <= TODAY).toBe(true);
    const [mpesa] = await rows(`select count(*)::int as n from mpesa_transactions where trans_time > '${TODAY}T23:59:59+03:00' or not (msisdn ~ '^254(7|1[01])')`);
    expect(mpesa!.n).toBe(0);
  });

  it('pays November 2027 to January 2028, books no expense or stock movement after today, and has leave waiting from the next working day', async () => {
    const runs = await rows(`select month from payroll_runs where school_id = ${GH} order by month`);
    expect(runs.map((r) => r.month)).toEqual(['2027-11', '2027-12', '2028-01']);
    const [after] = await rows(`select (select count(*) from expenses where spent_on > '${TODAY}')::int + (select count(*) from inventory_movements where moved_on > '${TODAY}')::int as n`);
    expect(after!.n).toBe(0);
    const pending = await rows(`select start_date::text as starts from leave_requests where school_id = ${GH} and status = 'pending'`);
    expect(pending).toEqual([{ starts: '2028-03-01' }]);
  });

  it('welcomes everyone to Term 1 and publishes nothing dated after today', async () => {
    const notes = await rows(`select title, status, publish_at from school_announcements where school_id = ${GH} order by publish_at`);
    expect(notes[0]!.title).toBe('Welcome to Term 1');
    expect(notes.filter((n) => n.status === 'published').every((n) => new Date(String(n.publish_at)) <= new Date(`${TODAY}T23:59:59+03:00`))).toBe(true);
    const [project] = await rows(`select name from hub_projects where kind = 'internal'`);
    expect(project!.name).toBe('Term 2 2028 release');
  });
});

describe('the demo started on Friday 25 June 2027, in Term 2’s half-term', () => {
  const HALF_TERM = '2027-06-25';
  let h: TestApp;
  const q = (query: string) => system(h.database, async (tx) => ((await tx.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows);
  beforeAll(async () => {
    h = await createTestApp({ seed: false });
    await seedDemo(h.database.db, { today: HALF_TERM });
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('registers run to the last school day before half-term; Term 1 is complete; nothing is marked in the half-term', async () => {
    const [span] = await q(`select min(date)::text as first, max(date)::text as last from attendance_registers where school_id = ${GH}`);
    // Term 1 2027 opened on Monday 4 January; Term 2's half-term runs Wednesday 23 to Sunday 27 June.
    expect(span).toEqual({ first: '2027-01-04', last: '2027-06-22' });
    const [current] = await q(`select name from terms where school_id = ${GH} and is_current`);
    expect(current!.name).toBe('Term 2');
  });

  it('has Term 1’s End of Term released and Term 2’s mid-term, sat the week before half-term, open with marks coming in', async () => {
    const series = await q(`select name, status, entry_closes_on::text as closes from exam_series where school_id = ${GH} order by starts_on`);
    expect(series.map((s) => [s.name, s.status])).toEqual([
      ['End of Term 1 2027', 'released'],
      ['Mid-Term 2 2027', 'open'],
    ]);
    expect(String(series[1]!.closes) >= HALF_TERM).toBe(true);
    const [marks] = await q(`select count(*)::int as n from exam_marks m join exam_series e on e.id = m.exam_id where e.name = 'Mid-Term 2 2027'`);
    expect(marks!.n).toBeGreaterThan(0);
  });

  it('invoices Terms 1 and 2, pays March to May 2027, and welcomes everyone to Term 2', async () => {
    const invoiced = await q(`select distinct t.name from invoices i join terms t on t.id = i.term_id where i.school_id = ${GH} order by 1`);
    expect(invoiced.map((r) => r.name)).toEqual(['Term 1', 'Term 2']);
    const runs = await q(`select month from payroll_runs where school_id = ${GH} order by month`);
    expect(runs.map((r) => r.month)).toEqual(['2027-03', '2027-04', '2027-05']);
    const [welcome] = await q(`select title from school_announcements where school_id = ${GH} order by publish_at limit 1`);
    expect(welcome!.title).toBe('Welcome to Term 2');
  });
});

describe('the demo started on Tuesday 12 January 2027, in Term 1’s second week', () => {
  const EARLY = '2027-01-12';
  let e: TestApp;
  const q = (query: string) => system(e.database, async (tx) => ((await tx.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows);
  beforeAll(async () => {
    e = await createTestApp({ seed: false });
    await seedDemo(e.database.db, { today: EARLY });
  }, 240_000);
  afterAll(async () => {
    await e?.close();
  });

  it('has last Term 3’s registers in last year’s streams beside this term’s seven days, so attendance is not one week thin', async () => {
    const perYear = await q(`select y.name as year, min(r.date)::text as first, max(r.date)::text as last, count(distinct r.date)::int as days
      from attendance_registers r join classes c on c.id = r.class_id join academic_years y on y.id = c.academic_year_id
      where r.school_id = ${GH} group by y.name order by y.name`);
    // Term 3 2026 ran Monday 24 August to Friday 23 October; Term 1 2027 opened on Monday 4 January.
    expect(perYear.map((r) => [r.year, r.first, r.last])).toEqual([
      ['2026', '2026-08-24', '2026-10-23'],
      ['2027', '2027-01-04', EARLY],
    ]);
    expect(Number(perYear[0]!.days)).toBeGreaterThan(35);
  });

  it('keeps last term’s School News without its stream notices, which named last year’s streams by this year’s names', async () => {
    const notes = await q(`select title, audience from school_announcements where school_id = ${GH} order by publish_at`);
    const welcome = notes.findIndex((n) => n.title === 'Welcome to Term 1');
    const lastTerm = notes.slice(0, welcome);
    const classAddressed = (list: Row[]) => list.filter((n) => JSON.stringify(n.audience).includes('lassIds')).map((n) => n.title);
    expect(lastTerm.map((n) => n.title)).toContain('Welcome to Term 3');
    expect(lastTerm.length).toBeGreaterThan(3);
    expect(classAddressed(lastTerm)).toEqual([]);
    expect(classAddressed(notes.slice(welcome)).length).toBeGreaterThan(0);
  });
});
