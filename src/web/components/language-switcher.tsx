import { Languages } from 'lucide-react';
import { LOCALES, LOCALE_NAMES, type Locale } from '@shared/i18n/locale';
import { languageMessages } from '@shared/messages/language';
import { setScreenLocale, useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

/**
 * English / Kiswahili as a compact segmented control (issue 36 §1), for the sign-in screens. Each
 * language is named in itself ("English", "Kiswahili"), so a reader finds theirs whatever is on screen.
 */
export function LanguageSwitcher({ className, onChange }: { className?: string; onChange?: (locale: Locale) => void }) {
  const locale = useLocale();
  return (
    <div role="radiogroup" aria-label={languageMessages.label} className={cn('inline-flex items-center gap-0.5 rounded-full border bg-card p-0.5 shadow-xs', className)}>
      <Languages aria-hidden="true" className="mx-1 size-3.5 text-muted-foreground" />
      {LOCALES.map((l) => {
        const active = locale === l;
        return (
          <button
            key={l}
            type="button"
            role="radio"
            aria-checked={active}
            lang={l}
            aria-label={LOCALE_NAMES[l]}
            onClick={() => (onChange ? onChange(l) : setScreenLocale(l, true))}
            className={cn(
              'inline-flex h-7 cursor-pointer items-center rounded-full px-2.5 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground',
              active && 'bg-primary/10 text-primary hover:text-primary',
            )}
          >
            {/* On a phone the two codes fit beside the theme switch; the names from sm up. */}
            <span className="sm:hidden">{l.toUpperCase()}</span>
            <span className="hidden sm:inline">{LOCALE_NAMES[l]}</span>
          </button>
        );
      })}
    </div>
  );
}
