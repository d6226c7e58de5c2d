import { Ban, Copy, Download, ExternalLink, Eye, MoreHorizontal } from 'lucide-react';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { PendingButton } from '@/components/pending-button';
import { IconMenuItem } from '@/components/row-menu';
import { copyVerifyLink } from '../api/certificates';
import { isRevoked } from './format';

const a = m.actions;

export interface CertificateActionHandlers {
  /** Revoking is offered (principal of the school, edufam_admin). */
  canRevoke: boolean;
  onOpen: (cert: CertificateListItem) => void;
  onRevoke: (cert: CertificateListItem) => void;
  onDownload: (cert: CertificateListItem) => void;
  isDownloading: (id: string) => boolean;
}

/**
 * A certificate's row actions: a Download PDF button, and a menu with the details, Copy verification
 * link, Open verification page (new tab) and, when allowed and still valid, Revoke.
 */
export function CertificateActions({ cert, handlers, className }: { cert: CertificateListItem; handlers: CertificateActionHandlers; className?: string }) {
  const busy = handlers.isDownloading(cert.id);
  return (
    // Clicks here (and in the menu, which React bubbles through its portal) must not open the row.
    <div className={cn('flex items-center justify-end gap-0.5', className)} onClick={(e) => e.stopPropagation()}>
      <PendingButton
        pending={busy}
        icon={Download}
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground"
        onClick={() => handlers.onDownload(cert)}
        aria-label={a.download}
        title={a.download}
        data-testid="certificate-download"
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8 text-muted-foreground" aria-label={a.menu(cert.student.name)} data-testid="certificate-menu">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-56">
          <IconMenuItem icon={Eye} label={a.view} onSelect={() => handlers.onOpen(cert)} testId="certificate-view" />
          <IconMenuItem icon={Download} label={a.download} onSelect={() => handlers.onDownload(cert)} testId="certificate-menu-download" />
          <IconMenuItem icon={Copy} label={a.copyLink} onSelect={() => void copyVerifyLink(cert.verifyUrl, a.copied, a.copyFailed)} testId="certificate-copy-link" />
          <DropdownMenuItem asChild>
            <a href={cert.verifyUrl} target="_blank" rel="noopener noreferrer" data-testid="certificate-open-link">
              <ExternalLink aria-hidden />
              {a.openLink}
            </a>
          </DropdownMenuItem>
          {handlers.canRevoke && !isRevoked(cert) && <IconMenuItem icon={Ban} label={a.revoke} onSelect={() => handlers.onRevoke(cert)} danger separated testId="certificate-revoke" />}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
