import * as React from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Wordmark } from './logo-mark';
import { ThemeSwitcher } from './theme-switcher';
import { LanguageSwitcher } from '@/components/language-switcher';

/** The top bar of the sign-in screens: the wordmark back home (`homeLinkClassName` added to its link) and the theme switcher. */
export function AuthHeader({ homeLinkClassName }: { homeLinkClassName?: string }) {
  return (
    <header className="relative flex items-center justify-between gap-4 px-5 pt-5 sm:px-8 sm:pt-7">
      <Link to="/" className={cn('rounded-lg', homeLinkClassName)} aria-label={messages.login.backToHome}>
        <Wordmark />
      </Link>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <LanguageSwitcher />
        <ThemeSwitcher />
      </div>
    </header>
  );
}

/** Centered single-card layout shared by /reset-password and /unauthorized. */
export function AuthScreen({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-primary/[0.08] to-transparent" />
      <AuthHeader />
      <main className="relative flex flex-1 items-start justify-center px-5 py-10 sm:items-center sm:px-8">
        <div className="w-full max-w-md rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="relative px-5 pb-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} EduFam · {messages.product.subtitle}
      </footer>
    </div>
  );
}

/** Round icon badge above a card title. */
export function ScreenIcon({ children, tone = 'primary' }: { children: React.ReactNode; tone?: 'primary' | 'destructive' | 'success' }) {
  const tones = {
    primary: 'bg-primary/10 text-primary',
    destructive: 'bg-destructive/10 text-destructive',
    success: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  } as const;
  return <span className={`mb-5 inline-flex size-12 items-center justify-center rounded-full ${tones[tone]} [&_svg]:size-6`}>{children}</span>;
}
