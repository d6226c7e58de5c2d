/**
 * Runs the generator in a worker thread (issue 16 §2) so the server's event loop stays free. Works
 * when the server runs TypeScript via `node --import tsx` and under vitest: the worker is started
 * with tsx's loader registered, then imports worker.ts. In the production build (scripts/build-server.mjs)
 * this code is bundled into dist/server/main.js and the worker into dist/server/worker.js beside it,
 * which the worker imports as plain JavaScript, without tsx.
 */
import { Worker } from 'node:worker_threads';
import type { SolveOptions, SolveProgress, SolveResult, TimetableProblem } from './types.js';

export interface WorkerSolveOptions extends Omit<SolveOptions, 'onProgress' | 'shouldStop'> {
  onProgress?: (p: SolveProgress) => void;
  /** Aborting cancels the search; the promise then resolves with the best timetable so far (status 'cancelled'). */
  signal?: AbortSignal;
}

/** Loader script: register tsx when the entry is TypeScript (not in the production build), then run the entry. */
const BOOT = `
const { workerData } = require('node:worker_threads');
(workerData.__entry.endsWith('.ts') ? import('tsx/esm/api').then(({ register }) => register()) : Promise.resolve())
  .then(() => import(workerData.__entry))
  .catch((e) => { require('node:worker_threads').parentPort.postMessage({ type: 'error', message: String(e && e.stack || e) }); });
`;

/**
 * Solves `problem` in a worker thread. Resolves with the result (also when cancelled); rejects only
 * if the worker itself fails (a bug, not a bad input).
 */
export function solveInWorker(problem: TimetableProblem, options: WorkerSolveOptions): Promise<SolveResult> {
  const { onProgress, signal, ...plain } = options;
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const entry = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url).href;
  return new Promise<SolveResult>((resolve, reject) => {
    const worker = new Worker(BOOT, { eval: true, workerData: { problem, options: plain, stop, __entry: entry } });
    let settled = false;
    const cancel = () => {
      Atomics.store(flag, 0, 1);
      worker.postMessage({ type: 'cancel' });
    };
    if (signal?.aborted) cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      fn();
    };
    worker.on('message', (msg: { type: string; result?: SolveResult; message?: string } & SolveProgress) => {
      if (msg.type === 'progress') {
        const { type: _type, ...progress } = msg;
        void _type;
        onProgress?.(progress as SolveProgress);
      } else if (msg.type === 'result') done(() => resolve(msg.result!));
      else if (msg.type === 'error') done(() => reject(new Error(msg.message)));
    });
    worker.on('error', (error) => done(() => reject(error)));
    worker.on('exit', (code) => done(() => reject(new Error(`timetable worker exited with code ${code} before a result`))));
  });
}
