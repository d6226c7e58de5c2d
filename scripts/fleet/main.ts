/**
 * The fleet test's driver (issue 37 §2), run by scripts/fleet-test.sh, which prepares nginx's prefix,
 * the database and the work directory and cleans up after. This starts three instances and nginx,
 * runs the load through nginx while killing (SIGKILL) and restarting instances, runs the checks and
 * prints the summary. Exit code 1 when any check fails, 2 when the fleet could not be set up.
 *
 * Environment (set by fleet-test.sh): FLEET_DIR, FLEET_PORT, FLEET_DATABASE_URL, FLEET_NGINX_CMD_JSON;
 * FLEET_SIZE small | full (see PLANS).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { schoolToday } from '../../src/shared/dates.js';
import { checkLiveEvents, checkTasks, checkUploads, checkWrites, type CheckResult } from './checks.js';
import { request, signIn, Stats } from './http.js';
import { queueTasks, runLoad, type School, type TaskRecord, type WriteRecord } from './load.js';
import { ROOT, serverCommand, sleep, startInstance, startNginx, stop, type Proc } from './processes.js';

interface Plan {
  /** Seconds of load. */
  loadS: number;
  /** Concurrent request loops through nginx. */
  connections: number;
  /** When (seconds into the load) which instance is killed; it is started again `downS` later. */
  kills: { atS: number; index: number }[];
  downS: number;
  /** One ID-card task every this many ms. */
  taskEveryMs: number;
  /** How long the tasks may take to finish after the load (s). */
  taskWaitS: number;
}

/** small: the CI step (about 20 s of load, one kill). full: 2 minutes at 100 connections, two kills. */
const PLANS: Record<'small' | 'full', Plan> = {
  small: { loadS: 20, connections: 16, kills: [{ atS: 5, index: 2 }], downS: 1, taskEveryMs: 500, taskWaitS: 60 },
  full: { loadS: 120, connections: 100, kills: [{ atS: 25, index: 2 }, { atS: 70, index: 3 }], downS: 3, taskEveryMs: 1000, taskWaitS: 120 },
};

function env(name: string): string {
  const v = process.env[name];
  if (!v) {
    console.error(`fleet: ${name} is not set; run scripts/fleet-test.sh`);
    process.exit(2);
  }
  return v;
}

async function main(): Promise<number> {
  const size = process.env.FLEET_SIZE === 'full' ? 'full' : 'small';
  const plan = PLANS[size];
  const dir = env('FLEET_DIR');
  const port = Number(env('FLEET_PORT'));
  const databaseUrl = env('FLEET_DATABASE_URL');
  const nginxArgv = JSON.parse(env('FLEET_NGINX_CMD_JSON')) as string[];
  const nginxBase = `http://127.0.0.1:${port}`;
  const ports = [port + 1, port + 2, port + 3];
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const started = Date.now();

  // What every instance of a fleet shares (README "Deployment"): the database, the session and
  // credential secrets, the files, and trust in the proxy's X-Forwarded-* headers.
  const shared: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    FILES_DIR: path.join(dir, 'files'),
    TRUST_PROXY: 'true',
    PUBLIC_URL: nginxBase,
    LOG_LEVEL: 'warn',
  };
  const instances: (Proc | undefined)[] = [undefined, undefined, undefined];
  const specOf = (i: number, demo = false) => ({ index: i + 1, port: ports[i]!, env: { ...shared, DATA_DIR: path.join(dir, `data-${i + 1}`) }, demo });
  let nginx: Proc | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });

  const stopAll = async () => {
    await Promise.all(instances.map((p) => stop(p)));
    await stop(nginx, 'SIGQUIT', 5000);
    await db.end().catch(() => undefined);
  };
  process.on('SIGINT', () => void stopAll().finally(() => process.exit(130)));
  process.on('SIGTERM', () => void stopAll().finally(() => process.exit(143)));

  try {
    console.log(`fleet: ${size} run; instances: ${serverCommand()} on ports ${ports.join(', ')}; nginx on ${port}`);
    // The first instance migrates and seeds the empty database; the others find it ready.
    let t = Date.now();
    instances[0] = await startInstance(dir, specOf(0, true));
    console.log(`fleet: instance 1 ready (migrated and seeded) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    [instances[1], instances[2]] = await Promise.all([startInstance(dir, specOf(1)), startInstance(dir, specOf(2))]);
    console.log(`fleet: instances 2 and 3 ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    nginx = await startNginx(dir, nginxArgv, port);
    await db.connect();

    // The people and data the load uses.
    const schoolIds = new Map((await db.query<{ id: string; code: string }>('SELECT id, code FROM schools')).rows.map((r) => [r.code, r.id]));
    const learnersOf = async (code: string) =>
      (await db.query<{ id: string }>("SELECT id FROM students WHERE school_id = $1 AND status = 'active' ORDER BY admission_number LIMIT 300", [schoolIds.get(code)])).rows.map((r) => r.id);
    const schools: School[] = [];
    for (const code of ['greenhill', 'riverside']) schools.push({ code, finance: await signIn(nginxBase, `finance@${code}.edufam.test`), learners: await learnersOf(code) });
    const principal = await signIn(nginxBase, 'principal@greenhill.edufam.test');
    const teacher = await signIn(nginxBase, 'teacher@greenhill.edufam.test');
    const parent = await signIn(nginxBase, 'parent@greenhill.edufam.test');
    const greenhill = schools[0]!;
    const stats = new Stats();
    // The conversation whose messages cause the live events (check d).
    const contacts = await request(stats, 'probe', `${nginxBase}/api/conversations/contacts`, { cookie: principal });
    const contact = (contacts.body as { userId: string }[])[0];
    if (!contact) throw new Error(`Greenhill's principal has no contacts: ${contacts.status} ${JSON.stringify(contacts.body)}`);
    const conv = await request(stats, 'probe', `${nginxBase}/api/conversations`, { method: 'POST', cookie: principal, json: { participantIds: [contact.userId], subject: 'Fleet test', body: 'Fleet test: start' } });
    const conversationId = (conv.body as { id?: string }).id;
    if (!conversationId) throw new Error(`creating the conversation answered ${conv.status} ${JSON.stringify(conv.body)}`);
    console.log(`fleet: fleet up in ${((Date.now() - started) / 1000).toFixed(1)} s; ${plan.loadS} s of load at ${plan.connections} connections`);

    const checks: CheckResult[] = [];
    const photo = path.join(ROOT, 'src/web/public/icons/icon-192.png');
    const probe = async (round: string, via: number) => {
      checks.push(await checkLiveEvents({ stats, instanceBases: bases, nginxBase, triggerBase: bases[via]!, triggerLabel: `instance ${via + 1}`, principal, conversationId, round }));
      checks.push(await checkUploads({ stats, instanceBases: bases, uploadBase: bases[via]!, uploadLabel: `instance ${via + 1}`, principal, learnerId: greenhill.learners[0]!, photo, round }));
    };
    // Before the load: the fleet works at all (and the checks' own plumbing does).
    await probe('before the load', 0);

    const writes: WriteRecord[] = [];
    const tasks: TaskRecord[] = [];
    const loadStart = new Date((await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now);
    const loadEnd = Date.now() + plan.loadS * 1000;
    const done = () => Date.now() >= loadEnd;
    const loadOpts = {
      base: nginxBase,
      stats,
      schools,
      readers: [
        { cookie: teacher, path: '/api/auth/session' },
        { cookie: teacher, path: '/api/dashboard' },
        { cookie: parent, path: '/api/dashboard' },
        { cookie: greenhill.finance, path: `/api/students/${greenhill.learners[1]}/account` },
      ],
      writeShare: 0.4,
      keyedShare: 0.8,
      abortShare: 0.05,
      replayShare: 0.1,
      today: schoolToday(),
    };
    const load = runLoad(loadOpts, plan.connections, done, writes);
    const queue = queueTasks({ base: nginxBase, stats, principal, learners: greenhill.learners, everyMs: plan.taskEveryMs }, done, tasks);
    const events: string[] = [];
    const killedAt: { index: number; at: Date }[] = [];
    const chaos = (async () => {
      const t0 = Date.now();
      for (const kill of plan.kills) {
        await sleep(Math.max(0, t0 + kill.atS * 1000 - Date.now()));
        const i = kill.index - 1;
        killedAt.push({ index: kill.index, at: new Date() });
        instances[i]!.child.kill('SIGKILL');
        await instances[i]!.exited;
        events.push(`${((Date.now() - t0) / 1000).toFixed(1)} s: instance ${kill.index} killed (SIGKILL)`);
        await sleep(plan.downS * 1000);
        const restart = Date.now();
        instances[i] = await startInstance(dir, specOf(i));
        events.push(`${((Date.now() - t0) / 1000).toFixed(1)} s: instance ${kill.index} back (restart took ${((Date.now() - restart) / 1000).toFixed(1)} s)`);
        // Under load, right after the restart: the restarted instance hears events and reads the files.
        await probe(`after instance ${kill.index} restarted, under load`, i);
      }
    })();
    await Promise.all([load, queue, chaos]);
    const loadSeconds = (Date.now() - (loadEnd - plan.loadS * 1000)) / 1000;
    for (const e of events) console.log(`fleet: ${e}`);

    checks.push(...(await checkWrites(db, writes)));
    checks.push(await checkTasks(db, tasks, loadStart, plan.taskWaitS * 1000, killedAt));
    checks.sort((x, y) => x.name.localeCompare(y.name));

    // nginx's view: how many requests it sent to a second instance after the first failed.
    const access = readFileSync(path.join(dir, 'nginx/logs/access.log'), 'utf8').split('\n');
    const retried = access.filter((l) => /upstream_status=\S*,/.test(l) || /upstream_status=[^ ]+ : /.test(l)).length;

    const all = stats.summary();
    const line = (label: string, s: ReturnType<Stats['summary']>) =>
      `  ${label.padEnd(8)} ${String(s.requests).padStart(7)} requests, ${String(s.ok).padStart(7)} 2xx, p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms` +
      (Object.keys(s.other).length ? `; not 2xx: ${Object.entries(s.other).map(([k, n]) => `${n}× ${k}`).join(', ')}` : '');
    console.log(`\nFleet test summary (${size}: ${loadSeconds.toFixed(0)} s of load, ${plan.connections} connections through nginx, 3 instances, ${plan.kills.length} SIGKILL + restart)`);
    console.log(line('all', all));
    for (const g of ['read', 'write', 'task', 'probe']) console.log(line(g, stats.summary(g)));
    console.log(`  throughput ${(all.requests / loadSeconds).toFixed(0)} req/s; nginx retried ${retried} requests on another instance`);
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    console.log(`  total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return checks.every((c) => c.ok) ? 0 : 1;
  } catch (err) {
    console.error(`fleet: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 2;
  } finally {
    await stopAll();
  }
}

process.exit(await main());
