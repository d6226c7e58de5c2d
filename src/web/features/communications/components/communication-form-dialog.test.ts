// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { COMMUNICATION_INPUT_MESSAGES } from '@shared/contracts/communications';
import { timeFieldMessages } from '@shared/messages/dates';
import { expiresAtSchema } from './communication-form-dialog';

const messagesOf = (v: string) => {
  const r = expiresAtSchema().safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('communication expiry: a mistyped time is refused, not turned into 23:59', () => {
  it('a day with text that is not a time in its time box', () => {
    expect(messagesOf('2099-12-31T25:00')).toEqual([timeFieldMessages.invalid]);
    expect(messagesOf('2099-12-31T2:30 PM')).toEqual([timeFieldMessages.invalid]);
  });

  it('no expiry, a day with its time, and a day whose time box is empty (ends at 23:59) pass; a past day does not', () => {
    expect(messagesOf('')).toEqual([]);
    expect(messagesOf('2099-12-31T14:05')).toEqual([]);
    expect(messagesOf('2099-12-31T')).toEqual([]);
    expect(messagesOf('2020-01-01T')).toEqual([COMMUNICATION_INPUT_MESSAGES.expiryInPast]);
  });
});
