import { randomBytes } from 'node:crypto';
import { SMS_RECIPIENT, smsSegments, type SmsGateway, type SmsMessage, type SmsSendResult } from './sms-gateway.js';

/**
 * The default SMS gateway (no provider configured, demo, tests): records messages in memory instead of
 * sending them. Numbers ending in 0000 fail with "InvalidPhoneNumber" so failures can be demonstrated;
 * other valid numbers are "sent" at 80 cents (KES 0.80, a typical bulk rate) per segment.
 */

/** A message the simulator received. */
export interface SimulatedSms extends SmsMessage {
  /** `SIM-<random>` when sent, null when failed. */
  id: string | null;
  status: SmsSendResult['status'];
  error: string | null;
  segments: number;
  /** KES cents; null when failed. */
  costCents: number | null;
  at: Date;
}

/** A simulated delivery report: the message with this id reached the phone. */
export interface SimulatedDeliveryReport {
  providerMessageId: string;
  delivered: true;
}

export interface SmsSimulatorOptions {
  /** How long after a sent message its delivery report comes (ms, default 1500; 0 = on the next tick). */
  deliveryDelayMs?: number;
}

export interface SmsSimulator extends SmsGateway {
  readonly provider: 'simulator';
  /**
   * Registers a listener for delivery reports: called once per sent message, deliveryDelayMs after
   * send() resolved (failed messages get none). Returns the unregister function. Timers are unref'd,
   * so pending reports never keep a process alive; a listener's error or rejection is swallowed.
   */
  onDeliveryReport(listener: (report: SimulatedDeliveryReport) => void | Promise<void>): () => void;
  /** Every message handed to send(), failed ones included, oldest first, newest last (at most 1000). */
  sent(): SimulatedSms[];
  /** Forgets the recorded messages. */
  clear(): void;
}

const MAX_KEPT = 1000;
/** Simulated price per segment, in KES cents. */
export const SIMULATED_SEGMENT_COST_CENTS = 80;

/**
 * Creates an in-memory SMS gateway. send() resolves `sent` with id `SIM-<16 hex>` and cost
 * 80 cents × smsSegments(message); a recipient that is not 2547/2541 + 8 digits, or that ends in 0000,
 * resolves `failed` with error "InvalidPhoneNumber". Never throws. Each sent message is reported
 * delivered to the onDeliveryReport listeners after `deliveryDelayMs`.
 */
export function createSmsSimulator(opts: SmsSimulatorOptions = {}): SmsSimulator {
  const messages: SimulatedSms[] = [];
  const listeners = new Set<(report: SimulatedDeliveryReport) => void | Promise<void>>();
  const delayMs = opts.deliveryDelayMs ?? 1500;
  const report = (providerMessageId: string) => {
    if (listeners.size === 0) return;
    const timer = setTimeout(() => {
      for (const listener of listeners) {
        try {
          void Promise.resolve(listener({ providerMessageId, delivered: true })).catch(() => undefined);
        } catch {
          // A listener's failure never reaches the sender.
        }
      }
    }, delayMs);
    timer.unref?.();
  };
  return {
    provider: 'simulator',
    async send(msg) {
      const segments = smsSegments(msg.message);
      const ok = SMS_RECIPIENT.test(msg.to) && !msg.to.endsWith('0000');
      const record: SimulatedSms = {
        to: msg.to,
        message: msg.message,
        id: ok ? `SIM-${randomBytes(8).toString('hex')}` : null,
        status: ok ? 'sent' : 'failed',
        error: ok ? null : 'InvalidPhoneNumber',
        segments,
        costCents: ok ? SIMULATED_SEGMENT_COST_CENTS * segments : null,
        at: new Date(),
      };
      messages.push(record);
      if (messages.length > MAX_KEPT) messages.splice(0, messages.length - MAX_KEPT);
      if (record.id) report(record.id);
      return { status: record.status, providerMessageId: record.id, costCents: record.costCents, error: record.error };
    },
    onDeliveryReport(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sent: () => messages.map((m) => ({ ...m })),
    clear: () => {
      messages.length = 0;
    },
  };
}
