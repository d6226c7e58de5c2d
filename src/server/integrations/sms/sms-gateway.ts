/**
 * Outbound SMS (ARCHITECTURE.md: "Outbound messages (SMS, e-mail) go through integrations/ interfaces
 * with a local fake as default"). Implementations: Africa's Talking (africas-talking.ts) and the local
 * simulator (sms-simulator.ts). Recipients are Kenyan mobiles normalised to 2547XXXXXXXX / 2541XXXXXXXX
 * (domain/identifiers.md); costs are integer KES cents.
 */

export interface SmsMessage {
  /** Recipient MSISDN, 2547XXXXXXXX or 2541XXXXXXXX (no "+"). */
  to: string;
  message: string;
}

export interface SmsSendResult {
  status: 'sent' | 'failed';
  /** The gateway's id for the message, null when it was not accepted. */
  providerMessageId: string | null;
  /** What the gateway charged, in KES cents; null when unknown or not charged. */
  costCents: number | null;
  /** Why it failed (the gateway's status text, e.g. "InvalidPhoneNumber"); null when sent. */
  error: string | null;
}

/**
 * Sends one SMS. Never throws for a delivery failure (bad number, gateway refusal, network error,
 * timeout): it resolves `{ status: 'failed', error }` so callers can log the attempt and move on.
 */
export interface SmsGateway {
  readonly provider: 'simulator' | 'africastalking';
  send(msg: SmsMessage): Promise<SmsSendResult>;
}

/** A Kenyan mobile in the normalised form gateways take: 2547XXXXXXXX or 2541XXXXXXXX. */
export const SMS_RECIPIENT = /^254[17]\d{8}$/;

/** Result for a recipient that is not a normalised Kenyan mobile (checked before any network call). */
export function invalidRecipient(): SmsSendResult {
  return { status: 'failed', providerMessageId: null, costCents: null, error: 'InvalidPhoneNumber' };
}

/**
 * Number of billable SMS segments: 1 up to 160 characters, else ceil(length / 153) (concatenated
 * messages lose 7 characters per segment to the header). Counts Unicode code points and assumes the
 * GSM 7-bit alphabet; messages with characters outside it (emoji, curly quotes) are billed by gateways
 * at 70/67 characters per segment, so this is a lower bound for them. An empty message is 1 segment.
 */
export function smsSegments(message: string): number {
  const length = Array.from(message).length;
  return length <= 160 ? 1 : Math.ceil(length / 153);
}
