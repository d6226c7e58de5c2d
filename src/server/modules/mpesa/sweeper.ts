import { applyPendingCallbacks } from './apply.service.js';
import type { MpesaDeps } from './mpesa-deps.js';
import { resolveStalePushes } from './stk.service.js';

/**
 * The M-Pesa sweep (issue 11 §3, mpesa-daraja.md "callbacks can arrive twice, late, or never"): applies
 * stored callbacks that were never applied (a crash between storing and applying) and resolves STK
 * pushes whose callback never came with the STK query. The server starts it after listening (main.ts);
 * every instance may run it: both steps are idempotent and lock the rows they change.
 */
export interface MpesaSweeper {
  /** Applies everything left over from before a restart, then sweeps every `intervalMs`. */
  start(): Promise<void>;
  /** One sweep (tests call it directly). */
  runOnce(opts?: { callbacksOlderThanMs?: number; now?: Date }): Promise<{ callbacks: number; pushes: number }>;
  stop(): void;
}

export function createMpesaSweeper(deps: MpesaDeps, intervalMs = 15_000): MpesaSweeper {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;
  const runOnce: MpesaSweeper['runOnce'] = async (opts = {}) => {
    const callbacks = await applyPendingCallbacks(deps, opts.callbacksOlderThanMs ?? 30_000);
    const pushes = await resolveStalePushes(deps, opts.now ?? new Date());
    return { callbacks, pushes };
  };
  const tick = () => {
    if (running) return;
    running = runOnce()
      .catch((err) => deps.log.error({ err }, 'M-Pesa sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    async start() {
      if (timer) return;
      try {
        await runOnce({ callbacksOlderThanMs: 0 });
      } catch (err) {
        deps.log.error({ err }, 'M-Pesa start-up sweep failed');
      }
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    runOnce,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
