import { api } from '@/lib/api';

/** GET /api/auth/reset-password/validate: resolves for a live token, throws ApiError(400) otherwise. */
export function validateResetToken(token: string): Promise<{ valid: true }> {
  return api<{ valid: true }>(`/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/reset-password: sets the new password for the link's account. */
export function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/auth/reset-password', { method: 'POST', json: input });
}
