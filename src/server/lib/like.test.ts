import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like.js';

describe('LIKE patterns from typed text', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});
