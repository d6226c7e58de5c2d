import { weekdayLabel } from '@shared/dates';
import type { SlotInput } from '@shared/contracts/timetable';
import { WEEKDAY_NAMES } from '@shared/contracts/timetable';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { SHORT_DAYS, slotKey, type WeekShape } from './setup-bits';
import { perLocale } from '@shared/i18n/localized';

/** The grid's legend: the swatch colours of an available and an unavailable slot, with their names. */
const LEGEND = perLocale(() => ([
  { swatch: 'border-emerald-500/25 bg-emerald-500/8', label: sm.grid.available },
  { swatch: 'border-destructive/40 bg-destructive/15', label: sm.grid.unavailable },
]));

/**
 * A day x period toggle grid of unavailable slots (rooms, teachers): one row per taught weekday, one
 * column per lesson period. A cell toggles one slot; a day heading toggles the whole day and a period
 * heading that period on every day (all on unless all already on, then all off). Slots are
 * `{ day: weekday index (0 = Monday), period: lesson index }`; slots outside the week are kept as they are.
 * At 375 px the grid scrolls sideways inside its own box.
 */
export function SlotGrid({
  week,
  value,
  onChange,
  disabled,
  testId = 'slot-grid',
}: {
  week: WeekShape;
  value: SlotInput[];
  onChange: (next: SlotInput[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const on = new Set(value.map(slotKey));
  const set = (slots: SlotInput[], turnOn: boolean) => {
    const keys = new Set(slots.map(slotKey));
    const rest = value.filter((s) => !keys.has(slotKey(s)));
    onChange(turnOn ? [...rest, ...slots].sort((a, b) => a.day - b.day || a.period - b.period) : rest);
  };
  const toggleGroup = (slots: SlotInput[]) => set(slots, !slots.every((s) => on.has(slotKey(s))));
  const count = value.filter((s) => week.days.includes(s.day) && s.period < week.periods.length).length;
  return (
    <div className="grid min-w-0 gap-2" data-testid={testId}>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr className="bg-muted/50">
              <th scope="col" className="w-12 px-1 py-1.5">
                <span className="sr-only">{sm.week.day}</span>
              </th>
              {week.periods.map((p) => (
                <th key={p.index} scope="col" className="px-0.5 py-1 font-medium">
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => toggleGroup(week.days.map((day) => ({ day, period: p.index })))}
                    className="w-full cursor-pointer rounded px-1 py-0.5 hover:bg-accent disabled:cursor-default"
                    aria-label={sm.grid.togglePeriod(sm.lessonPeriodLong(p.index))}
                    title={p.time ?? undefined}
                    data-testid={`${testId}-period`}
                  >
                    {p.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {week.days.map((day) => (
              <tr key={day} className="border-t">
                <th scope="row" className="px-1 py-1 text-left font-medium">
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => toggleGroup(week.periods.map((p) => ({ day, period: p.index })))}
                    className="w-full cursor-pointer rounded px-1 py-0.5 text-left hover:bg-accent disabled:cursor-default"
                    aria-label={sm.grid.toggleDay(weekdayLabel(WEEKDAY_NAMES[day]!))}
                    data-testid={`${testId}-day`}
                    data-day={day}
                  >
                    {SHORT_DAYS[day]}
                  </button>
                </th>
                {week.periods.map((p) => {
                  const off = on.has(slotKey({ day, period: p.index }));
                  return (
                    <td key={p.index} className="p-0.5 text-center">
                      <button
                        type="button"
                        disabled={disabled}
                        aria-pressed={off}
                        aria-label={sm.grid.cell(weekdayLabel(WEEKDAY_NAMES[day]!), sm.lessonPeriodLong(p.index), off)}
                        onClick={() => set([{ day, period: p.index }], !off)}
                        className={cn(
                          'flex h-8 w-full min-w-7 cursor-pointer items-center justify-center rounded-md border text-[11px] font-medium transition-colors disabled:cursor-default',
                          off ? 'border-destructive/40 bg-destructive/15 text-destructive hover:bg-destructive/25' : 'border-emerald-500/25 bg-emerald-500/8 text-emerald-700 hover:bg-emerald-500/15 dark:text-emerald-400',
                        )}
                        data-testid={`${testId}-cell`}
                        data-day={day}
                        data-period={p.index}
                      >
                        {off ? '✕' : ''}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-3">
          {LEGEND.map(({ swatch, label }) => (
            <span key={label} className="inline-flex items-center gap-1">
              <span className={`size-3 rounded-sm border ${swatch}`} aria-hidden />
              {label}
            </span>
          ))}
        </span>
        <span className="flex items-center gap-2">
          <span data-testid={`${testId}-count`}>{sm.grid.count(count)}</span>
          {count > 0 && !disabled && (
            <button type="button" className="cursor-pointer font-medium text-primary hover:underline" onClick={() => onChange([])}>
              {sm.grid.clear}
            </button>
          )}
        </span>
      </div>
    </div>
  );
}
