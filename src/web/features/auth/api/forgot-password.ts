import type { AccessType } from '@shared/roles';
import { api } from '@/lib/api';

/** POST /api/auth/forgot-password: always `{message}` on success, also for unknown addresses. */
export function requestPasswordReset(input: { email: string; accessType?: AccessType }): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', json: input });
}
