import * as React from 'react';
import { Check, X } from 'lucide-react';
import type { Approval } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { DIALOG_ICON_TONE, FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Label } from '@/components/ui/label';

const m = messages.financeOverview.approvals;
const NOTE_MAX = 500;

/**
 * Approve or reject one request, with an optional note: the confirmation of the shared ConfirmDialog
 * (same look and behaviour: Escape and the overlay cancel, except while pending) plus the note field,
 * which ConfirmDialog has no room for.
 */
export function DecideApprovalDialog({
  approval,
  approve,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  approval: Approval | null;
  approve: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = React.useState('');
  const open = !!approval;
  React.useEffect(() => {
    if (open) setNote('');
  }, [open, approval?.id]);
  const tooLong = note.trim().length > NOTE_MAX;
  return (
    <FormDialog
      open={open}
      onClose={onCancel}
      pending={pending}
      className="max-w-md gap-5"
      testId="decide-approval-dialog"
      icon={approve ? Check : X}
      iconClassName={approve ? DIALOG_ICON_TONE.success : DIALOG_ICON_TONE.danger}
      title={approve ? m.approveTitle : m.rejectTitle}
      description={approval ? (approve ? m.approveText(approval.title) : m.rejectText(approval.title)) : ''}
      descriptionClassName="leading-relaxed"
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooLong && !pending) onConfirm(note.trim());
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="approval-note">
            {m.note} <span className="font-normal text-muted-foreground">({m.noteOptional})</span>
          </Label>
          <textarea
            id="approval-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            placeholder={m.notePlaceholder}
            aria-invalid={tooLong}
            aria-describedby={tooLong ? 'approval-note-error' : undefined}
            className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="approval-note"
          />
          <FieldError id="approval-note-error" message={tooLong ? m.noteTooLong : undefined} />
        </div>
        {error && <FormErrorAlert title={m.failed} detail={error} testId="approval-error" />}
        <FormDialogFooter
          cancelLabel={m.cancel}
          onCancel={onCancel}
          label={approve ? m.approve : m.reject}
          pending={pending}
          disabled={tooLong}
          variant={approve ? 'default' : 'destructive'}
          submitClassName={approve ? 'bg-emerald-600 text-white hover:bg-emerald-600/90' : undefined}
          submitTestId="confirm-decision"
        />
      </form>
    </FormDialog>
  );
}
