import * as React from 'react';
import { toast } from 'sonner';
import type { ConversationMessage } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { useReportMessage } from './messages-api';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';

const r = t.report;

/** Shared look of the messages screens' multi-line inputs. */
export const textareaClass =
  'flex min-h-24 w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A labelled three-line reason box of the messages screens (report, safeguarding review) with its error
 * below; `markInvalid` also flags the box `aria-invalid` while there is an error.
 */
export function ReasonField({
  id,
  label,
  placeholder,
  maxLength,
  value,
  onChange,
  error,
  markInvalid,
}: {
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  markInvalid?: boolean;
}) {
  return (
    <LabelledField id={id} label={label} error={error ?? undefined} className="grid gap-1.5">
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={textareaClass}
        aria-invalid={markInvalid ? !!error || undefined : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </LabelledField>
  );
}

/** "Report message" on someone else's message: the reason goes to the principal (POST /api/messages/:id/report). */
export function ReportMessageDialog({ message, onClose }: { message: ConversationMessage | null; onClose: () => void }) {
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const report = useReportMessage();
  React.useEffect(() => {
    if (message) {
      setReason('');
      setError(null);
    }
  }, [message]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!message) return;
    report.mutate(
      { messageId: message.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(r.sent);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <FormDialog
      open={!!message}
      onClose={onClose}
      pending={report.isPending}
      className="max-w-md grid-cols-1"
      testId="report-dialog"
      form={{ onSubmit: submit, className: 'grid gap-4' }}
      title={r.title}
      description={r.description}
    >
      {message && <blockquote className="line-clamp-4 rounded-md border-l-4 bg-muted/50 px-3 py-2 text-sm break-words whitespace-pre-wrap">{message.body}</blockquote>}
      <ReasonField id="report-reason" label={r.reason} placeholder={r.reasonPlaceholder} maxLength={1000} value={reason} onChange={setReason} error={error} markInvalid />
      <FormDialogFooter cancelLabel={r.cancel} onCancel={onClose} pending={report.isPending} variant="destructive" submitTestId="report-submit" label={r.submit} />
    </FormDialog>
  );
}
