import { ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { securityScreens } from '@shared/messages/security-screens';
import { useAuth } from '@/lib/auth';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { IconBadge } from '@/components/icon-badge';
import { ProfileSettingsPanel } from './profile-settings';

const a = securityScreens.account;

/**
 * Profile Settings opened from the user menu; closes after a successful save. Every role may turn on
 * two-factor sign-in: its card lives on the profile page, and the dialog links there (issue 34).
 */
export function ProfileSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
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
        {open && role && (
          <Link
            to={`${pathForSection(role, 'profile')}#security`}
            onClick={() => onOpenChange(false)}
            className="group flex items-center gap-3 rounded-lg border bg-card px-3 py-2.5 outline-none transition-colors hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="profile-security-link"
          >
            <IconBadge icon={ShieldCheck} className="size-9 shrink-0 rounded-lg bg-primary/10 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">{a.dialogLinkTitle}</span>
              <span className="block text-xs leading-relaxed text-muted-foreground">{a.dialogLinkText}</span>
            </span>
            <span className="hidden shrink-0 items-center gap-1 text-sm font-medium text-primary sm:inline-flex">
              {a.dialogLinkAction}
              <ChevronRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground sm:hidden" aria-hidden />
          </Link>
        )}
        {open && <ProfileSettingsPanel stickyFooter onSaved={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
