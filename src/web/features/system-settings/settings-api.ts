import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailSettings,
  FeatureFlagsMatrix,
  NewSchoolDefaults,
  NewSchoolDefaultsResponse,
  ProviderTestResponse,
  SchoolFeatureFlags,
  SmsSettings,
  UpdateEmailSettingsBody,
  UpdateSmsSettingsBody,
} from '@shared/contracts/system-settings';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of System Settings (issue 18 §4; server/modules/system-settings):
 *   GET/PUT /api/system-settings/new-school-defaults, GET /api/system-settings/feature-flags,
 *   PUT /api/system-settings/feature-flags/:schoolId, GET/PUT /api/system-settings/email | /sms,
 *   POST …/email/test | …/sms/test. Writes refresh everything under SETTINGS_KEY (and the caller's
 *   own flags, which the sidebar may read).
 */
export const SETTINGS_KEY = ['system-settings'] as const;
const retry = retryUnlessClientError();

const useSettingsQuery = <T,>(key: string, path: string) => useQuery({ queryKey: [...SETTINGS_KEY, key], queryFn: () => api<T>(path), retry });

export const useNewSchoolDefaults = () => useSettingsQuery<NewSchoolDefaultsResponse>('defaults', '/api/system-settings/new-school-defaults');
export const useFeatureMatrix = () => useSettingsQuery<FeatureFlagsMatrix>('flags', '/api/system-settings/feature-flags');
export const useEmailSettings = () => useSettingsQuery<EmailSettings>('email', '/api/system-settings/email');
export const useSmsSettings = () => useSettingsQuery<SmsSettings>('sms', '/api/system-settings/sms');

function useSettingsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      void qc.invalidateQueries({ queryKey: ['feature-flags'] });
      await qc.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });
}

export const useSaveDefaults = () =>
  useSettingsMutation((body: NewSchoolDefaults) => api<NewSchoolDefaultsResponse>('/api/system-settings/new-school-defaults', { method: 'PUT', json: body }));

/** Saves one school's flags; the matrix updates in place first (optimistic), and rolls back on failure. */
export function useSaveFlags() {
  const qc = useQueryClient();
  const key = [...SETTINGS_KEY, 'flags'];
  return useMutation({
    mutationFn: (v: { schoolId: string; flags: Record<string, boolean> }) =>
      api<SchoolFeatureFlags>(`/api/system-settings/feature-flags/${v.schoolId}`, { method: 'PUT', json: { flags: v.flags } }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<FeatureFlagsMatrix>(key);
      if (before) {
        qc.setQueryData<FeatureFlagsMatrix>(key, {
          ...before,
          schools: before.schools.map((s) => (s.schoolId === v.schoolId ? { ...s, flags: { ...s.flags, ...v.flags } } : s)),
        });
      }
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['feature-flags'] });
      void qc.invalidateQueries({ queryKey: key });
    },
  });
}

export const useSaveEmail = () => useSettingsMutation((body: UpdateEmailSettingsBody) => api<{ settings: EmailSettings; message: string }>('/api/system-settings/email', { method: 'PUT', json: body }));
export const useSaveSms = () => useSettingsMutation((body: UpdateSmsSettingsBody) => api<{ settings: SmsSettings; message: string }>('/api/system-settings/sms', { method: 'PUT', json: body }));

export const useTestEmail = () => useMutation({ mutationFn: (to: string) => api<ProviderTestResponse>('/api/system-settings/email/test', { method: 'POST', json: { to }, timeoutMs: 60_000 }) });
export const useTestSms = () => useMutation({ mutationFn: (phone: string) => api<ProviderTestResponse>('/api/system-settings/sms/test', { method: 'POST', json: { phone }, timeoutMs: 60_000 }) });
