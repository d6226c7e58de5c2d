import { describe, expect, it, vi } from 'vitest';
import { createSmsSimulator } from './sms-simulator.js';

describe('createSmsSimulator', () => {
  it('records messages newest last and answers sent with a SIM- id and 80 cents per segment', async () => {
    const sms = createSmsSimulator();
    expect(sms.provider).toBe('simulator');
    const first = await sms.send({ to: '254712345678', message: 'Receipt RCT-0001: KES 1,500.00 received for Amani.' });
    expect(first).toEqual({ status: 'sent', providerMessageId: expect.stringMatching(/^SIM-[0-9a-f]{16}$/), costCents: 80, error: null });
    const long = await sms.send({ to: '254112345678', message: 'x'.repeat(161) });
    expect(long.costCents).toBe(160);
    expect((await sms.send({ to: '254112345678', message: 'x'.repeat(307) })).costCents).toBe(240);
    const sent = sms.sent();
    expect(sent.map((m) => m.to)).toEqual(['254712345678', '254112345678', '254112345678']);
    expect(sent[0]).toMatchObject({ id: first.providerMessageId, status: 'sent', segments: 1, costCents: 80, error: null });
    expect(sent[0].at).toBeInstanceOf(Date);
    expect(sent[1].segments).toBe(2);
    expect(first.providerMessageId).not.toBe(long.providerMessageId);
  });

  it('fails numbers ending in 0000 and malformed numbers with InvalidPhoneNumber, and records them', async () => {
    const sms = createSmsSimulator();
    for (const to of ['254712340000', '0712345678', '+254712345678']) {
      expect(await sms.send({ to, message: 'Hello' })).toEqual({ status: 'failed', providerMessageId: null, costCents: null, error: 'InvalidPhoneNumber' });
    }
    expect(sms.sent().map((m) => m.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('keeps the newest 1000 messages, returns copies, and clears', async () => {
    const sms = createSmsSimulator();
    for (let i = 0; i < 1005; i++) await sms.send({ to: '254712345678', message: `m${i}` });
    const sent = sms.sent();
    expect(sent).toHaveLength(1000);
    expect(sent[0].message).toBe('m5');
    expect(sent[999].message).toBe('m1004');
    sent[0].message = 'changed';
    expect(sms.sent()[0].message).toBe('m5');
    sms.clear();
    expect(sms.sent()).toEqual([]);
  });

  it('reports each sent message delivered after the delay, never a failed one, and stops after unregistering', async () => {
    const sms = createSmsSimulator({ deliveryDelayMs: 20 });
    const reports: string[] = [];
    const off = sms.onDeliveryReport((r) => {
      expect(r.delivered).toBe(true);
      reports.push(r.providerMessageId);
    });
    const ok = await sms.send({ to: '254712345678', message: 'Delivered soon' });
    await sms.send({ to: '254712340000', message: 'Never delivered' });
    expect(reports).toEqual([]);
    await vi.waitFor(() => expect(reports).toEqual([ok.providerMessageId]), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reports).toHaveLength(1);
    off();
    await sms.send({ to: '254712345678', message: 'Nobody listening' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reports).toHaveLength(1);
  });

  it('keeps sending when a listener throws or rejects', async () => {
    const sms = createSmsSimulator({ deliveryDelayMs: 0 });
    const seen: string[] = [];
    sms.onDeliveryReport(() => {
      throw new Error('boom');
    });
    sms.onDeliveryReport(async () => {
      throw new Error('async boom');
    });
    sms.onDeliveryReport((r) => void seen.push(r.providerMessageId));
    const ok = await sms.send({ to: '254112345678', message: 'Hi' });
    expect(ok.status).toBe('sent');
    await vi.waitFor(() => expect(seen).toEqual([ok.providerMessageId]), { timeout: 2000 });
  });
});
