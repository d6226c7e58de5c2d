import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@shared/access';
import type {
  AssignBody,
  AssignResponse,
  DriverBody,
  EndAssignmentResponse,
  LearnerOptions,
  MyChildrenTransport,
  RouteBody,
  TransportAlert,
  TransportChargeMode,
  TransportDriver,
  TransportRouteDetail,
  TransportRoutesResponse,
  TransportSettings,
  TransportTrip,
  TransportVehicle,
  TripBody,
  VehicleBody,
} from '@shared/contracts/transport';
import { isAdminRole, type Role } from '@shared/roles';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';

/**
 * Calls of School Transport (issue 15 §4; server/modules/transport):
 *   GET  /api/transport/routes | routes/:id | vehicles | drivers | trips | alerts | settings (viewTransport)
 *   POST/PUT/DELETE routes, vehicles, drivers, trips; PUT settings (manageTransport)
 *   POST /api/transport/routes/:id/learners { studentId, stopId, move }; DELETE …/learners/:studentId
 *   GET  /api/transport/learner-options?q=   (the Add learner search)
 *   GET  /api/transport/my-children          (parents)
 * Every write refreshes everything under TRANSPORT_KEY (and the fee account, which a charge changes).
 */

export const TRANSPORT_KEY = ['transport'] as const;

const retry = retryUnlessClientError();

/** Who is looking: the finance officer manages; principal, director and platform staff (school picked in the header) read. */
export function useTransportScope() {
  const { state } = useAuth();
  const school = useSchoolContext();
  const user = state.user;
  const role = (user?.role ?? null) as Role | null;
  const platform = isAdminRole(role);
  const actor = user && role ? { id: user.id, role, schoolId: user.schoolId } : null;
  return {
    ready: state.status !== 'loading',
    canView: !!actor && can(actor, 'viewTransport'),
    canManage: !!actor && can(actor, 'manageTransport'),
    schoolId: platform ? school.currentSchoolId : null,
    needsSchool: platform && !school.currentSchoolId,
  };
}
export type TransportScope = ReturnType<typeof useTransportScope>;

/** `?schoolId=` for platform staff ('' otherwise). */
export const schoolQs = (schoolId: string | null, sep: '?' | '&' = '?') => (schoolId ? `${sep}schoolId=${encodeURIComponent(schoolId)}` : '');

const read = <T,>(key: string, path: string, schoolId: string | null, enabled = true) => ({
  queryKey: [...TRANSPORT_KEY, key, schoolId],
  queryFn: () => api<T>(`${path}${schoolQs(schoolId, path.includes('?') ? '&' : '?')}`),
  staleTime: 15_000,
  retry,
  enabled,
});

export const useRoutes = (s: TransportScope) => useQuery(read<TransportRoutesResponse>('routes', '/api/transport/routes', s.schoolId, s.canView && !s.needsSchool));
export const useRoute = (s: TransportScope, id: string | null) =>
  useQuery({ ...read<TransportRouteDetail>(`route:${id}`, `/api/transport/routes/${id}`, s.schoolId, !!id && s.canView && !s.needsSchool) });
export const useVehicles = (s: TransportScope) => useQuery(read<{ vehicles: TransportVehicle[] }>('vehicles', '/api/transport/vehicles', s.schoolId, s.canView && !s.needsSchool));
export const useDrivers = (s: TransportScope) => useQuery(read<{ drivers: TransportDriver[] }>('drivers', '/api/transport/drivers', s.schoolId, s.canView && !s.needsSchool));
export const useTrips = (s: TransportScope) => useQuery(read<{ trips: TransportTrip[] }>('trips', '/api/transport/trips', s.schoolId, s.canView && !s.needsSchool));
export const useAlerts = (s: TransportScope) => useQuery(read<{ alerts: TransportAlert[] }>('alerts', '/api/transport/alerts', s.schoolId, s.canView && !s.needsSchool));
export const useSettings = (s: TransportScope) => useQuery(read<TransportSettings>('settings', '/api/transport/settings', s.schoolId, s.canView && !s.needsSchool));
export const useLearnerOptions = (q: string, enabled: boolean) =>
  useQuery({ queryKey: [...TRANSPORT_KEY, 'learner-options', q], queryFn: () => api<LearnerOptions>(`/api/transport/learner-options?q=${encodeURIComponent(q)}`), enabled, retry, staleTime: 5_000 });
export const useMyChildrenTransport = (enabled = true) =>
  useQuery({ queryKey: [...TRANSPORT_KEY, 'my-children'], queryFn: () => api<MyChildrenTransport>('/api/transport/my-children'), enabled, retry, staleTime: 60_000 });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: TRANSPORT_KEY }), qc.invalidateQueries({ queryKey: ['fees'] })]);
    },
  });
}

export const useSaveRoute = () => useWrite(({ id, body }: { id?: string; body: RouteBody }) => api<TransportRouteDetail>(id ? `/api/transport/routes/${id}` : '/api/transport/routes', { method: id ? 'PUT' : 'POST', json: body }));
export const useDeleteRoute = () => useWrite((id: string) => api<void>(`/api/transport/routes/${id}`, { method: 'DELETE' }));
export const useSaveVehicle = () => useWrite(({ id, body }: { id?: string; body: VehicleBody }) => api<TransportVehicle>(id ? `/api/transport/vehicles/${id}` : '/api/transport/vehicles', { method: id ? 'PUT' : 'POST', json: body }));
export const useDeleteVehicle = () => useWrite((id: string) => api<void>(`/api/transport/vehicles/${id}`, { method: 'DELETE' }));
export const useSaveDriver = () => useWrite(({ id, body }: { id?: string; body: DriverBody }) => api<TransportDriver>(id ? `/api/transport/drivers/${id}` : '/api/transport/drivers', { method: id ? 'PUT' : 'POST', json: body }));
export const useDeleteDriver = () => useWrite((id: string) => api<void>(`/api/transport/drivers/${id}`, { method: 'DELETE' }));
export const useCreateTrip = () => useWrite((body: TripBody) => api<TransportTrip>('/api/transport/trips', { method: 'POST', json: body }));
export const useDeleteTrip = () => useWrite((id: string) => api<void>(`/api/transport/trips/${id}`, { method: 'DELETE' }));
export const useAssignLearner = () => useWrite(({ routeId, body }: { routeId: string; body: AssignBody }) => api<AssignResponse>(`/api/transport/routes/${routeId}/learners`, { method: 'POST', json: body }));
export const useRemoveLearner = () =>
  useWrite(({ routeId, studentId }: { routeId: string; studentId: string }) => api<EndAssignmentResponse>(`/api/transport/routes/${routeId}/learners/${studentId}`, { method: 'DELETE' }));
export const useSaveSettings = () => useWrite((mode: TransportChargeMode) => api<TransportSettings>('/api/transport/settings', { method: 'PUT', json: { transportCharge: mode } }));
