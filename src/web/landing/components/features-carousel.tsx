import * as React from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS, carousel as c, type Feature } from '../content';
import { featureIcons } from './icons';
import { CheckList, cx } from './ui';

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = React.useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  React.useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * The features carousel (spec §2: rotates every 5 seconds). Rotation pauses while the pointer is over
 * it or focus is inside it, when the user presses Pause, and never starts for users who prefer reduced
 * motion (WCAG 2.2.2). Follows the WAI-ARIA carousel pattern: the slide region is announced politely
 * only when not rotating by itself.
 */
export function FeaturesCarousel({ features }: { features: Feature[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = React.useState(0);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const [stopped, setStopped] = React.useState(false);
  const rotating = !reducedMotion && !stopped && !hovered && !focused;
  const count = features.length;

  // A layout effect arms the timer in the same commit that shows the slide, so the 5 s count starts
  // exactly when the slide appears (and a fake clock in tests never races a pending passive effect).
  React.useLayoutEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const feature = features[index]!;
  const Icon = featureIcons[feature.icon];
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={c.title}
      className="rounded-2xl border border-border bg-card p-3 shadow-sm sm:p-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="features-carousel"
      data-rotating={rotating}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div
          id="carousel-slide"
          role="group"
          aria-roledescription="slide"
          aria-label={c.position(index + 1, count)}
          aria-live={rotating ? 'off' : 'polite'}
          className="min-h-[23rem] rounded-xl sm:min-h-72 bg-gradient-to-br from-primary/10 via-primary/5 to-transparent p-5 sm:p-7"
          data-testid="carousel-slide"
          data-index={index}
        >
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-2xl font-bold tracking-tight" data-testid="carousel-title">
            {feature.title}
          </h3>
          <p className="mt-2 max-w-xl leading-relaxed text-muted-foreground">{feature.summary}</p>
          <CheckList items={feature.points} className="mt-5 grid gap-2.5 sm:grid-cols-2" />
        </div>
        <ol className="hidden flex-col gap-1 lg:flex" aria-label={c.title}>
          {features.map((f, i) => (
            <li key={f.id}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-controls="carousel-slide"
                className={cx(
                  'w-full rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors',
                  i === index ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                {f.title}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <div className="mt-4 flex items-center justify-end gap-2 sm:justify-between">
        <div className="hidden items-center gap-1 sm:flex">
          {features.map((f, i) => (
            <button
              key={f.id}
              type="button"
              onClick={() => go(i)}
              aria-label={c.goTo(i + 1, f.title)}
              aria-current={i === index ? 'true' : undefined}
              aria-controls="carousel-slide"
              className="flex size-6 items-center justify-center rounded-full"
              data-testid="carousel-dot"
            >
              <span className={cx('block h-2 rounded-full transition-all', i === index ? 'w-5 bg-primary' : 'w-2 bg-muted-foreground/40')} />
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped || reducedMotion ? c.play : c.pause}
            disabled={reducedMotion}
            className="flex size-9 items-center justify-center rounded-lg text-muted-foreground sm:size-10 hover:bg-muted hover:text-foreground disabled:opacity-40"
            data-testid="carousel-pause"
          >
            {stopped || reducedMotion ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
          <button type="button" onClick={() => go(index - 1)} aria-label={c.previous} aria-controls="carousel-slide" className="flex size-9 items-center justify-center rounded-lg border border-border hover:bg-muted sm:size-10" data-testid="carousel-prev">
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <button type="button" onClick={() => go(index + 1)} aria-label={c.next} aria-controls="carousel-slide" className="flex size-9 items-center justify-center rounded-lg border border-border hover:bg-muted sm:size-10" data-testid="carousel-next">
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
