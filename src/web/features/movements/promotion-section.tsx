import * as React from 'react';
import { ArrowLeft, ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { ApplyPromotionResponse, PromotionAction, PromotionPreviewBody, SourceStream } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { LoadErrorCard } from '@/components/list-states';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Switch } from '@/components/ui/switch';
import { PendingButton } from '@/components/pending-button';
import { useApplyPromotion, usePromotionPlan, usePromotionPreview } from './api/movements';
import { formatNumber } from './components/format';
import { MovementPage, errorText } from './components/movement-page';
import { LoadingLine, Notice } from './components/notice';
import { PromotionBatches } from './components/promotion-batches';
import { PromotionPreviewView } from './components/promotion-preview';
import { ExceptionsStep, GRADUATE, MappingStep, YearsStep, targetKey, type MarkedException, type TargetChoice } from './components/promotion-steps';
import { WizardStepper } from './components/wizard-stepper';
import { perLocale } from '@shared/i18n/localized';

const m = messages.movements.promotion;
const c = messages.movements.common;
const STEPS = perLocale(() => ([m.steps.years, m.steps.mapping, m.steps.exceptions, m.steps.preview, m.steps.apply]));

/**
 * Student Promotion (issue 10 §2 Promotion; principal, section `student-promotion`): a year-end wizard:
 * years (from the current year into the next, created with Ministry-pattern terms when missing) →
 * stream mapping (default: same stream one level up; the final level graduates) → exceptions (repeat,
 * skip) → preview (dry run: counts, capacity warnings) → apply (one transaction; optionally make the
 * new year current). Recent promotions below, each with Undo while the new year has no data.
 */
export function PromotionSection() {
  const [step, setStep] = React.useState(0);
  const [fromYearId, setFromYearId] = React.useState('');
  const [target, setTarget] = React.useState<TargetChoice | null>(null);
  const [overrides, setOverrides] = React.useState<Record<string, string>>({});
  const [marked, setMarked] = React.useState<Record<string, MarkedException>>({});
  const [makeCurrent, setMakeCurrent] = React.useState(false);
  const [done, setDone] = React.useState<ApplyPromotionResponse | null>(null);

  const plan = usePromotionPlan(fromYearId, target?.kind === 'existing' ? target.id : '');
  const p = plan.data;
  // The target the plan chose when the user has not picked one.
  const effectiveTarget: TargetChoice | null =
    target ?? (p?.target ? (p.target.exists && p.target.id ? { kind: 'existing', id: p.target.id } : { kind: 'new', name: p.target.name }) : null);

  const defaults = new Map((p?.defaultMapping ?? []).map((d) => [d.fromClassId, d.to ? targetKey(d.to) : GRADUATE]));
  const mappingOf = (s: SourceStream) => overrides[s.classId] ?? defaults.get(s.classId) ?? GRADUATE;

  // The request of the dry run and of apply (React Query compares it by value).
  const body: PromotionPreviewBody | null = (() => {
    if (!p?.fromYear || !effectiveTarget) return null;
    const mapping = Object.entries(overrides)
      .filter(([id, v]) => v !== defaults.get(id))
      .map(([fromClassId, v]) => {
        if (v === GRADUATE) return { fromClassId, to: null };
        const [levelId, ...rest] = v.split('|');
        return { fromClassId, to: { levelId: levelId!, stream: rest.join('|') } };
      });
    return {
      fromYearId: p.fromYear.id,
      ...(effectiveTarget.kind === 'existing' ? { toYearId: effectiveTarget.id } : { toYearName: effectiveTarget.name }),
      mapping,
      exceptions: Object.values(marked).map((e) => ({ studentId: e.studentId, action: e.action })),
    };
  })();

  const preview = usePromotionPreview(step >= 3 && !done ? body : null);
  const apply = useApplyPromotion();

  const resetChoices = () => {
    setOverrides({});
    setMarked({});
  };
  const restart = () => {
    setDone(null);
    setStep(0);
    setFromYearId('');
    setTarget(null);
    setMakeCurrent(false);
    resetChoices();
  };

  const learners = p?.sourceStreams.reduce((n, s) => n + s.learners, 0) ?? 0;
  const canLeaveYears = !!p?.fromYear && !!effectiveTarget && !p.appliedBatchId && learners > 0 && !plan.isPlaceholderData;
  const canNext = step === 0 ? canLeaveYears : step === 3 ? !!preview.data && !preview.isFetching : true;

  const onApply = () => {
    if (!body) return;
    apply.mutate(
      { ...body, makeCurrent },
      {
        onSuccess: (res) => {
          setDone(res);
          toast.success(m.appliedTitle, { description: res.message });
        },
      },
    );
  };

  let content: React.ReactNode;
  if (plan.isError && !p) {
    content = <LoadErrorCard title={c.loadFailed} detail={errorText(plan.error, '')} retryLabel={c.tryAgain} onRetry={() => void plan.refetch()} retryTestId="promotion-retry" />;
  } else if (!p) {
    content = <SkeletonStack className="grid gap-3" cells={['h-10 w-full', 'h-24 w-full']} />;
  } else if (done) {
    content = (
      <div className="grid gap-5" data-testid="promotion-done">
        <div className="flex items-start gap-3 rounded-lg border border-emerald-500/30 bg-emerald-500/8 p-4">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold">{m.appliedTitle}</p>
            <p className="mt-0.5 text-sm text-muted-foreground" data-testid="promotion-done-message">
              {done.message}
            </p>
          </div>
        </div>
        <PromotionPreviewView preview={done.preview} />
        <div>
          <Button variant="outline" onClick={restart} data-testid="promotion-restart">
            <RotateCcw aria-hidden />
            {m.startAgain}
          </Button>
        </div>
      </div>
    );
  } else if (step === 0) {
    content = (
      <YearsStep
        plan={p}
        fromYearId={fromYearId}
        onFrom={(id) => {
          setFromYearId(id);
          setTarget(null);
          resetChoices();
        }}
        target={effectiveTarget}
        onTarget={(t) => {
          setTarget(t);
          resetChoices();
        }}
      />
    );
  } else if (step === 1) {
    content = <MappingStep plan={p} mappingOf={mappingOf} onMap={(id, v) => setOverrides((o) => ({ ...o, [id]: v }))} />;
  } else if (step === 2) {
    content = (
      <ExceptionsStep
        plan={p}
        marked={marked}
        onMark={(l, action: PromotionAction | null) =>
          setMarked((cur) => {
            const next = { ...cur };
            if (action) next[l.studentId] = { ...l, action };
            else delete next[l.studentId];
            return next;
          })
        }
      />
    );
  } else if (step === 3) {
    content = preview.isError ? (
      <FormErrorAlert title={m.previewFailed} detail={errorText(preview.error, '')} testId="promotion-preview-error" />
    ) : !preview.data || preview.isFetching ? (
      <LoadingLine className="py-8" busy>
        {m.previewing}
      </LoadingLine>
    ) : (
      <PromotionPreviewView preview={preview.data} />
    );
  } else {
    const pv = preview.data;
    const toName = pv?.toYear.name ?? p.target?.name ?? '';
    content = (
      <div className="grid gap-5" data-testid="promotion-apply">
        <div>
          <h3 className="font-semibold">{m.applyTitle}</h3>
          {pv && <p className="mt-1 text-sm text-muted-foreground">{m.applySummary(pv.counts.total, pv.fromYear.name, toName)}</p>}
        </div>
        {pv && (
          <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {(['promoted', 'repeated', 'skipped', 'graduated'] as const).map((k) => (
              <li key={k} className="rounded-lg border px-3 py-2">
                <span className="block text-lg font-semibold tabular-nums">{formatNumber(pv.counts[k])}</span>
                <span className="text-xs text-muted-foreground">{m.counts[k]}</span>
              </li>
            ))}
          </ul>
        )}
        {pv && pv.warnings.length > 0 && (
          <Notice tone="warning">
            <ul>
              {pv.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </Notice>
        )}
        <div className="flex items-start gap-3 rounded-lg border p-3.5">
          <Switch id="promotion-make-current" checked={makeCurrent} onCheckedChange={setMakeCurrent} data-testid="promotion-make-current" />
          <div className="grid gap-0.5">
            <Label htmlFor="promotion-make-current">{m.makeCurrent(toName)}</Label>
            <p className="text-xs text-muted-foreground">{m.makeCurrentHint}</p>
          </div>
        </div>
        {apply.isError && <FormErrorAlert title={c.actionFailed} detail={errorText(apply.error, '')} testId="promotion-apply-error" />}
      </div>
    );
  }

  const last = step === STEPS.length - 1;
  return (
    <MovementPage testId="promotion-section" subtitle={m.subtitle}>
      <div className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6" data-testid="promotion-wizard">
        {!done && <WizardStepper steps={STEPS} current={step} onStep={setStep} />}
        <div className={plan.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{content}</div>
        {!done && p && (
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || apply.isPending} data-testid="promotion-back">
              <ArrowLeft aria-hidden />
              {c.back}
            </Button>
            {last ? (
              <PendingButton pending={apply.isPending} icon={CheckCircle2} onClick={onApply} disabled={apply.isPending || !preview.data} data-testid="promotion-apply-button">
                {apply.isPending ? m.applying : m.apply}
              </PendingButton>
            ) : (
              <Button onClick={() => setStep((s) => s + 1)} disabled={!canNext} data-testid="promotion-next">
                {c.next}
                <ArrowRight aria-hidden />
              </Button>
            )}
          </div>
        )}
      </div>
      <PromotionBatches />
    </MovementPage>
  );
}
