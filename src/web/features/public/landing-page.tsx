import { Link } from 'react-router';
import { ArrowRight, GraduationCap, Smartphone, UsersRound } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';

/**
 * Interim landing page for / (and /about, /contact, /features, /pricing) until the marketing-site
 * issue: product name, one-line pitch and the way in. Copy is in messages.ts (landing).
 */
const highlightIcons = [GraduationCap, Smartphone, UsersRound];
const copy = {
  ...messages.landing,
  highlights: messages.landing.highlights.map((label, i) => ({ icon: highlightIcons[i]!, label })),
};

export function LandingPage() {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute left-1/2 top-[-18rem] h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:48px_48px] opacity-40 [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_65%)]" />
      </div>

      <header className="relative mx-auto flex w-full max-w-6xl items-center justify-between px-5 py-5 sm:px-8">
        <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg">
          <svg viewBox="0 0 32 32" aria-hidden="true" className="size-9">
            <rect width="32" height="32" rx="8" fill="#0f766e" />
            <path d="M8 11l8-4 8 4-8 4-8-4zm3 3.5v4.5c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5z" fill="#fff" />
          </svg>
          <span className="text-lg font-semibold tracking-tight">{messages.product.title}</span>
        </Link>
        <Button asChild variant="outline" size="sm" className="h-9 px-4">
          <Link to="/login">{messages.login.signIn}</Link>
        </Button>
      </header>

      <main className="relative mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-5 pb-24 pt-10 text-center sm:px-8">
        <p className="inline-flex items-center gap-2 rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur">
          <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
          {messages.login.brandEyebrow}
        </p>
        <h1 className="mt-6 text-5xl font-semibold tracking-tight sm:text-7xl">
          Edu<span className="text-primary">Fam</span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-foreground/80 sm:text-xl">{copy.pitch}</p>
        <p className="mt-3 max-w-xl text-sm text-muted-foreground sm:text-base">{copy.detail}</p>
        <div className="mt-9 flex flex-col items-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="h-12 px-7 text-base font-semibold shadow-md shadow-primary/20">
            <Link to="/login">
              {messages.login.signIn}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <ul className="mt-12 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm text-muted-foreground">
          {copy.highlights.map(({ icon: Icon, label }) => (
            <li key={label} className="inline-flex items-center gap-2">
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </main>

      <footer className="relative pb-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} EduFam · {messages.product.subtitle}
      </footer>
    </div>
  );
}
