import { ArrowRight, ArrowUpRight, GraduationCap, Repeat, SkipForward } from 'lucide-react';
import type { PromotionPreview } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { formatNumber } from './format';
import { Notice } from './notice';

const m = messages.movements.promotion;

const TILES = [
  { key: 'promoted', icon: ArrowUpRight, tone: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' },
  { key: 'repeated', icon: Repeat, tone: 'bg-amber-500/12 text-amber-700 dark:text-amber-300' },
  { key: 'skipped', icon: SkipForward, tone: 'bg-sky-500/10 text-sky-700 dark:text-sky-300' },
  { key: 'graduated', icon: GraduationCap, tone: 'bg-violet-500/10 text-violet-700 dark:text-violet-300' },
] as const;

/** The dry run's answer: counts per outcome, warnings, where each stream goes, the target streams' fill. */
export function PromotionPreviewView({ preview }: { preview: PromotionPreview }) {
  return (
    <div className="grid gap-5" data-testid="promotion-preview">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map((t) => (
          <div key={t.key} className="flex items-center gap-3 rounded-lg border p-3" data-testid={`preview-${t.key}`}>
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', t.tone)}>
              <t.icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xl font-semibold tabular-nums" data-testid={`preview-${t.key}-count`}>
                {formatNumber(preview.counts[t.key])}
              </p>
              <p className="text-xs leading-tight text-muted-foreground">{m.counts[t.key]}</p>
            </div>
          </div>
        ))}
      </div>

      {preview.warnings.length > 0 && (
        <Notice tone="warning" testId="preview-warnings">
          <ul className="grid gap-0.5">
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Notice>
      )}
      {preview.leftOut.length > 0 && (
        <Notice title={m.leftOutTitle(preview.leftOut.length)}>
          <ul className="grid gap-0.5">
            {preview.leftOut.slice(0, 10).map((l) => (
              <li key={l.studentId}>
                {l.name} ({l.admissionNumber}): {l.reason}
              </li>
            ))}
          </ul>
        </Notice>
      )}

      <div className="grid gap-5 xl:grid-cols-2">
        <section className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold">{m.perStream}</h3>
          <ul className="divide-y rounded-lg border" data-testid="preview-streams">
            {preview.streams.map((s) => (
              <li key={s.fromClassId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="min-w-0 font-medium">{s.fromName}</span>
                <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden />
                <span className={cn('min-w-0', !s.toName && 'text-violet-700 dark:text-violet-300')}>{s.toName ?? m.graduates}</span>
                <span className="ml-auto flex flex-wrap gap-1.5 text-xs">
                  {s.promoted > 0 && <Pill tone="emerald">{`${s.promoted} ${m.counts.promoted.toLowerCase()}`}</Pill>}
                  {s.repeated > 0 && <Pill tone="amber">{`${s.repeated} ${m.counts.repeated.toLowerCase()}`}</Pill>}
                  {s.skipped > 0 && <Pill tone="sky">{`${s.skipped} ${m.counts.skipped.toLowerCase()}`}</Pill>}
                  {s.graduated > 0 && <Pill tone="violet">{`${s.graduated} ${m.counts.graduated.toLowerCase()}`}</Pill>}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold">{m.targetsTitle(preview.toYear.name)}</h3>
          <ul className="divide-y rounded-lg border" data-testid="preview-targets">
            {preview.targets.map((t) => {
              const pct = Math.min(100, Math.round((t.total / Math.max(1, t.capacity)) * 100));
              return (
                <li key={t.name} className="grid gap-1.5 px-3 py-2 text-sm" data-testid="preview-target" data-over={t.overCapacity || undefined}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{t.name}</span>
                    {t.willBeCreated && <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground">{m.willBeCreated}</span>}
                    {t.overCapacity && <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:text-amber-300">{m.overCapacityBadge}</span>}
                    <span className={cn('ml-auto text-xs tabular-nums', t.overCapacity ? 'font-semibold text-amber-700 dark:text-amber-300' : 'text-muted-foreground')}>
                      {m.capacity(t.total, t.capacity)}
                    </span>
                  </div>
                  <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                    <div className={cn('h-full rounded-full', t.overCapacity ? 'bg-amber-500' : 'bg-primary/70')} style={{ width: `${pct}%` }} />
                  </div>
                  {t.existing > 0 && <p className="text-xs text-muted-foreground">{m.existingIncoming(t.existing, t.incoming)}</p>}
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}

const PILL = {
  emerald: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  amber: 'bg-amber-500/12 text-amber-800 dark:text-amber-300',
  sky: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  violet: 'bg-violet-500/10 text-violet-700 dark:text-violet-300',
} as const;

function Pill({ tone, children }: { tone: keyof typeof PILL; children: string }) {
  return <span className={cn('rounded-full px-2 py-0.5 font-medium whitespace-nowrap tabular-nums', PILL[tone])}>{children}</span>;
}
