import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { AUTH_FAILED, fetchProfile, loadSignedInUser, processUser, signedInRoleProblem, USER_PROCESSING_FAILED } from '@/lib/auth';
import type { SessionUser } from '@/lib/types';

const user = { id: 'u1', email: 'teacher@greenhill.edufam.test', role: 'teacher', name: 'Teacher' } as SessionUser;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | 'network' | 'hang';
/** Routes fetch by path to queues of answers; records every call. */
function stubFetch(routes: Record<string, Answer[]>) {
  const calls: { path: string; method: string; body: string | null; at: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      calls.push({ path, method: init.method ?? 'GET', body: typeof init.body === 'string' ? init.body : null, at: Date.now() });
      const next = routes[path]?.shift() ?? 'network';
      if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (next === 'hang') {
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return Promise.resolve(next);
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchProfile: spec §7 / §9 profile fetch (5 s timeout, 2 retries at 1 s and 2 s)', () => {
  it('a request that hangs times out at 5 s; it is retried after 1 s and 2 s, then succeeds', async () => {
    const calls = stubFetch({ '/api/auth/profile': ['hang', 'hang', json({ user })] });
    const result = fetchProfile();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1_000); // timed out at 5 s, retried 1 s later
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000 + 2_000); // timed out again, retried 2 s later
    expect(calls).toHaveLength(3);
    await expect(result).resolves.toEqual(user);
    expect(calls.map((c) => c.at)).toEqual([0, 6_000, 13_000]);
  });

  it('stops after 2 retries; a 500 is retried, a 401 is not', async () => {
    let calls = stubFetch({ '/api/auth/profile': [json({}, 500), 'network', json({}, 503), json({ user })] });
    const failed = expect(fetchProfile()).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
    expect(calls).toHaveLength(3);

    calls = stubFetch({ '/api/auth/profile': [json({ error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } }, 401), json({ user })] });
    const refused = expect(fetchProfile()).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(10_000);
    await refused;
    expect(calls).toHaveLength(1);
  });
});

describe('loadSignedInUser: spec §4 Auth', () => {
  it('a total profile-fetch failure signs the user out of this browser and reports "Session expired"', async () => {
    const calls = stubFetch({ '/api/auth/session': [json({ user })], '/api/auth/profile': ['network', 'network', 'network'], '/api/auth/sign-out': [json({ ok: true })] });
    const onExpired = vi.fn();
    const result = loadSignedInUser(() => undefined, onExpired);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(result).resolves.toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    const signOut = calls.find((c) => c.path === '/api/auth/sign-out');
    expect(signOut).toMatchObject({ method: 'POST', body: JSON.stringify({ scope: 'local' }) });
  });

  it('a signed-in user is the profile; nobody signed in loads no profile', async () => {
    let calls = stubFetch({ '/api/auth/session': [json({ user })], '/api/auth/profile': [json({ user: { ...user, name: 'Fresh' } })] });
    const onExpired = vi.fn();
    await expect(loadSignedInUser(() => undefined, onExpired)).resolves.toMatchObject({ name: 'Fresh' });
    expect(onExpired).not.toHaveBeenCalled();

    calls = stubFetch({ '/api/auth/session': [json({ user: null })] });
    await expect(loadSignedInUser(() => undefined, onExpired)).resolves.toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/session']);
  });

  it('a session answer that is not one: "Authentication failed - please refresh the page"', async () => {
    stubFetch({ '/api/auth/session': [new Response(null, { status: 200 })] });
    await expect(loadSignedInUser(() => undefined, () => undefined)).rejects.toMatchObject({ code: AUTH_FAILED, message: 'Authentication failed - please refresh the page' });
  });

  it('a profile without an e-mail: "User processing failed: User account is missing email address"', async () => {
    stubFetch({ '/api/auth/session': [json({ user })], '/api/auth/profile': [json({ user: { ...user, email: '' } })] });
    await expect(loadSignedInUser(() => undefined, () => undefined)).rejects.toMatchObject({
      code: USER_PROCESSING_FAILED,
      message: 'User processing failed: User account is missing email address',
    });
  });
});

describe('processUser and signedInRoleProblem (spec §5, §8)', () => {
  it('processUser passes a usable user through', () => {
    expect(processUser(user)).toBe(user);
    expect(() => processUser({ ...user, email: '  ' })).toThrow(ApiError);
  });

  it('the role of a sign-in answer must be there and fit the login area', () => {
    expect(signedInRoleProblem(user, 'school')).toBeNull();
    expect(signedInRoleProblem({ role: 'edufam_admin' }, 'admin')).toBeNull();
    expect(signedInRoleProblem({ role: null }, 'school')).toBe('Unable to validate user role');
    expect(signedInRoleProblem(undefined, 'school')).toBe('Unable to validate user role');
    expect(signedInRoleProblem(user, 'admin')).toBe('Role validation failed');
    expect(signedInRoleProblem({ role: 'edufam_admin' }, 'school')).toBe('Role validation failed');
  });
});
