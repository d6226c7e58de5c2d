import type * as React from 'react';

/**
 * A small caption over its value (`children`: a receipt number, a balance, a phone) in a box of
 * `className`; `captionClassName` replaces the caption's small muted text.
 */
export function Captioned({ caption, className, captionClassName = 'text-xs text-muted-foreground', children }: { caption: React.ReactNode; className?: string; captionClassName?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <p className={captionClassName}>{caption}</p>
      {children}
    </div>
  );
}
