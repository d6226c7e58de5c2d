import type * as React from 'react';
import { Hash, School, type LucideIcon } from 'lucide-react';
import { initials } from '@/lib/format';

/** A small icon before a short text (the class, the admission number). */
function IconText({ icon: Icon, children }: { icon: LucideIcon; children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3" aria-hidden />
      {children}
    </span>
  );
}

/**
 * A child's initials badge, name (a heading, `as`) and class and admission number with their icons: the
 * header of a parent's card about one child (grades, attendance, fees). `classText` and `admissionText`
 * replace what is shown for the class (no class, no class line) and the admission number;
 * `nameTestId` is the name's test id.
 */
export function ChildIdentity({
  child,
  as: Heading = 'h2',
  nameTestId = 'child-name',
  classText = child.className,
  admissionText = child.admissionNumber,
}: {
  child: { name: string; className: string | null; admissionNumber: string };
  as?: 'h2' | 'h3';
  nameTestId?: string;
  classText?: React.ReactNode;
  admissionText?: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary ring-1 ring-primary/20 ring-inset" aria-hidden>
        {initials(child.name)}
      </span>
      <div className="min-w-0">
        <Heading className="truncate text-base font-semibold" data-testid={nameTestId}>
          {child.name}
        </Heading>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          {classText && <IconText icon={School}>{classText}</IconText>}
          <IconText icon={Hash}>{admissionText}</IconText>
        </p>
      </div>
    </div>
  );
}
