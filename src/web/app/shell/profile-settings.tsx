import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Monitor, Moon, Save, Sun } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { toast } from 'sonner';
import { DEFAULT_VIEWS, THEMES, type DefaultView, type Theme } from '@shared/constants';
import { messages } from '@shared/messages';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useTheme } from '@/lib/theme';
import type { SessionUser } from '@/lib/types';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { LOCALES, LOCALE_NAMES, type Locale } from '@shared/i18n/locale';
import { perLocale } from '@shared/i18n/localized';
import { languageMessages } from '@shared/messages/language';
import { setScreenLocale, useLocale } from '@/lib/locale';

const m = messages.settings;

/** One settings toast at a time (spec §9 Toasts: settings toasts limit 1). */
const SETTINGS_TOAST_ID = 'settings-toast';

const THEME_LABELS = perLocale((): Record<Theme, string> => ({ light: m.themeLight, dark: m.themeDark, system: m.themeSystem }));
const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };
const VIEW_LABELS = perLocale((): Record<DefaultView, string> => ({ dashboard: m.viewDashboard, analytics: m.viewAnalytics, overview: m.viewOverview }));

interface ProfileInput {
  name: string;
  themePreference: Theme;
  dashboardPreferences: { compactMode: boolean; defaultView: DefaultView };
}

function asTheme(v: string | undefined): Theme {
  return (THEMES as readonly string[]).includes(v ?? '') ? (v as Theme) : 'system';
}
function asView(v: string | undefined): DefaultView {
  return (DEFAULT_VIEWS as readonly string[]).includes(v ?? '') ? (v as DefaultView) : 'dashboard';
}

/**
 * Profile Settings (spec §2 Settings / profile panel, §4 Settings save, §8 Settings): three cards and
 * Save Changes (disabled while saving). Saving with an empty name does nothing.
 */
export function ProfileSettingsPanel({
  onSaved,
  className,
  stickyFooter,
}: {
  onSaved?: (user: SessionUser) => void;
  className?: string;
  /** Keep Save Changes visible at the bottom of a scrolling dialog. */
  stickyFooter?: boolean;
}) {
  const { state, setUser } = useAuth();
  const { setTheme } = useTheme();
  const user = state.user;

  const [name, setName] = React.useState(user?.name ?? '');
  const [theme, setThemeChoice] = React.useState<Theme>(asTheme(user?.themePreference));
  const [compactMode, setCompactMode] = React.useState(!!user?.dashboardPreferences?.compactMode);
  const [defaultView, setDefaultView] = React.useState<DefaultView>(asView(user?.dashboardPreferences?.defaultView));
  const id = React.useId();

  const save = useMutation({
    mutationFn: (input: ProfileInput) => api<{ user: SessionUser }>('/api/profile', { method: 'PUT', json: input }),
    onSuccess: ({ user: saved }) => {
      setUser(saved);
      setTheme(asTheme(saved.themePreference));
      toast.success(m.successTitle, { id: SETTINGS_TOAST_ID, description: m.successText });
      onSaved?.(saved);
    },
    onError: (err) => {
      toast.error(m.errorTitle, { id: SETTINGS_TOAST_ID, description: err instanceof Error && err.message ? err.message : m.failed });
    },
  });

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || save.isPending) return;
    save.mutate({ name: trimmed, themePreference: theme, dashboardPreferences: { compactMode, defaultView } });
  }

  if (!user) return null;

  return (
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-4', className)} noValidate>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{m.profileCard}</CardTitle>
          <CardDescription>{m.profileCardText}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-name`}>{m.displayName}</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={120} />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-email`}>{m.emailAddress}</Label>
            <Input id={`${id}-email`} value={user.email} readOnly disabled aria-describedby={`${id}-email-note`} className="bg-muted/60" />
            <p id={`${id}-email-note`} className="text-xs text-muted-foreground">
              {m.emailNote}
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{m.appearanceCard}</CardTitle>
          <CardDescription>{m.appearanceCardText}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Label id={`${id}-theme`}>{m.theme}</Label>
          <RadioGroup value={theme} onValueChange={(v) => setThemeChoice(asTheme(v))} aria-labelledby={`${id}-theme`} className="grid-cols-3 gap-2 sm:gap-3">
            {THEMES.map((t) => {
              const Icon = THEME_ICONS[t];
              return (
                <RadioGroupPrimitive.Item
                  key={t}
                  value={t}
                  aria-label={THEME_LABELS[t]}
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-2 rounded-lg border bg-card px-2 py-3 text-sm font-medium text-muted-foreground outline-none transition-colors',
                    'hover:bg-accent/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    'data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
                  )}
                >
                  <Icon className="size-5" />
                  {THEME_LABELS[t]}
                </RadioGroupPrimitive.Item>
              );
            })}
          </RadioGroup>
        </CardContent>
      </Card>

      <LanguageCard />

      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{m.dashboardCard}</CardTitle>
          <CardDescription>{m.dashboardCardText}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-compact`}>{m.compactMode}</Label>
              <p className="text-xs text-muted-foreground">{m.compactModeNote}</p>
            </div>
            <Switch id={`${id}-compact`} checked={compactMode} onCheckedChange={setCompactMode} />
          </div>
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor={`${id}-view`}>{m.defaultView}</Label>
            <Select value={defaultView} onValueChange={(v) => setDefaultView(asView(v))}>
              <SelectTrigger id={`${id}-view`} aria-describedby={`${id}-view-note`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DEFAULT_VIEWS.map((v) => (
                  <SelectItem key={v} value={v}>
                    {VIEW_LABELS[v]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id={`${id}-view-note`} className="text-xs text-muted-foreground">
              {m.defaultViewNote}
            </p>
          </div>
        </CardContent>
      </Card>

      <div
        className={cn(
          'flex justify-end',
          stickyFooter && 'sticky -bottom-4 z-10 -mx-4 -mb-4 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6',
        )}
      >
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
          {save.isPending ? m.saving : m.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * The Language card (issue 36 §1): English or Kiswahili, saved at once to the profile
 * (PATCH /api/profile { locale }) so every device the person signs in on follows; the screen is
 * drawn again in the chosen language.
 */
function LanguageCard() {
  const { setUser } = useAuth();
  const locale = useLocale();
  const id = React.useId();
  const save = useMutation({
    mutationFn: (next: Locale) => api<{ user: SessionUser }>('/api/profile', { method: 'PATCH', json: { locale: next } }),
    onSuccess: ({ user: saved }) => {
      setUser(saved);
      setScreenLocale(saved.locale);
      toast.success(languageMessages.saved, { id: SETTINGS_TOAST_ID });
    },
    onError: (err) => {
      toast.error(languageMessages.saveFailed, { id: SETTINGS_TOAST_ID, description: err instanceof Error ? err.message : undefined });
    },
  });
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={`${id}-language`}>{languageMessages.card}</CardTitle>
        <CardDescription>{languageMessages.cardText}</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          value={locale}
          onValueChange={(v) => (v === 'en' || v === 'sw') && v !== locale && save.mutate(v)}
          aria-labelledby={`${id}-language`}
          className="grid-cols-2 gap-2 sm:max-w-sm sm:gap-3"
        >
          {LOCALES.map((l) => (
            <RadioGroupPrimitive.Item
              key={l}
              value={l}
              lang={l}
              disabled={save.isPending}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border bg-card px-3 py-2.5 text-sm font-medium text-muted-foreground outline-none transition-colors',
                'hover:bg-accent/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-wait',
                'data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
            >
              {save.isPending && save.variables === l ? <Loader2 className="size-4 animate-spin" /> : null}
              {LOCALE_NAMES[l]}
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
