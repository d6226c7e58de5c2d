import * as React from 'react';
import { Ban, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { revokeCertificateBody } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
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
    <Dialog open={!!cert} onOpenChange={(o) => !o && !revoke.isPending && onClose()}>
      <DialogContent className="max-w-md gap-5" data-testid="revoke-dialog">
        <form onSubmit={submit} noValidate className="grid gap-5 [&_[aria-invalid=true]]:border-destructive">
          <DialogHeader className="gap-2">
            <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <Ban className="size-5" aria-hidden />
            </span>
            <DialogTitle>{cert ? r.title(cert.student.name) : r.confirm}</DialogTitle>
            <DialogDescription className="leading-relaxed">{r.text}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={revoke.isPending}>
              {m.common.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={revoke.isPending} data-testid="revoke-confirm">
              {revoke.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {r.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
