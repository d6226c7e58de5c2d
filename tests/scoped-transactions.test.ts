/**
 * withScope's own transaction paths (issue 19): on PGlite BEGIN + scope in one message and prepared
 * statements (src/server/db/pglite-scope.ts), on PostgreSQL the same batch and named statements
 * (tenant.ts). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. What must hold: a
 * statement prepared under one school's scope never answers with another school's rows, a failed
 * transaction leaves nothing behind, values and rows keep their types, and concurrent transactions
 * do not see each other's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { departments, schools, students } from '../src/server/db/schema/index.js';
import { withScope, type TenantScope } from '../src/server/db/tenant.js';
import { createTestApp, schoolIdOf, system, type TestApp } from './helpers.js';

let t: TestApp;
let greenhill: TenantScope;
let riverside: TenantScope;
const PREFIX = `scoped-tx-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  greenhill = { schoolId: await schoolIdOf(t.database, 'greenhill'), userId: null, allSchools: false };
  riverside = { schoolId: await schoolIdOf(t.database, 'riverside'), userId: null, allSchools: false };
});
afterAll(async () => {
  await t?.close();
});

const ownDepartments = (scope: TenantScope) =>
  withScope(t.database.db, scope, (tx) => tx.select({ name: departments.name, schoolId: departments.schoolId }).from(departments).where(like(departments.name, `${PREFIX}%`)));

const learnersBySchool = (scope: TenantScope) =>
  withScope(t.database.db, scope, (tx) => tx.select({ schoolId: students.schoolId, n: count() }).from(students).groupBy(students.schoolId));

describe('withScope', () => {
  it('answers each school with its own rows when the same statement runs under different scopes', async () => {
    const everyone = await system(t.database, (tx) => tx.select({ schoolId: students.schoolId, n: count() }).from(students).groupBy(students.schoolId));
    const expected = (id: string | null) => everyone.filter((r) => r.schoolId === id);
    expect(expected(greenhill.schoolId).length).toBe(1);
    expect(expected(riverside.schoolId).length).toBe(1);
    // Alternate the scopes many times so a reused (prepared) statement would show a stale scope.
    for (let i = 0; i < 5; i++) {
      expect(await learnersBySchool(greenhill)).toEqual(expected(greenhill.schoolId));
      expect(await learnersBySchool(riverside)).toEqual(expected(riverside.schoolId));
    }
    const all = await withScope(t.database.db, { schoolId: null, userId: null, allSchools: true }, (tx) =>
      tx.select({ schoolId: students.schoolId, n: count() }).from(students).groupBy(students.schoolId),
    );
    expect(all.length).toBe(everyone.length);
  });

  it('keeps concurrent transactions in their own scope', async () => {
    const gh = await learnersBySchool(greenhill);
    const rs = await learnersBySchool(riverside);
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => learnersBySchool(i % 2 ? riverside : greenhill)));
    runs.forEach((rows, i) => expect(rows).toEqual(i % 2 ? rs : gh));
  });

  it('commits what the function wrote, and writes nothing when it throws', async () => {
    await withScope(t.database.db, greenhill, (tx) => tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} kept` }));
    await expect(
      withScope(t.database.db, greenhill, async (tx) => {
        await tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} lost` });
        throw new Error('stop half way');
      }),
    ).rejects.toThrow('stop half way');
    expect((await ownDepartments(greenhill)).map((d) => d.name)).toEqual([`${PREFIX} kept`]);
    // Row-level security still refuses another school's rows: nothing inserted, nothing visible.
    await expect(withScope(t.database.db, riverside, (tx) => tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} foreign` }))).rejects.toThrow();
    expect(await ownDepartments(riverside)).toEqual([]);
  });

  it('reports a failed statement with its PostgreSQL error and keeps working afterwards', async () => {
    const duplicate = withScope(t.database.db, greenhill, (tx) => tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} kept` }));
    await expect(duplicate).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    await expect(withScope(t.database.db, greenhill, (tx) => tx.execute(sql`select no_such_column from departments`))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42703' }) });
    // The same shape that failed once runs fine with other values.
    await withScope(t.database.db, greenhill, (tx) => tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} second` }));
    expect((await ownDepartments(greenhill)).map((d) => d.name).sort()).toEqual([`${PREFIX} kept`, `${PREFIX} second`]);
  });

  it('does not report success for a transaction whose error was caught inside it', async () => {
    const attempt = withScope(t.database.db, greenhill, async (tx) => {
      await tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} swallowed` });
      await tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} kept` }).catch(() => undefined);
      return 'done';
    });
    await expect(attempt).rejects.toThrow();
    expect((await ownDepartments(greenhill)).map((d) => d.name)).not.toContain(`${PREFIX} swallowed`);
  });

  it('rolls back only the savepoint of a nested transaction that failed', async () => {
    await withScope(t.database.db, greenhill, async (tx) => {
      await tx.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} outer` });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(departments).values({ schoolId: greenhill.schoolId!, name: `${PREFIX} inner` });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    const names = (await ownDepartments(greenhill)).map((d) => d.name);
    expect(names).toContain(`${PREFIX} outer`);
    expect(names).not.toContain(`${PREFIX} inner`);
  });

  it("runs a transaction's queries one at a time, in the order asked, even when asked for together (issue 32 §6)", async () => {
    // node-postgres deprecates (and pg 9 refuses) a query sent while the client still has one queued:
    // count the calls that would have been, on PostgreSQL.
    let overlapping = 0;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client & { _queryQueue?: unknown[] }, ...args: unknown[]) {
      if ((this._queryQueue?.length ?? 0) > 0) overlapping++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const values = await withScope(t.database.db, greenhill, (tx) =>
        Promise.all([1, 2, 3, 4, 5].map((n) => tx.execute(sql`select ${n}::int as n, pg_sleep(0.01)`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n))),
      );
      expect(values).toEqual([1, 2, 3, 4, 5]);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(overlapping).toBe(0);
  });

  it('passes values and returns rows with their types', async () => {
    const [row] = await withScope(t.database.db, greenhill, (tx) =>
      tx.execute<{ d: string; ts: string; n: number; big: string; b: boolean; j: { a: number[] }; arr: string[]; nul: null; txt: string }>(
        sql`select ${'2026-11-27'}::date as d, ${'2026-11-27T10:00:00Z'}::timestamptz as ts, ${41}::int + 1 as n, ${'9007199254740993'}::bigint as big,
                   ${true}::boolean as b, ${JSON.stringify({ a: [1, 2] })}::jsonb as j, array[${'x'}, ${"o'neil"}]::text[] as arr, ${null}::text as nul,
                   ${'Wanjikũ — “quoted”'}::text as txt`,
      ).then((r) => (r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])),
    ) as [{ d: string; ts: string; n: number; big: string | bigint; b: boolean; j: { a: number[] }; arr: string[]; nul: null; txt: string }];
    expect(row.d).toBe('2026-11-27');
    expect(new Date(row.ts).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(row.n).toBe(42);
    expect(String(row.big)).toBe('9007199254740993');
    expect(row.b).toBe(true);
    expect(row.j).toEqual({ a: [1, 2] });
    expect(row.arr).toEqual(['x', "o'neil"]);
    expect(row.nul).toBeNull();
    expect(row.txt).toBe('Wanjikũ — “quoted”');
    const names = await withScope(t.database.db, greenhill, (tx) =>
      tx.select({ name: schools.name }).from(schools).where(and(inArray(schools.id, [greenhill.schoolId!, riverside.schoolId!]), eq(schools.id, greenhill.schoolId!))),
    );
    expect(names.length).toBe(1);
  });

  it('still answers when more query shapes are used than statements are kept', async () => {
    // 1,010 distinct texts: past the 1,000 named statements per connection, the rest run unnamed.
    const results = await withScope(t.database.db, greenhill, async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 1010; i++) {
        const r = await tx.execute(sql.raw(`select ${i} + $1::int as v`.replace('$1::int', '1')));
        const rows = (r as unknown as { rows?: { v: number }[] }).rows ?? (r as unknown as { v: number }[]);
        out.push(Number(rows[0]!.v));
      }
      return out;
    });
    expect(results[0]).toBe(1);
    expect(results[1009]).toBe(1010);
    expect((await learnersBySchool(greenhill)).length).toBe(1);
  });
});
