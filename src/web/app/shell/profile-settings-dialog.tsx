import { messages } from '@shared/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ProfileSettingsPanel } from './profile-settings';

/** Profile Settings opened from the user menu; closes after a successful save. */
export function ProfileSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl gap-5 bg-background p-4 outline-none sm:p-6"
        onOpenAutoFocus={(e) => {
          // Focus the dialog itself rather than selecting the whole name.
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader className="pr-6">
          <DialogTitle>{messages.shell.profileSettings}</DialogTitle>
          <DialogDescription>{messages.settings.dialogDescription}</DialogDescription>
        </DialogHeader>
        {open && <ProfileSettingsPanel stickyFooter onSaved={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
