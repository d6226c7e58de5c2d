import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './bus.js';
import { decodeNotifyPayload, encodeNotifyPayloads, MAX_NOTIFY_PAYLOAD_BYTES } from './pg-bus.js';

/** The NOTIFY wire format of the PostgreSQL bus (the two-instance test covers the live path). */
describe('NOTIFY payloads', () => {
  const event: LiveEvent = {
    type: 'communications.changed',
    audience: { roles: ['parent'], schoolIds: [randomUUID()], includeAdmins: true },
    data: { id: randomUUID() },
  };

  it('round-trips an event', () => {
    const { payloads, refused } = encodeNotifyPayloads(event);
    expect(refused).toBeNull();
    expect(payloads).toHaveLength(1);
    expect(decodeNotifyPayload(payloads[0]!)).toEqual(event);
  });

  it('splits a user list that does not fit, each user in exactly one part', () => {
    const userIds = Array.from({ length: 1000 }, () => randomUUID());
    const big: LiveEvent = { type: 'notifications.changed', audience: { userIds }, data: { communicationId: 'c' } };
    const { payloads, refused } = encodeNotifyPayloads(big);
    expect(refused).toBeNull();
    expect(payloads.length).toBeGreaterThan(4);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    const parts = payloads.map((p) => decodeNotifyPayload(p)!);
    expect(parts.flatMap((p) => p.audience.userIds ?? []).sort()).toEqual([...userIds].sort());
    for (const p of parts) expect(p.data).toEqual({ communicationId: 'c' });
  });

  it('refuses an event whose data alone is too big (nothing is sent)', () => {
    const huge: LiveEvent = { type: 'maintenance.changed', audience: {}, data: { message: 'x'.repeat(9000) } };
    const { payloads, refused } = encodeNotifyPayloads(huge);
    expect(payloads).toEqual([]);
    expect(refused?.bytes).toBeGreaterThan(9000);
    // Multi-byte text counts in bytes, as PostgreSQL does.
    const multiByte: LiveEvent = { type: 'maintenance.changed', audience: {}, data: { message: '€'.repeat(2700) } };
    expect(encodeNotifyPayloads(multiByte).refused).not.toBeNull();
  });

  it.each([
    ['not JSON', 'nope'],
    ['another wire version', JSON.stringify({ v: 2, type: 'maintenance.changed', audience: {}, data: {} })],
    ['an unknown type', JSON.stringify({ v: 1, type: 'grades.changed', audience: {}, data: {} })],
    ['a malformed audience', JSON.stringify({ v: 1, type: 'maintenance.changed', audience: { roles: 'teacher' }, data: {} })],
    ['missing data', JSON.stringify({ v: 1, type: 'maintenance.changed', audience: {} })],
  ])('ignores %s', (_what, payload) => {
    expect(decodeNotifyPayload(payload)).toBeNull();
  });
});
