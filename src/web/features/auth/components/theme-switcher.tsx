import { Monitor, Moon, Sun } from 'lucide-react';
import { messages } from '@shared/messages';
import { perLocale } from '@shared/i18n/localized';
import { THEMES, type Theme } from '@shared/constants';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };
const LABELS = perLocale((): Record<Theme, string> => ({
  light: messages.settings.themeLight,
  dark: messages.settings.themeDark,
  system: messages.settings.themeSystem,
}));

/** Light / dark / system choice (spec §1, §4 Theme) as a compact segmented control. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label={messages.login.themeLabel} className={cn('inline-flex items-center gap-0.5 rounded-full border bg-card p-0.5 shadow-xs', className)}>
      {THEMES.map((t) => {
        const Icon = ICONS[t];
        const active = theme === t;
        return (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={active}
            aria-label={LABELS[t]}
            title={LABELS[t]}
            onClick={() => setTheme(t)}
            className={cn(
              'inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground',
              active && 'bg-primary/10 text-primary hover:text-primary',
            )}
          >
            <Icon className="size-3.5" />
          </button>
        );
      })}
    </div>
  );
}
