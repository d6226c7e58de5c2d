import * as React from 'react';
import { theme as t, type Links } from './content';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { useView, type ViewProps } from './use-view';
import { AboutView } from './views/about';
import { ContactView } from './views/contact';
import { FeaturesView } from './views/features';
import { HomeView } from './views/home';
import { PricingView } from './views/pricing';

// The five views are small and ship together, so a direct visit to any of them paints without a
// second round trip (measured: lazy views cost ~15 Lighthouse performance points on slow 4G). The
// promo video loads when opened.
const PromoVideoModal = React.lazy(() => import('./promo/promo-video').then((m) => ({ default: m.PromoVideoModal })));

/**
 * The public marketing site (spec §1, §2 Public routes; issue 4): header, the current view, footer and
 * the promo video modal. A separate page from the signed-in app, so / loads none of its code.
 */
export function LandingApp({ links }: { links: Links }) {
  const { view, navigate } = useView();
  const [promoOpen, setPromoOpen] = React.useState(false);
  const props: ViewProps = { navigate, links, openPromo: () => setPromoOpen(true) };

  let content: React.ReactNode;
  switch (view) {
    case 'features':
      content = <FeaturesView {...props} />;
      break;
    case 'about':
      content = <AboutView {...props} />;
      break;
    case 'pricing':
      content = <PricingView {...props} />;
      break;
    case 'contact':
      content = <ContactView {...props} />;
      break;
    default:
      content = <HomeView {...props} />;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a href="#main" className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50">
        {t.skip}
      </a>
      <SiteHeader view={view} navigate={navigate} />
      <main id="main" className="flex-1" data-view={view} data-testid="landing-main">
        {content}
      </main>
      <SiteFooter navigate={navigate} links={links} />
      {promoOpen && (
        <React.Suspense fallback={null}>
          <PromoVideoModal open={promoOpen} onClose={() => setPromoOpen(false)} />
        </React.Suspense>
      )}
    </div>
  );
}
