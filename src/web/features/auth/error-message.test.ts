import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { serverMessageOr, signInFailureMessage } from './error-message';

describe('signInFailureMessage (spec §5 Login)', () => {
  it("shows the server's error word for word", () => {
    const err = new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password. Please check your credentials and try again.');
    expect(signInFailureMessage(err)).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it('an answer without an error body (a body-less 500) shows "Login failed. Please try again."', () => {
    expect(signInFailureMessage(new ApiError(500, 'HTTP_500', 'Something went wrong on our side. Please try again.'))).toBe('Login failed. Please try again.');
    expect(signInFailureMessage(new ApiError(502, 'HTTP_502', 'Something went wrong on our side. Please try again.'))).toBe('Login failed. Please try again.');
  });

  it('no answer at all, or anything unexpected, shows "An unexpected error occurred. Please try again."', () => {
    expect(signInFailureMessage(new ApiError(0, 'NETWORK', 'Network connection issue. Please check your internet connection.'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(signInFailureMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
  });

  it('serverMessageOr falls back for a body-less answer too (forgot password: "Failed to send reset email. Please try again.")', () => {
    const fallback = 'Failed to send reset email. Please try again.';
    expect(serverMessageOr(new ApiError(502, 'HTTP_502', 'Something went wrong on our side. Please try again.'), fallback)).toBe(fallback);
    expect(serverMessageOr(new ApiError(502, 'MAIL_FAILED', 'Failed to send password reset email. Please try again.'), fallback)).toBe(
      'Failed to send password reset email. Please try again.',
    );
  });
});
