import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteSessionResponse,
  RecoveryCodesResponse,
  RevokeSessionsResponse,
  SecurityAlertsResponse,
  SecurityLogResponse,
  SecurityOverview,
  SecurityPolicy,
  SessionsResponse,
  SignInTwoFactorBody,
  TwoFactorDisableBody,
  TwoFactorEnableResponse,
  TwoFactorStatus,
  TwoFactorVerifyResponse,
  UpdateSecurityPolicyBody,
} from '@shared/contracts/security';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';
import type { SessionUser } from '@/lib/types';

/**
 * Calls of the security screens (issue 18 §2; server/modules/security, contracts/security):
 * own account: GET /api/auth/two-factor, POST …/enable | /verify | /disable | /recovery-codes,
 * GET/DELETE /api/auth/sessions[/:id]; sign-in step: POST /api/auth/sign-in/two-factor;
 * EduFam staff: GET /api/security/overview | /log | /alerts, POST /api/security/alerts/:id/acknowledge,
 * GET/PUT /api/security/policy. Own-account queries live under ACCOUNT_KEY, staff ones under ADMIN_KEY.
 */
export const ACCOUNT_KEY = ['account-security'] as const;
export const ADMIN_KEY = ['security-admin'] as const;

const retry = retryUnlessClientError();

/** POST /api/auth/sign-in/two-factor: the code (or a recovery code) of a pending sign-in → the user. */
export function verifySignInCode(body: SignInTwoFactorBody): Promise<{ user: SessionUser }> {
  return api<{ user: SessionUser }>('/api/auth/sign-in/two-factor', { method: 'POST', json: body });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: [...ACCOUNT_KEY, 'two-factor'], queryFn: () => api<TwoFactorStatus>('/api/auth/two-factor'), retry });
}

/** POST /api/auth/two-factor/enable { password } → the new secret (QR, URI, key). */
export function startTwoFactor(password: string): Promise<TwoFactorEnableResponse> {
  return api<TwoFactorEnableResponse>('/api/auth/two-factor/enable', { method: 'POST', json: { password } });
}

/** POST /api/auth/two-factor/verify { code } → on, with the recovery codes (shown once). */
export function confirmTwoFactor(code: string): Promise<TwoFactorVerifyResponse> {
  return api<TwoFactorVerifyResponse>('/api/auth/two-factor/verify', { method: 'POST', json: { code } });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) => api('/api/auth/two-factor/disable', { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

export function useRegenerateRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<RecoveryCodesResponse>('/api/auth/two-factor/recovery-codes', { method: 'POST', json: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_KEY, 'two-factor'] }),
  });
}

export function useMySessions() {
  return useQuery({ queryKey: [...ACCOUNT_KEY, 'sessions'], queryFn: () => api<SessionsResponse>('/api/auth/sessions'), retry, refetchInterval: 60_000 });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<DeleteSessionResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_KEY, 'sessions'] }),
  });
}

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<RevokeSessionsResponse>('/api/auth/sessions?others=true', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_KEY, 'sessions'] }),
  });
}

// EduFam staff -------------------------------------------------------------------------------------

export function useSecurityOverview() {
  return useQuery({ queryKey: [...ADMIN_KEY, 'overview'], queryFn: () => api<SecurityOverview>('/api/security/overview'), retry, refetchInterval: 60_000 });
}

export function useSecurityLog(qs: URLSearchParams) {
  const path = `/api/security/log?${qs.toString()}`;
  return useQuery({ queryKey: [...ADMIN_KEY, 'log', path], queryFn: () => api<SecurityLogResponse>(path), placeholderData: keepPreviousData, retry });
}

export function useSecurityAlerts(qs: URLSearchParams) {
  const path = `/api/security/alerts?${qs.toString()}`;
  return useQuery({ queryKey: [...ADMIN_KEY, 'alerts', path], queryFn: () => api<SecurityAlertsResponse>(path), placeholderData: keepPreviousData, retry });
}

export function useAcknowledgeAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/security/alerts/${encodeURIComponent(id)}/acknowledge`, { method: 'POST', json: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useSecurityPolicy() {
  return useQuery({ queryKey: [...ADMIN_KEY, 'policy'], queryFn: () => api<SecurityPolicy>('/api/security/policy'), retry });
}

export function useSaveSecurityPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSecurityPolicyBody) => api<SecurityPolicy>('/api/security/policy', { method: 'PUT', json: body }),
    onSuccess: (saved) => {
      qc.setQueryData([...ADMIN_KEY, 'policy'], saved);
      void qc.invalidateQueries({ queryKey: [...ADMIN_KEY, 'overview'] });
    },
  });
}
