import { ArrowRight, CheckCircle2, PlayCircle } from 'lucide-react';
import { carousel, CAROUSEL_FEATURES, features, hero, trial } from '../content';
import { FeaturesCarousel } from '../components/features-carousel';
import { CallToAction, StatsBand, Testimonials } from '../components/sections';
import { buttonClass, Container, Eyebrow, SectionIntro, ViewHeading } from '../components/ui';
import { viewLinkProps, type ViewProps } from '../use-view';

/** Home: hero with the free trial and the demo video, the claims, the features carousel, testimonials. */
export function HomeView({ navigate, links, openPromo }: ViewProps) {
  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="absolute top-[-16rem] left-1/2 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
        </div>
        <Container className="relative py-16 text-center sm:py-24">
          <Eyebrow>{hero.eyebrow}</Eyebrow>
          <ViewHeading className="mx-auto mt-4 max-w-3xl sm:text-6xl">{hero.title}</ViewHeading>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{hero.lead}</p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a {...viewLinkProps('contact', navigate)} className={buttonClass({ size: 'lg', className: 'w-full sm:w-auto' })} data-testid="hero-trial">
              {hero.primary}
              <ArrowRight aria-hidden="true" />
            </a>
            <button type="button" onClick={openPromo} className={buttonClass({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })} data-testid="promo-open">
              <PlayCircle aria-hidden="true" />
              {hero.secondary}
            </button>
          </div>
          <p className="mt-5 inline-flex items-center gap-2 text-sm text-muted-foreground" data-testid="trial-note">
            <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
            {trial.headline} · {trial.detail}
          </p>
        </Container>
      </section>
      <StatsBand />
      <section aria-labelledby="carousel-heading" className="py-16 sm:py-20">
        <Container>
          <SectionIntro id="carousel-heading" title={carousel.title} lead={carousel.lead} className="mb-10" titleClassName="text-balance" />
          <FeaturesCarousel features={features.slice(0, CAROUSEL_FEATURES)} />
        </Container>
      </section>
      <Testimonials />
      <CallToAction navigate={navigate} links={links} />
    </>
  );
}
