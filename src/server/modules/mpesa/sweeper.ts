import type { Sweep } from '../../jobs/tasks.js';
import { applyPendingCallbacks } from './apply.service.js';
import type { MpesaDeps } from './mpesa-deps.js';
import { resolveStalePushes } from './stk.service.js';

/**
 * The M-Pesa sweep (issue 11 §3, mpesa-daraja.md "callbacks can arrive twice, late, or never"): applies
 * stored callbacks that were never applied (a crash between storing and applying) and resolves STK
 * pushes whose callback never came with the STK query. It runs on a pg-boss schedule (`mpesaSweep`,
 * docs/decisions/0022): every minute and once when the server starts, on one instance at a time; both
 * steps are idempotent and lock the rows they change all the same.
 */
export interface MpesaSweeper {
  /** One sweep (tests call it directly). */
  runOnce(opts?: { callbacksOlderThanMs?: number; now?: Date }): Promise<{ callbacks: number; pushes: number }>;
}

export function createMpesaSweeper(deps: MpesaDeps): MpesaSweeper {
  const runOnce: MpesaSweeper['runOnce'] = async (opts = {}) => {
    const callbacks = await applyPendingCallbacks(deps, opts.callbacksOlderThanMs ?? 30_000);
    const pushes = await resolveStalePushes(deps, opts.now ?? new Date());
    return { callbacks, pushes };
  };
  return { runOnce };
}

/**
 * The sweep's schedule: every minute (it ran every 15 s on a timer before; cron's step is a minute),
 * and at start, when it applies every stored callback, however recent (left over from before a restart).
 */
export function mpesaSweep(sweeper: MpesaSweeper): Sweep {
  return {
    name: 'mpesa',
    cron: '* * * * *',
    atStart: true,
    label: 'M-Pesa sweep',
    run: ({ atStart }) => sweeper.runOnce(atStart ? { callbacksOlderThanMs: 0 } : {}),
  };
}
