import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, schoolIdOf, signIn, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let greenhillId: string;
let riversideId: string;
beforeAll(async () => {
  t = await createTestApp();
  greenhillId = await schoolIdOf(t.database, 'greenhill');
  riversideId = await schoolIdOf(t.database, 'riverside');
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('GET /api/schools', () => {
  it('401 without a session', async () => {
    expect((await get('/api/schools')).statusCode).toBe(401);
  });

  it('platform staff see every school, by name', async () => {
    const res = await get('/api/schools', await signIn(t.app, DEMO.admin, 'admin'));
    expect(res.statusCode).toBe(200);
    expect(res.json().schools.map((s: { name: string }) => s.name)).toEqual(['Greenhill Academy', 'Riverside International School']);
  });

  it('a school user sees only their own school', async () => {
    const res = await get('/api/schools', await signIn(t.app, DEMO.riverside.teacher, 'school'));
    expect(res.json().schools.map((s: { id: string }) => s.id)).toEqual([riversideId]);
  });
});

describe('GET /api/schools/:id', () => {
  it('returns the own school', async () => {
    const res = await get(`/api/schools/${greenhillId}`, await signIn(t.app, DEMO.greenhill.principal, 'school'));
    expect(res.statusCode).toBe(200);
    expect(res.json().school).toMatchObject({ name: 'Greenhill Academy', curriculum: 'CBC' });
  });

  it("another school's id is 404, the same as an id that does not exist", async () => {
    const cookie = await signIn(t.app, DEMO.riverside.principal, 'school');
    const other = await get(`/api/schools/${greenhillId}`, cookie);
    const missing = await get('/api/schools/00000000-0000-4000-8000-000000000000', cookie);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('400 for an id that is not a UUID', async () => {
    const res = await get('/api/schools/not-a-uuid', await signIn(t.app, DEMO.admin, 'admin'));
    expect(res.statusCode).toBe(400);
  });
});
