import * as React from 'react';
import { ChevronDown, SlidersHorizontal, Search, X } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { EMPTY_FILTERS, type AuditFilters, type AuditSchoolOption } from '../api/audit-logs';
import { nairobiToday } from './format';

const m = messages.audit;
const ALL = 'all';

function Field({ label, htmlFor, className, children }: { label: string; htmlFor: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * The Audit Trail filters: action (from GET /api/audit/actions), actor and entity searches, a date range
 * in Nairobi days, success or failure, and for platform admins the school.
 */
export function AuditFiltersBar({
  value,
  onChange,
  actions,
  schools,
  dateError,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
  actions: string[];
  /** null hides the school filter (school leaders see only their school). */
  schools: AuditSchoolOption[] | null;
  dateError: string | null;
}) {
  const set = <K extends keyof AuditFilters>(key: K, v: AuditFilters[K]) => onChange({ ...value, [key]: v });
  const today = nairobiToday();
  // Keep a chosen action listed even when the current scope no longer has it.
  const actionOptions = value.action && !actions.includes(value.action) ? [value.action, ...actions] : actions;

  const active = Object.values(value).filter((v) => v !== '').length;
  const [open, setOpen] = React.useState(false);
  return (
    <div className="flex flex-col gap-3" data-testid="audit-filters">
      {/* Phones: the filters fold away behind one button so the entries come first. */}
      <Button
        variant="outline"
        className="justify-between md:hidden"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="audit-filter-fields"
        data-testid="audit-filters-toggle"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          {m.filters}
          {active > 0 && <span className="rounded-full bg-primary px-1.5 text-[11px] leading-5 font-semibold text-primary-foreground tabular-nums">{active}</span>}
        </span>
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div
        id="audit-filter-fields"
        className={cn('grid-cols-2 gap-x-3 gap-y-3 md:grid', schools ? 'md:grid-cols-4' : 'md:grid-cols-3', open || dateError ? 'grid' : 'hidden')}
      >
        <Field label={m.action} htmlFor="audit-filter-action" className="col-span-2 md:col-span-1">
          <Select value={value.action || ALL} onValueChange={(v) => set('action', v === ALL ? '' : v)}>
            <SelectTrigger id="audit-filter-action" data-testid="audit-filter-action" className="font-medium">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{m.allActions}</SelectItem>
              {actionOptions.map((a) => (
                <SelectItem key={a} value={a} className="font-mono text-xs">
                  {a}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label={m.actor} htmlFor="audit-filter-actor" className="col-span-2 md:col-span-1">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="audit-filter-actor"
              type="search"
              value={value.actor}
              onChange={(e) => set('actor', e.target.value)}
              placeholder={m.actorPlaceholder}
              className="pl-9"
              maxLength={200}
              data-testid="audit-filter-actor"
            />
          </div>
        </Field>
        <Field label={m.entity} htmlFor="audit-filter-entity" className="col-span-2 md:col-span-1">
          <Input
            id="audit-filter-entity"
            type="search"
            value={value.entity}
            onChange={(e) => set('entity', e.target.value)}
            placeholder={m.entityPlaceholder}
            maxLength={200}
            data-testid="audit-filter-entity"
          />
        </Field>
        {schools && (
          <Field label={m.school} htmlFor="audit-filter-school" className="col-span-2 md:col-span-1">
            <Select value={value.schoolId || ALL} onValueChange={(v) => set('schoolId', v === ALL ? '' : v)}>
              <SelectTrigger id="audit-filter-school" data-testid="audit-filter-school">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{m.allSchools}</SelectItem>
                {schools.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
        <Field label={m.from} htmlFor="audit-filter-from">
          <Input
            id="audit-filter-from"
            type="date"
            value={value.from}
            max={value.to || today}
            onChange={(e) => set('from', e.target.value)}
            aria-invalid={!!dateError || undefined}
            className={cn('tabular-nums', dateError && 'border-destructive')}
            data-testid="audit-filter-from"
          />
        </Field>
        <Field label={m.to} htmlFor="audit-filter-to">
          <Input
            id="audit-filter-to"
            type="date"
            value={value.to}
            min={value.from || undefined}
            max={today}
            onChange={(e) => set('to', e.target.value)}
            aria-invalid={!!dateError || undefined}
            className={cn('tabular-nums', dateError && 'border-destructive')}
            data-testid="audit-filter-to"
          />
        </Field>
        <Field label={m.result} htmlFor="audit-filter-result" className="col-span-2 md:col-span-1">
          <Select value={value.success || ALL} onValueChange={(v) => set('success', v === ALL ? '' : (v as AuditFilters['success']))}>
            <SelectTrigger id="audit-filter-result" data-testid="audit-filter-result">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{m.allResults}</SelectItem>
              <SelectItem value="true">{m.success}</SelectItem>
              <SelectItem value="false">{m.failure}</SelectItem>
            </SelectContent>
          </Select>
        </Field>
      </div>
      {(dateError || active > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-destructive" role={dateError ? 'alert' : undefined} data-testid="audit-date-error">
            {dateError}
          </p>
          {active > 0 && (
            <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)} data-testid="audit-clear-filters">
              <X aria-hidden />
              {m.clearFilters}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
