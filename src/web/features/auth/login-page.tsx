import * as React from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { School, ShieldCheck, Smartphone } from 'lucide-react';
import { startPathFor } from '@shared/default-view';
import { messages } from '@shared/messages';
import type { AccessType } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { api } from '@/lib/api';
import type { UssdSimulatorInfo } from '@shared/contracts/ussd';
import { ussdMessages } from '@shared/messages/ussd';
import { cn } from '@/lib/utils';
import { AuthHeader } from './components/auth-screen';
import { AuthAlert } from './components/auth-form-parts';
import { BrandPanel } from './components/brand-panel';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { SignInForm } from './components/sign-in-form';
import { TwoFactorCodeStep } from './components/two-factor-code-step';
import { TwoFactorSetupStep } from './components/two-factor-setup-step';
import { readRememberedLogin } from './remembered-login';
import { IconBadge } from '@/components/icon-badge';
import { perLocale } from '@shared/i18n/localized';

const AREAS = perLocale((): { value: AccessType; title: string; blurb: string; icon: typeof School }[] => ([
  { value: 'school', title: messages.login.schoolSection, blurb: messages.login.schoolBlurb, icon: School },
  { value: 'admin', title: messages.login.adminSection, blurb: messages.login.adminBlurb, icon: ShieldCheck },
]));

/**
 * /login (spec §2): split panel with the brand on the left and the two sign-in areas on the right,
 * "School Users" (school staff and parents) and "EduFam Admin Staff", each with its own form.
 * A signed-in visitor goes straight to their Default View's page (Settings; the dashboard by default). After the password, an account with two-factor on gets the
 * code step, and a role that requires two-factor without it the setup (issue 18 §2); both also show
 * on reload while the server still waits for them.
 */
export function LoginPage() {
  const { state, pending, notice } = useAuth();
  const [area, setArea] = React.useState<AccessType>(() => readRememberedLogin()?.accessType ?? 'school');
  const [forgot, setForgot] = React.useState<{ open: boolean; email: string; accessType: AccessType }>({
    open: false,
    email: '',
    accessType: 'school',
  });

  // Signed in (also after the two-factor step): the user's Default View (Settings) is where they start.
  if (state.status === 'ready' && state.user) return <Navigate to={startPathFor(state.user)} replace />;

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <BrandPanel />

      <main className="relative flex min-h-dvh flex-col">
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-linear-to-b from-primary/[0.07] to-transparent lg:hidden" />
        <AuthHeader homeLinkClassName="lg:invisible" />

        <div className="relative flex flex-1 items-start justify-center px-5 pb-10 pt-8 sm:items-center sm:px-8 sm:py-10">
          {pending?.kind === 'code' ? (
            <div className="w-full min-w-0 max-w-[26rem]">
              <TwoFactorCodeStep key="code" pending={pending} />
            </div>
          ) : pending?.kind === 'setup' ? (
            <div className="w-full min-w-0 max-w-xl">
              <TwoFactorSetupStep key="setup" pending={pending} />
            </div>
          ) : (
            <div className="w-full max-w-[26rem]">
              <div className="mb-7">
                <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">{messages.login.welcomeTitle}</h1>
                <p className="mt-1.5 text-sm text-muted-foreground">{messages.login.welcomeText}</p>
              </div>
              {/* Why the app signed the user out (spec §4: "Session expired. Please sign in again."). */}
              {notice && (
                <AuthAlert className="mb-5" testId="login-notice">
                  {notice}
                </AuthAlert>
              )}

              <Tabs.Root value={area} onValueChange={(v) => setArea(v as AccessType)}>
                <Tabs.List aria-label={messages.login.areaLabel} className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1 dark:bg-black/25">
                  {AREAS.map(({ value, title, icon: Icon }) => (
                    <Tabs.Trigger
                      key={value}
                      value={value}
                      className={cn(
                        'inline-flex min-w-0 cursor-pointer items-center justify-center gap-2 rounded-lg px-1.5 py-2 text-[13px] font-medium text-muted-foreground transition-all sm:px-2 sm:text-sm',
                        'hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-secondary',
                      )}
                    >
                      <Icon className="hidden size-4 shrink-0 min-[400px]:block" aria-hidden="true" />
                      <span className="truncate">{title}</span>
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>

                {AREAS.map(({ value, title, blurb, icon: Icon }) => (
                  <Tabs.Content key={value} value={value} className="mt-4 rounded-2xl border bg-card p-5 shadow-sm outline-none sm:p-7">
                    <div className="mb-6 flex items-start gap-3">
                      <IconBadge icon={Icon} className="size-10 rounded-xl bg-primary/10 text-primary" iconClassName="size-5" />
                      <div className="min-w-0">
                        <h2 className="text-base font-semibold leading-tight">{title}</h2>
                        <p className="mt-1 text-sm leading-snug text-muted-foreground">{blurb}</p>
                      </div>
                    </div>
                    <SignInForm accessType={value} onForgotPassword={(email) => setForgot({ open: true, email, accessType: value })} />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            </div>
          )}
        </div>

        <footer className="relative flex flex-col items-center gap-2 px-5 pb-6 text-center text-xs text-muted-foreground sm:px-8">
          <UssdSimulatorLink />
          <span>
            © {new Date().getFullYear()} EduFam · {messages.product.subtitle}
          </span>
        </footer>
      </main>

      <ForgotPasswordDialog
        open={forgot.open}
        onOpenChange={(open) => setForgot((f) => ({ ...f, open }))}
        initialEmail={forgot.email}
        accessType={forgot.accessType}
      />
    </div>
  );
}

/**
 * The demo's way to try the USSD service on a phone screen (issue 36 §3): shown only while the server
 * offers the simulator (SMS simulator on, never in production: GET /api/ussd/simulator).
 */
function UssdSimulatorLink() {
  const info = useQuery({
    queryKey: ['ussd', 'simulator'],
    queryFn: () => api<UssdSimulatorInfo>('/api/ussd/simulator'),
    staleTime: Infinity,
    retry: false,
  });
  if (!info.data?.enabled) return null;
  return (
    <Link to="/ussd-simulator" className="inline-flex items-center gap-1.5 rounded-md font-medium text-primary hover:underline" data-testid="ussd-simulator-link">
      <Smartphone className="size-3.5" aria-hidden="true" />
      {ussdMessages.simulatorLink}
    </Link>
  );
}
