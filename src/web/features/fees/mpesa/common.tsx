import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Building2, Check, CircleCheck, CircleDashed, Copy, Eye, Loader2, RotateCcw, SlidersHorizontal, Undo2, XCircle, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { MpesaEnvironment, StkStatus, TransactionStatus } from '@shared/contracts/mpesa';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { cn } from '@/lib/utils';
import { formatDateTime } from '@/lib/format';
import { EmptyStateCard } from '@/components/page-states';
import { perLocale } from '@shared/i18n/localized';

/**
 * Pieces shared by the finance officer's MPESA Payments and Finance Settings sections (issue 11 §3, §4):
 * who may write, the school platform staff picked, the section frame, tabs kept in the URL, status
 * badges, and small formatting helpers.
 */

export const mm = messages.mpesaScreens;

/** The frame the M-Pesa dialogs share (for `FormDialog`): a narrow one-column box kept open on outside clicks, its description at a relaxed line height. */
export const MPESA_DIALOG = { className: 'max-w-lg grid-cols-[minmax(0,1fr)] gap-5', keepOnOutsideClick: true, descriptionClassName: 'leading-relaxed' } as const;

/** Who is looking: the finance officer writes; principal, director and platform staff only read. */
export function useFeesAccess() {
  const { state } = useAuth();
  const school = useSchoolContext();
  const role = state.user?.role ?? null;
  const platform = isAdminRole(role);
  const schoolId = platform ? school.currentSchoolId : null;
  return { canManage: role === 'finance_officer', platform, schoolId, needsSchool: platform && !schoolId };
}

/** The page frame of both sections: icon, title, subtitle, "Read only" for readers, actions. */
export function SectionFrame({
  testId,
  title: ownTitle,
  subtitle,
  readOnly,
  actions,
  children,
}: {
  testId: string;
  /** The heading when it differs from the section's sidebar label (M-Pesa Payments). */
  title?: string;
  subtitle: string;
  readOnly: boolean;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { sectionId, title: sectionTitle } = useActiveSectionTitle();
  const title = ownTitle ?? sectionTitle;
  return (
    <section className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-4 sm:gap-6" data-testid={testId} data-read-only={readOnly || undefined}>
      <PageHeader
        sectionId={sectionId}
        title={title}
        subtitle={subtitle}
        actions={
          (readOnly || actions) && (
            <>
              {readOnly && (
                <Badge variant="secondary" className="h-8 justify-center gap-1.5 px-3" data-testid={`${testId}-read-only`}>
                  <Eye className="size-3.5" aria-hidden />
                  {mm.common.readOnly}
                </Badge>
              )}
              {actions}
            </>
          )
        }
      />
      {children}
    </section>
  );
}

/** Platform staff with "All schools" picked: ask for a school first. */
export function PickSchool({ testId }: { testId: string }) {
  return <EmptyStateCard icon={Building2} title={mm.common.pickSchoolTitle} hint={mm.common.pickSchoolText} testId={testId} />;
}

/**
 * The open tab in the URL (?tab=, absent for the first). Changing tab drops the other tab's list
 * filters and page, which share the query string (each tab's list keeps its filters in the URL).
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.includes(raw as T) ? (raw as T) : tabs[0]!;
  const setTab = React.useCallback(
    (next: string) =>
      setParams(() => {
        const q = new URLSearchParams();
        if (next !== tabs[0]) q.set('tab', next);
        return q;
      }, { replace: true }),
    [setParams, tabs],
  );
  // On phones the tab strip scrolls sideways: keep the open tab in view (e.g. after ?tab=…).
  React.useEffect(() => {
    document.querySelector(`[data-tab="${tab}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return [tab, setTab];
}

// -- Badges ---------------------------------------------------------------------------------------

const tone = {
  green: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  amber: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  red: 'bg-destructive/10 text-destructive',
  grey: 'bg-muted text-muted-foreground',
  blue: 'bg-sky-500/12 text-sky-700 dark:text-sky-300',
  violet: 'bg-violet-500/12 text-violet-700 dark:text-violet-300',
} as const;

function Pill({ className, icon: Icon, spin, children, testId, status }: { className: string; icon?: LucideIcon; spin?: boolean; children: React.ReactNode; testId?: string; status?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', className)} data-testid={testId} data-status={status}>
      {Icon && <Icon className={cn('size-3.5', spin && 'animate-spin')} aria-hidden />}
      {children}
    </span>
  );
}

const TX_STATUS: Record<TransactionStatus, { className: string; icon: LucideIcon }> = {
  matched: { className: tone.green, icon: CircleCheck },
  unmatched: { className: tone.amber, icon: CircleDashed },
  refunded: { className: tone.grey, icon: Undo2 },
};

export function TxStatusBadge({ status }: { status: TransactionStatus }) {
  const s = TX_STATUS[status];
  return (
    <Pill className={s.className} icon={s.icon} testId="tx-status" status={status}>
      {mm.statuses[status]}
    </Pill>
  );
}

export function SourceBadge({ source }: { source: 'stk' | 'c2b' }) {
  return <Pill className={source === 'stk' ? tone.violet : tone.blue}>{mm.sources[source]}</Pill>;
}

const STK_STATUS: Record<StkStatus, { className: string; icon: LucideIcon; spin?: boolean }> = {
  pending: { className: tone.amber, icon: Loader2, spin: true },
  succeeded: { className: tone.green, icon: CircleCheck },
  failed: { className: tone.red, icon: XCircle },
  cancelled: { className: tone.grey, icon: XCircle },
  timeout: { className: tone.grey, icon: RotateCcw },
};

/** An STK Push's status; pending spins until the callback (or the STK query) answers. */
export function StkStatusBadge({ status }: { status: StkStatus }) {
  const s = STK_STATUS[status];
  return (
    <Pill className={cn(s.className, status === 'pending' && 'animate-pulse')} icon={s.icon} spin={s.spin} testId="stk-status" status={status}>
      {mm.stkStatuses[status]}
    </Pill>
  );
}

const ENV_TONE: Record<MpesaEnvironment, string> = { simulator: tone.violet, sandbox: tone.blue, production: tone.green };
const ENV_LABEL = perLocale((): Record<MpesaEnvironment, string> => ({ simulator: mm.payments.simulatorBadge, sandbox: mm.payments.sandboxBadge, production: mm.payments.productionBadge }));

export function EnvironmentBadge({ environment, className }: { environment: MpesaEnvironment; className?: string }) {
  return (
    <Pill className={cn(ENV_TONE[environment], className)} testId="mpesa-environment" status={environment}>
      <span className={cn('size-1.5 rounded-full bg-current', environment === 'production' && 'animate-pulse')} aria-hidden />
      {ENV_LABEL[environment]}
    </Pill>
  );
}

// -- Formatting ------------------------------------------------------------------------------------

/** An instant in Nairobi time: "22/11/2026 08:15" (shared formatDayTime). */
export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}

/** A phone as M-Pesa reports it: 2547XXXXXXXX → "+254 7XX XXX XXX"; masked ones ("25470****149") as "+254 70****149". */
export function formatMsisdn(msisdn: string | null): string {
  if (!msisdn) return '';
  const full = /^254(\d{3})(\d{3})(\d{3})$/.exec(msisdn);
  if (full) return `+254 ${full[1]} ${full[2]} ${full[3]}`;
  return msisdn.startsWith('254') ? `+254 ${msisdn.slice(3)}` : msisdn;
}

export { Fact } from '@/components/fact';

/** A copy-to-clipboard button that says "Copied" for a moment. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1800);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(mm.common.copyFailed);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={`${mm.common.copy}: ${label}`} data-testid={testId} className="shrink-0">
      {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
      <span className="hidden sm:inline">{copied ? mm.common.copied : mm.common.copy}</span>
    </Button>
  );
}

/** The server's reason for a failed call, or `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Whole shillings from what was typed ("1,500" → 1500), or null. */
export function wholeShillings(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,9}$/.test(t)) return null;
  return Number(t);
}

/**
 * Phones: a list's filters fold away behind a "Filters" button (they would push the list off the
 * screen); from `sm` up they always show. `wrap` the filters; put `toggle` among the toolbar actions.
 */
export function useFoldedFilters(values: Record<string, string>, testId: string) {
  const [open, setOpen] = React.useState(false);
  const active = Object.entries(values).filter(([k, v]) => k !== 'search' && v).length;
  return {
    toggle: (
      <Button variant="outline" size="sm" className="sm:hidden" onClick={() => setOpen((v) => !v)} aria-expanded={open} data-testid={`${testId}-filters-toggle`}>
        <SlidersHorizontal aria-hidden />
        {active ? mm.common.filtersCount(active) : mm.common.filters}
      </Button>
    ),
    // The toolbar sizes its filters' direct children (lg:w-44): pass that on through this wrapper.
    wrap: (filters: React.ReactNode) => <div className={cn('[&>*]:lg:w-44', open ? 'contents' : 'hidden sm:contents')}>{filters}</div>,
  };
}
