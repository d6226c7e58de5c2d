import type { ViewProps } from '../use-view';
import { CalendarCheck, Clock, Headphones, Mail, MapPin } from 'lucide-react';
import { contact, salesMailto } from '../content';
import { ContactForm } from '../components/contact-form';
import { Container, Eyebrow, ViewHeading } from '../components/ui';

/** Contact: the form, office hours (Mon-Fri 8AM-6PM EAT), the sales mail link and the demo booking page. */
export function ContactView({ links }: ViewProps) {
  const details = [
    { icon: Clock, label: contact.officeHoursLabel, body: <span data-testid="office-hours">{contact.officeHours}</span> },
    {
      icon: Mail,
      label: contact.salesLabel,
      body: (
        <a href={salesMailto(links)} className="break-all text-primary hover:underline" data-testid="contact-sales-link">
          {links.salesEmail}
        </a>
      ),
    },
    {
      icon: CalendarCheck,
      label: contact.demoLabel,
      body: (
        <a href={links.demoBookingUrl} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline" data-testid="contact-demo-link">
          {contact.demoText}
        </a>
      ),
    },
    { icon: Headphones, label: contact.supportLabel, body: contact.supportText },
    { icon: MapPin, label: 'Office', body: contact.location },
  ];
  return (
    <Container className="py-16 sm:py-20">
      <div className="max-w-2xl">
        <Eyebrow>{contact.eyebrow}</Eyebrow>
        <ViewHeading className="mt-3">{contact.title}</ViewHeading>
        <p className="mt-4 text-lg text-muted-foreground">{contact.lead}</p>
      </div>
      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-2">
          <ContactForm />
        </div>
        <ul className="flex flex-col gap-4">
          {details.map(({ icon: Icon, label, body }) => (
            <li key={label} className="flex items-start gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{label}</p>
                <div className="mt-1 text-muted-foreground">{body}</div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Container>
  );
}
