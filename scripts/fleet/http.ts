/**
 * HTTP for the fleet test: signed-in requests with every answer counted (status or network error) and
 * timed, so the summary can say how many requests the fleet answered, how many failed and how, and
 * the latency percentiles.
 */

/**
 * An HTTP status; 'network' (connection refused or reset, no answer); 'timeout' (no answer within the
 * client's limit, 30 s: the request may still complete); 'aborted' (the client cut it on purpose).
 */
export type Outcome = number | 'network' | 'timeout' | 'aborted';

export interface Sample {
  /** What the request was for: 'read', 'write', 'task', 'probe', … (the summary groups by it). */
  group: string;
  outcome: Outcome;
  ms: number;
}

export class Stats {
  readonly samples: Sample[] = [];

  add(group: string, outcome: Outcome, ms: number) {
    this.samples.push({ group, outcome, ms });
  }

  /** Count, 2xx, the other outcomes by kind and p95 (ms, of 2xx answers) of one group or of all. */
  summary(group?: string) {
    const rows = group ? this.samples.filter((s) => s.group === group) : this.samples;
    const isOk = (s: Sample) => typeof s.outcome === 'number' && s.outcome >= 200 && s.outcome < 300;
    const ok = rows.filter(isOk);
    const other = new Map<string, number>();
    for (const s of rows) if (!isOk(s)) other.set(String(s.outcome), (other.get(String(s.outcome)) ?? 0) + 1);
    return { requests: rows.length, ok: ok.length, other: Object.fromEntries(other), p50: percentile(ok.map((s) => s.ms), 50), p95: percentile(ok.map((s) => s.ms), 95) };
  }
}

/** The p-th percentile (nearest rank) of `values`, 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Answer {
  outcome: Outcome;
  status: number;
  headers: Headers;
  /** Parsed JSON body when the answer was JSON, else the text (empty for a network error). */
  body: unknown;
  error?: string;
}

export interface RequestOptions {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** Abort the request after this many ms (a client that gives up: a network error on its side). */
  abortAfterMs?: number;
  /** Overall limit (ms) before the request counts as a network error; default 30 s. */
  timeoutMs?: number;
}

/** One request, counted in `stats` under `group`; never throws (a failure is an answer with outcome 'network'). */
export async function request(stats: Stats, group: string, url: string, opts: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) body = new Uint8Array(opts.body); // a copy on its own ArrayBuffer, as fetch's types want
  const limit = AbortSignal.timeout(opts.timeoutMs ?? 30_000);
  const signals = [limit];
  const cut = opts.abortAfterMs === undefined ? null : AbortSignal.timeout(opts.abortAfterMs);
  if (cut) signals.push(cut);
  const started = performance.now();
  try {
    const res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: AbortSignal.any(signals) });
    const raw = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    stats.add(group, res.status, ms);
    let parsed: unknown = raw;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = raw.toString('utf8');
      }
    }
    return { outcome: res.status, status: res.status, headers: res.headers, body: parsed };
  } catch (err) {
    const outcome = cut?.aborted ? 'aborted' : limit.aborted ? 'timeout' : 'network';
    stats.add(group, outcome, performance.now() - started);
    return { outcome, status: 0, headers: new Headers(), body: '', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

/** POST /api/auth/sign-in as a demo account (password EduFam2026!); returns the cookie header to send. */
export async function signIn(base: string, email: string, accessType: 'school' | 'admin' = 'school'): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'EduFam2026!', accessType, rememberMe: false }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} on ${base}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipart(file: { name: string; type: string; body: Buffer }): { contentType: string; body: Buffer } {
  const boundary = `----edufam-fleet-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}
