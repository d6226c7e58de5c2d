import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaCallbacks, mpesaConfigs, suppliers } from '../src/server/db/schema/index.js';
import { SIMULATOR_KEY_HEADER } from '../src/server/integrations/mpesa/simulator.js';
import { messages } from '../src/shared/messages.js';
import { DEMO, DEMO_PASSWORD, countRows, createTestApp, nextIp, schoolIdOf, signIn, system, type TestApp } from './helpers.js';

/**
 * Issue 32 §3 and §6: the reproductions of the outside probe. A NUL character (U+0000) anywhere in a
 * request answered 500 on ~90 routes (PostgreSQL cannot store it); now one guard answers 400
 * INVALID_CHARACTER naming the field, and nothing is written. Daraja's callbacks are stored with the
 * NUL replaced and answered in Daraja's protocol. A 429 outside sign-in no longer speaks of logins.
 */

let t: TestApp;
let principal: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  principal = await signIn(t.app, DEMO.greenhill.principal);
  finance = await signIn(t.app, DEMO.greenhill.finance);
});
afterAll(async () => {
  await t?.close();
});

const nulMessage = (field: string) => messages.api.nulCharacter(field);

function multipart(filename: string) {
  const boundary = '----edufam-nul';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

describe('a NUL character in any input is refused with 400 and changes nothing', () => {
  it('sign-in and forgot-password without a session name the field', async () => {
    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { email: 'a\u0000@x.test', password: DEMO_PASSWORD, accessType: 'school' },
    });
    expect(signInRes.statusCode).toBe(400);
    expect(signInRes.json().error).toMatchObject({ code: 'INVALID_CHARACTER', message: nulMessage('email') });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'parent\u0000@greenhill.edufam.test' } });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().error.code).toBe('INVALID_CHARACTER');
    expect(t.mailbox).toHaveLength(0);
  });

  it('a query parameter: the reset-token check and a learner search', async () => {
    const validate = await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/validate?token=%00' });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().error.message).toBe(nulMessage('token'));
    const search = await t.app.inject({ method: 'GET', url: '/api/students?search=a%00b', headers: { cookie: principal } });
    expect(search.statusCode).toBe(400);
    expect(search.json().error).toMatchObject({ code: 'INVALID_CHARACTER', message: nulMessage('search') });
  });

  it('a path parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/students/%00', headers: { cookie: principal } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CHARACTER');
  });

  it('a JSON body, however deep: no supplier is created', async () => {
    const before = await countRows(t.database, suppliers);
    const res = await t.app.inject({ method: 'POST', url: '/api/suppliers', headers: { cookie: finance }, payload: { name: 'Uniforms\u0000Ltd' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: nulMessage('name') });
    expect(await countRows(t.database, suppliers)).toBe(before);
    const fine = await t.app.inject({ method: 'POST', url: '/api/suppliers', headers: { cookie: finance }, payload: { name: 'Uniforms Ltd NUL check' } });
    expect(fine.statusCode).toBe(201);
  });

  it('the file name of an upload', async () => {
    const m = multipart('report\u0000.pdf');
    const res = await t.app.inject({ method: 'POST', url: '/api/attachments', headers: { ...m.headers, cookie: principal }, payload: m.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CHARACTER');
  });

  it('a Daraja confirmation with a NUL is stored (NUL replaced) and answered in the protocol, never 500', async () => {
    const greenhill = await schoolIdOf(t.database, 'greenhill');
    const [cfg] = await system(t.database, (tx) => tx.select({ token: mpesaConfigs.callbackToken }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, greenhill)));
    const body = {
      TransactionType: 'Pay Bill',
      TransID: 'UNULTEST01',
      TransTime: '20261123101530',
      TransAmount: '100.00',
      BusinessShortCode: '174379',
      BillRefNumber: 'GHA\u0000/2021/0017',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '25470****149',
      FirstName: 'JOHN\u0000',
      MiddleName: '',
      LastName: 'DOE',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/paybill/callbacks/${cfg!.token}/confirmation`,
      headers: { [SIMULATOR_KEY_HEADER]: t.deps.mpesa.simulatorKey! },
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(500);
    const stored = await system(t.database, (tx) =>
      tx.select({ body: mpesaCallbacks.body }).from(mpesaCallbacks).where(and(eq(mpesaCallbacks.schoolId, greenhill), eq(mpesaCallbacks.externalId, 'UNULTEST01'))),
    );
    expect(stored).toHaveLength(1);
    expect((stored[0]!.body as { FirstName: string }).FirstName).toBe('JOHN\uFFFD');
  });
});

describe('429 wording (issue 32 §6)', () => {
  it('the frontend error report limit speaks of requests, not login attempts', async () => {
    const ip = nextIp();
    let last = 0;
    let message = '';
    for (let i = 0; i < 40 && last !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/errors/frontend',
        headers: { 'x-forwarded-for': ip },
        payload: { errorId: `err-${i}`, message: 'boom' },
      });
      last = res.statusCode;
      if (last === 429) message = res.json().error.message;
    }
    expect(last).toBe(429);
    expect(message).toBe(messages.api.tooManyRequests);
  });
});
