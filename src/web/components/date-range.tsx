import { messages } from '@shared/messages';
import { DateField } from '@/components/date-field';

const t = messages.movements.transfers;

/**
 * "From" and "To" date filters of a list, side by side in one cell of the toolbar's filter grid
 * (wider than a select); '' means open-ended.
 */
export function DateRange({ from, to, onChange, idPrefix }: { from: string; to: string; onChange: (range: { from?: string; to?: string }) => void; idPrefix: string }) {
  return (
    <div className="grid min-w-0 grid-cols-2 gap-2 sm:col-span-2 lg:w-96!">
      <label className="relative block min-w-0">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs text-muted-foreground">{t.fromDate}</span>
        <DateField value={from} max={to || undefined} onValueChange={(value) => onChange({ from: value })} aria-label={t.fromDate} className="pl-12" data-testid={`${idPrefix}-from`} />
      </label>
      <label className="relative block min-w-0">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs text-muted-foreground">{t.toDate}</span>
        <DateField value={to} min={from || undefined} onValueChange={(value) => onChange({ to: value })} aria-label={t.toDate} className="pl-9" data-testid={`${idPrefix}-to`} />
      </label>
    </div>
  );
}
