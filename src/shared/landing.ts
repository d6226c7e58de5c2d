/**
 * The marketing site's views (spec §1, §2 Public routes) and their paths. The server answers these
 * paths with the landing page (dist/web/landing.html), the SPA sends them there with a full load.
 */
export const LANDING_VIEWS = ['home', 'features', 'about', 'pricing', 'contact'] as const;
export type LandingView = (typeof LANDING_VIEWS)[number];

export const LANDING_PATHS: Record<LandingView, string> = {
  home: '/',
  features: '/features',
  about: '/about',
  pricing: '/pricing',
  contact: '/contact',
};

/** The view a path shows, or null when the path is not the marketing site's (trailing slash ignored). */
export function landingViewForPath(pathname: string): LandingView | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return LANDING_VIEWS.find((v) => LANDING_PATHS[v] === clean) ?? null;
}
