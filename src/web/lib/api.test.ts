import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, withTimeout } from '@/lib/api';

/** A fetch that answers from `answers` in turn: a Response, 'network' (rejects) or 'hang' (waits for the abort). */
function stubFetch(answers: Array<Response | 'network' | 'hang'>) {
  const calls: { url: string; method: string; at: number }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', at: Date.now() });
    const next = answers.shift() ?? 'network';
    if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (next === 'hang') {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
      );
    }
    return Promise.resolve(next);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api(): spec §7 API helper', () => {
  it('retries a read that could not reach the server twice, after 1 s and then 2 s', async () => {
    const calls = stubFetch(['network', 'network', ok({ fine: true })]);
    const result = api<{ fine: boolean }>('/api/x');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await expect(result).resolves.toEqual({ fine: true });
    expect(calls.map((c) => c.at)).toEqual([0, 1_000, 3_000]);
  });

  it('gives up after the second retry with the network message', async () => {
    const calls = stubFetch(['network', 'network', 'network', ok({})]);
    const result = api('/api/x');
    const settled = expect(result).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: 'Network connection issue. Please check your internet connection.' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(calls).toHaveLength(3);
  });

  it('never repeats a write, nor a read the server answered (even with an error)', async () => {
    let calls = stubFetch(['network', ok({})]);
    const write = expect(api('/api/x', { method: 'POST', json: {} })).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(10_000);
    await write;
    expect(calls).toHaveLength(1);

    calls = stubFetch([new Response(null, { status: 500 }), ok({})]);
    const read = expect(api('/api/x')).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(10_000);
    await read;
    expect(calls).toHaveLength(1);
  });

  it('times out after 30 s by default, after timeoutMs when given', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // both are slow requests
    stubFetch(['hang']);
    const slow = api('/api/x', { retries: 0 });
    const timedOut = expect(slow).rejects.toMatchObject({ status: 0, code: 'TIMEOUT', message: 'Request timed out. Please try again.' });
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void slow.catch(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await timedOut;

    stubFetch(['hang']);
    const quick = expect(api('/api/x', { timeoutMs: 5_000, retries: 0 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(5_000);
    await quick;
  });

  it('logs a request slower than 1000 ms (development), not a quicker one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        clock += 1_001;
        return ok({});
      }),
    );
    await api('/api/slow');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('GET /api/slow took 1001 ms');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        clock += 1_000;
        return ok({});
      }),
    );
    await api('/api/quick');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('withTimeout: spec §9 default timeout helper (10 s)', () => {
  it('rejects with "Operation timed out" after 10 s by default', async () => {
    const never = new Promise<never>(() => undefined);
    const result = withTimeout(never);
    const rejected = expect(result).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Operation timed out' });
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void result.catch(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await rejected;
  });

  it('passes a result through when it comes in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50)).resolves.toBe(7);
  });
});
