import * as React from 'react';
import { Popover } from 'radix-ui';
import { AlertCircle, Check, ChevronsUpDown, Globe2, Loader2, RefreshCw, School, Search } from 'lucide-react';
import type { School as SchoolRecord } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { useSchoolContext } from '@/lib/school-context';
import type { SessionUser } from '@/lib/types';
import { cn } from '@/lib/utils';
import { PopoverPanel } from '@/components/popover-panel';

const m = messages.schoolsManagement;

/** A school role's own school, as the header always showed it (pinned, not a control). */
function PinnedSchool({ name }: { name: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5" data-testid="school-switcher" data-pinned="true">
      <School className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate" data-testid="school-name">
        {name}
      </span>
    </span>
  );
}

interface Option {
  id: string | null;
  label: string;
  hint: string;
  inactive: boolean;
}

function optionsFor(schools: SchoolRecord[], search: string): Option[] {
  const q = search.trim().toLowerCase();
  const all: Option = { id: null, label: messages.shell.allSchools, hint: m.allSchoolsHint, inactive: false };
  const matches = schools
    .filter((s) => !q || s.name.toLowerCase().includes(q) || s.code.includes(q) || (s.county ?? '').toLowerCase().includes(q))
    .map((s) => ({ id: s.id, label: s.name, hint: [s.curriculum, s.county].filter(Boolean).join(' · '), inactive: s.status !== 'active' }));
  return q ? matches : [all, ...matches];
}

/** Platform admins: a searchable picker of the current school, with "All schools" first. */
function AdminSwitcher() {
  const ctx = useSchoolContext();
  const [open, setOpen] = React.useState(false);
  const [search, setSearch] = React.useState('');
  const [active, setActive] = React.useState(0);
  const listId = React.useId();
  const listRef = React.useRef<HTMLDivElement>(null);
  const options = optionsFor(ctx.schools, search);
  const label = ctx.currentSchool?.name ?? messages.shell.allSchools;

  const choose = (o: Option) => {
    ctx.setCurrentSchool(o.id);
    setOpen(false);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setSearch('');
      const index = optionsFor(ctx.schools, '').findIndex((o) => o.id === ctx.currentSchoolId);
      setActive(Math.max(0, index));
    }
  };

  React.useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = options[active];
      if (o) choose(o);
    }
  };

  let list: React.ReactNode;
  if (ctx.loading) {
    list = (
      <div className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground" aria-busy="true">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {messages.loading.loading}
      </div>
    );
  } else if (ctx.error) {
    list = (
      <div className="flex flex-col items-center gap-3 px-3 py-5 text-center text-sm" data-testid="school-switcher-error">
        <span className="flex items-center gap-1.5 text-destructive">
          <AlertCircle className="size-4 shrink-0" aria-hidden />
          {ctx.error}
        </span>
        <button
          type="button"
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs font-medium hover:bg-accent"
          onClick={() => void ctx.refresh()}
        >
          <RefreshCw className="size-3.5" aria-hidden />
          {messages.shell.tryAgain}
        </button>
      </div>
    );
  } else if (options.length === 0) {
    list = <p className="px-3 py-6 text-center text-sm text-muted-foreground">{m.switcherEmpty}</p>;
  } else {
    list = (
      <div role="listbox" id={listId} aria-label={m.switcherLabel} ref={listRef} className="max-h-72 overflow-y-auto p-1">
        {options.map((o, i) => {
          const selected = o.id === ctx.currentSchoolId;
          return (
            <div
              key={o.id ?? 'all'}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={selected}
              data-index={i}
              data-testid="school-option"
              data-school-id={o.id ?? ''}
              onClick={() => choose(o)}
              onMouseMove={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-2 text-sm outline-none',
                i === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-md',
                  o.id ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
                )}
                aria-hidden
              >
                {o.id ? <School className="size-3.5" /> : <Globe2 className="size-3.5" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5">
                  <span className="truncate font-medium">{o.label}</span>
                  {o.inactive && (
                    <span className="shrink-0 rounded bg-muted px-1 text-[10px] font-semibold tracking-wide text-muted-foreground uppercase">
                      {m.inactiveTag}
                    </span>
                  )}
                </span>
                {o.hint && <span className="block truncate text-xs text-muted-foreground">{o.hint}</span>}
              </span>
              <Check className={cn('size-4 shrink-0 text-primary', !selected && 'invisible')} aria-hidden />
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className="-mx-1.5 -my-0.5 flex min-w-0 cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 text-left outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent data-[state=open]:text-foreground"
        aria-label={`${m.switcherLabel}: ${label}`}
        data-testid="school-switcher"
      >
        <School className="size-3.5 shrink-0" aria-hidden />
        <span className="max-w-[11rem] truncate font-medium sm:max-w-[16rem]" data-testid="school-name">
          {label}
        </span>
        <ChevronsUpDown className="size-3 shrink-0 opacity-70" aria-hidden />
      </Popover.Trigger>
      <PopoverPanel align="start" className="w-[min(20rem,calc(100vw-1.5rem))] rounded-lg shadow-lg" data-testid="school-switcher-menu" onKeyDown={onKeyDown}>
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            autoFocus
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setActive(0);
            }}
            placeholder={m.switcherSearch}
            aria-label={m.switcherSearch}
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            data-testid="school-switcher-search"
          />
        </div>
        {list}
      </PopoverPanel>
    </Popover.Root>
  );
}

/**
 * The header's school (spec §2 Shell chrome "school name", §4 School context, §6 admins' active school
 * is the selected current school): platform admins pick the current school or "All schools"; school
 * roles see their own school, pinned.
 */
export function SchoolSwitcher({ user }: { user: SessionUser }) {
  if (isAdminRole(user.role)) return <AdminSwitcher />;
  return user.school?.name ? <PinnedSchool name={user.school.name} /> : null;
}
