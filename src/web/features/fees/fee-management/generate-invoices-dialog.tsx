import * as React from 'react';
import { AlertTriangle, CheckCircle2, FileCheck2, Loader2, Sparkles, UserCheck } from 'lucide-react';
import type { GenerateInvoicesResponse } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { OutcomeIcon } from '@/components/dialog-outcome';
import { Field } from '@/components/field';
import { useGenerateInvoices, usePreviewInvoices } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { TermSelect } from './inputs';
import { useLevelOptions, type TermOption } from '../components/terms';
import { IconBadge } from '@/components/icon-badge';

const m = messages.feeManagement;
const t = m.generate;

/**
 * "Generate invoices" (issue 11 §1): pick the term (and optionally a level); the server counts what it
 * would do (a preview that writes nothing) — invoices to create and their amount, learners already
 * invoiced, learners without a structure — then the user confirms and sees what was created. The
 * server's generation is idempotent: running it again creates nothing new.
 */
export function GenerateInvoicesDialog({
  open,
  onClose,
  terms,
  defaultTermId,
  onShowTerm,
}: {
  open: boolean;
  onClose: () => void;
  terms: TermOption[];
  defaultTermId: string;
  onShowTerm: (termId: string) => void;
}) {
  const [termId, setTermId] = React.useState(defaultTermId);
  const [levelId, setLevelId] = React.useState('');
  const [preview, setPreview] = React.useState<GenerateInvoicesResponse | null>(null);
  const [result, setResult] = React.useState<GenerateInvoicesResponse | null>(null);
  const previewCall = usePreviewInvoices();
  const generate = useGenerateInvoices();
  const levels = useLevelOptions();
  const { mutate: runPreview } = previewCall;

  React.useEffect(() => {
    if (!open) return;
    setTermId(defaultTermId);
    setLevelId('');
    setResult(null);
    generate.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Count again whenever the choice changes (only the last answer is kept).
  React.useEffect(() => {
    if (!open || !termId || result) return;
    setPreview(null);
    runPreview({ termId, levelId: levelId || undefined }, { onSuccess: setPreview });
  }, [open, termId, levelId, result, runPreview]);

  const confirm = () =>
    generate.mutate(
      { termId, levelId: levelId || undefined },
      {
        onSuccess: (res) => {
          setResult(res);
          setPreview(null);
        },
      },
    );

  const term = terms.find((x) => x.id === termId);
  const busy = generate.isPending;

  return (
    <FormDialog open={open} onClose={onClose} pending={busy} className="max-w-lg gap-5" testId="generate-dialog" title={result ? t.doneTitle : t.title} description={result ? undefined : t.text}>
      {result ? (
        <div className="flex flex-col items-center gap-2 py-2 text-center" role="status" data-testid="generate-result" data-created={result.created}>
          <OutcomeIcon icon={CheckCircle2} />
          <p className="text-xl font-semibold tracking-tight" data-testid="generate-result-count">
            {t.done(result.created)}
          </p>
          {result.created > 0 && <p className="text-sm text-muted-foreground">{t.doneAmount(formatMoney(result.amount))}</p>}
          <p className="text-sm text-muted-foreground">
            {term?.label}
            {result.alreadyInvoiced > 0 && ` · ${t.already(result.alreadyInvoiced)}`}
          </p>
          {result.withoutStructure > 0 && (
            <p className="mt-1 flex items-start gap-2 rounded-lg bg-amber-500/10 px-3 py-2 text-left text-sm text-amber-900 dark:text-amber-200">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t.without(result.withoutStructure)}. {t.withoutHint}
            </p>
          )}
        </div>
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="generate-term" label={t.term}>
              <TermSelect id="generate-term" terms={terms} value={termId} onChange={setTermId} testId="generate-term" />
            </Field>
            <Field id="generate-level" label={t.level}>
              <FilterSelect id="generate-level" value={levelId} onChange={setLevelId} all={t.levelAll} options={levels} testId="generate-level" />
            </Field>
          </div>

          <div className="rounded-xl border bg-muted/20 p-4" aria-live="polite" data-testid="generate-preview" data-busy={previewCall.isPending || undefined}>
            {previewCall.isError ? (
              <FormErrorAlert title={t.previewFailed} detail={previewCall.error.message} testId="generate-preview-error" />
            ) : !preview ? (
              <p className="flex items-center gap-2 py-3 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {t.previewing}
              </p>
            ) : (
              <div className="grid gap-3">
                <div className="flex items-start gap-3">
                  <IconBadge icon={FileCheck2} className={cn('size-10 rounded-lg', preview.created ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground')} iconClassName="size-5" />
                  <div className="min-w-0">
                    <p className="text-lg font-semibold tracking-tight" data-testid="generate-preview-count" data-count={preview.created}>
                      {t.willCreate(preview.created)}
                    </p>
                    {preview.created > 0 && (
                      <p className="text-sm text-muted-foreground">
                        {t.amount}: <Money value={preview.amount} className="font-medium text-foreground" />
                      </p>
                    )}
                  </div>
                </div>
                <ul className="grid gap-1.5 border-t pt-3 text-sm">
                  <li className="flex items-center gap-2 text-muted-foreground" data-testid="generate-preview-already">
                    <UserCheck className="size-4 shrink-0" aria-hidden />
                    {t.already(preview.alreadyInvoiced)}
                  </li>
                  <li className={cn('flex items-start gap-2', preview.withoutStructure ? 'text-amber-800 dark:text-amber-300' : 'text-muted-foreground')} data-testid="generate-preview-without">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>
                      {t.without(preview.withoutStructure)}
                      {preview.withoutStructure > 0 && <span className="block text-xs opacity-90">{t.withoutHint}</span>}
                    </span>
                  </li>
                </ul>
                {preview.created === 0 && <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{t.nothing}</p>}
              </div>
            )}
          </div>
          {generate.isError && <FormErrorAlert title={t.failed} detail={generate.error.message} testId="generate-error" />}
        </div>
      )}

      <DialogFooter>
        {result ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {m.common.close}
            </Button>
            {result.created > 0 && (
              <Button
                onClick={() => {
                  onShowTerm(termId);
                  onClose();
                }}
                data-testid="generate-view"
              >
                {t.viewInvoices}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {m.common.cancel}
            </Button>
            <PendingButton onClick={confirm} disabled={busy || !preview || preview.created === 0} data-testid="generate-confirm" pending={busy} icon={Sparkles}>
              {busy ? t.generating : t.confirm(preview?.created ?? 0)}
            </PendingButton>
          </>
        )}
      </DialogFooter>
    </FormDialog>
  );
}
