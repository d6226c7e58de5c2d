import { randomUUID } from 'node:crypto';
import { request, type Answer, type Stats } from './http.js';
import { sleep } from './processes.js';

/**
 * The fleet test's load (issue 37 §2), sent through nginx: reads, fee payments recorded by the finance
 * officers of both demo schools, and ID-card background tasks queued by Greenhill's principal. Every
 * write is recorded with what the client was told, for the checks afterwards.
 */

export interface School {
  code: string;
  /** Finance officer's cookie. */
  finance: string;
  learners: string[];
}

/** One fee payment the load tried to record; `token` is in the payment's notes (one per attempt series). */
export interface WriteRecord {
  token: string;
  school: string;
  /** Sent with an Idempotency-Key (retried after a network error or a 502/503/504 with the same key). */
  keyed: boolean;
  attempts: number;
  /** The first attempt was cut by the client itself (aborted after a few ms), then retried. */
  aborted: boolean;
  /** The 2xx answer's payment id and receipt number, when one came (an acknowledged write). */
  acked: { id: string; receipt: string } | null;
  /** Last non-2xx outcome, for the summary. */
  failure: string | null;
  /** Sent twice on purpose after its 2xx: the second answer (must equal the first, marked replayed). */
  replay: { same: boolean; replayedHeader: boolean; status: number } | null;
}

/** One ID-card task request: the task id of a 202 answer, or the failure. */
export interface TaskRecord {
  taskId: string | null;
  failure: string | null;
}

export interface LoadOptions {
  base: string;
  stats: Stats;
  schools: School[];
  /** Cookies used by reads: whatever roles, rotated. */
  readers: { cookie: string; path: string }[];
  /** Fraction of loop iterations that write (the rest read). */
  writeShare: number;
  /** Fraction of writes sent with an Idempotency-Key. */
  keyedShare: number;
  /** Fraction of keyed writes whose first attempt the client aborts after 0-30 ms. */
  abortShare: number;
  /** Fraction of acknowledged keyed writes sent a second time on purpose. */
  replayShare: number;
  today: string;
}

/** Outcomes after which a keyed write is sent again with its key (the answer may never have come). */
const RETRYABLE = new Set<string>(['network', 'timeout', 'aborted', '502', '503', '504']);
let seq = 0;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function acked(a: Answer): { id: string; receipt: string } | null {
  if (a.status < 200 || a.status >= 300) return null;
  const b = a.body as { id?: string; receiptNumber?: string };
  return b.id ? { id: b.id, receipt: b.receiptNumber ?? '' } : null;
}

/** Records one fee payment as a careful client would: keyed ones retried with the same key, up to 5 attempts. */
export async function writeOne(o: LoadOptions, records: WriteRecord[]): Promise<void> {
  const school = pick(o.schools);
  const keyed = Math.random() < o.keyedShare;
  const token = `fleet-${process.pid}-${++seq}-${randomUUID().slice(0, 8)}`;
  const rec: WriteRecord = { token, school: school.code, keyed, attempts: 0, aborted: false, acked: null, failure: null, replay: null };
  records.push(rec);
  const body = { studentId: pick(school.learners), amount: 1 + (seq % 500), method: 'cash', paidOn: o.today, notes: token };
  const headers: Record<string, string> = keyed ? { 'idempotency-key': token } : {};
  const abortFirst = keyed && Math.random() < o.abortShare;
  for (;;) {
    rec.attempts++;
    const cut = abortFirst && rec.attempts === 1;
    if (cut) rec.aborted = true;
    const a = await request(o.stats, 'write', `${o.base}/api/fees/payments`, { method: 'POST', cookie: school.finance, json: body, headers, abortAfterMs: cut ? Math.floor(Math.random() * 30) : undefined });
    rec.acked = acked(a);
    if (rec.acked) {
      rec.failure = null;
      break;
    }
    rec.failure = a.outcome === 'network' ? `network (${a.error ?? ''})` : String(a.outcome);
    if (!keyed || !RETRYABLE.has(String(a.outcome)) || rec.attempts >= 5) break;
    await sleep(100 * rec.attempts);
  }
  if (rec.acked && keyed && Math.random() < o.replayShare) {
    const again = await request(o.stats, 'write', `${o.base}/api/fees/payments`, { method: 'POST', cookie: school.finance, json: body, headers });
    const second = acked(again);
    rec.replay = { same: second?.id === rec.acked.id && second?.receipt === rec.acked.receipt, replayedHeader: again.headers.get('idempotent-replayed') === 'true', status: again.status };
  }
}

/** A read a user would do (session, dashboards, a fee account), through nginx. */
export async function readOne(o: LoadOptions): Promise<void> {
  const r = pick(o.readers);
  await request(o.stats, 'read', `${o.base}${r.path}`, { cookie: r.cookie });
}

/** `connections` loops of reads and writes until `stop()` says so. */
export async function runLoad(o: LoadOptions, connections: number, stop: () => boolean, records: WriteRecord[]): Promise<void> {
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop()) {
        if (Math.random() < o.writeShare) await writeOne(o, records);
        else await readOne(o);
      }
    }),
  );
}

/**
 * Queues an ID-card task (one learner: a one-page PDF) every `everyMs` until `stop()`, at that rate
 * whatever the answers' latency (each request runs on its own). POST /api/id-cards takes no
 * Idempotency-Key, so a failed request is not retried.
 */
export async function queueTasks(o: { base: string; stats: Stats; principal: string; learners: string[]; everyMs: number }, stop: () => boolean, records: TaskRecord[]): Promise<void> {
  const pending: Promise<void>[] = [];
  while (!stop()) {
    pending.push(
      request(o.stats, 'task', `${o.base}/api/id-cards`, { method: 'POST', cookie: o.principal, json: { studentIds: [pick(o.learners)] } }).then((a) => {
        const taskId = a.status === 202 ? ((a.body as { taskId?: string }).taskId ?? null) : null;
        records.push({ taskId, failure: taskId ? null : a.outcome === 'network' ? `network (${a.error ?? ''})` : String(a.outcome) });
      }),
    );
    await sleep(o.everyMs);
  }
  await Promise.all(pending);
}
