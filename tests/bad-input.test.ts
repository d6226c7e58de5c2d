import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiRoutes, fillPath, signIn, createTestApp, type TestApp } from './helpers.js';

/**
 * Issue 32 "What works": no route answers 500 to bad input. Every documented route (the OpenAPI
 * document) gets requests made from its own schema, as a careless or hostile client would send them:
 * every field of the body and every query parameter with the wrong type, a NUL character, an
 * oversized or empty string, a negative or huge number; an unknown or malformed id in the path; a
 * missing, empty or non-object body. Each is sent as the first demo account the route lets in (so the
 * input reaches validation and the handler, not just the access gate). None may answer 5xx or show a
 * stack trace.
 *
 * Left out: the sign-in, session and password routes (they would end the very sessions this test
 * signs in with; tests/input-guard.test.ts covers their input), maintenance mode (it would close the
 * school to every later request), and streams that never end.
 */

let t: TestApp;
const cookies = new Map<string, string>();
const ACCOUNTS: [string, 'school' | 'admin'][] = [
  [DEMO.admin, 'admin'],
  [DEMO.greenhill.principal, 'school'],
  [DEMO.greenhill.finance, 'school'],
  [DEMO.greenhill.hr, 'school'],
  [DEMO.greenhill.director, 'school'],
  [DEMO.greenhill.teacher, 'school'],
  [DEMO.greenhill.parent, 'school'],
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, access] of ACCOUNTS) cookies.set(email, await signIn(t.app, email, access));
});
afterAll(async () => {
  await t?.close();
});

const SKIP = [/^\/api\/auth\//, /sessions/, /maintenance/, /^\/api\/events$/, /^\/api\/docs/, /sign-out|impersonat|switch-school/];

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; enum?: unknown[] };
type Operation = { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const HUGE = 'x'.repeat(100_000);

/** The first JSON type a schema allows. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'string';
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  return alt ? typeOf(alt) : 'string';
}

/** A value of the wrong type for `schema`. */
function wrongType(schema: Schema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { not: 'a string' };
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not a list';
    default:
      return 12345;
  }
}

/** Bodies made from the schema's properties: one value kind for every field at once. */
function badBodies(schema: Schema | undefined): unknown[] {
  const props = Object.entries(schema?.properties ?? {});
  const each = (fn: (s: Schema) => unknown) => Object.fromEntries(props.map(([k, s]) => [k, fn(s)]));
  const bodies: unknown[] = [undefined, {}, [], 'null', 'not json'];
  if (props.length) {
    bodies.push(each((s) => wrongType(s)));
    bodies.push(each(() => 'a\u0000b'));
    bodies.push(each((s) => (typeOf(s) === 'string' ? HUGE : typeOf(s) === 'array' ? Array.from({ length: 5000 }, () => HUGE.slice(0, 20)) : 1e20)));
    bodies.push(each((s) => (typeOf(s) === 'string' ? '' : typeOf(s) === 'array' ? [] : -1e20)));
    bodies.push(each((s) => (typeOf(s) === 'string' ? UNKNOWN_ID : typeOf(s) === 'array' ? [UNKNOWN_ID] : typeOf(s) === 'boolean' ? true : 0)));
  }
  return bodies;
}

/** Query strings made from the route's query parameters, one value kind for all of them at once. */
function badQueries(op: Operation): string[] {
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  if (!names.length) return [''];
  const q = (v: string) => `?${names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}`;
  return ['', q('a\u0000b'), q('x'.repeat(5000)), q('-1'), q('1e309'), q(''), q(UNKNOWN_ID), q('[object Object]')];
}

/** The first id-like field of the first row of a list response (`items`, `entries`, a bare array...). */
function firstId(body: unknown): string | undefined {
  const rows = Array.isArray(body) ? body : body && typeof body === 'object' ? (Object.values(body).find((v) => Array.isArray(v) && v.length) as unknown[] | undefined) : undefined;
  const row = rows?.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined;
  const id = row?.id ?? row?.userId ?? row?.learnerId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * `url` with each `{param}` replaced, left to right, by the id of the first row that GET of the path
 * before it returns to `cookie` (`/api/x/{id}/y/{yid}`: an id from /api/x, then one from
 * /api/x/<id>/y). Null when a list is not readable or empty.
 */
async function realPath(url: string, cookie: string): Promise<string | null> {
  let path = url;
  for (let i = path.indexOf('{'); i >= 0; i = path.indexOf('{')) {
    const list = path.slice(0, i).replace(/\/$/, '');
    const key = `${cookie}|${list}`;
    if (!listIds.has(key)) {
      const res = await t.app.inject({ method: 'GET', url: list, headers: { cookie } });
      listIds.set(key, res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json') ? firstId(res.json()) : undefined);
    }
    const id = listIds.get(key);
    if (!id) return null;
    path = path.slice(0, i) + encodeURIComponent(id) + path.slice(path.indexOf('}', i) + 1);
  }
  return path;
}
const listIds = new Map<string, string | undefined>();

function looksLikeStack(body: string): boolean {
  return /\n\s+at \S+ \(|node_modules\/|\/src\/server\//.test(body);
}

describe('bad input never answers 500 (issue 32)', () => {
  it('walks every documented route with bad input made from its schema', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const routes = apiRoutes(t.app).filter((r) => !SKIP.some((re) => re.test(r.url)));
    expect(routes.length).toBeGreaterThan(300);
    const failures: string[] = [];
    let reached = 0;
    let sent = 0;
    let realIds = 0;
    /** Every bad query (GET, DELETE) or bad body (the others) of `op` to `path`; 5xx and stack traces are failures. */
    const sendBad = async (method: string, path: string, cookie: string, op: Operation, json: Schema | undefined, label: string) => {
      const queries = method === 'GET' || method === 'DELETE' ? badQueries(op) : [''];
      const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : badBodies(json);
      for (const query of queries) {
        for (const body of bodies) {
          const raw = typeof body === 'string';
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${path}${query}`,
            headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: raw ? body : JSON.stringify(body) } : {}),
          });
          sent++;
          if (res.statusCode >= 500 || looksLikeStack(res.body)) {
            failures.push(`${method} ${label}${query.slice(0, 60)} body ${JSON.stringify(body)?.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    };
    for (const { method, url } of routes) {
      const op = doc.paths[url]![method.toLowerCase()]!;
      const json = op.requestBody?.content?.['application/json']?.schema;
      const paths = url.includes('{') ? [fillPath(url, UNKNOWN_ID), fillPath(url, 'not-an-id'), fillPath(url, '%00')] : [url];
      // The first account the route lets in (401/403 from the gate mean: try the next one).
      let cookie: string | null = null;
      for (const [email] of ACCOUNTS) {
        const probe = await t.app.inject({ method: method as 'GET', url: paths[0]!, headers: { cookie: cookies.get(email)! } });
        sent++;
        if (probe.statusCode >= 500) failures.push(`${method} ${paths[0]} (probe) -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
        if (probe.statusCode !== 401 && probe.statusCode !== 403) {
          cookie = cookies.get(email)!;
          break;
        }
      }
      if (!cookie) continue;
      reached++;
      for (const path of paths) await sendBad(method, path, cookie, op, json, path);
    }
    // Real records: every route with path parameters again, each parameter filled left to right with
    // the id of the first row its list (the path before it) shows, as the first account that may
    // call the route, with the bad bodies and queries above. Reads and updates go first, then
    // actions, deletions last (so a deleted row or a deactivated account costs only later checks).
    const rank = { GET: 0, PATCH: 1, PUT: 1, POST: 2, DELETE: 3 } as Record<string, number>;
    const withParams = routes.filter((r) => r.url.includes('{')).sort((a, b) => rank[a.method]! - rank[b.method]!);
    for (const { method, url } of withParams) {
      const op = doc.paths[url]![method.toLowerCase()]!;
      const json = op.requestBody?.content?.['application/json']?.schema;
      for (const [email] of ACCOUNTS) {
        const cookie = cookies.get(email)!;
        const path = await realPath(url, cookie);
        if (!path) continue;
        // Someone who may read the list may still not call this route: the next account then.
        const allowed = await t.app.inject({ method: method as 'PATCH', url: path, headers: { cookie, 'content-type': 'application/json' }, payload: '[]' });
        sent++;
        if (allowed.statusCode >= 500 || looksLikeStack(allowed.body)) failures.push(`${method} ${url} (real ids) body [] -> ${allowed.statusCode} ${allowed.body.slice(0, 200)}`);
        if (allowed.statusCode === 401 || allowed.statusCode === 403) continue;
        realIds++;
        await sendBad(method, path, cookie, op, json, `${url} (real ids)`);
        break;
      }
    }
    expect(failures).toEqual([]);
    expect(realIds).toBeGreaterThan(100);
    // Most routes must have been reached past the access gate, or the test proves little.
    expect(reached).toBeGreaterThan(routes.length * 0.8);
    expect(sent).toBeGreaterThan(2000);
  }, 600_000);
});
