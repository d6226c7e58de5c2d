import * as React from 'react';
import { Check, X } from 'lucide-react';
import type { Approval } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { DecisionDialog } from '@/components/decision-dialog';
import { Label } from '@/components/ui/label';

const m = messages.financeOverview.approvals;
const NOTE_MAX = 500;

/**
 * Approve or reject one request, with an optional note (at most 500 characters): the shared
 * DecisionDialog (Escape and the overlay cancel, except while pending) holding the note field.
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
    <DecisionDialog
      open={open}
      approve={approve}
      pending={pending}
      onClose={onCancel}
      onSubmit={() => {
        if (!tooLong && !pending) onConfirm(note.trim());
      }}
      testId="decide-approval-dialog"
      icon={approve ? Check : X}
      title={approve ? m.approveTitle : m.rejectTitle}
      description={approval ? (approve ? m.approveText(approval.title) : m.rejectText(approval.title)) : ''}
      descriptionClassName="leading-relaxed"
      cancelLabel={m.cancel}
      confirmLabel={approve ? m.approve : m.reject}
      submitDisabled={tooLong}
      submitTestId="confirm-decision"
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
    </DecisionDialog>
  );
}
