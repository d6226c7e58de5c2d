import * as React from 'react';
import { can } from '@shared/access';
import { isCalendarDate } from '@shared/contracts/learners';
import { addDays, formatDay as formatSchoolDay, formatMonth, formatShortMonth, schoolToday } from '@shared/dates';
import { hrReportsMessages as m } from '@shared/messages/hr-reports';
import type { Role } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { usePatchedSearchParams } from '@/lib/search-params';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DateField } from '@/components/date-field';
import { FilterField } from '@/features/attendance';
import type { Period } from './hr-reports-api';

/** Can the signed-in user read the school's HR reports (viewHrReports: HR, the principal, the director)? */
export function useCanViewHrReports(): { ready: boolean; allowed: boolean; role: string | null } {
  const { state } = useAuth();
  const u = state.user;
  if (!u?.role) return { ready: state.status !== 'loading', allowed: false, role: null };
  return { ready: true, allowed: can({ id: u.id, role: u.role as Role, schoolId: u.schoolId }, 'viewHrReports'), role: u.role };
}

type Preset = 'ytd' | 'lastYear' | 'last90' | 'last12m' | 'custom';

/** The dates of a preset relative to today (YYYY-MM-DD; ytd is the server's default). */
function presetDates(p: Exclude<Preset, 'custom'>, today: string): Period {
  const year = Number(today.slice(0, 4));
  switch (p) {
    case 'ytd':
      return { from: null, to: null };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'last12m':
      return { from: addDays(today, -364), to: today };
  }
}

/**
 * The report period kept in the address (`?from=&to=`) so HR Reports and HR Analytics share it and a
 * link reopens the same view. Without both dates: this year to date (the server's default).
 */
export function usePeriod(): { period: Period; preset: Preset; setPeriod: (p: Period) => void; today: string } {
  const [params, patchParams] = usePatchedSearchParams();
  const today = schoolToday();
  const from = params.get('from');
  const to = params.get('to');
  const period: Period = { from: from && isCalendarDate(from) ? from : null, to: to && isCalendarDate(to) ? to : null };
  const preset: Preset =
    (['ytd', 'lastYear', 'last90', 'last12m'] as const).find((p) => {
      const d = presetDates(p, today);
      return d.from === period.from && d.to === period.to;
    }) ?? 'custom';
  const setPeriod = React.useCallback((p: Period) => patchParams({ from: p.from, to: p.to }), [patchParams]);
  return { period, preset, setPeriod, today };
}

/** "26/11/2026" for 2026-11-26 (shared formatDay). */
export const formatDay = (day: string) => formatSchoolDay(day);
/** "Oct 2026" for 2026-10, a chart's compact month (shared formatShortMonth); tables use longMonth. */
export const shortMonth = (month: string) => formatShortMonth(month);
/** "October 2026" for 2026-10 (shared formatMonth). */
export const longMonth = (month: string) => formatMonth(month);

const kesFormat = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** KES with two decimals: 1234567.5 → "1,234,567.50". */
export const kes = (n: number) => kesFormat.format(n);
const compactFormat = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });
/** KES for chart axes: 1834000 → "1.8M". */
export const kesCompact = (n: number) => compactFormat.format(n);
/** A rate (percent) with one decimal, or a dash. */
export const rate = (r: number | null) => (r === null ? m.dash : `${r.toLocaleString('en-KE', { maximumFractionDigits: 1 })}%`);

/** The period picker: presets, and two dates for a custom period. */
export function PeriodFilter({ period, preset, setPeriod, today }: ReturnType<typeof usePeriod>) {
  const p = m.periods;
  const [custom, setCustom] = React.useState(preset === 'custom');
  const [from, setFrom] = React.useState(period.from ?? `${today.slice(0, 4)}-01-01`);
  const [to, setTo] = React.useState(period.to ?? today);
  const shown: Preset = custom ? 'custom' : preset;
  const valid = isCalendarDate(from) && isCalendarDate(to) && from <= to;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" data-testid="hr-period">
      <FilterField label={p.label} className="sm:w-52">
        <Select
          value={shown}
          onValueChange={(v) => {
            if (v === 'custom') {
              setCustom(true);
              return;
            }
            setCustom(false);
            setPeriod(presetDates(v as Exclude<Preset, 'custom'>, today));
          }}
        >
          <SelectTrigger aria-label={p.label} data-testid="hr-period-preset">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(['ytd', 'last90', 'last12m', 'lastYear', 'custom'] as const).map((x) => (
              <SelectItem key={x} value={x}>
                {p[x]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FilterField>
      {shown === 'custom' && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) setPeriod({ from, to });
          }}
        >
          <FilterField label={p.from} htmlFor="hr-from" className="w-[calc(50%-0.25rem)] sm:w-40">
            <DateField id="hr-from" value={from} max={to} onValueChange={(value) => setFrom(value)} data-testid="hr-period-from" />
          </FilterField>
          <FilterField label={p.to} htmlFor="hr-to" className="w-[calc(50%-0.25rem)] sm:w-40">
            <DateField id="hr-to" value={to} min={from} onValueChange={(value) => setTo(value)} data-testid="hr-period-to" />
          </FilterField>
          <Button type="submit" disabled={!valid} className="h-10 w-full sm:w-auto" data-testid="hr-period-apply">
            {p.apply}
          </Button>
        </form>
      )}
    </div>
  );
}
