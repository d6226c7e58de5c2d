import { CalendarRange } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { addDays, schoolToday } from '@shared/dates';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { DateField } from '@/components/date-field';

const p = s.period;
type Preset = '7' | '30' | '90' | '365' | 'year' | 'custom';

const presetRange = (preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } =>
  preset === 'year' ? { from: `${today.slice(0, 4)}-01-01`, to: today } : { from: addDays(today, -(Number(preset) - 1)), to: today };

/**
 * The period of a platform page, kept in the URL (?from&to, Nairobi days): default the last 30 days
 * (or the preset given). Returns the period and what the picker needs.
 */
export function usePeriod(defaultPreset: Exclude<Preset, 'custom'> = '30') {
  const [params, setParams] = useSearchParams();
  const today = schoolToday();
  const def = presetRange(defaultPreset, today);
  const from = params.get('from') ?? def.from;
  const to = params.get('to') ?? def.to;
  const preset: Preset = (['7', '30', '90', '365', 'year'] as const).find((k) => {
    const r = presetRange(k, today);
    return r.from === from && r.to === to;
  }) ?? 'custom';
  const set = (range: { from: string; to: string }) => {
    const next = new URLSearchParams(params);
    if (range.from === def.from && range.to === def.to) {
      next.delete('from');
      next.delete('to');
    } else {
      next.set('from', range.from);
      next.set('to', range.to);
    }
    setParams(next, { replace: true });
  };
  return { from, to, preset, today, set };
}

export function PeriodPicker({ period, className }: { period: ReturnType<typeof usePeriod>; className?: string }) {
  const { from, to, preset, today, set } = period;
  return (
    <div className={cn('flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap', className)} data-testid="period-picker">
      <Select
        value={preset}
        onValueChange={(v) => {
          if (v !== 'custom') set(presetRange(v as Exclude<Preset, 'custom'>, today));
        }}
      >
        <SelectTrigger className="w-full min-w-40 sm:w-44" aria-label={p.label} data-testid="period-preset">
          <CalendarRange className="size-4 text-muted-foreground" aria-hidden />
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="7">{p.last7}</SelectItem>
          <SelectItem value="30">{p.last30}</SelectItem>
          <SelectItem value="90">{p.last90}</SelectItem>
          <SelectItem value="365">{p.last365}</SelectItem>
          <SelectItem value="year">{p.thisYear}</SelectItem>
          <SelectItem value="custom">{p.custom}</SelectItem>
        </SelectContent>
      </Select>
      <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
        <DateField
          value={from}
          max={to}
          onValueChange={(value) => value && set({ from: value, to: value > to ? value : to })}
          aria-label={p.from}
          className="sm:w-38"
          data-testid="period-from"
        />
        <DateField
          value={to}
          min={from}
          max={today}
          onValueChange={(value) => value && set({ from: value < from ? value : from, to: value })}
          aria-label={p.to}
          className="sm:w-38"
          data-testid="period-to"
        />
      </div>
    </div>
  );
}
