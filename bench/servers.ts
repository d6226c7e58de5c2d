/**
 * Server processes the benchmarks start (bench/request-speed.ts, bench/scale/measure.ts): `node --import
 * tsx <script>` on a port, ready once GET /api/ready answers 200, stopped with SIGTERM (SIGKILL after 10 s),
 * and every one still running stopped when the bench exits or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();

/** Stops every server the bench started. */
export function killServers(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', killServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killServers();
    process.exit(130);
  });
}

export interface BenchServer {
  label: string;
  base: string;
  child: ChildProcess;
  /** The last 4,000 characters of its stderr (for a failure message). */
  stderr: () => string;
}

/**
 * Starts `node --import tsx <script>` (a path from the project root) on 127.0.0.1:`port` with the
 * bench's environment plus `env` (empty values removed), and waits up to `readyWithinMs` for GET
 * /api/ready 200. Throws with the server's last stderr when it exits first or is not ready in time.
 */
export async function startBenchServer(label: string, script: string, port: number, env: Record<string, string | undefined>, readyWithinMs = 120_000): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries({ ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }).filter(([, v]) => v !== undefined && v !== '')),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.once('exit', () => children.delete(child));
  const server: BenchServer = { label, base: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode} before it was ready:\n${stderr}`);
    try {
      if ((await fetch(`${server.base}/api/ready`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopBenchServer(server);
  throw new Error(`${label} was not ready on ${server.base} within ${Math.round(readyWithinMs / 1000)} s:\n${stderr}`);
}

/** SIGTERM, then SIGKILL after 10 s; nothing when it has already stopped. */
export async function stopBenchServer(server: BenchServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
