import { Clock, Mail, MapPin } from 'lucide-react';
import type { LandingView } from '@shared/landing';
import { brand, contact, footer, nav, type Links, salesMailto } from '../content';
import { viewLinkProps } from '../use-view';
import { Logo } from './icons';
import { Container } from './ui';

/** Footer: blurb, the views again, contact details with office hours, copyright. */
export function SiteFooter({ navigate, links }: { navigate: (view: LandingView) => void; links: Links }) {
  return (
    <footer className="border-t border-border/60 bg-card/40">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-2">
          <div className="flex items-center gap-2.5">
            <Logo className="size-8" />
            <span className="text-base font-bold">{brand.name}</span>
          </div>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-muted-foreground">{footer.blurb}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold">{footer.product}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {nav.map((item) => (
              <li key={item.view}>
                <a {...viewLinkProps(item.view, navigate)} className="text-muted-foreground hover:text-foreground">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">{footer.company}</h2>
          <ul className="mt-3 space-y-2.5 text-sm text-muted-foreground">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={salesMailto(links)} className="break-all hover:text-foreground">
                {links.salesEmail}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {contact.officeHoursLabel}: {contact.officeHours}
              </span>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{contact.location}</span>
            </li>
          </ul>
        </div>
      </Container>
      <Container className="border-t border-border/60 py-6 text-xs text-muted-foreground">{footer.rights(new Date().getFullYear())}</Container>
    </footer>
  );
}
