import * as React from 'react';
import { toast } from 'sonner';
import { Check, Download, FileJson, ShieldAlert, Trash2, type LucideIcon } from 'lucide-react';
import type { DpSubjectType } from '@shared/contracts/data-protection';
import { dataProtectionScreens as ds } from '@shared/messages/data-protection-screens';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Textarea } from '@/components/ui/textarea';
import { useErasePersonalData, useExportPersonalData } from './data-protection-api';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';

/** The data subject a dialog acts on. */
export interface DpSubject {
  type: DpSubjectType;
  id: string;
  /** The name as the search shows it (the erasure's confirmation text). */
  name: string;
}

const errorOf = (e: unknown) => (e instanceof Error ? e.message : null);
const fieldOf = (e: unknown, field: string) => (e instanceof ApiError ? e.fields?.[field] : undefined);

function ReasonField({ id, value, onChange, placeholder, label, help, error, testId }: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  label: string;
  help?: string;
  error?: string;
  testId: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={1000}
        rows={3}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
        data-testid={testId}
      />
      {help && !error && (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** One of the erasure dialog's two boxes (what is erased, what is kept): a bordered box of `className`'s colours, its icon and title, then the list. */
function OutcomeBox({ title, icon, className, titleClassName, testId, children }: { title: string; icon: React.ReactNode; className: string; titleClassName?: string; testId: string; children: React.ReactNode }) {
  return (
    <div className={cn('rounded-lg border p-3.5', className)} data-testid={testId}>
      <p className={cn('mb-2 flex items-center gap-1.5 text-sm font-semibold', titleClassName)}>
        {icon}
        {title}
      </p>
      {children}
    </div>
  );
}

/**
 * What the export and erasure dialogs share: the dialog about `subject` (closed while null) with the
 * kind's icon, title and description, `children` (what the kind asks), the failure unless it is the
 * reason's own, then Cancel and the submit button (enabled when `canSubmit`). Test ids start with
 * `testId`: `-dialog`, `-error`, `-submit`.
 */
function SubjectRequestDialog({
  subject,
  onClose,
  request,
  texts,
  testId,
  className,
  icon,
  iconClassName,
  onSubmit,
  canSubmit,
  submitIcon: SubmitIcon,
  destructive,
  children,
}: {
  subject: DpSubject | null;
  onClose: () => void;
  request: { isPending: boolean; error: Error | null };
  texts: { title: string; description: (name: string) => string; failed: string; cancel: string; pending: string; submit: string };
  testId: string;
  className: string;
  icon: LucideIcon;
  iconClassName?: string;
  onSubmit: (e: React.FormEvent) => void;
  canSubmit: boolean;
  submitIcon: LucideIcon;
  destructive?: boolean;
  children: React.ReactNode;
}) {
  return (
    <FormDialog
      open={!!subject}
      onClose={onClose}
      pending={request.isPending}
      className={className}
      testId={`${testId}-dialog`}
      form={{ onSubmit, className: 'grid gap-5' }}
      icon={icon}
      iconClassName={iconClassName}
      title={texts.title}
      description={subject ? texts.description(subject.name) : ''}
    >
      {children}
      {request.error && !fieldOf(request.error, 'reason') && <FormErrorAlert title={texts.failed} detail={errorOf(request.error)} testId={`${testId}-error`} />}
      <FormDialogFooter
        cancelLabel={texts.cancel}
        onCancel={onClose}
        pending={request.isPending}
        disabled={!canSubmit}
        variant={destructive ? 'destructive' : undefined}
        submitTestId={`${testId}-submit`}
        spinnerClassName="size-4"
        icon={<SubmitIcon className="size-4" aria-hidden />}
        label={request.isPending ? texts.pending : texts.submit}
      />
    </FormDialog>
  );
}

/**
 * "Export personal data": asks the reason, then downloads the subject's JSON document (POST
 * /api/data-protection/exports) and closes with a toast naming the file. Errors stay in the dialog.
 */
export function ExportDialog({ subject, onClose }: { subject: DpSubject | null; onClose: () => void }) {
  const s = ds.exportDialog;
  const [reason, setReason] = React.useState('');
  const exporter = useExportPersonalData();
  const { reset } = exporter;
  React.useEffect(() => {
    setReason('');
    reset();
  }, [subject?.id, reset]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!subject) return;
    exporter.mutate(
      { subjectType: subject.type, subjectId: subject.id, reason },
      {
        onSuccess: (file) => {
          toast.success(s.done, { description: s.doneHint(file) });
          onClose();
        },
      },
    );
  };
  return (
    <SubjectRequestDialog
      subject={subject}
      onClose={onClose}
      request={exporter}
      texts={s}
      testId="dp-export"
      className="max-w-lg gap-5"
      icon={FileJson}
      onSubmit={submit}
      canSubmit={reason.trim().length >= 3}
      submitIcon={Download}
    >
      <p className="rounded-lg border bg-muted/40 px-3.5 py-2.5 text-sm leading-relaxed text-muted-foreground">
        {subject?.type === 'user' ? s.userIncludes : s.learnerIncludes}
      </p>
      <ReasonField
        id="dp-export-reason"
        label={s.reason}
        value={reason}
        onChange={setReason}
        placeholder={s.reasonPlaceholder}
        help={s.reasonHelp}
        error={fieldOf(exporter.error, 'reason')}
        testId="dp-export-reason"
      />
    </SubjectRequestDialog>
  );
}

/**
 * "Erase personal data" (EduFam staff): what is erased and what is kept and why, the reason, and the
 * subject's name typed to confirm; the destructive button stays disabled until the name matches.
 */
export function EraseDialog({ subject, onClose }: { subject: DpSubject | null; onClose: () => void }) {
  const s = ds.eraseDialog;
  const [reason, setReason] = React.useState('');
  const [confirm, setConfirm] = React.useState('');
  const eraser = useErasePersonalData();
  const { reset } = eraser;
  React.useEffect(() => {
    setReason('');
    setConfirm('');
    reset();
  }, [subject?.id, reset]);
  const collapse = (v: string) => v.replace(/\s+/g, ' ').trim();
  const matches = !!subject && collapse(confirm) === collapse(subject.name);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!subject || !matches) return;
    eraser.mutate(
      { subjectType: subject.type, subjectId: subject.id, reason, confirm },
      {
        onSuccess: (out) => {
          toast.success(s.done, { description: s.doneHint(out.request.subjectName) });
          onClose();
        },
      },
    );
  };
  const erased = subject?.type === 'user' ? s.userErased : s.learnerErased;
  const kept = subject?.type === 'user' ? s.userKept : s.learnerKept;
  return (
    <SubjectRequestDialog
      subject={subject}
      onClose={onClose}
      request={eraser}
      texts={s}
      testId="dp-erase"
      className="max-w-2xl gap-5"
      icon={ShieldAlert}
      iconClassName="bg-destructive/10 text-destructive"
      onSubmit={submit}
      canSubmit={matches && reason.trim().length >= 3}
      submitIcon={Trash2}
      destructive
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <OutcomeBox title={s.erasedTitle} icon={<Trash2 className="size-4" aria-hidden />} className="border-destructive/25 bg-destructive/5" titleClassName="text-destructive" testId="dp-erase-erased">
          <ul className="grid gap-1.5 text-sm">
            {erased.map((item) => (
              <li key={item} className="flex gap-2 leading-snug">
                <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-destructive/70" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </OutcomeBox>
        <OutcomeBox title={s.keptTitle} icon={<Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />} className="bg-muted/40" testId="dp-erase-kept">
          <ul className="grid gap-2 text-sm">
            {kept.map((item) => (
              <li key={item.what} className="leading-snug">
                <span className="font-medium">{item.what}</span>
                <span className="block text-xs text-muted-foreground">{item.why}</span>
              </li>
            ))}
          </ul>
        </OutcomeBox>
      </div>
      <ReasonField
        id="dp-erase-reason"
        label={s.reason}
        value={reason}
        onChange={setReason}
        placeholder={s.reasonPlaceholder}
        error={fieldOf(eraser.error, 'reason')}
        testId="dp-erase-reason"
      />
      <LabelledField id="dp-erase-confirm" label={subject ? s.confirm(subject.name) : ''} className="grid gap-1.5">
        <Input
          id="dp-erase-confirm"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={subject?.name}
          aria-describedby="dp-erase-confirm-help"
          data-testid="dp-erase-confirm"
        />
        <p id="dp-erase-confirm-help" className="text-xs text-muted-foreground">
          {s.confirmHint}
        </p>
      </LabelledField>
    </SubjectRequestDialog>
  );
}
