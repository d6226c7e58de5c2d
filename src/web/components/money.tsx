import { formatKes } from '@shared/money';
import { cn } from '@/lib/utils';

/** KES from the API's KES number (two decimals), e.g. 12345.5 → "12,345.50". */
export function formatMoney(kes: number): string {
  const cents = Math.round(kes * 100);
  return cents < 0 ? `-${formatKes(-cents)}` : formatKes(cents);
}

/** "KES 12,345.50", tabular figures; `tone` colours a balance (owed red, credit green). */
export function Money({ value, className, tone = false, prefix = true }: { value: number; className?: string; tone?: boolean; prefix?: boolean }) {
  const colour = tone ? (value > 0 ? 'text-destructive' : value < 0 ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted-foreground') : '';
  return (
    <span className={cn('whitespace-nowrap tabular-nums', colour, className)}>
      {prefix && <span className="text-[0.85em] font-normal text-muted-foreground">KES </span>}
      {formatMoney(value)}
    </span>
  );
}
