import * as React from 'react';
import { FileUp } from 'lucide-react';
import type { ImportResult } from '@shared/contracts/learner-files';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LearnerImportPanel } from './learner-import-panel';

const m = messages.learnerFiles;

export interface LearnerImportDialogProps {
  /** The button that opens the wizard; default: an outline "Import" button (data-testid learners-import). */
  trigger?: React.ReactNode;
  /** Controlled opening (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After an import, when the user closes the summary. */
  onDone?: (result: ImportResult) => void;
}

/**
 * The import wizard in a dialog (the register's "Import" action). Closing the dialog while the task runs
 * leaves it running on the server; the register refreshes when it ends if the dialog is still open.
 */
export function LearnerImportDialog({ trigger, open: controlled, onOpenChange, onDone }: LearnerImportDialogProps) {
  const [own, setOwn] = React.useState(false);
  const open = controlled ?? own;
  const setOpen = (v: boolean) => {
    setOwn(v);
    onOpenChange?.(v);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" data-testid="learners-import">
            <FileUp aria-hidden />
            {m.importButton}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-3xl gap-5 p-4 sm:p-6" onInteractOutside={(e) => e.preventDefault()} data-testid="learner-import-dialog">
        <DialogHeader className="pr-6">
          <DialogTitle>{m.importTitle}</DialogTitle>
          <DialogDescription>{m.importDescription}</DialogDescription>
        </DialogHeader>
        {open && (
          <LearnerImportPanel
            onCancel={() => setOpen(false)}
            onDone={(result) => {
              setOpen(false);
              onDone?.(result);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
