import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { openEventStream, type SseTestClient } from '../../src/server/modules/events/sse-test-client.js';
import { multipart, request, type Stats } from './http.js';
import type { TaskRecord, WriteRecord } from './load.js';
import { sleep } from './processes.js';

/**
 * The fleet test's checks (issue 37 §2). Each returns { ok, detail }: `detail` is the line the summary
 * prints; a failed check lists what went wrong. The database is read directly (as the superuser the
 * script created it with, so row-level security does not hide other schools' rows).
 */

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * a + b. Every acknowledged payment (a 2xx answer) is in the database with the id the client was told;
 * no write is applied twice (each token, i.e. each write with its retries, is at most one row); a keyed
 * write sent twice on purpose got the same payment back, marked replayed.
 */
export async function checkWrites(db: pg.Client, records: WriteRecord[]): Promise<CheckResult[]> {
  const { rows } = await db.query<{ id: string; notes: string; receipt_number: string }>("SELECT id, notes, receipt_number FROM payments WHERE notes LIKE 'fleet-%'");
  const byToken = new Map<string, { id: string; receipt: string }[]>();
  for (const r of rows) byToken.set(r.notes, [...(byToken.get(r.notes) ?? []), { id: r.id, receipt: r.receipt_number }]);
  const acked = records.filter((r) => r.acked);
  const lost = acked.filter((r) => !(byToken.get(r.token) ?? []).some((p) => p.id === r.acked!.id && p.receipt === r.acked!.receipt));
  const doubled = [...byToken.entries()].filter(([, ps]) => ps.length > 1);
  const unacked = records.filter((r) => !r.acked);
  const unackedApplied = unacked.filter((r) => byToken.has(r.token)).length;
  const retried = records.filter((r) => r.keyed && r.attempts > 1);
  const retriedAcked = retried.filter((r) => r.acked);
  const aborted = records.filter((r) => r.aborted);
  const replays = records.filter((r) => r.replay);
  const badReplays = replays.filter((r) => !r.replay!.same || !r.replay!.replayedHeader || r.replay!.status !== 201);
  const keyedUnacked = records.filter((r) => r.keyed && !r.acked);
  const failures = new Map<string, number>();
  for (const r of unacked) {
    const kind = `${r.keyed ? 'keyed' : 'unkeyed'} ${r.failure?.replace(/ \(.*\)$/, '') ?? '?'}`;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  }
  const a: CheckResult = {
    name: 'a. acknowledged writes kept',
    ok: acked.length > 0 && lost.length === 0,
    detail:
      `${records.length} payments sent, ${acked.length} acknowledged, ${lost.length} of them missing from the database` +
      (unacked.length ? `; ${unacked.length} not acknowledged (${[...failures].map(([k, n]) => `${n} ${k}`).join(', ')}), of which ${unackedApplied} were applied anyway (the client cannot tell; the unkeyed ones are why keys exist)` : '') +
      (lost.length ? `\n      missing: ${lost.slice(0, 5).map((r) => `${r.token} → ${r.acked!.id}`).join(', ')}` : ''),
  };
  const b: CheckResult = {
    name: 'b. idempotent retries answered once',
    ok: doubled.length === 0 && badReplays.length === 0 && replays.length > 0 && keyedUnacked.length === 0,
    detail:
      `${doubled.length} writes applied twice; ${replays.length} keyed writes sent twice on purpose, ${badReplays.length} answered differently; ` +
      `${retried.length} keyed writes retried with their key after no answer or a 502/503/504 (${aborted.length} of them cut by the client itself first), ${retriedAcked.length} then acknowledged; ` +
      `${keyedUnacked.length} keyed writes never acknowledged` +
      (doubled.length ? `\n      doubled: ${doubled.slice(0, 5).map(([t, ps]) => `${t} ×${ps.length}`).join(', ')}` : '') +
      (badReplays.length ? `\n      replays: ${badReplays.slice(0, 5).map((r) => `${r.token} ${JSON.stringify(r.replay)}`).join(', ')}` : '') +
      (keyedUnacked.length ? `\n      keyed, never acknowledged: ${keyedUnacked.slice(0, 5).map((r) => `${r.token} (${r.failure})`).join(', ')}` : ''),
  };
  return [a, b];
}

/**
 * c. Background jobs each run once: waits up to `waitMs` for every ID-card task created since `since`
 * (acknowledged or not: a 202 lost on the way still made a task) to finish; each must have succeeded,
 * with its own result file, and the number of generated files must equal the number of tasks (a task
 * run twice stores a second PDF).
 */
export async function checkTasks(db: pg.Client, records: TaskRecord[], since: Date, waitMs: number, kills: { index: number; at: Date }[]): Promise<CheckResult> {
  type Row = { id: string; status: string; attempts: number; result_file_id: string | null; started_at: Date | null };
  const load = async () =>
    (await db.query<Row>("SELECT id, status, attempts, result_file_id, started_at FROM background_tasks WHERE kind = 'id-cards' AND created_at >= $1", [since])).rows;
  const deadline = Date.now() + waitMs;
  let tasks = await load();
  while (Date.now() < deadline && tasks.some((t) => t.status === 'queued' || t.status === 'running')) {
    await sleep(500);
    tasks = await load();
  }
  const files = Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM files WHERE kind = 'generated' AND created_at >= $1", [since])).rows[0]!.n);
  const byStatus = new Map<string, number>();
  for (const t of tasks) byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);
  const ackedIds = new Set(records.map((r) => r.taskId).filter((id): id is string => !!id));
  const known = new Set(tasks.map((t) => t.id));
  const missing = [...ackedIds].filter((id) => !known.has(id));
  const succeeded = tasks.filter((t) => t.status === 'succeeded');
  const distinctFiles = new Set(succeeded.map((t) => t.result_file_id).filter(Boolean)).size;
  const rerun = tasks.filter((t) => t.attempts > 1).length;
  const unfinished = tasks.filter((t) => t.status !== 'succeeded');
  const refused = records.filter((r) => !r.taskId);
  const ok = ackedIds.size > 0 && missing.length === 0 && unfinished.length === 0 && distinctFiles === tasks.length && files === tasks.length;
  return {
    name: 'c. background jobs each run once',
    ok,
    detail:
      `${records.length} ID-card tasks requested, ${ackedIds.size} accepted (${refused.length} refused: ${summarise(refused.map((r) => r.failure ?? '?'))}); ` +
      `${tasks.length} tasks in the database: ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}; ${files} PDFs stored for them; ${rerun} run again after an interruption` +
      (missing.length ? `\n      accepted but not in the database: ${missing.slice(0, 5).join(', ')}` : '') +
      (unfinished.length
        ? `\n      not finished after ${waitMs / 1000} s: ${unfinished
            .slice(0, 5)
            .map((t) => `${t.id} ${t.status}${t.started_at ? ` since ${t.started_at.toISOString()}` : ''}${interruptedBy(t.started_at, kills)}`)
            .join(', ')}`
        : ''),
  };
}

/**
 * Why a task may still be 'running': it started shortly before an instance was killed, so that instance
 * probably held it. pg-boss hands an active job to another worker only when it expires
 * (expireInSeconds in src/server/jobs/tasks.ts) and its maintenance notices.
 */
function interruptedBy(startedAt: Date | null, kills: { index: number; at: Date }[]): string {
  if (!startedAt) return '';
  const kill = kills.find((k) => startedAt.getTime() <= k.at.getTime() + 1000 && k.at.getTime() - startedAt.getTime() < 120_000);
  return kill ? ` (started before instance ${kill.index} was killed at ${kill.at.toISOString()}: its job stays active until pg-boss expires it, 15 min)` : '';
}

function summarise(items: string[]): string {
  if (!items.length) return 'none';
  const counts = new Map<string, number>();
  for (const i of items) {
    const k = i.replace(/ \(.*\)$/, '');
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
}

/**
 * d. Live events reach users on every instance: Greenhill's principal opens GET /api/events on each
 * instance directly and once through nginx, then posts a message in a conversation (through
 * `triggerBase`); every stream must get `messages.changed` for that conversation within 5 s.
 */
export async function checkLiveEvents(o: { stats: Stats; instanceBases: string[]; nginxBase: string; triggerBase: string; triggerLabel: string; principal: string; conversationId: string; round: string }): Promise<CheckResult> {
  const targets = [...o.instanceBases.map((b, i) => ({ label: `instance ${i + 1}`, base: b })), { label: 'nginx', base: o.nginxBase }];
  const streams: { label: string; stream: SseTestClient | null; error?: string }[] = [];
  try {
    for (const t of targets) {
      try {
        const stream = await openEventStream(t.base, o.principal);
        if (stream.status !== 200) streams.push({ label: t.label, stream: null, error: `status ${stream.status}` });
        else {
          await stream.waitFor((f) => f.comments.includes('connected'), 5000);
          streams.push({ label: t.label, stream });
        }
      } catch (err) {
        streams.push({ label: t.label, stream: null, error: err instanceof Error ? err.message : String(err) });
      }
    }
    const started = performance.now();
    const sent = await request(o.stats, 'probe', `${o.triggerBase}/api/conversations/${o.conversationId}/messages`, {
      method: 'POST',
      cookie: o.principal,
      json: { body: `Fleet test ${o.round}` },
    });
    if (sent.status < 200 || sent.status >= 300) return { name: `d. live events on every instance (${o.round})`, ok: false, detail: `sending the message answered ${sent.status} ${JSON.stringify(sent.body)}` };
    const got = await Promise.all(
      streams.map(async (s) => {
        if (!s.stream) return `${s.label}: no stream (${s.error})`;
        try {
          await s.stream.waitFor((f) => f.event === 'messages.changed' && (JSON.parse(f.data ?? '{}') as { conversationId?: string }).conversationId === o.conversationId, 5000);
          return null;
        } catch (err) {
          return `${s.label}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
        }
      }),
    );
    const ms = Math.round(performance.now() - started);
    const failed = got.filter((g): g is string => g !== null);
    return {
      name: `d. live events on every instance (${o.round})`,
      ok: failed.length === 0,
      detail: failed.length ? failed.join('; ') : `the event reached all ${streams.length} streams (3 instances directly, 1 through nginx) within ${ms} ms of sending the message through ${o.triggerLabel}`,
    };
  } finally {
    for (const s of streams) s.stream?.close();
  }
}

/**
 * e. Uploads readable from every instance: Greenhill's principal uploads a learner photo through
 * `uploadBase`; GET /api/students/:id/photo on each instance directly must answer the same bytes.
 */
export async function checkUploads(o: { stats: Stats; instanceBases: string[]; uploadBase: string; uploadLabel: string; principal: string; learnerId: string; photo: string; round: string }): Promise<CheckResult> {
  const name = `e. uploads readable from every instance (${o.round})`;
  const bytes = readFileSync(o.photo);
  const form = multipart({ name: 'fleet.png', type: 'image/png', body: bytes });
  const put = await request(o.stats, 'probe', `${o.uploadBase}/api/students/${o.learnerId}/photo`, { method: 'PUT', cookie: o.principal, body: form.body, headers: { 'content-type': form.contentType } });
  if (put.status !== 200) return { name, ok: false, detail: `upload answered ${put.status} ${JSON.stringify(put.body).slice(0, 300)}` };
  const problems: string[] = [];
  for (const [i, base] of o.instanceBases.entries()) {
    const got = await request(o.stats, 'probe', `${base}/api/students/${o.learnerId}/photo`, { cookie: o.principal });
    if (got.status !== 200) problems.push(`instance ${i + 1}: ${got.status}`);
    else if (!Buffer.isBuffer(got.body) || !got.body.equals(bytes)) problems.push(`instance ${i + 1}: other bytes (${Buffer.isBuffer(got.body) ? got.body.length : '?'} of ${bytes.length})`);
  }
  return { name, ok: problems.length === 0, detail: problems.length ? problems.join('; ') : `a ${bytes.length}-byte photo uploaded through ${o.uploadLabel}, read back identical from all 3 instances` };
}
