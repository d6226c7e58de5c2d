import * as React from 'react';
import { Check, Loader2, X } from 'lucide-react';
import type { Approval } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

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
  const Icon = approve ? Check : X;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid="decide-approval-dialog">
        <DialogHeader className="gap-2">
          <span
            className={cn(
              'mb-1 inline-flex size-11 items-center justify-center rounded-full',
              approve ? 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400' : 'bg-destructive/10 text-destructive',
            )}
          >
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{approve ? m.approveTitle : m.rejectTitle}</DialogTitle>
          <DialogDescription className="leading-relaxed">{approval ? (approve ? m.approveText(approval.title) : m.rejectText(approval.title)) : ''}</DialogDescription>
        </DialogHeader>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              {m.cancel}
            </Button>
            <Button
              type="submit"
              variant={approve ? 'default' : 'destructive'}
              className={approve ? 'bg-emerald-600 text-white hover:bg-emerald-600/90' : undefined}
              disabled={pending || tooLong}
              data-testid="confirm-decision"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {approve ? m.approve : m.reject}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
