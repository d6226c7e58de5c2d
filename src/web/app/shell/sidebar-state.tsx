import * as React from 'react';
import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '@shared/constants';
import { useIsMobile } from './use-is-mobile';

/** The sidebar's expanded state as the cookie remembers it (spec §2 Shell chrome, §9: 7 days). */
export function readSidebarCookie(): boolean {
  const match = document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!match) return true;
  return match.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}

interface SidebarContextValue {
  /** Desktop: expanded (true) or icon-only (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the drawer is open. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Collapses/expands on desktop, opens/closes the drawer on mobile. */
  toggle: () => void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

/** Sidebar state: expanded or collapsed, drawer on mobile; ctrl/cmd+b toggles (spec §4 Sidebar). */
export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = React.useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = React.useState(false);

  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = React.useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.key === 'b' || e.key === 'B') && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = React.useMemo(
    // Leaving the mobile layout closes the drawer.
    () => ({ open, setOpen, openMobile: isMobile && openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const ctx = React.useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar outside SidebarProvider');
  return ctx;
}
