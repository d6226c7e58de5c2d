import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiRoutes, signIn, createTestApp, type TestApp } from './helpers.js';
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_MAX_LIMIT } from '../src/shared/contracts/conversations.js';

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
type Row = { id?: unknown };
type Page = { items: Row[]; total: number };

/**
 * One page of a list, its rows under whatever name the list gives them (`items`, `entries`, `users`,
 * `tickets`, ...: the response's first array beside a numeric `total`).
 */
async function page(url: string, cookie: string, n: number, size: number): Promise<Page | null> {
  const res = await t.app.inject({ method: 'GET', url: `${url}?page=${n}&pageSize=${size}`, headers: { cookie } });
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) return null;
  const body = res.json() as Record<string, unknown>;
  if (typeof body.total !== 'number') return null;
  const rows = Array.isArray(body.items) ? body.items : Object.values(body).find((v) => Array.isArray(v));
  return Array.isArray(rows) ? { items: rows as Row[], total: body.total } : null;
}

const idOf = (row: Row) => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : JSON.stringify(row));

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
      if (!first || first.total < 2) continue;
      checked++;
      const total = Math.min(first.total, 3000);
      const all = [...first.items];
      for (let n = 2; all.length < total; n++) {
        const next = await page(url, cookie, n, max);
        if (!next || next.items.length === 0) break;
        all.push(...next.items);
      }
      const ids = all.map(idOf);
      if (ids.length !== total) problems.push(`${url}: ${ids.length} rows paged at ${max}, total ${total}`);
      if (new Set(ids).size !== ids.length) problems.push(`${url}: ${ids.length - new Set(ids).size} rows repeated at page size ${max}`);
      for (const size of [1, 7]) {
        const want = ids.slice(0, Math.min(ids.length, size === 1 ? 15 : 70));
        const got: string[] = [];
        for (let n = 1; got.length < want.length; n++) {
          const p = await page(url, cookie, n, size);
          if (!p || p.items.length === 0) break;
          got.push(...p.items.map(idOf));
        }
        if (JSON.stringify(got.slice(0, want.length)) !== JSON.stringify(want)) problems.push(`${url}: pages of ${size} differ from pages of ${max}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(18);
  }, 300_000);

  it('pages conversations by page number and a conversation\'s messages by cursor, each row once', async () => {
    const problems: string[] = [];
    let longest = { cookie: '', id: '', rows: 0 };
    for (const cookie of cookies) {
      for (const path of ['/api/conversations', '/api/conversations?archived=true']) {
        const ids: string[] = [];
        for (let n = 1; n < 100; n++) {
          const res = await t.app.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}page=${n}`, headers: { cookie } });
          if (res.statusCode !== 200) break;
          const rows = res.json() as { id: string }[];
          ids.push(...rows.map((r) => r.id));
          if (rows.length < CONVERSATIONS_PAGE_SIZE) break;
        }
        if (new Set(ids).size !== ids.length) problems.push(`${path}: ${ids.length - new Set(ids).size} conversations repeated`);
        for (const id of ids) {
          const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages?limit=${MESSAGES_MAX_LIMIT}`, headers: { cookie } });
          const n = (res.json() as { messages: unknown[] }).messages.length;
          if (n > longest.rows) longest = { cookie, id, rows: n };
        }
      }
    }
    expect(longest.rows).toBeGreaterThan(3);
    /** Every message, newest page first, walking back with `before` = the oldest id of the page. */
    const walk = async (limit: number) => {
      const out: string[] = [];
      let before = '';
      for (let guard = 0; guard < 1000; guard++) {
        const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${longest.id}/messages?limit=${limit}${before ? `&before=${before}` : ''}`, headers: { cookie: longest.cookie } });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { messages: { id: string }[]; hasMore: boolean };
        out.unshift(...body.messages.map((m) => m.id));
        if (!body.hasMore || !body.messages.length) break;
        before = body.messages[0]!.id;
      }
      return out;
    };
    const whole = await walk(MESSAGES_MAX_LIMIT);
    expect(new Set(whole).size).toBe(whole.length);
    for (const size of [1, 7]) {
      const got = await walk(size);
      if (JSON.stringify(got) !== JSON.stringify(whole)) problems.push(`messages of ${longest.id}: pages of ${size} differ from pages of ${MESSAGES_MAX_LIMIT}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
