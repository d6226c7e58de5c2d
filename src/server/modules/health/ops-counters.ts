import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';

/**
 * Operational counters of this process (issue 37 §3) that GET /metrics exposes as
 * `edufam_mpesa_callbacks_total{kind,outcome}` and `edufam_sms_total{outcome}` (prometheus.ts). One per
 * app (buildApp makes it; tests build many apps in one process), incremented where the outcomes are
 * decided: the M-Pesa callback routes (modules/mpesa/mpesa.routes.ts), the SMS gateway's answers
 * (countingSmsGateway below, wrapped around the app's gateway) and delivery reports
 * (modules/sms/sms.service.ts applyDeliveryReport). Plain in-memory counts: cheap on the hot path, and
 * reset with the process as Prometheus counters are.
 */

/** The three Daraja callbacks. */
export type MpesaCallbackKind = 'stk' | 'c2b_validation' | 'c2b_confirmation';

/**
 * Outcomes of an M-Pesa callback, as the callback handlers distinguish them (the `outcome` stored on
 * mpesa_callbacks): posted (credited to a learner), duplicate, held (for review), unmatched (no learner),
 * unknown_request (an STK callback before its request; applied later), cancelled / timeout / failed
 * (an STK Push that did not pay), accepted / rejected (C2B validation), stored (kept for the sweep
 * after an error), malformed (400), unknown_token (404), wrong_source (403), error (500). Any other
 * string is counted as `other`, so the label set stays bounded.
 */
export const MPESA_CALLBACK_OUTCOMES = [
  'posted',
  'duplicate',
  'held',
  'unmatched',
  'unknown_request',
  'cancelled',
  'timeout',
  'failed',
  'accepted',
  'rejected',
  'stored',
  'malformed',
  'unknown_token',
  'wrong_source',
  'error',
  'other',
] as const;
export type MpesaCallbackOutcome = (typeof MPESA_CALLBACK_OUTCOMES)[number];

/**
 * Outcomes of an SMS: sent / failed (the gateway's answer to a send, a thrown send counts as failed),
 * delivered / undelivered (a delivery report that changed the message: on the phone, or the network
 * gave up, which the SMS log records as failed).
 */
export type SmsOutcome = 'sent' | 'failed' | 'delivered' | 'undelivered';

export interface OpsCounters {
  /** One Daraja callback answered; `outcome` is normalised (e.g. "rejected C2B00012" → rejected). */
  mpesaCallback(kind: MpesaCallbackKind, outcome: string): void;
  sms(outcome: SmsOutcome): void;
  /** Every non-zero count so far. */
  snapshot(): { mpesaCallbacks: { kind: MpesaCallbackKind; outcome: MpesaCallbackOutcome; count: number }[]; sms: { outcome: SmsOutcome; count: number }[] };
}

const KNOWN = new Set<string>(MPESA_CALLBACK_OUTCOMES);

/** The label of a stored callback outcome: its first word when known ("rejected C2B00013" → rejected), else `other`. */
export function mpesaOutcomeLabel(outcome: string): MpesaCallbackOutcome {
  const word = outcome.split(' ', 1)[0] ?? '';
  return (KNOWN.has(word) ? word : 'other') as MpesaCallbackOutcome;
}

/** A fresh set of counters (all zero). */
export function createOpsCounters(): OpsCounters {
  const mpesa = new Map<string, number>();
  const sms = new Map<SmsOutcome, number>();
  return {
    mpesaCallback(kind, outcome) {
      const key = `${kind}\u0000${mpesaOutcomeLabel(outcome)}`;
      mpesa.set(key, (mpesa.get(key) ?? 0) + 1);
    },
    sms(outcome) {
      sms.set(outcome, (sms.get(outcome) ?? 0) + 1);
    },
    snapshot() {
      return {
        mpesaCallbacks: [...mpesa].map(([key, count]) => {
          const [kind, outcome] = key.split('\u0000') as [MpesaCallbackKind, MpesaCallbackOutcome];
          return { kind, outcome, count };
        }),
        sms: [...sms].map(([outcome, count]) => ({ outcome, count })),
      };
    },
  };
}

/**
 * The gateway `inner` with every send counted as sent or failed in `ops` (a send that throws counts as
 * failed and still throws). Wraps the app's one gateway, so every module's SMS is counted without
 * passing the counters through each of them.
 */
export function countingSmsGateway(inner: SmsGateway, ops: Pick<OpsCounters, 'sms'>): SmsGateway {
  return {
    get provider() {
      return inner.provider;
    },
    async send(msg) {
      try {
        const result = await inner.send(msg);
        ops.sms(result.status === 'sent' ? 'sent' : 'failed');
        return result;
      } catch (err) {
        ops.sms('failed');
        throw err;
      }
    },
  };
}
