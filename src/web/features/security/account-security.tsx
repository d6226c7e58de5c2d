import * as React from 'react';
import { KeyRound, LogOut, Monitor, RefreshCw, ShieldAlert, ShieldCheck, Smartphone, Tablet } from 'lucide-react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import type { ActiveSession } from '@shared/contracts/security';
import { formatDate, formatDateTime, formatRelative, securityScreens as ss } from '@shared/messages/security-screens';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IconBadge } from '@/components/icon-badge';
import { useMySessions, useRevokeOtherSessions, useRevokeSession, useTwoFactorStatus } from './security-api';
import { DisableTwoFactorDialog, EnableTwoFactorDialog, RegenerateCodesDialog } from './two-factor-dialogs';

const a = ss.account;
/** The card's anchor on the profile page, the target of Profile Settings' security link. */
const SECURITY_ANCHOR = 'security';

/**
 * The profile's "Security" card (issue 18 §2, every user): two-factor sign-in (on/off, since when,
 * recovery codes left; turn on, turn off, new recovery codes) and the account's active sessions
 * (device, browser and OS, IP address, last activity, "This device") with sign-out of one or of all
 * the others.
 */
export function AccountSecurityCard() {
  const { state, refresh } = useAuth();
  const user = state.user;
  const { hash } = useLocation();
  const signedIn = !!user;
  // Profile Settings links here (…/profile#security): bring the card into view (issue 34).
  React.useEffect(() => {
    if (signedIn && hash === `#${SECURITY_ANCHOR}`) document.getElementById(SECURITY_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [hash, signedIn]);
  if (!user) return null;
  return (
    <Card id={SECURITY_ANCHOR} className="scroll-mt-20" data-testid="account-security">
      <CardHeader className="pb-4">
        <CardTitle>{a.title}</CardTitle>
        <CardDescription>{a.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <TwoFactorPanel email={user.email} onChanged={() => void refresh()} />
        <div className="border-t" />
        <SessionsPanel />
      </CardContent>
    </Card>
  );
}

function TwoFactorPanel({ email, onChanged }: { email: string; onChanged: () => void }) {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = React.useState<'enable' | 'disable' | 'codes' | null>(null);
  const s = status.data;
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <section aria-labelledby="two-factor-title" className="grid gap-4" data-testid="two-factor-panel">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <IconBadge icon={s?.enabled ? ShieldCheck : ShieldAlert} className={cn('size-10 rounded-xl', s?.enabled ? 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400' : 'bg-muted text-muted-foreground')} iconClassName="size-5" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id="two-factor-title" className="font-medium">
                {a.twoFactorTitle}
              </h3>
              {s && (
                <Badge className={s.enabled ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground'} data-testid="two-factor-status">
                  {s.enabled ? a.on : a.off}
                </Badge>
              )}
              {s?.required && <Badge variant="outline">{a.required}</Badge>}
            </div>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{a.twoFactorText}</p>
            {s?.enabled && (
              <p className="mt-1.5 text-xs text-muted-foreground" data-testid="two-factor-details">
                {s.enabledAt && <span>{a.enabledSince(formatDate(s.enabledAt))} · </span>}
                <span className={cn(s.recoveryCodesLeft <= 3 && 'font-medium text-amber-700 dark:text-amber-400')}>{a.recoveryLeft(s.recoveryCodesLeft)}</span>
                {s.recoveryCodesLeft <= 3 && <span className="text-amber-700 dark:text-amber-400"> · {a.recoveryLow}</span>}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end [&>*]:flex-1 sm:[&>*]:flex-none">
          {status.isPending ? (
            <Skeleton className="h-9 w-40" />
          ) : status.isError ? (
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              <RefreshCw aria-hidden />
              {ss.tryAgain}
            </Button>
          ) : s?.enabled ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setDialog('codes')} data-testid="two-factor-regenerate">
                <KeyRound aria-hidden />
                {a.regenerate}
              </Button>
              {!s.required && (
                <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setDialog('disable')} data-testid="two-factor-disable">
                  {a.turnOff}
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => setDialog('enable')} data-testid="two-factor-enable">
              <ShieldCheck aria-hidden />
              {a.turnOn}
            </Button>
          )}
        </div>
      </div>
      {status.isError && <p className="text-sm text-destructive">{a.loadFailed}</p>}

      <EnableTwoFactorDialog
        open={dialog === 'enable'}
        onOpenChange={close}
        email={email}
        onEnabled={() => {
          void status.refetch();
          onChanged();
        }}
      />
      <DisableTwoFactorDialog open={dialog === 'disable'} onOpenChange={close} onDisabled={onChanged} />
      <RegenerateCodesDialog open={dialog === 'codes'} onOpenChange={close} email={email} />
    </section>
  );
}

const DEVICE_ICONS: Record<string, typeof Monitor> = { mobile: Smartphone, tablet: Tablet };

function deviceIcon(device: string) {
  const d = device.toLowerCase();
  if (d.includes('tablet') || d.includes('ipad')) return DEVICE_ICONS.tablet!;
  if (d.includes('mobile') || d.includes('phone')) return DEVICE_ICONS.mobile!;
  return Monitor;
}

/** "Chrome 120 on Windows 10", without the parts the user agent did not say. */
function describe(s: ActiveSession): string {
  const known = (x: string) => x && x !== 'Unknown';
  const parts = [known(s.browser) ? s.browser : null, known(s.os) ? s.os : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : known(s.device) ? s.device : a.unknownDevice;
}

function SessionsPanel() {
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirm, setConfirm] = React.useState<{ kind: 'others' } | { kind: 'one'; session: ActiveSession } | null>(null);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  // Relative times count from when the list arrived (refetched every minute).
  const now = sessions.dataUpdatedAt;

  return (
    <section aria-labelledby="sessions-title" className="grid gap-4" data-testid="sessions-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id="sessions-title" className="font-medium">
            {a.sessionsTitle}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{a.sessionsText}</p>
        </div>
        {others > 0 && (
          <Button variant="outline" size="sm" className="shrink-0" onClick={() => setConfirm({ kind: 'others' })} data-testid="sessions-sign-out-others">
            <LogOut aria-hidden />
            {a.signOutOthers}
          </Button>
        )}
      </div>

      {sessions.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : sessions.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm">
          <span className="text-destructive">{a.sessionsFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            <RefreshCw aria-hidden />
            {ss.tryAgain}
          </Button>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border">
          {list.map((s) => {
            const Icon = deviceIcon(s.device);
            return (
              <li key={s.id} className="flex items-center gap-3 px-3.5 py-3 sm:px-4" data-testid="session-row" data-current={s.current || undefined}>
                <IconBadge icon={Icon} className={cn('size-9 rounded-lg', s.current ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground')} iconClassName="size-4.5" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <p className="truncate text-sm font-medium">{describe(s)}</p>
                    {s.current && <Badge className="bg-emerald-500/12 text-emerald-700 dark:text-emerald-300">{a.thisDevice}</Badge>}
                  </div>
                  <p className="mt-0.5 truncate text-xs text-muted-foreground">
                    <span className="font-mono">{s.ipAddress ?? a.unknownIp}</span>
                    {' · '}
                    <span title={formatDateTime(s.lastSeenAt ?? s.createdAt)}>{s.current ? a.activeNow : a.lastSeen(formatRelative(s.lastSeenAt ?? s.createdAt, now))}</span>
                  </p>
                </div>
                {!s.current && (
                  <Button variant="ghost" size="sm" className="shrink-0 text-muted-foreground hover:text-destructive" onClick={() => setConfirm({ kind: 'one', session: s })} data-testid="session-sign-out">
                    <LogOut aria-hidden />
                    <span className="hidden sm:inline">{a.signOutSession}</span>
                    <span className="sr-only sm:hidden">{a.signOutSession}</span>
                  </Button>
                )}
              </li>
            );
          })}
          {others === 0 && <li className="px-4 py-3 text-xs text-muted-foreground">{a.noOtherSessions}</li>}
        </ul>
      )}

      <ConfirmDialog
        open={confirm?.kind === 'others'}
        tone="danger"
        icon={LogOut}
        title={a.confirmOthersTitle}
        text={a.confirmOthersText}
        cancelLabel={ss.cancel}
        confirmLabel={a.confirmOthers}
        pending={revokeOthers.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: (res) => {
              toast.success(a.othersSignedOut(res.revoked));
              setConfirm(null);
            },
            onError: (err) => toast.error(err.message),
          })
        }
        testId="sessions-confirm-others"
        confirmTestId="sessions-confirm-others-yes"
      />
      <ConfirmDialog
        open={confirm?.kind === 'one'}
        tone="danger"
        icon={LogOut}
        title={a.confirmOneTitle}
        text={confirm?.kind === 'one' ? a.confirmOneText(describe(confirm.session)) : ''}
        cancelLabel={ss.cancel}
        confirmLabel={a.signOutSession}
        pending={revoke.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind !== 'one') return;
          revoke.mutate(confirm.session.id, {
            onSuccess: () => {
              toast.success(a.sessionSignedOut);
              setConfirm(null);
            },
            onError: (err) => toast.error(err.message),
          });
        }}
        testId="sessions-confirm-one"
        confirmTestId="sessions-confirm-one-yes"
      />
    </section>
  );
}
