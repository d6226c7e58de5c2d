import type * as React from 'react';
import { cn } from '@/lib/utils';
import { clampRate, kesWhole, percent, RATE_COLOUR, rateTone } from '@/lib/kes-format';

/**
 * A headline KES figure: a small "KES" then whole shillings (the tables carry the cents). `shrink` makes
 * it a little smaller on phones, where two stat cards share a row.
 */
export function KesFigure({ value, className, shrink = false }: { value: number; className?: string; shrink?: boolean }) {
  return (
    <span className={cn('whitespace-nowrap tabular-nums', shrink && 'text-[0.8em] min-[420px]:text-[1em] xl:text-[0.84em] 2xl:text-[1em]', className)}>
      <span className="mr-1 text-[0.55em] font-medium tracking-normal text-muted-foreground">KES</span>
      {kesWhole(value)}
    </span>
  );
}

/** A circular progress ring with the rate in the middle. */
export function ProgressRing({
  rate,
  size = 88,
  stroke = 9,
  label,
  testId,
  valueTestId,
}: {
  rate: number;
  size?: number;
  stroke?: number;
  label?: string;
  testId?: string;
  valueTestId?: string;
}) {
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  const shown = clampRate(rate);
  const colour = RATE_COLOUR[rateTone(rate)];
  return (
    <div className="relative shrink-0" style={{ width: size, height: size }} data-testid={testId} role="img" aria-label={`${label ?? ''} ${percent(rate)}`.trim()}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--color-muted)" strokeWidth={stroke} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke={colour}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${c * shown} ${c}`}
          className="transition-[stroke-dasharray] duration-700 ease-out"
        />
      </svg>
      <span className={cn('absolute inset-0 flex items-center justify-center font-semibold tracking-tight tabular-nums', size >= 100 ? 'text-xl' : size >= 80 ? 'text-lg' : 'text-xs')} data-testid={valueTestId}>
        {percent(rate)}
      </span>
    </div>
  );
}

/** A thin horizontal bar of a 0..1 rate, coloured by how good it is. */
export function RateBar({ rate, className, showLabel = false }: { rate: number; className?: string; showLabel?: boolean }) {
  const tone = rateTone(rate);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div className="h-1.5 min-w-10 flex-1 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full transition-[width] duration-700 ease-out" style={{ width: `${clampRate(rate) * 100}%`, background: RATE_COLOUR[tone] }} />
      </div>
      {showLabel && <span className="w-12 shrink-0 text-right text-xs font-medium tabular-nums">{percent(rate)}</span>}
    </div>
  );
}

/** Two shares of a whole side by side (paid and outstanding, cleared and owing). */
export function SplitBar({ parts, className }: { parts: { value: number; colour: string; label: string }[]; className?: string }) {
  const total = parts.reduce((s, p) => s + Math.max(0, p.value), 0);
  return (
    <div className={cn('flex h-2 w-full overflow-hidden rounded-full bg-muted', className)} role="presentation">
      {total > 0 &&
        parts.map((p) => (
          <div key={p.label} className="h-full first:rounded-l-full last:rounded-r-full" style={{ width: `${(Math.max(0, p.value) / total) * 100}%`, background: p.colour }} title={p.label} />
        ))}
    </div>
  );
}

/** A card with the same frame as the dashboard's stat cards, for custom content. */
export function FigureCard({ children, className, testId }: { children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col rounded-xl border bg-card p-3.5 text-card-foreground shadow-sm sm:p-5', className)} data-testid={testId}>
      {children}
    </div>
  );
}
