import { ArrowRight, CalendarCheck, Quote, Star } from 'lucide-react';
import { cta, rating, satisfaction, stats, testimonials, testimonialsSection, trial } from '../content';
import { buttonClass, Container, SectionIntro } from './ui';
import { viewLinkProps, type ViewProps } from '../use-view';

/** The spec §1 claims: 10+ schools, 1K+ students, 99.9% uptime, 24/7 support (and satisfaction, rating). */
export function StatsBand() {
  return (
    <section aria-label="EduFam in numbers" className="border-y border-border/60 bg-card/50">
      <Container className="py-10">
        <dl className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-6">
          {[...stats, satisfaction, rating].map((s) => (
            <div key={s.label} className="flex flex-col text-center">
              <dt className="order-2 mt-1 text-sm text-muted-foreground">{s.label}</dt>
              <dd className="order-1 text-3xl font-bold tracking-tight text-foreground tabular-nums" data-testid="stat-value">
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

/** Three testimonials with the 4.9/5 rating. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 sm:py-20">
      <Container>
        <SectionIntro id="testimonials-heading" title={testimonialsSection.title} lead={testimonialsSection.lead}>
          <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium">
            <span className="flex text-amber-500" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Star key={i} className="size-4 fill-current" />
              ))}
            </span>
            {rating.value} {rating.label.toLowerCase()} · {satisfaction.value} {satisfaction.label.toLowerCase()}
          </p>
        </SectionIntro>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
              <Quote className="size-6 text-primary/60" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 leading-relaxed">“{t.quote}”</blockquote>
              <p className="mt-5 text-sm">
                <span className="font-semibold">{t.name}</span>
                <span className="block text-muted-foreground">
                  {t.role}, {t.school}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** Closing call to action: free trial (contact view) or the demo booking page. */
export function CallToAction({ navigate, links }: Pick<ViewProps, 'navigate' | 'links'>) {
  return (
    <section aria-labelledby="cta-heading" className="pb-20">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
          <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" />
          <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {cta.title}
          </h2>
          <p className="relative mx-auto mt-3 max-w-2xl text-primary-foreground/90">{cta.lead}</p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a {...viewLinkProps('contact', navigate)} className={buttonClass({ size: 'lg', className: 'bg-white text-teal-900 shadow-none hover:bg-white/90' })}>
              {cta.primary}
              <ArrowRight aria-hidden="true" />
            </a>
            <a href={links.demoBookingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'ghost', size: 'lg', className: 'border border-white/40 text-primary-foreground hover:bg-white/10' })} data-testid="cta-demo-link">
              <CalendarCheck aria-hidden="true" />
              {cta.secondary}
            </a>
          </div>
          <p className="relative mt-5 text-sm text-primary-foreground">
            {trial.headline} · {trial.detail}
          </p>
        </div>
      </Container>
    </section>
  );
}
