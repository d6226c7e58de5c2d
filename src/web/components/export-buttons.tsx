import { FileSpreadsheet, FileText, Loader2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A report's file formats. */
export type ExportFormat = 'pdf' | 'xlsx';

const FORMATS: { format: ExportFormat; icon: LucideIcon }[] = [
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: FileSpreadsheet },
];

/**
 * A report's outline "PDF" and "Excel" download buttons: the one whose file is downloading (`isBusy`)
 * shows a spinner instead of its icon, and both are disabled meanwhile. `onDownload` gets the format;
 * `testIds` and `className` go to each button.
 */
export function ExportButtons({
  isBusy,
  onDownload,
  pdfLabel,
  excelLabel,
  testIds,
  className,
}: {
  isBusy: (format: ExportFormat) => boolean;
  onDownload: (format: ExportFormat) => void;
  pdfLabel: string;
  excelLabel: string;
  testIds: Record<ExportFormat, string>;
  className?: string;
}) {
  const busy = FORMATS.some((f) => isBusy(f.format));
  return FORMATS.map(({ format, icon: Icon }) => (
    <Button key={format} variant="outline" onClick={() => onDownload(format)} disabled={busy} className={className} data-testid={testIds[format]}>
      {isBusy(format) ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
      {format === 'pdf' ? pdfLabel : excelLabel}
    </Button>
  ));
}
