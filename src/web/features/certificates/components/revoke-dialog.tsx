import * as React from 'react';
import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { revokeCertificateBody } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { ApiError } from '@/lib/api';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { FormDialogFooter, ToneDialog } from '@/components/form-dialog';
import { useRevokeCertificate } from '../api/certificates';
import { CertificateKindBadge } from './badges';

const r = m.revoke;

/**
 * Revoke a certificate with a required reason (POST /api/certificates/:id/revoke). The reason is checked
 * with the API's own schema first; the server's refusal (already revoked, not found, no access) shows
 * inside the dialog with the reason kept; Escape and the overlay do nothing while it runs.
 */
export function RevokeDialog({ cert, onClose }: { cert: CertificateListItem | null; onClose: () => void }) {
  const revoke = useRevokeCertificate();
  const [reason, setReason] = React.useState('');
  const [fieldError, setFieldError] = React.useState<string | undefined>();
  const openId = cert?.id ?? null;
  const { reset } = revoke;
  React.useEffect(() => {
    if (openId) {
      setReason('');
      setFieldError(undefined);
      reset();
    }
  }, [openId, reset]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!cert) return;
    const parsed = revokeCertificateBody.safeParse({ reason });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? r.reasonRequired);
    setFieldError(undefined);
    revoke.mutate(
      { id: cert.id, reason: parsed.data.reason },
      {
        onSuccess: (c) => {
          toast.success(r.done, { description: `${c.student.name} · ${m.kindTitles[c.kind]}` });
          onClose();
        },
      },
    );
  };
  const serverField = revoke.error instanceof ApiError ? revoke.error.fields?.reason : undefined;
  const shownFieldError = fieldError ?? serverField;
  const id = 'certificate-revoke-reason';

  return (
    <ToneDialog
      open={!!cert}
      tone="danger"
      icon={Ban}
      title={cert ? r.title(cert.student.name) : r.confirm}
      text={r.text}
      pending={revoke.isPending}
      onCancel={onClose}
      testId="revoke-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'grid gap-5 [&_[aria-invalid=true]]:border-destructive' }}
    >
      {cert && (
        <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/30 px-3 py-2.5 text-sm">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{cert.student.name}</p>
            <p className="truncate text-xs text-muted-foreground">
              <span className="font-mono">{cert.student.admission_number}</span> · {cert.class.name} · {cert.academic_year}
            </p>
          </div>
          <CertificateKindBadge kind={cert.kind} className="shrink-0" />
        </div>
      )}
      <Field id={id} label={r.reason} error={shownFieldError}>
        <Textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={r.reasonPlaceholder}
          maxLength={500}
          rows={3}
          autoFocus
          {...describedBy(id, shownFieldError)}
          data-testid="revoke-reason"
        />
      </Field>
      {revoke.error && !serverField && <FormErrorAlert title={r.failed} detail={revoke.error.message} testId="revoke-error" />}
      <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={r.confirm} pending={revoke.isPending} variant="destructive" submitTestId="revoke-confirm" />
    </ToneDialog>
  );
}
