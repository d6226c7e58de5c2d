/**
 * worker_threads entry for the generator (issue 16 §2: runs in the background, not on the request
 * thread). workerData: { problem, options (no functions), stop: SharedArrayBuffer (Int32 flag) }.
 * Posts { type: 'progress', ...SolveProgress } (at most ~4 a second) and finally
 * { type: 'result', result } or { type: 'error', message }. Cancel: the parent sets the shared flag
 * to 1 (the solve loop is synchronous, so it polls the flag instead of waiting for a message); a
 * { type: 'cancel' } message sets the same flag for callers without the buffer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from './solver.js';
import type { SolveOptions, TimetableProblem } from './types.js';

interface WorkerInput {
  problem: TimetableProblem;
  options: Omit<SolveOptions, 'onProgress' | 'shouldStop'>;
  stop?: SharedArrayBuffer;
}

const input = workerData as WorkerInput;
const flag = new Int32Array(input.stop ?? new SharedArrayBuffer(4));
parentPort?.on('message', (msg: { type?: string }) => {
  if (msg?.type === 'cancel') Atomics.store(flag, 0, 1);
});
try {
  const result = solve(input.problem, {
    ...input.options,
    onProgress: (p) => parentPort?.postMessage({ type: 'progress', ...p }),
    shouldStop: () => Atomics.load(flag, 0) === 1,
  });
  parentPort?.postMessage({ type: 'result', result });
} catch (error) {
  parentPort?.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
parentPort?.close();
