/**
 * The national-scale dataset builder (bench/scale/build.ts, issue 37 §1) at its smallest size: the two
 * demo schools and one clone, on a PostgreSQL database of this file's own (created on
 * TEST_PG_SERVER_URL, default postgres://root@127.0.0.1:5432, and dropped after). What an operator
 * relies on when reading the bench's figures: a clone holds exactly its template's rows, every foreign
 * key of the cloned rows resolves (they are copied with foreign-key triggers off), the school year is
 * full (three terms of registers, twelve payroll months), the clone's people can be found by their
 * own e-mails with the template's password hash, and row-level security keeps each school to itself.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { withScope, withSystem } from '../src/server/db/tenant.js';
import { NOT_CLONED, buildScale, builtMarker, type BuildResult } from '../bench/scale/build.js';
import { reconcileLearnerBalances } from '../src/server/modules/fees/learner-balances.service.js';

const SERVER = process.env.TEST_PG_SERVER_URL ?? 'postgres://root@127.0.0.1:5432';
const NAME = `edufam_scale_test_${process.pid}`;
const url = (db: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${db}`;
  return u.toString();
};

let built: BuildResult;
let database: Database;
let admin: pg.Client;
let client: pg.Client;

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query(text, params)).rows as T[];
}

beforeAll(async () => {
  built = await buildScale({ url: url(NAME), schools: 3, batch: 1, workers: 1, log: () => undefined });
  client = new pg.Client({ connectionString: url(NAME) });
  await client.connect();
  database = await openDatabase({ databaseUrl: url(NAME), dataDir: 'memory://' });
}, 600_000);

afterAll(async () => {
  await database?.close();
  await client?.end();
  admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
});

describe('bench:scale dataset builder (3 schools)', () => {
  it('marks the finished database with its size and build steps, for SCALE_REUSE', async () => {
    const marker = await builtMarker(url(NAME));
    expect(marker?.schools).toBe(3);
    expect(marker?.build?.steps.map((s) => s.step)).toEqual(built.steps.map((s) => s.step));
    expect(await rows<{ code: string }>(`select code from schools order by code`)).toEqual([{ code: 'greenhill' }, { code: 'riverside' }, { code: 's003' }]);
  });

  it('gives the clone exactly the rows of its template (Greenhill) in every cloned table', async () => {
    const tables = await rows<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'school_id' order by 1`,
    );
    const differ: string[] = [];
    let compared = 0;
    for (const { table_name: t } of tables) {
      if (NOT_CLONED.test(t)) continue;
      const [c] = await rows<{ template: number; clone: number }>(
        `select count(*) filter (where school_id = (select id from schools where code = 'greenhill'))::int as template,
                count(*) filter (where school_id = (select id from schools where code = 's003'))::int as clone from "${t}"`,
      );
      if (c!.template !== c!.clone) differ.push(`${t}: ${c!.template} vs ${c!.clone}`);
      if (c!.template > 0) compared++;
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });

  it('leaves no cloned row pointing at a missing row (every foreign key resolves)', async () => {
    const fks = await rows<{ t: string; col: string; rt: string; rcol: string }>(`
      select cl.relname as t, a.attname as col, rcl.relname as rt, ra.attname as rcol
        from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_class rcl on rcl.oid = co.confrelid
        join pg_attribute a on a.attrelid = co.conrelid and a.attnum = co.conkey[1]
        join pg_attribute ra on ra.attrelid = co.confrelid and ra.attnum = co.confkey[1]
       where co.contype = 'f' and cl.relnamespace = 'public'::regnamespace and array_length(co.conkey, 1) = 1`);
    const broken: string[] = [];
    for (const fk of fks) {
      const hasSchool = (await rows(`select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'school_id'`, [fk.t])).length > 0;
      const where = hasSchool ? `x.school_id = (select id from schools where code = 's003') and ` : '';
      const [r] = await rows<{ n: number }>(
        `select count(*)::int as n from "${fk.t}" x where ${where} x."${fk.col}" is not null and not exists (select 1 from "${fk.rt}" y where y."${fk.rcol}" = x."${fk.col}")`,
      );
      if (r!.n > 0) broken.push(`${fk.t}.${fk.col} -> ${fk.rt}: ${r!.n}`);
    }
    expect(broken).toEqual([]);
  });

  it("gives the clone's stored results (issue 37 §1) the clone's own series, terms and subjects inside their JSON", async () => {
    const [r] = await rows<{ n: number; exams: number; terms: number; subjects: number }>(`
      select count(*)::int as n,
             count(*) filter (where e.id is not null)::int as exams,
             count(*) filter (where t.id is not null)::int as terms,
             count(*) filter (where not exists (
               select 1 from jsonb_array_elements(rr.series -> 'subjects') x
                where not exists (select 1 from subjects su where su.id = (x ->> 'subjectId')::uuid and su.school_id = rr.school_id)))::int as subjects
        from released_results rr
        left join exam_series e on e.id = (rr.series ->> 'examId')::uuid and e.school_id = rr.school_id
        left join terms t on t.id = (rr.series ->> 'termId')::uuid and t.school_id = rr.school_id
       where rr.school_id = (select id from schools where code = 's003')`);
    expect(r!.n).toBeGreaterThan(100);
    expect([r!.exams, r!.terms, r!.subjects]).toEqual([r!.n, r!.n, r!.n]);
  });

  it("gives every school's learners stored fee balances equal to the sums of their rows (issue 37 §1, cloned with triggers off)", async () => {
    const [stored] = await rows<{ n: number }>(`select count(*)::int as n from learner_balances where school_id = (select id from schools where code = 's003')`);
    expect(stored!.n).toBeGreaterThan(100);
    const result = await reconcileLearnerBalances(database);
    expect(result.schools).toBe(3);
    expect(result.drifted).toEqual([]);
  });

  it('holds a full school year: registers in all three terms, twelve payroll months, ~800 learners a school on average', async () => {
    const terms = await rows<{ code: string; terms: number; learners: number; months: number }>(`
      select s.code,
             (select count(distinct t.number)::int from attendance_registers r join terms t on t.school_id = r.school_id and r.date between t.starts_on and t.ends_on
               join academic_years y on y.id = t.academic_year_id and y.is_current where r.school_id = s.id) as terms,
             (select count(*)::int from students st where st.school_id = s.id and st.status = 'active') as learners,
             (select count(*)::int from payroll_runs p where p.school_id = s.id and p.status = 'approved') as months
        from schools s order by s.code`);
    for (const t of terms) {
      expect(t.terms, t.code).toBe(3);
      expect(t.months, t.code).toBe(12);
    }
    // ~800 learners a school on average: the CBC schools (Greenhill's shape) ~1,100, the IGCSE ones ~500.
    const learners = Object.fromEntries(terms.map((t) => [t.code, t.learners]));
    expect(learners.greenhill).toBeGreaterThan(1000);
    expect(learners.riverside).toBeGreaterThan(450);
    expect(learners.s003).toBe(learners.greenhill);
    // Every active learner of a stream has an entry in each of its registers of Term 1 (made in SQL).
    const [gap] = await rows<{ n: number }>(`
      select count(*)::int as n from attendance_registers r
        join terms t on t.school_id = r.school_id and t.number = 1 and r.date between t.starts_on and t.ends_on
        join academic_years y on y.id = t.academic_year_id and y.is_current
       where not exists (select 1 from attendance_entries e where e.register_id = r.id)`);
    expect(gap!.n).toBe(0);
  });

  it("gives the clone's people their own e-mails and the template's password hash", async () => {
    const people = await rows<{ email: string; same_hash: boolean }>(`
      select u.email, a.password = (select a2.password from accounts a2 join users u2 on u2.id = a2.user_id where u2.email = 'teacher@greenhill.edufam.test') as same_hash
        from users u join accounts a on a.user_id = u.id join profiles p on p.id = u.id
       where p.school_id = (select id from schools where code = 's003') and u.email in ('teacher@s003.edufam.test', 'parent@s003.edufam.test', 'principal@s003.edufam.test')
       order by u.email`);
    expect(people).toEqual([
      { email: 'parent@s003.edufam.test', same_hash: true },
      { email: 'principal@s003.edufam.test', same_hash: true },
      { email: 'teacher@s003.edufam.test', same_hash: true },
    ]);
    const [accountIds] = await rows<{ n: number }>(`select count(*)::int as n from accounts a where a.provider_id = 'credential' and a.account_id <> a.user_id::text`);
    expect(accountIds!.n).toBe(0);
  });

  it("keeps each school to itself under row-level security (the clone's scope sees only the clone)", async () => {
    const ids = await withSystem(database.db, (tx) => tx.execute<{ id: string; code: string }>(sql`select id, code from schools`));
    const list = ((ids as unknown as { rows?: { id: string; code: string }[] }).rows ?? (ids as unknown as { id: string; code: string }[]));
    const clone = list.find((s) => s.code === 's003')!;
    const seen = await withScope(database.db, { schoolId: clone.id, userId: null, allSchools: false }, (tx) =>
      tx.execute<{ schools: number; learners: number; other: number }>(
        sql`select (select count(*)::int from schools) as schools, (select count(*)::int from students) as learners,
                   (select count(*)::int from students where school_id <> ${clone.id}) as other`,
      ),
    );
    const r = ((seen as unknown as { rows?: { schools: number; learners: number; other: number }[] }).rows ?? (seen as unknown as { schools: number; learners: number; other: number }[]))[0]!;
    expect(r.schools).toBe(1);
    expect(r.other).toBe(0);
    expect(r.learners).toBeGreaterThan(1000);
  });
});
