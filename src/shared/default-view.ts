import { homePathFor, pathForSection } from './access.js';
import { SIDEBAR } from './sections.js';
import { isRole } from './roles.js';
import type { DefaultView } from './constants.js';

/**
 * Sections a Default View opens, first one in the role's sidebar wins (spec §2 Settings "Dashboard
 * Preferences: Default View dashboard, analytics or overview"; §3 dashboard_preferences.defaultView):
 * - analytics: the role's analytics (System/School/Class Analytics, Financial Analytics, HR Analytics);
 * - overview: the financial overview (spec §6 "finance: finance-access users see the financial
 *   overview"), for the roles whose sidebar has it (not the parent, whose finance is School Fees).
 * A role without such a section starts on its dashboard.
 */
const VIEW_SECTIONS: Record<Exclude<DefaultView, 'dashboard'>, readonly string[]> = {
  analytics: ['analytics', 'financial-analytics', 'hr-analytics'],
  overview: ['finance'],
};

/** The section a user's Default View opens for their role ('dashboard' when there is none). */
export function defaultViewSection(role: string | null | undefined, view: string | null | undefined): string {
  if (!isRole(role) || (view !== 'analytics' && view !== 'overview')) return 'dashboard';
  if (view === 'overview' && role === 'parent') return 'dashboard';
  const own = new Set(SIDEBAR[role].map(([id]) => id));
  return VIEW_SECTIONS[view].find((id) => own.has(id)) ?? 'dashboard';
}

/**
 * Where a user starts after signing in (and when a signed-in user opens /login): their Default View's
 * page (spec §2 Settings), the dashboard when they chose it or their role has no such page.
 */
export function startPathFor(user: { role: string | null; dashboardPreferences?: { defaultView?: string } | null }): string {
  const section = defaultViewSection(user.role, user.dashboardPreferences?.defaultView);
  return section === 'dashboard' ? homePathFor(user.role) : pathForSection(user.role, section);
}
