import type { LucideIcon } from 'lucide-react';

/**
 * The heading of a generator tab's card: the tab's icon (primary tint) before its title, then one muted
 * line saying what the tab does.
 */
export function TabIntro({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <>
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden />
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{text}</p>
    </>
  );
}
