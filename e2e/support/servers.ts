/**
 * Starts the browser tests' servers side by side (Playwright starts the entries of a webServer list one
 * after another, which cost ~18 s per extra server here): E2E_WORKERS processes of e2e/support/server.ts,
 * server N on E2E_PORT + N sending mail to E2E_SMTP_PORT + N, each with its own in-memory demo database.
 * Ends them all when it is told to stop or when one of them fails. Test harness only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { e2eServerPort, e2eSmtpPort } from './ports';

const count = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
  if (children.every((c) => c.exitCode !== null)) process.exit(code);
}

for (let index = 0; index < count; index++) {
  const port = e2eServerPort(index);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, PORT: String(port), SMTP_PORT: String(e2eSmtpPort(index)), PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) {
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(0);
      return;
    }
    console.error(`e2e server ${index} (port ${port}) stopped: ${signal ?? `exit ${code}`}`);
    stopAll(1);
  });
  children.push(child);
}

process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));
