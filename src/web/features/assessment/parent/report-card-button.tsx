import { FileDown, Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { reportCardUrl } from '../api/reports';
import { type useFileDownload } from '@/lib/download';

const m = messages.reportsScreens;

/**
 * "Download PDF" of one learner's term report card (GET /api/students/:id/report-card?termId=). A link
 * to the PDF that, when clicked, downloads it in place so a refusal ("no released results") shows as a
 * toast instead of a raw error page.
 */
export function ReportCardButton({
  studentId,
  termId,
  fileName,
  downloads,
  label = m.download,
  ariaLabel,
  variant = 'outline',
  size = 'sm',
  iconOnly = false,
  className,
}: {
  studentId: string;
  termId: string;
  fileName: string;
  downloads: ReturnType<typeof useFileDownload>;
  label?: string;
  ariaLabel?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  iconOnly?: boolean;
  className?: string;
}) {
  const url = reportCardUrl(studentId, termId);
  const key = `${studentId}:${termId}`;
  const busy = downloads.isBusy(key);
  return (
    <Button asChild variant={variant} size={size} className={cn(iconOnly && 'size-8 p-0', className)}>
      <a
        href={url}
        download={fileName}
        aria-label={ariaLabel ?? (iconOnly ? label : undefined)}
        title={iconOnly ? (ariaLabel ?? label) : undefined}
        aria-busy={busy || undefined}
        onClick={(e) => {
          e.preventDefault();
          if (!busy) void downloads.start(key, url, fileName);
        }}
        data-testid="report-card-link"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
        {!iconOnly && (busy ? m.downloading : label)}
      </a>
    </Button>
  );
}
