import type { ViewProps } from '../use-view';
import { features } from '../content';
import { featureIcons } from '../components/icons';
import { CallToAction } from '../components/sections';
import { CheckList, Container, Eyebrow, IconCard, ViewHeading } from '../components/ui';

/** Features: every module of spec §1 with what it does for a school. */
export function FeaturesView({ navigate, links }: ViewProps) {
  return (
    <>
      <Container className="py-16 text-center sm:py-20">
        <Eyebrow>Features</Eyebrow>
        <ViewHeading className="mx-auto mt-3 max-w-3xl">Everything your school needs, in one place</ViewHeading>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          From the first day of admission to the last fee receipt of the year, EduFam covers the whole of school life for CBC and IGCSE schools.
        </p>
      </Container>
      <Container className="pb-20">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="features-grid">
          {features.map((f) => (
            <IconCard
              key={f.id}
              icon={featureIcons[f.icon]}
              title={f.title}
              text={f.summary}
              heading="h2"
              className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <CheckList items={f.points} className="mt-4 space-y-2" />
            </IconCard>
          ))}
        </ul>
      </Container>
      <CallToAction navigate={navigate} links={links} />
    </>
  );
}
