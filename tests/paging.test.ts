import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiRoutes, signIn, createTestApp, type TestApp } from './helpers.js';

/**
 * Issue 32 §4: every paged list has a total order ending in a unique key, so paging at any page size
 * returns each row exactly once. For every documented GET list with `page` and `pageSize`, as the
 * first demo account it lets in: the pages at the largest size hold `total` rows with `total` distinct
 * ids, and pages of 1 and of 7 rows, laid end to end, repeat the first rows of the largest pages in
 * the same order (an order with ties can change between two queries, and then a row shows twice and
 * another never).
 */

let t: TestApp;
const cookies: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const [email, access] of [
    [DEMO.admin, 'admin'],
    [DEMO.greenhill.finance, 'school'],
    [DEMO.greenhill.principal, 'school'],
    [DEMO.greenhill.hr, 'school'],
    [DEMO.greenhill.teacher, 'school'],
    [DEMO.greenhill.parent, 'school'],
  ] as const) {
    cookies.push(await signIn(t.app, email, access));
  }
});
afterAll(async () => {
  await t?.close();
});

type Param = { in: string; name: string; schema?: { maximum?: number } };
type Page = { items?: { id?: unknown }[]; total?: number };

async function page(url: string, cookie: string, n: number, size: number): Promise<Page | null> {
  const res = await t.app.inject({ method: 'GET', url: `${url}?page=${n}&pageSize=${size}`, headers: { cookie } });
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) return null;
  const body = res.json() as Page;
  return Array.isArray(body.items) && typeof body.total === 'number' ? body : null;
}

const idOf = (row: { id?: unknown }) => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : JSON.stringify(row));

describe('paging returns every row exactly once (issue 32 §4)', () => {
  it('at the largest page size, and at 1 and 7 rows a page, on every paged list', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { parameters?: Param[] }>> } }).swagger();
    const lists = apiRoutes(t.app).filter((r) => {
      if (r.method !== 'GET' || r.url.includes('{') || r.url.includes('/export')) return false;
      const names = (doc.paths[r.url]!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      return names.includes('page') && names.includes('pageSize');
    });
    expect(lists.length).toBeGreaterThan(15);
    const problems: string[] = [];
    let checked = 0;
    for (const { url } of lists) {
      const max = doc.paths[url]!.get!.parameters!.find((p) => p.name === 'pageSize')?.schema?.maximum ?? 100;
      let cookie = '';
      let first: Page | null = null;
      for (const c of cookies) {
        first = await page(url, c, 1, max);
        if (first) {
          cookie = c;
          break;
        }
      }
      if (!first || first.total! < 2) continue;
      checked++;
      const total = Math.min(first.total!, 3000);
      const all = [...first.items!];
      for (let n = 2; all.length < total; n++) {
        const next = await page(url, cookie, n, max);
        if (!next || next.items!.length === 0) break;
        all.push(...next.items!);
      }
      const ids = all.map(idOf);
      if (ids.length !== total) problems.push(`${url}: ${ids.length} rows paged at ${max}, total ${total}`);
      if (new Set(ids).size !== ids.length) problems.push(`${url}: ${ids.length - new Set(ids).size} rows repeated at page size ${max}`);
      for (const size of [1, 7]) {
        const want = ids.slice(0, Math.min(ids.length, size === 1 ? 15 : 70));
        const got: string[] = [];
        for (let n = 1; got.length < want.length; n++) {
          const p = await page(url, cookie, n, size);
          if (!p || p.items!.length === 0) break;
          got.push(...p.items!.map(idOf));
        }
        if (JSON.stringify(got.slice(0, want.length)) !== JSON.stringify(want)) problems.push(`${url}: pages of ${size} differ from pages of ${max}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  }, 300_000);
});
