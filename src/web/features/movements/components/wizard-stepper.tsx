import { Check } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';

/**
 * The wizard's progress: numbered steps in a row from 640 px (done steps ticked and clickable to go
 * back), "Step 2 of 5 · Stream mapping" with a bar on phones.
 */
export function WizardStepper({ steps, current, onStep }: { steps: string[]; current: number; onStep: (i: number) => void }) {
  const pct = Math.round(((current + 1) / steps.length) * 100);
  return (
    <nav aria-label={messages.movements.promotion.stepOf(current + 1, steps.length)} data-testid="wizard-steps" data-step={current}>
      <div className="sm:hidden">
        <p className="text-sm font-medium">
          <span className="text-muted-foreground">{messages.movements.promotion.stepOf(current + 1, steps.length)} · </span>
          {steps[current]}
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
        </div>
      </div>
      <ol className="hidden items-center gap-2 sm:flex">
        {steps.map((label, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={label} className="flex min-w-0 flex-1 items-center gap-2 last:flex-none">
              <button
                type="button"
                disabled={!done}
                onClick={() => onStep(i)}
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex min-w-0 items-center gap-2 rounded-md px-1 py-0.5 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  done && 'cursor-pointer hover:text-foreground',
                  active ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                    done && 'border-primary bg-primary text-primary-foreground',
                    active && 'border-primary text-primary ring-4 ring-primary/15',
                  )}
                >
                  {done ? <Check className="size-3.5" aria-hidden /> : i + 1}
                </span>
                <span className="truncate">{label}</span>
              </button>
              {i < steps.length - 1 && <span className={cn('h-px min-w-4 flex-1', done ? 'bg-primary' : 'bg-border')} aria-hidden />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
