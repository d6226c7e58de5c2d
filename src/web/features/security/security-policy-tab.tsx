import * as React from 'react';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import {
  PASSWORD_MIN_LENGTH_CEILING,
  PASSWORD_MIN_LENGTH_FLOOR,
  SESSION_IDLE_MAX_MINUTES,
  SESSION_IDLE_MIN_MINUTES,
  type SecurityPolicy,
  type TwoFactorByRole,
} from '@shared/contracts/security';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { ROLES, roleDisplayName, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { useSaveSecurityPolicy, useSecurityPolicy } from './security-api';
import { PendingButton } from '@/components/pending-button';

const p = ss.admin.policy;

/** The form's values: numbers as typed text until saved. */
interface Draft {
  twoFactorRequiredRoles: Role[];
  passwordMinLength: string;
  requireMixedCase: boolean;
  requireNumber: boolean;
  requireSymbol: boolean;
  sessionIdleMinutes: string;
}

function toDraft(policy: SecurityPolicy): Draft {
  return {
    twoFactorRequiredRoles: [...policy.twoFactorRequiredRoles],
    passwordMinLength: String(policy.passwordMinLength),
    requireMixedCase: policy.requireMixedCase,
    requireNumber: policy.requireNumber,
    requireSymbol: policy.requireSymbol,
    sessionIdleMinutes: policy.sessionIdleMinutes == null ? '' : String(policy.sessionIdleMinutes),
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const roles = (d: Draft) => [...d.twoFactorRequiredRoles].sort().join(',');
  return (
    roles(a) === roles(b) &&
    a.passwordMinLength.trim() === b.passwordMinLength.trim() &&
    a.requireMixedCase === b.requireMixedCase &&
    a.requireNumber === b.requireNumber &&
    a.requireSymbol === b.requireSymbol &&
    a.sessionIdleMinutes.trim() === b.sessionIdleMinutes.trim()
  );
}

/** "12" → 12; "" or "abc" → NaN (the server answers with its own message). */
function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * The security policy (issue 18 §2): which roles must use two-factor sign-in (a switch per role, with
 * how many of its users have it on), the password rules for new passwords, and the idle sign-out.
 * Saved with PUT /api/security/policy; the server's errors show on the form. Read-only without
 * manageSecurity.
 */
export function SecurityPolicyTab({ canManage, byRole }: { canManage: boolean; byRole: TwoFactorByRole[] | undefined }) {
  const policy = useSecurityPolicy();
  if (policy.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (policy.isError) return <QueryErrorCard query={policy} title={p.loadFailed} retryLabel={ss.tryAgain} />;
  return <PolicyForm key={JSON.stringify(policy.data)} policy={policy.data} canManage={canManage} byRole={byRole} />;
}

function PolicyForm({ policy, canManage, byRole }: { policy: SecurityPolicy; canManage: boolean; byRole: TwoFactorByRole[] | undefined }) {
  const id = React.useId();
  const initial = React.useMemo(() => toDraft(policy), [policy]);
  const [draft, setDraft] = React.useState<Draft>(initial);
  const save = useSaveSecurityPolicy();
  const dirty = !sameDraft(draft, initial);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const adoption = new Map((byRole ?? []).map((r) => [r.role, r]));

  function toggleRole(role: Role, on: boolean) {
    set({ twoFactorRequiredRoles: on ? [...draft.twoFactorRequiredRoles.filter((r) => r !== role), role] : draft.twoFactorRequiredRoles.filter((r) => r !== role) });
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!canManage || save.isPending) return;
    save.mutate(
      {
        twoFactorRequiredRoles: ROLES.filter((r) => draft.twoFactorRequiredRoles.includes(r)),
        passwordMinLength: toNumber(draft.passwordMinLength),
        requireMixedCase: draft.requireMixedCase,
        requireNumber: draft.requireNumber,
        requireSymbol: draft.requireSymbol,
        sessionIdleMinutes: draft.sessionIdleMinutes.trim() === '' ? null : toNumber(draft.sessionIdleMinutes),
      },
      { onSuccess: () => toast.success(p.saved) },
    );
  }

  const rules: { key: 'requireMixedCase' | 'requireNumber' | 'requireSymbol'; label: string; hint: string }[] = [
    { key: 'requireMixedCase', label: p.mixedCase, hint: p.mixedCaseHint },
    { key: 'requireNumber', label: p.number, hint: p.numberHint },
    { key: 'requireSymbol', label: p.symbol, hint: p.symbolHint },
  ];

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="security-policy">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader className="pb-4">
            <CardTitle>{p.twoFactorTitle}</CardTitle>
            <CardDescription className="leading-relaxed">{p.twoFactorText}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y rounded-lg border">
              {ROLES.map((role) => {
                const stats = adoption.get(role);
                const switchId = `${id}-role-${role}`;
                return (
                  <li key={role} className="flex items-center justify-between gap-4 px-3.5 py-3">
                    <div className="min-w-0">
                      <Label htmlFor={switchId} className="cursor-pointer">
                        {roleDisplayName(role)}
                      </Label>
                      {stats && <p className="mt-0.5 text-xs text-muted-foreground">{p.adoption(stats.withTwoFactor, stats.users)}</p>}
                    </div>
                    <Switch
                      id={switchId}
                      checked={draft.twoFactorRequiredRoles.includes(role)}
                      onCheckedChange={(on) => toggleRole(role, on)}
                      disabled={!canManage || save.isPending}
                      data-testid={`security-policy-role-${role}`}
                    />
                  </li>
                );
              })}
            </ul>
            <FieldError id={`${id}-roles-error`} message={fields.twoFactorRequiredRoles} />
          </CardContent>
        </Card>

        <div className="grid gap-4">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle>{p.passwordTitle}</CardTitle>
              <CardDescription className="leading-relaxed">{p.passwordText}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-1.5 sm:max-w-48">
                <Label htmlFor={`${id}-min`}>{p.minLength}</Label>
                <Input
                  id={`${id}-min`}
                  type="number"
                  inputMode="numeric"
                  min={PASSWORD_MIN_LENGTH_FLOOR}
                  max={PASSWORD_MIN_LENGTH_CEILING}
                  value={draft.passwordMinLength}
                  onChange={(e) => set({ passwordMinLength: e.target.value })}
                  disabled={!canManage || save.isPending}
                  aria-invalid={!!fields.passwordMinLength || undefined}
                  aria-describedby={`${id}-min-hint`}
                  data-testid="security-policy-min-length"
                />
                {fields.passwordMinLength ? (
                  <FieldError id={`${id}-min-hint`} message={fields.passwordMinLength} />
                ) : (
                  <p id={`${id}-min-hint`} className="text-xs text-muted-foreground">
                    {p.minLengthHint(PASSWORD_MIN_LENGTH_FLOOR, PASSWORD_MIN_LENGTH_CEILING)}
                  </p>
                )}
              </div>
              <ul className="divide-y rounded-lg border">
                {rules.map((r) => (
                  <li key={r.key} className="flex items-center justify-between gap-4 px-3.5 py-3">
                    <div className="min-w-0">
                      <Label htmlFor={`${id}-${r.key}`} className="cursor-pointer">
                        {r.label}
                      </Label>
                      <p className="mt-0.5 text-xs text-muted-foreground">{r.hint}</p>
                    </div>
                    <Switch
                      id={`${id}-${r.key}`}
                      checked={draft[r.key]}
                      onCheckedChange={(on) => set({ [r.key]: on })}
                      disabled={!canManage || save.isPending}
                      data-testid={`security-policy-${r.key}`}
                    />
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-4">
              <CardTitle>{p.sessionsTitle}</CardTitle>
              <CardDescription>{p.sessionsText}</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="grid gap-1.5 sm:max-w-64">
                <Label htmlFor={`${id}-idle`}>{p.idle}</Label>
                <Input
                  id={`${id}-idle`}
                  type="number"
                  inputMode="numeric"
                  min={SESSION_IDLE_MIN_MINUTES}
                  max={SESSION_IDLE_MAX_MINUTES}
                  value={draft.sessionIdleMinutes}
                  onChange={(e) => set({ sessionIdleMinutes: e.target.value })}
                  disabled={!canManage || save.isPending}
                  aria-invalid={!!fields.sessionIdleMinutes || undefined}
                  aria-describedby={`${id}-idle-hint`}
                  data-testid="security-policy-idle"
                />
                {fields.sessionIdleMinutes ? (
                  <FieldError id={`${id}-idle-hint`} message={fields.sessionIdleMinutes} />
                ) : (
                  <p id={`${id}-idle-hint`} className="text-xs text-muted-foreground">
                    {p.idleHint(SESSION_IDLE_MIN_MINUTES, SESSION_IDLE_MAX_MINUTES)}
                  </p>
                )}
              </div>
            </CardContent>
          </Card>
        </div>
      </div>

      {save.isError && <FormErrorAlert title={p.saveFailed} detail={save.error.message} testId="security-policy-error" />}

      {canManage && (
        <div
          className={cn(
            'flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end',
            // While there are unsaved changes the bar stays in view.
            dirty && 'sticky bottom-0 z-10 -mx-4 border-t bg-card/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.12)] backdrop-blur sm:bottom-3 sm:mx-0 sm:rounded-xl sm:border sm:px-4',
          )}
        >
          {dirty && <span className="text-sm text-muted-foreground sm:mr-auto" data-testid="security-policy-dirty">{p.unsaved}</span>}
          {dirty && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setDraft(initial);
                save.reset();
              }}
              disabled={save.isPending}
            >
              {p.reset}
            </Button>
          )}
          <PendingButton type="submit" pending={save.isPending} icon={Save} disabled={!dirty || save.isPending} data-testid="security-policy-save">
            {save.isPending ? p.saving : p.save}
          </PendingButton>
        </div>
      )}
    </form>
  );
}
