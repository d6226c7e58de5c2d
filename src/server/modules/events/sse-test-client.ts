import http from 'node:http';

/**
 * A small Server-Sent Events client for the API tests (fastify's inject cannot stream): opens
 * GET <baseUrl>/api/events with node:http and parses frames as they arrive. Test-only; not used by
 * the server.
 */

/** One SSE frame: an event (`event`/`data`), or only comments / a retry hint. */
export interface SseFrame {
  event: string | null;
  data: string | null;
  comments: string[];
  retry: number | null;
}

export interface SseTestClient {
  status: number;
  headers: Headers;
  /** Every frame received so far, oldest first. */
  readonly frames: SseFrame[];
  /** Events (frames with an `event:`) received so far. */
  events(): { type: string; data: unknown }[];
  /** Resolves with the first frame (already received or coming) that matches; rejects after timeoutMs. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream (or the client closed it). */
  readonly ended: Promise<void>;
  isEnded(): boolean;
  /** Drops the connection (the browser tab going away). */
  close(): void;
  /** The response body when the server answered with an error (not a stream). */
  body: string;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { event: null, data: null, comments: [], retry: null };
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line.startsWith(':')) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'event') frame.event = value;
    else if (field === 'data') frame.data = frame.data === null ? value : `${frame.data}\n${value}`;
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}

/**
 * Opens the stream with `cookie`; resolves once the response headers arrived. Uses node:http with a
 * fresh connection per stream (no agent), so close() really drops the connection, as a closed tab does.
 */
export async function openEventStream(baseUrl: string, cookie?: string): Promise<SseTestClient> {
  const req = http.request(`${baseUrl}/api/events`, {
    agent: false,
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  req.on('error', () => undefined);
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const notify = () => {
    for (const w of [...waiters]) w();
  };

  const status = res.statusCode ?? 0;
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  res.setEncoding('utf8');
  let body = '';
  let endedPromise: Promise<void>;
  if (status !== 200) {
    for await (const chunk of res) body += chunk as string;
    ended = true;
    endedPromise = Promise.resolve();
  } else {
    endedPromise = new Promise<void>((resolve) => {
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let m: RegExpExecArray | null;
        while ((m = /\r\n\r\n|\n\n|\r\r/.exec(buffer))) {
          frames.push(parseFrame(buffer.slice(0, m.index)));
          buffer = buffer.slice(m.index + m[0].length);
        }
        notify();
      });
      const finish = () => {
        if (ended) return;
        ended = true;
        notify();
        resolve();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
  }

  return {
    status,
    headers,
    body,
    frames,
    events: () => frames.filter((f) => f.event !== null).map((f) => ({ type: f.event!, data: f.data === null ? null : JSON.parse(f.data) })),
    waitFor(match, timeoutMs = 5000) {
      return new Promise<SseFrame>((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found) return done(() => resolve(found));
          if (ended) return done(() => reject(new Error(`stream ended without the expected frame; got ${JSON.stringify(frames)}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`))), timeoutMs);
        const done = (fn: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          fn();
        };
        waiters.add(check);
        check();
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close: () => req.destroy(),
  };
}

/** Waits until `condition()` holds, polling every 10 ms; throws after timeoutMs. */
export async function eventually(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
