import { Ban, Copy, Download, ExternalLink, Eye, Loader2, MoreHorizontal } from 'lucide-react';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
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
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground"
        onClick={() => handlers.onDownload(cert)}
        disabled={busy}
        aria-label={a.download}
        title={a.download}
        data-testid="certificate-download"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8 text-muted-foreground" aria-label={a.menu(cert.student.name)} data-testid="certificate-menu">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-56">
          <DropdownMenuItem onSelect={() => handlers.onOpen(cert)} data-testid="certificate-view">
            <Eye aria-hidden />
            {a.view}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => handlers.onDownload(cert)} data-testid="certificate-menu-download">
            <Download aria-hidden />
            {a.download}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copyVerifyLink(cert.verifyUrl, a.copied, a.copyFailed)} data-testid="certificate-copy-link">
            <Copy aria-hidden />
            {a.copyLink}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={cert.verifyUrl} target="_blank" rel="noopener noreferrer" data-testid="certificate-open-link">
              <ExternalLink aria-hidden />
              {a.openLink}
            </a>
          </DropdownMenuItem>
          {handlers.canRevoke && !isRevoked(cert) && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => handlers.onRevoke(cert)} className="text-destructive focus:text-destructive" data-testid="certificate-revoke">
                <Ban aria-hidden />
                {a.revoke}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
