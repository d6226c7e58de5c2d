import type { ViewProps } from '../use-view';
import { HeartHandshake, ShieldCheck, Smartphone } from 'lucide-react';
import { about } from '../content';
import { CallToAction, StatsBand } from '../components/sections';
import { Container, Eyebrow, IconCard, ViewHeading } from '../components/ui';

const valueIcons = [HeartHandshake, ShieldCheck, Smartphone];

/** About: why EduFam exists, the story, what it stands for, the claims. */
export function AboutView({ navigate, links }: ViewProps) {
  return (
    <>
      <Container className="grid gap-10 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <Eyebrow>{about.eyebrow}</Eyebrow>
          <ViewHeading className="mt-3">{about.title}</ViewHeading>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{about.lead}</p>
        </div>
        <div className="space-y-4 rounded-2xl border border-border bg-card p-6 leading-relaxed shadow-sm sm:p-8">
          {about.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Container>
      <StatsBand />
      <section aria-labelledby="values-heading" className="py-16 sm:py-20">
        <Container>
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight">
            {about.valuesTitle}
          </h2>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {about.values.map((v, i) => (
              <IconCard key={v.title} icon={valueIcons[i % valueIcons.length]!} title={v.title} text={v.text} className="rounded-2xl border border-border bg-card p-6 shadow-sm" />
            ))}
          </ul>
        </Container>
      </section>
      <CallToAction navigate={navigate} links={links} />
    </>
  );
}
