import * as React from 'react';
import { CheckCircle2, Hourglass, SkipForward, Sparkles, type LucideIcon } from 'lucide-react';
import type { GenerateInvoicesResponse } from '@shared/contracts/billing';
import { schoolToday } from '@shared/dates';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { OutcomeIcon } from '@/components/dialog-outcome';
import { Field } from '@/components/field';
import { DateField } from '@/components/date-field';
import { apiErrorOf, Kes, TextBox } from './billing-bits';
import { useGenerateInvoices } from './billing-api';

const t = s.generate;

/** One line of the generation's outcome list: a muted icon, then `children` (the count's wording). */
function OutcomeLine({ icon: Icon, testId, children }: { icon: LucideIcon; testId: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-muted-foreground" data-testid={testId}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </li>
  );
}

/** "Term 3 2026" for today's month in Kenya's school calendar (Jan–Apr, May–Aug, Sep–Dec). */
export function suggestedTermLabel(today: string = schoolToday()): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return `Term ${month <= 4 ? 1 : month <= 8 ? 2 : 3} ${year}`;
}

/**
 * "Generate term invoices" (issue 18 §1): a term label and the snapshot date whose active learners are
 * counted; the server creates one invoice per school on a plan in one transaction and skips schools
 * already invoiced for that term, so running it twice creates nothing new. Shows created/skipped.
 */
export function GenerateInvoicesDialog({ open, onClose, onShowTerm }: { open: boolean; onClose: () => void; onShowTerm: (termLabel: string) => void }) {
  const [termLabel, setTermLabel] = React.useState('');
  const [snapshotDate, setSnapshotDate] = React.useState('');
  const [errors, setErrors] = React.useState<{ termLabel?: string; snapshotDate?: string }>({});
  const [result, setResult] = React.useState<(GenerateInvoicesResponse & { termLabel: string }) | null>(null);
  const generate = useGenerateInvoices();

  React.useEffect(() => {
    if (!open) return;
    setTermLabel(suggestedTermLabel());
    setSnapshotDate(schoolToday());
    setErrors({});
    setResult(null);
    generate.reset();
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const server = apiErrorOf(generate.error);
  const busy = generate.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!termLabel.trim()) next.termLabel = t.termLabelRequired;
    if (!snapshotDate) next.snapshotDate = t.snapshotDateRequired;
    setErrors(next);
    if (next.termLabel || next.snapshotDate || busy) return;
    const label = termLabel.trim();
    generate.mutate({ termLabel: label, snapshotDate }, { onSuccess: (res) => setResult({ ...res, termLabel: label }) });
  };

  const amount = result?.invoices.reduce((sum, i) => sum + i.totalCents, 0) ?? 0;

  return (
    <FormDialog open={open} onClose={onClose} pending={busy} className="max-w-lg gap-5" testId="billing-generate-dialog" title={result ? t.doneTitle : t.title} description={result ? undefined : t.text} descriptionClassName="leading-relaxed">
      {result ? (
        <>
          <div className="flex flex-col items-center gap-2 py-1 text-center" role="status" data-testid="billing-generate-result" data-created={result.created} data-skipped={result.skipped}>
            <OutcomeIcon icon={CheckCircle2} />
            <p className="text-xl font-semibold tracking-tight" data-testid="billing-generate-created">
              {t.created(result.created)}
            </p>
            <p className="text-sm text-muted-foreground">
              {result.termLabel}
              {result.created > 0 && (
                <>
                  {' · '}
                  <Kes cents={amount} />
                </>
              )}
            </p>
          </div>
          <ul className="grid gap-2 rounded-xl border bg-muted/20 p-3.5 text-sm">
            <OutcomeLine icon={SkipForward} testId="billing-generate-skipped">
              {t.skipped(result.skipped)}
            </OutcomeLine>
            {result.inTrial > 0 && (
              <OutcomeLine icon={Hourglass} testId="billing-generate-trial">
                {t.inTrial(result.inTrial)}
              </OutcomeLine>
            )}
            {result.created === 0 && <li className="rounded-md bg-muted px-3 py-2">{t.nothing}</li>}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {s.common.close}
            </Button>
            <Button
              onClick={() => {
                onShowTerm(result.termLabel);
                onClose();
              }}
              data-testid="billing-generate-view"
            >
              {t.view}
            </Button>
          </DialogFooter>
        </>
      ) : (
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="gen-term" label={t.termLabel} hint={t.termLabelHint} error={errors.termLabel ?? server.fields.termLabel}>
              <TextBox
                id="gen-term"
                value={termLabel}
                maxLength={60}
                onValue={setTermLabel}
                invalid={!!(errors.termLabel ?? server.fields.termLabel)}
                testId="billing-generate-term"
              />
            </Field>
            <Field id="gen-snapshot" label={t.snapshotDate} hint={t.snapshotDateHint} error={errors.snapshotDate ?? server.fields.snapshotDate}>
              <DateField
                id="gen-snapshot"
                value={snapshotDate}
                onValueChange={setSnapshotDate}
                aria-invalid={!!(errors.snapshotDate ?? server.fields.snapshotDate) || undefined}
                data-testid="billing-generate-snapshot"
              />
            </Field>
          </div>
          {generate.isError && <FormErrorAlert title={t.failed} detail={server.message} testId="billing-generate-error" />}
          <FormDialogFooter cancelLabel={s.common.cancel} onCancel={onClose} label={busy ? t.generating : t.confirm} pending={busy} icon={<Sparkles aria-hidden />} submitTestId="billing-generate-confirm" />
        </form>
      )}
    </FormDialog>
  );
}
