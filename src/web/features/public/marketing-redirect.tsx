import * as React from 'react';
import { useLocation } from 'react-router';

/**
 * The marketing site's paths (/, /features, /about, /pricing, /contact) belong to its own page
 * (landing.html, served by the server for those paths), not to this app. A client-side navigation
 * here (Go to Home, an unknown path sent to /) becomes a full load of that page, replacing the entry.
 * The Vite dev server has no such routing, so there it links to the page instead of looping.
 */
export function MarketingRedirect() {
  const { pathname, search, hash } = useLocation();
  React.useEffect(() => {
    if (!import.meta.env.DEV) window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  if (import.meta.env.DEV) {
    return (
      <p className="p-8 text-sm">
        The marketing site is a separate page: <a className="underline" href="/landing.html">open landing.html</a>.
      </p>
    );
  }
  return null;
}
