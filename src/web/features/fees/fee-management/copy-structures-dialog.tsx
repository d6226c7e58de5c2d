import * as React from 'react';
import { ArrowRight, Copy, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Field } from '@/components/field';
import { useCopyStructures, useFeeStructures } from '../api/fees';
import { TermSelect } from './inputs';
import type { TermOption } from '../components/terms';

const m = messages.feeManagement;
const t = m.copy;

/**
 * "Copy from another term": the picked term's structures are copied into `into` (the term on screen);
 * those that exist there already are skipped. Shows how many the source has before copying.
 */
export function CopyStructuresDialog({ open, onClose, terms, into, schoolId }: { open: boolean; onClose: () => void; terms: TermOption[]; into: TermOption; schoolId: string | null }) {
  const [from, setFrom] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const copy = useCopyStructures();
  const source = useFeeStructures(from || null, schoolId);

  React.useEffect(() => {
    if (!open) return;
    // The term before the one on screen is the usual source.
    const idx = terms.findIndex((x) => x.id === into.id);
    setFrom(terms[idx + 1]?.id ?? '');
    setError(undefined);
    copy.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!from) return setError(messages.fees.termRequired);
    if (from === into.id) return setError(t.sameTerm);
    setError(undefined);
    copy.mutate(
      { fromTermId: from, toTermId: into.id },
      {
        onSuccess: (res) => {
          toast.success(t.done(res.copied, res.skipped));
          onClose();
        },
      },
    );
  };

  const count = source.data?.length;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={copy.isPending}
      className="max-w-lg"
      testId="copy-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'grid gap-5 [&_[aria-invalid=true]]:border-destructive' }}
      title={t.title}
      description={t.text(into.label)}
    >
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Field id="copy-from" label={t.from} error={error}>
          <TermSelect id="copy-from" terms={terms} value={from} onChange={setFrom} label={t.fromPlaceholder} exclude={into.id} invalid={!!error} testId="copy-from" />
        </Field>
        <ArrowRight className="mb-3 hidden size-4 text-muted-foreground sm:block" aria-hidden />
        <div className="grid gap-2">
          <span className="text-sm font-medium">{t.to}</span>
          <p className="flex h-10 items-center rounded-md border bg-muted/40 px-3 text-sm">{into.label}</p>
        </div>
      </div>
      {from && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="copy-count">
          {source.isLoading ? (
            <>
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
              {t.counting}
            </>
          ) : (
            count !== undefined && t.sourceCount(count)
          )}
        </p>
      )}
      {copy.isError && <FormErrorAlert title={t.failed} detail={copy.error.message} testId="copy-error" />}
      <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={t.submit} pending={copy.isPending} disabled={count === 0} icon={<Copy aria-hidden />} submitTestId="copy-submit" />
    </FormDialog>
  );
}
