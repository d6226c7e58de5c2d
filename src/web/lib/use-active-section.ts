import { useLocation } from 'react-router';
import { sectionForPath } from '@shared/access';
import { sectionLabel } from '@shared/sections';
import { useAuth } from '@/lib/auth';

/** The section the shell shows (from the URL) and its title for the signed-in role (spec §2 labels). */
export function useActiveSectionTitle(): { sectionId: string; title: string } {
  const location = useLocation();
  const { state } = useAuth();
  const sectionId = sectionForPath(location.pathname) ?? 'dashboard';
  const role = state.user?.role;
  return { sectionId, title: role ? sectionLabel(role, sectionId) : sectionId };
}
