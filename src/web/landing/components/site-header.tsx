import * as React from 'react';
import { LogIn, Menu, Moon, Sun, X } from 'lucide-react';
import type { LandingView } from '@shared/landing';
import { brand, nav, signIn, theme as t } from '../content';
import { viewLinkProps } from '../use-view';
import { Logo } from './icons';
import { buttonClass, Container, cx } from './ui';

const THEME_KEY = 'edufam-theme';

/** Light/dark toggle, stored under the same key as the signed-in app's theme setting. */
function ThemeToggle() {
  const [dark, setDark] = React.useState(() => document.documentElement.classList.contains('dark'));
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem(THEME_KEY, next ? 'dark' : 'light');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setDark(next);
  };
  return (
    <button type="button" onClick={toggle} className={buttonClass({ variant: 'ghost', className: 'size-10 px-0' })} aria-label={dark ? t.toLight : t.toDark} data-testid="theme-toggle">
      {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </button>
  );
}

/**
 * The marketing header: logo (home), the five views, theme toggle and Sign In (a plain link to /login,
 * the signed-in app). Below 768 px the views fold into a menu button.
 */
export function SiteHeader({ view, navigate }: { view: LandingView; navigate: (view: LandingView) => void }) {
  const [open, setOpen] = React.useState(false);
  const go = (v: LandingView) => {
    setOpen(false);
    navigate(v);
  };
  React.useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <Container className="flex h-16 items-center justify-between gap-3">
        <a {...viewLinkProps('home', go)} className="flex items-center gap-2.5 rounded-lg" aria-label={`${brand.name} home`}>
          <Logo className="size-9" />
          <span className="text-lg font-bold tracking-tight max-[359px]:sr-only">{brand.name}</span>
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.view}>
                <a
                  {...viewLinkProps(item.view, go)}
                  aria-current={view === item.view ? 'page' : undefined}
                  className={cx(
                    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                    view === item.view ? 'text-primary' : 'text-muted-foreground',
                  )}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1.5">
          <ThemeToggle />
          <a href="/login" className={buttonClass({ variant: 'outline', className: 'px-3 sm:px-4' })} data-testid="sign-in-link">
            <LogIn aria-hidden="true" />
            {signIn}
          </a>
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', className: 'size-10 px-0 md:hidden' })}
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? t.closeMenu : t.openMenu}
            onClick={() => setOpen((o) => !o)}
            data-testid="menu-toggle"
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </Container>
      <nav id="mobile-nav" aria-label="Mobile" className={cx('border-t border-border/60 md:hidden', open ? 'block' : 'hidden')}>
        <Container className="flex flex-col gap-1 py-3">
          {nav.map((item) => (
            <a
              key={item.view}
              {...viewLinkProps(item.view, go)}
              aria-current={view === item.view ? 'page' : undefined}
              className={cx('rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted', view === item.view ? 'bg-muted text-primary' : 'text-foreground')}
            >
              {item.label}
            </a>
          ))}
        </Container>
      </nav>
    </header>
  );
}
