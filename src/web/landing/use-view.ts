import * as React from 'react';
import { LANDING_PATHS, landingViewForPath, type LandingView } from '@shared/landing';
import { titles, type Links } from './content';

/**
 * The marketing site's current view, kept in the URL path (/features, /about, …) so each view is
 * linkable and the browser's back and forward buttons move between views without a full reload
 * (issue 4). `navigate` pushes a history entry, scrolls to the top and moves focus to the new view's
 * heading, so keyboard and screen-reader users land on the new content.
 */
let focusPending = false;

/**
 * True once after an in-page navigation: the new view's heading then takes focus when it mounts
 * (views load lazily, so the heading may not exist yet when the view changes).
 */
export function takeHeadingFocus(): boolean {
  const pending = focusPending;
  focusPending = false;
  return pending;
}

export function useView(): { view: LandingView; navigate: (view: LandingView) => void } {
  const [view, setView] = React.useState<LandingView>(() => landingViewForPath(window.location.pathname) ?? 'home');
  const moved = React.useRef(false);

  React.useEffect(() => {
    const onPop = () => {
      moved.current = true;
      focusPending = true;
      setView(landingViewForPath(window.location.pathname) ?? 'home');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  React.useEffect(() => {
    document.title = titles[view];
    if (!moved.current) return;
    window.scrollTo({ top: 0 });
  }, [view]);

  const navigate = React.useCallback((next: LandingView) => {
    const path = LANDING_PATHS[next];
    if (window.location.pathname !== path) window.history.pushState({ view: next }, '', path);
    moved.current = true;
    focusPending = true;
    setView(next);
  }, []);

  return { view, navigate };
}

/** Props of a link to a view: a real href (open in new tab works), handled in-page on a plain click. */
export function viewLinkProps(view: LandingView, navigate: (view: LandingView) => void) {
  return {
    href: LANDING_PATHS[view],
    onClick: (e: React.MouseEvent<HTMLAnchorElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(view);
    },
  };
}

/** What the site gives each view: go to another view, the configured links, open the promo video. */
export interface ViewProps {
  navigate: (view: LandingView) => void;
  links: Links;
  openPromo: () => void;
}
