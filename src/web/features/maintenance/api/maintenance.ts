import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAINTENANCE_SETTINGS_REFETCH_MS,
  MAINTENANCE_SETTINGS_STALE_MS,
  MAINTENANCE_STATUS_REFETCH_MS,
  MAINTENANCE_STATUS_RETRIES,
  MAINTENANCE_STATUS_RETRY_DELAY_MS,
  MAINTENANCE_STATUS_STALE_MS,
  type EnableMaintenanceBody,
  type MaintenanceSetting,
  type MaintenanceStatus,
  type UpdateMaintenanceMessageBody,
} from '@shared/contracts/maintenance';
import { api, ApiError } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';

/** Root of every maintenance query key (invalidated after each change and on live events). */
export const MAINTENANCE_KEY = ['maintenance'] as const;

/** The status query belongs to one signed-in user: canAccess depends on the role. */
export const statusKey = (userId: string | null) => [...MAINTENANCE_KEY, 'status', userId ?? 'anonymous'] as const;
const SETTING_KEY = [...MAINTENANCE_KEY, 'setting'] as const;

const fetchStatus = () => api<MaintenanceStatus>('/api/maintenance/status', { timeoutMs: 10_000 });

/**
 * GET /api/maintenance/status (spec §9 status: stale 10 s, retry 3 with 1 s delay). `pollMs`: the app
 * gate polls every 10 s (spec §4, §9 "Maintenance poll every 10 s"); other readers refetch every 30 s.
 * Every maintenance.changed live event refetches it at once.
 */
export function useMaintenanceStatus(userId: string | null, opts: { pollMs?: number; enabled?: boolean } = {}) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: statusKey(userId),
    queryFn: fetchStatus,
    enabled: opts.enabled ?? true,
    staleTime: MAINTENANCE_STATUS_STALE_MS,
    refetchInterval: opts.pollMs ?? MAINTENANCE_STATUS_REFETCH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: MAINTENANCE_STATUS_RETRIES,
    retryDelay: MAINTENANCE_STATUS_RETRY_DELAY_MS,
  });
  useLiveEvent('maintenance.changed', () => {
    void qc.invalidateQueries({ queryKey: MAINTENANCE_KEY });
  });
  return query;
}

/** GET /api/maintenance (edufam_admin; spec §9 settings: stale 30 s, refetch 60 s). */
export function useMaintenanceSetting(enabled = true) {
  const qc = useQueryClient();
  useLiveEvent('maintenance.changed', () => {
    void qc.invalidateQueries({ queryKey: SETTING_KEY });
  });
  return useQuery({
    queryKey: SETTING_KEY,
    queryFn: () => api<MaintenanceSetting>('/api/maintenance'),
    enabled,
    staleTime: MAINTENANCE_SETTINGS_STALE_MS,
    refetchInterval: MAINTENANCE_SETTINGS_REFETCH_MS,
    retry: (failureCount, error) => !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) && failureCount < 2,
  });
}

/** After a change: the answer is the new setting; every status query refetches. */
function useAfterChange() {
  const qc = useQueryClient();
  return React.useCallback(
    (setting: MaintenanceSetting) => {
      qc.setQueryData(SETTING_KEY, setting);
      void qc.invalidateQueries({ queryKey: [...MAINTENANCE_KEY, 'status'] });
    },
    [qc],
  );
}

/** POST /api/maintenance/enable {message, estimatedDuration?}. */
export function useEnableMaintenance() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: EnableMaintenanceBody) => api<MaintenanceSetting>('/api/maintenance/enable', { method: 'POST', json: body }),
    onSuccess: after,
  });
}

/** PUT /api/maintenance/message {message, estimatedDuration?}. */
export function useUpdateMaintenanceMessage() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: UpdateMaintenanceMessageBody) => api<MaintenanceSetting>('/api/maintenance/message', { method: 'PUT', json: body }),
    onSuccess: after,
  });
}

/** POST /api/maintenance/disable. */
export function useDisableMaintenance() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: () => api<MaintenanceSetting>('/api/maintenance/disable', { method: 'POST' }),
    onSuccess: after,
  });
}

