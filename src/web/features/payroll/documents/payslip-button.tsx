import { FileDown, Loader2 } from 'lucide-react';
import { payrollDocumentsMessages as pm } from '@shared/messages/payroll-documents';
import { Button } from '@/components/ui/button';
import { useFileDownload } from '@/lib/download';
import { documentPaths } from './documents-api';

const m = pm.run;

/**
 * "Download payslip" of one member of staff on a payroll run's lines (HR): fetches
 * GET /api/payroll/runs/:id/payslips/:staffId.pdf (one page; a draft run's is watermarked DRAFT and
 * labelled "Preview payslip (draft)") and saves it as payslip-<month>-<staff number>.pdf. `compact`
 * is the icon-only button of a table row (its name says whose payslip); otherwise the labelled one.
 */
export function PayslipButton({ run, line, compact = false }: { run: { id: string; month: string; status: string }; line: { staffId: string; staffNumber: string; name: string }; compact?: boolean }) {
  const download = useFileDownload(m.downloadFailed);
  const approved = run.status === 'approved';
  const busy = download.isBusy('payslip');
  const name = approved ? m.downloadPayslipOf(line.name) : m.previewPayslipOf(line.name);
  const start = () => void download.start('payslip', documentPaths.payslipPdf(run.id, line.staffId), `payslip-${run.month}-${line.staffNumber}.pdf`);
  const icon = busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />;
  if (compact) {
    return (
      <Button variant="ghost" size="icon" className="size-8" onClick={start} disabled={busy} aria-label={name} title={name} data-testid="run-line-payslip">
        {icon}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={start} disabled={busy} aria-label={name} data-testid="run-line-payslip-detail">
      {icon}
      {approved ? m.downloadPayslip : m.previewPayslip}
    </Button>
  );
}
