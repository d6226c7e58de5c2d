import { useMutation, useQuery } from '@tanstack/react-query';
import type { SchoolProfile, UpdateProfileBody } from '@shared/contracts/school-setup';
import type { Locale } from '@shared/i18n/locale';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/profile. */
export function useSchoolProfile() {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'profile'],
    queryFn: () => api<SchoolProfile>(scope.path('/api/school-setup/profile')),
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** GET /api/school-setup/admission-preview?pattern=: the next number under a pattern being typed (null while invalid). */
export function useAdmissionPreview(pattern: string, enabled: boolean) {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'admission-preview', pattern],
    queryFn: () => api<{ next: string; year: number }>(scope.path(`/api/school-setup/admission-preview?pattern=${encodeURIComponent(pattern)}`)),
    enabled: scope.ready && enabled && !!pattern.trim(),
    retry: false,
    staleTime: 30_000,
  });
}

/** PATCH /api/school-setup/profile. */
export function useUpdateProfile() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api<SchoolProfile>('/api/school-setup/profile', { method: 'PATCH', json: body }),
    onSuccess: () => void invalidate({ school: true }),
  });
}

/** POST /api/school-setup/profile/logo (multipart `file`), or DELETE with `null`. */
export function useSetLogo() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<SchoolProfile>('/api/school-setup/profile/logo', { method: 'DELETE' });
      const form = new FormData();
      form.append('file', file);
      return api<SchoolProfile>('/api/school-setup/profile/logo', { method: 'POST', body: form });
    },
    onSuccess: () => void invalidate({ school: true }),
  });
}

/**
 * The school's default language (issue 36 §1): what guardians without a language of their own receive
 * SMS, e-mails and letters in; read from the school profile, undefined until it has loaded (or when the
 * caller may not read the profile).
 */
export function useSchoolDefaultLocale(): Locale | undefined {
  return useSchoolProfile().data?.defaultLocale;
}
