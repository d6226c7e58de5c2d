import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The header of a report card (KEMIS, KNEC SBA, consent register): a primary-coloured icon before the
 * title, over a readable-width description.
 */
export function IconCardHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: React.ReactNode; description: React.ReactNode }) {
  return (
    <CardHeader className="gap-2">
      <CardTitle className="flex items-center gap-2 text-lg">
        <Icon className="size-5 text-primary" aria-hidden />
        {title}
      </CardTitle>
      <CardDescription className="max-w-3xl leading-relaxed">{description}</CardDescription>
    </CardHeader>
  );
}
