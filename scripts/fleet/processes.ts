import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The fleet's processes (scripts/fleet-test.sh): three EduFam instances and nginx. Each child's pid is
 * written to <FLEET_DIR>/pids/<name>.pid while it runs, so the shell's exit trap can kill what a dead
 * driver left behind; each child's output goes to <FLEET_DIR>/logs/<name>.log (kept with FLEET_KEEP=1).
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process is gone. */
  exited: Promise<number | string>;
}

function track(dir: string, name: string, child: ChildProcess): Proc {
  const pidFile = path.join(dir, 'pids', `${name}.pid`);
  if (child.pid) writeFileSync(pidFile, String(child.pid));
  const log = createWriteStream(path.join(dir, 'logs', `${name}.log`), { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(pidFile, { force: true });
      log.write(`\n[fleet] ${name} exited: ${signal ?? code}\n`);
      resolve(signal ?? code ?? 0);
    }),
  );
  return { name, child, exited };
}

/**
 * The command that starts one instance: FLEET_SERVER_CMD when set; else the compiled server
 * (dist/server/main.js, `npm run build:server`) when present; else the TypeScript sources through tsx.
 * Run through `sh -c "exec …"` so the pid is the server's own (a SIGKILL reaches it, not a shell).
 */
export function serverCommand(): string {
  if (process.env.FLEET_SERVER_CMD) return process.env.FLEET_SERVER_CMD;
  if (existsSync(path.join(ROOT, 'dist/server/main.js'))) return 'node dist/server/main.js';
  return 'node --import tsx src/server/main.ts';
}

export interface InstanceSpec {
  /** 1, 2 or 3. */
  index: number;
  port: number;
  /** Environment shared by the fleet (database, secrets, files). */
  env: Record<string, string>;
  /** Seed the demo into the empty database (the first start of instance 1 only). */
  demo: boolean;
}

/** Starts one instance and waits until GET /api/ready answers 200 (throws after timeoutMs with its log tail). */
export async function startInstance(dir: string, spec: InstanceSpec, timeoutMs = 180_000): Promise<Proc> {
  const name = `instance-${spec.index}`;
  const child = spawn('sh', ['-c', `exec ${serverCommand()}`], {
    cwd: ROOT,
    env: { ...process.env, ...spec.env, PORT: String(spec.port), HOST: '127.0.0.1', EDUFAM_DEMO: spec.demo ? 'on' : 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-3000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const proc = track(dir, name, child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited before it was ready:\n${tail}`);
    try {
      const res = await fetch(`http://127.0.0.1:${spec.port}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${tail}`);
}

/** Starts nginx in the foreground (the command fleet-test.sh prepared) and waits until its port answers. */
export async function startNginx(dir: string, argv: string[], port: number): Promise<Proc> {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = track(dir, 'nginx', child);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${path.join(dir, 'logs/nginx.log')} and ${path.join(dir, 'nginx/logs/error.log')}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2000) });
      return proc;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('nginx did not answer within 10 s');
}

/** Stops a process: `signal` first, SIGKILL when it is still there after graceMs. */
export async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
