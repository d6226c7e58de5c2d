import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsGateway, SmsMessage } from '../../integrations/sms/sms-gateway.js';
import { encryptSecret } from '../../lib/secrets.js';
import { createTestApp, type TestApp } from '../../../../tests/helpers.js';
import { chooseSmsGateway, createSettingsSmsGateway, DEFAULT_SMS } from './providers.js';

/** The server's configured gateway, recording what it sends. */
function recordingGateway(): SmsGateway & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return { provider: 'simulator', sent, send: async (msg) => (sent.push(msg), { status: 'sent', providerMessageId: `BASE-${sent.length}`, costCents: null, error: null }) };
}

describe('SMS provider saved in System Settings (issue 18 §4)', () => {
  const key = randomBytes(32);

  it("Africa's Talking saved with a key takes over; the simulator default or a missing/unreadable key leaves the configured gateway", () => {
    const base = recordingGateway();
    expect(chooseSmsGateway(() => key, DEFAULT_SMS, base)).toBe(base);
    expect(chooseSmsGateway(() => key, { ...DEFAULT_SMS, provider: 'africastalking', username: 'edufam' }, base)).toBe(base);
    const saved = { ...DEFAULT_SMS, provider: 'africastalking' as const, username: 'edufam', apiKeyEnc: encryptSecret(key, 'atsk_secret') };
    expect(chooseSmsGateway(() => key, saved, base).provider).toBe('africastalking');
    expect(chooseSmsGateway(() => randomBytes(32), saved, base)).toBe(base);
  });

  describe('on the demo database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('sends through the configured gateway while the saved provider is the simulator default', async () => {
      const base = recordingGateway();
      const sms = createSettingsSmsGateway(base, t.database, () => t.deps.mpesa.secretsKey);
      const result = await sms.send({ to: '254712345678', message: 'Test' });
      expect(result.providerMessageId).toBe('BASE-1');
      expect(base.sent).toHaveLength(1);
      expect(sms.provider).toBe('simulator');
    });
  });
});
