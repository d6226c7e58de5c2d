import { z } from 'zod';
import { SMS_RECIPIENT, invalidRecipient, type SmsGateway, type SmsSendResult } from './sms-gateway.js';

/**
 * Africa's Talking bulk SMS (https://developers.africastalking.com/docs/sms/sending/bulk):
 * `POST <baseUrl>/version1/messaging`, form-encoded `username`, `to` (+2547…), `message` and optional
 * `from` (an approved sender ID or short code), headers `apiKey` and `Accept: application/json`.
 * The answer lists one entry per recipient:
 * `{ SMSMessageData: { Message, Recipients: [{ statusCode, number, status, cost: 'KES 0.8000', messageId }] } }`.
 * statusCode 100 Processed, 101 Sent and 102 Queued mean accepted; others (401 RiskHold,
 * 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 405 InsufficientBalance,
 * 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection, 5xx gateway errors) mean failed.
 */

/** Production API base URL. */
export const AFRICAS_TALKING_URL = 'https://api.africastalking.com';
/** Sandbox API base URL (username "sandbox"; messages appear in the sandbox simulator, not on phones). */
export const AFRICAS_TALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com';

export interface AfricasTalkingOptions {
  /** The Africa's Talking app username ("sandbox" for the sandbox). */
  username: string;
  /** API key (secret): sent only in the apiKey header, never logged or returned. */
  apiKey: string;
  /** Approved sender ID / short code (`from`); the account default when absent. */
  senderId?: string;
  /** Default AFRICAS_TALKING_URL; AFRICAS_TALKING_SANDBOX_URL for the sandbox. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per request, default 15 000 ms. */
  timeoutMs?: number;
}

const ACCEPTED = new Set([100, 101, 102]);

const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        statusCode: z.union([z.number(), z.string()]).transform(Number),
        number: z.string().optional(),
        status: z.string().optional(),
        cost: z.string().optional(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

/**
 * Africa's Talking cost text → KES cents, rounding half up: "KES 0.8000" → 80, "KES 1.0050" → 101,
 * "KES 0" → 0. Null for another currency or an unreadable value.
 */
export function africasTalkingCostCents(cost: string | undefined): number | null {
  const m = /^KES\s+(\d+)(?:\.(\d+))?$/.exec((cost ?? '').trim());
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const cents = Number(m[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

function failed(error: string): SmsSendResult {
  return { status: 'failed', providerMessageId: null, costCents: null, error };
}

/**
 * An SmsGateway sending through Africa's Talking (see the file docstring for the protocol). `to` must be
 * 2547XXXXXXXX / 2541XXXXXXXX (sent as +254…); anything else fails with "InvalidPhoneNumber" without a
 * request. Never throws: HTTP errors ("HTTP 401: …"), network errors, timeouts and refused recipients
 * (their status text, e.g. "InsufficientBalance") resolve `failed`. Cost in KES cents (round half up).
 */
export function createAfricasTalkingGateway(opts: AfricasTalkingOptions): SmsGateway {
  const url = `${(opts.baseUrl ?? AFRICAS_TALKING_URL).replace(/\/+$/, '')}/version1/messaging`;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const redact = (s: string) => (opts.apiKey.length >= 4 ? s.split(opts.apiKey).join('[redacted]') : s);

  return {
    provider: 'africastalking',
    async send(msg) {
      if (!SMS_RECIPIENT.test(msg.to)) return invalidRecipient();
      const form = new URLSearchParams({ username: opts.username, to: `+${msg.to}`, message: msg.message });
      if (opts.senderId) form.set('from', opts.senderId);
      let status: number;
      let text: string;
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { apiKey: opts.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        const e = err as Error & { cause?: { code?: unknown } };
        if (e.name === 'TimeoutError' || e.name === 'AbortError') return failed(`No answer from Africa's Talking within ${timeoutMs} ms`);
        return failed(`Could not reach Africa's Talking (${typeof e.cause?.code === 'string' ? e.cause.code : 'network error'})`);
      }
      if (status < 200 || status >= 300) {
        const detail = redact(text.replace(/\s+/g, ' ').trim()).slice(0, 200);
        return failed(`HTTP ${status}${detail ? `: ${detail}` : ''}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return failed("Unexpected answer from Africa's Talking (not JSON)");
      }
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) return failed("Unexpected answer from Africa's Talking");
      const data = parsed.data.SMSMessageData;
      // Whole-request refusals (e.g. InvalidSenderId) come back with no recipients and the reason in Message.
      const r = data.Recipients[0];
      if (!r) return failed(redact(data.Message?.trim() || 'Not sent'));
      if (!ACCEPTED.has(r.statusCode)) return failed(r.status?.trim() || `Status ${r.statusCode}`);
      return {
        status: 'sent',
        providerMessageId: r.messageId && r.messageId !== 'None' ? r.messageId : null,
        costCents: africasTalkingCostCents(r.cost),
        error: null,
      };
    },
  };
}
