import type { ViewProps } from '../use-view';
import { CalendarCheck, Check, Mail } from 'lucide-react';
import { pricing, salesMailto, trial } from '../content';
import { buttonClass, Container, Eyebrow, ViewHeading } from '../components/ui';

/** Pricing: custom quote only (spec §1), what every school gets, the free trial, common questions. */
export function PricingView({ links }: ViewProps) {
  return (
    <Container className="py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <Eyebrow>{pricing.eyebrow}</Eyebrow>
        <ViewHeading className="mt-3">{pricing.title}</ViewHeading>
        <p className="mt-4 text-lg text-muted-foreground">{pricing.lead}</p>
      </div>
      <div className="mx-auto mt-12 max-w-3xl overflow-hidden rounded-3xl border border-border bg-card shadow-lg" data-testid="pricing-card">
        <div className="grid md:grid-cols-5">
          <div className="bg-gradient-to-br from-primary/15 via-primary/5 to-transparent p-8 md:col-span-2">
            <h2 className="text-lg font-semibold">{pricing.planName}</h2>
            <p className="mt-6 text-4xl font-bold tracking-tight" data-testid="pricing-price">
              {pricing.price}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{pricing.priceNote}</p>
            <div className="mt-8 flex flex-col gap-3">
              <a href={salesMailto(links)} className={buttonClass({ className: 'w-full' })} data-testid="sales-mail-link">
                <Mail aria-hidden="true" />
                {pricing.primary}
              </a>
              <a href={links.demoBookingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'outline', className: 'w-full' })} data-testid="demo-link">
                <CalendarCheck aria-hidden="true" />
                {pricing.secondary}
              </a>
            </div>
          </div>
          <div className="p-8 md:col-span-3">
            <ul className="space-y-3">
              {pricing.included.map((item) => (
                <li key={item} className="flex items-start gap-3">
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
                    <Check className="size-3.5" aria-hidden="true" />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-8 rounded-xl bg-muted px-4 py-3 text-sm font-medium" data-testid="pricing-trial">
              {trial.headline}. {trial.detail}.
            </p>
          </div>
        </div>
      </div>
      <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
          {pricing.faqTitle}
        </h2>
        <div className="mt-8 divide-y divide-border rounded-2xl border border-border bg-card">
          {pricing.faqs.map((f) => (
            <details key={f.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer items-center justify-between gap-4 font-medium">
                {f.q}
                <span className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45" aria-hidden="true">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{f.a}</p>
            </details>
          ))}
        </div>
      </section>
    </Container>
  );
}
