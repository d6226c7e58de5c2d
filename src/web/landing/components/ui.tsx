import * as React from 'react';
import { Check, type LucideIcon } from 'lucide-react';
import { takeHeadingFocus } from '../use-view';

/** Joins class names, skipping falsy ones (the landing avoids the app's helpers to stay small). */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm shadow-primary/20 hover:bg-primary/90',
  outline: 'border border-border bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
} as const;

const sizes = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string };

/** Class names of a button (for <button> and <a> alike). */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return cx(base, variants[variant], sizes[size], className);
}

/** A section's small label above its heading. */
export function Eyebrow({ children }: { children: React.ReactNode }) {
  return <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase dark:text-teal-300">{children}</p>;
}

/** The heading of a view: the page's one h1, focusable so navigation can move focus to it. */
export function ViewHeading({ children, className }: { children: React.ReactNode; className?: string }) {
  const ref = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (takeHeadingFocus()) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} id="view-heading" tabIndex={-1} className={cx('text-4xl font-bold tracking-tight text-balance outline-none sm:text-5xl', className)}>
      {children}
    </h1>
  );
}

/**
 * A section's centred intro: its h2 (`id`, which the section's aria-labelledby names; `titleClassName`
 * adds to its classes) and lead line, then `children`; `className` adds to the block's classes.
 */
export function SectionIntro({ id, title, lead, className, titleClassName, children }: { id: string; title: string; lead: string; className?: string; titleClassName?: string; children?: React.ReactNode }) {
  return (
    <div className={cx('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className={cx('text-3xl font-bold tracking-tight sm:text-4xl', titleClassName)}>
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{lead}</p>
      {children}
    </div>
  );
}

/** Centered page width with side padding. */
export function Container({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cx('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}

/** A list of short benefits, each behind a check mark. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cx('text-sm', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A list item card: the icon in a tinted square, a title (`h3`, or the `heading` given) and a text, then `children`. */
export function IconCard({
  icon: Icon,
  title,
  text,
  heading: Heading = 'h3',
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  heading?: 'h2' | 'h3';
  className: string;
  children?: React.ReactNode;
}) {
  return (
    <li className={className}>
      <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
      {children}
    </li>
  );
}
