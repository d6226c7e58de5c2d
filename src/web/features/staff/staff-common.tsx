import type { EmploymentType, StaffStatus } from '@shared/contracts/staff';
import { staffLabels } from '@shared/messages/staff';
import { ROLE_DISPLAY_NAMES, isRole } from '@shared/roles';
import { cn } from '@/lib/utils';
import { formatDay } from '@shared/dates';
import { formatKenyanPhone } from '@shared/phone';

/**
 * Small shared pieces of the staff screens: chips for status, employment type and account, the
 * initials avatar, and date/phone formatting (dates are YYYY-MM-DD, shown as "12 Mar 2026").
 */

const chip = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

const STATUS_TONE: Record<StaffStatus, string> = {
  active: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300',
  exited: 'bg-muted text-muted-foreground ring-border',
};
const STATUS_DOT: Record<StaffStatus, string> = { active: 'bg-emerald-500', exited: 'bg-muted-foreground/50' };

export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  return (
    <span className={cn(chip, STATUS_TONE[status])} data-testid="staff-status" data-status={status}>
      <span className={cn('size-1.5 rounded-full', STATUS_DOT[status])} aria-hidden />
      {staffLabels.status[status]}
    </span>
  );
}

const TYPE_TONE: Record<EmploymentType, string> = {
  permanent: 'bg-sky-500/10 text-sky-700 ring-sky-500/20 dark:text-sky-300',
  contract: 'bg-amber-500/12 text-amber-800 ring-amber-500/25 dark:text-amber-300',
  part_time: 'bg-violet-500/10 text-violet-700 ring-violet-500/20 dark:text-violet-300',
  intern: 'bg-pink-500/10 text-pink-700 ring-pink-500/20 dark:text-pink-300',
};

export function EmploymentTypeBadge({ type }: { type: EmploymentType }) {
  return <span className={cn(chip, TYPE_TONE[type])}>{staffLabels.employmentType[type]}</span>;
}

/** The account column: role and status, or "No account". */
export function AccountBadge({ role, status }: { role: string | null; status: 'active' | 'inactive' | 'suspended' | null }) {
  if (!status) return <span className={cn(chip, 'bg-transparent text-muted-foreground ring-border ring-dashed')}>{staffLabels.accountStatus.none}</span>;
  const active = status === 'active';
  return (
    <span className={cn(chip, active ? 'bg-primary/10 text-primary ring-primary/20' : 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300')} data-testid="staff-account" data-status={status}>
      <span className={cn('size-1.5 rounded-full', active ? 'bg-primary' : 'bg-red-500')} aria-hidden />
      {roleLabel(role)}
      {!active && ` · ${staffLabels.accountStatus[status]}`}
    </span>
  );
}

export function roleLabel(role: string | null): string {
  return role && isRole(role) ? ROLE_DISPLAY_NAMES[role] : (role ?? '—');
}

/** Initials in a tinted circle (first and last name). */
export function StaffAvatar({ name, className }: { name: string; className?: string }) {
  const parts = name.trim().split(/\s+/);
  const initials = `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary ring-1 ring-primary/15 ring-inset', className)} aria-hidden>
      {initials}
    </span>
  );
}

/** "12/03/2026" for YYYY-MM-DD (or an ISO instant's Nairobi day, shared formatDay); '—' for nothing. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  return formatDay(value) || value;
}

/** 254712345678 → 0712 345 678 (shared formatKenyanPhone); '—' for nothing. */
export const formatPhone = (value: string | null | undefined) => formatKenyanPhone(value) || '—';

/** Bytes as "240 KB" / "1.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A list cell of two truncated lines: `main` over `sub` in small muted text (`mono` for numbers). */
export function TwoLineCell({ main, sub, mono = false, strong = false }: { main: React.ReactNode; sub: React.ReactNode; mono?: boolean; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <p className={strong ? 'truncate font-medium' : 'truncate'}>{main}</p>
      <p className={mono ? 'truncate font-mono text-xs text-muted-foreground' : 'truncate text-xs text-muted-foreground'}>{sub}</p>
    </div>
  );
}

/** A staff list's name cell: the small avatar, the name in bold and `sub` under it (`mono` for a staff number). */
export function StaffNameCell({ name, sub, mono = false }: { name: string; sub: React.ReactNode; mono?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <StaffAvatar name={name} className="size-8 text-xs" />
      <TwoLineCell main={name} sub={sub} mono={mono} strong />
    </div>
  );
}
