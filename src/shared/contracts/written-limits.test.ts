import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX, TITLE_MAX } from './communications.js';
import { MAX_ID_CARD_SELECTION, idCardsBody } from './people.js';
import { messages } from '../messages.js';
import { peopleMessages } from '../messages/people.js';

/**
 * Validation messages write their limits in as plain text (a zod schema keeps its message as a
 * string, so a message function cannot be used): these checks keep the text and the limit together.
 */
describe('limits written into validation messages', () => {
  it('communications: title and message lengths', () => {
    expect(messages.communications.input.titleTooLong).toContain(String(TITLE_MAX));
    expect(messages.communications.input.messageTooLong).toContain(String(MESSAGE_MAX));
  });

  it('ID cards: the selection limit, and the schema answers with it', () => {
    expect(peopleMessages.tooManyLearners).toContain(String(MAX_ID_CARD_SELECTION));
    const ids = Array.from({ length: MAX_ID_CARD_SELECTION + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const result = idCardsBody.safeParse({ studentIds: ids });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(peopleMessages.tooManyLearners);
  });
});
