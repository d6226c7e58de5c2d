import * as React from 'react';
import { toast } from 'sonner';
import { Banknote, FileSpreadsheet, FileText, Landmark, Loader2, Lock, Mail, Send, Smartphone } from 'lucide-react';
import { payrollDocumentsMessages as pm } from '@shared/messages/payroll-documents';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/components/money';
import { documentPaths, useBankFiles, useEmailPayslips } from './documents-api';
import { useFileDownload } from '@/lib/download';

const m = pm.run;

/** A download button with a busy spinner (a file is fetched, then saved). */
function FileButton({ label, icon: Icon, busy, disabled, onClick, testId, hint }: { label: string; icon: React.ComponentType<{ className?: string }>; busy: boolean; disabled?: boolean; onClick: () => void; testId: string; hint?: string }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={disabled || busy} className="h-auto min-h-9 justify-start py-2 text-left whitespace-normal" data-testid={testId} title={hint}>
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Icon className="size-4 text-muted-foreground" aria-hidden />}
      <span className="min-w-0">{label}</span>
    </Button>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h4 className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-2">{children}</div>
    </div>
  );
}

/**
 * A payroll run's documents (issue 14 §3), rendered on the run's page: payslips (bulk PDF; a draft's
 * as a watermarked preview), e-mailing payslips (with a confirmation and the result), a bank transfer
 * file per bank (and M-Pesa), the KRA P10 with its Housing Levy sheet, the NSSF and SHIF returns and
 * the payroll journal. Everything but the payslip preview waits for approval (disabled with a hint).
 */
export function RunDocuments({ runId, month, status }: { runId: string; month: string; status: string }) {
  const approved = status === 'approved';
  const download = useFileDownload(m.downloadFailed);
  const banks = useBankFiles(runId, approved);
  const email = useEmailPayslips(runId);
  const [confirming, setConfirming] = React.useState(false);
  const [resend, setResend] = React.useState(false);
  const file = (key: string, url: string, name: string) => () => void download.start(key, url, name);

  const send = () =>
    email.mutate(resend, {
      onSuccess: (r) => {
        setConfirming(false);
        setResend(false);
        toast.success(m.emailResult(r.sent, r.skipped, r.withoutEmail));
      },
      onError: (err) => toast.error(m.emailFailed, { description: err.message }),
    });

  return (
    <section className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5" data-testid="run-documents" data-status={status} aria-label={m.title}>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="text-base font-semibold">{m.title}</h3>
        <p className="text-sm text-muted-foreground">{m.description}</p>
        {!approved && (
          <p className="mt-1 flex items-start gap-2 rounded-md bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300" data-testid="run-documents-hint">
            <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {m.notApprovedHint}
          </p>
        )}
      </div>

      <Group title={m.payslips}>
        <FileButton label={approved ? m.bulkPayslips : m.previewPayslips} icon={FileText} busy={download.isBusy('payslips')} onClick={file('payslips', documentPaths.payslipsPdf(runId), `payslips-${month}.pdf`)} testId="run-documents-payslips" />
        <FileButton label={m.emailPayslips} icon={Mail} busy={email.isPending} disabled={!approved} hint={approved ? undefined : m.notApprovedHint} onClick={() => setConfirming(true)} testId="run-documents-email" />
      </Group>

      <Group title={m.bankFiles}>
        {!approved ? (
          <FileButton label={m.bankFiles} icon={Landmark} busy={false} disabled hint={m.notApprovedHint} onClick={() => undefined} testId="run-documents-bank-disabled" />
        ) : banks.isPending ? (
          <>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </>
        ) : banks.isError ? (
          <p className="text-sm text-destructive">{banks.error.message}</p>
        ) : banks.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noBankFiles}</p>
        ) : (
          banks.data.items.map((b) => (
            <Button
              key={b.bank}
              variant="outline"
              onClick={file(`bank-${b.bank}`, documentPaths.bankFile(runId, b.bank), `payroll-bank-${month}-${b.bank}.csv`)}
              disabled={download.isBusy(`bank-${b.bank}`)}
              className="h-auto min-h-9 justify-between gap-3 py-2 text-left whitespace-normal"
              data-testid="run-documents-bank"
              data-bank={b.bank}
            >
              <span className="flex min-w-0 items-center gap-2">
                {download.isBusy(`bank-${b.bank}`) ? <Loader2 className="animate-spin" aria-hidden /> : b.bank === 'mpesa' ? <Smartphone className="size-4 text-muted-foreground" aria-hidden /> : <Banknote className="size-4 text-muted-foreground" aria-hidden />}
                <span className="min-w-0">
                  <span className="block truncate">{b.bankName}</span>
                  <span className="block text-xs font-normal text-muted-foreground">{m.staffCount(b.count)}</span>
                </span>
              </span>
              <span className="shrink-0 text-sm font-medium tabular-nums">
                <span className="mr-1 text-xs font-normal text-muted-foreground">KES</span>
                {formatMoney(b.total)}
              </span>
            </Button>
          ))
        )}
      </Group>

      <Group title={m.returns}>
        {(
          [
            ['p10.csv', m.p10, FileSpreadsheet],
            ['p10-ahl.csv', m.p10Ahl, FileSpreadsheet],
            ['nssf.csv', m.nssf, FileSpreadsheet],
            ['shif.csv', m.shif, FileSpreadsheet],
            ['journal.xlsx', m.journal, FileSpreadsheet],
          ] as const
        ).map(([f, label, icon]) => (
          <FileButton
            key={f}
            label={label}
            icon={icon}
            busy={download.isBusy(f)}
            disabled={!approved}
            hint={approved ? undefined : m.notApprovedHint}
            onClick={file(f, documentPaths.runFile(runId, f), `payroll-${f.replace(/\.(csv|xlsx)$/, '')}-${month}.${f.endsWith('xlsx') ? 'xlsx' : 'csv'}`)}
            testId={`run-documents-${f.replace('.', '-')}`}
          />
        ))}
      </Group>

      <FormDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        pending={email.isPending}
        className="max-w-md gap-5"
        testId="run-documents-email-dialog"
        icon={Send}
        title={m.emailConfirmTitle}
        description={m.emailConfirmText}
        descriptionClassName="leading-relaxed"
      >
        <div className="flex items-center gap-2">
          <Checkbox id={`resend-${runId}`} checked={resend} onCheckedChange={(v) => setResend(v === true)} data-testid="run-documents-resend" />
          <Label htmlFor={`resend-${runId}`} className={cn('text-sm font-normal')}>
            {m.resend}
          </Label>
        </div>
        <FormDialogFooter cancelLabel={m.cancel} onCancel={() => setConfirming(false)} label={m.emailConfirm} pending={email.isPending} onConfirm={send} submitTestId="run-documents-email-confirm" />
      </FormDialog>
    </section>
  );
}
