import * as React from 'react';
import {
  ArrowLeft,
  Banknote,
  BriefcaseBusiness,
  CalendarClock,
  Download,
  FileText,
  HeartHandshake,
  KeyRound,
  LogOut,
  Mail,
  Pencil,
  Phone,
  ShieldCheck,
  Trash2,
  Upload,
  UserRound,
} from 'lucide-react';
import { toast } from 'sonner';
import { DEFAULT_CLEARANCE, EXIT_TYPES, STAFF_DOCUMENT_KINDS, type ExitType, type StaffDetail, type StaffDocumentKind } from '@shared/contracts/staff';
import { schoolToday } from '@shared/dates';
import { staffLabels, staffMessages, staffScreens } from '@shared/messages/staff';
import { cn } from '@/lib/utils';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';
import { SkeletonStack } from '@/components/skeleton-stack';
import { DateField } from '@/components/date-field';
import { AccountStatusDialog, GiveAccountDialog, type AccountTarget } from './account-actions';
import { useDeleteDocument, useExitStaff, useStaffMember, useUpdateClearance, useUploadDocument } from './staff-api';
import { AccountBadge, EmploymentTypeBadge, StaffAvatar, StaffStatusBadge, formatDate, formatPhone, formatSize } from './staff-common';
import { StaffForm } from './staff-form';

const d = staffScreens.detail;
const L = staffScreens.form.labels;

/** A titled card of the profile. */
function Panel({ title, icon, actions, children, testId, className }: { title: string; icon: React.ReactNode; actions?: React.ReactNode; children: React.ReactNode; testId?: string; className?: string }) {
  return (
    <section className={cn('min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid={testId}>
      <header className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary [&_svg]:size-3.5">{icon}</span>
          <h2 className="truncate text-sm font-semibold">{title}</h2>
        </div>
        {actions}
      </header>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** Label/value pairs in two columns (one on phones). */
function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 truncate text-sm font-medium">{value === null || value === undefined || value === '' ? <span className="font-normal text-muted-foreground">{d.none}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One member of staff (issue 14 §1): the profile (personal, statutory numbers, employment, salary
 * payment, next of kin), documents (upload, download, remove), the sign-in account (give, disable,
 * enable) and the exit (record it, tick clearance). Edit swaps the profile for the form. Read-only
 * for roles that may view but not manage staff.
 */
export function StaffDetailView({ id, canManage, departments, onBack }: { id: string; canManage: boolean; departments: string[]; onBack: () => void }) {
  const query = useStaffMember(id);
  const [editing, setEditing] = React.useState(false);
  const [exiting, setExiting] = React.useState(false);
  const [giving, setGiving] = React.useState<AccountTarget | null>(null);
  const [toggling, setToggling] = React.useState<AccountTarget | null>(null);
  const s = query.data;

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={onBack} data-testid="staff-detail-back">
      <ArrowLeft aria-hidden />
      {d.back}
    </Button>
  );
  if (query.error) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <QueryErrorCard query={query} title={d.loadFailed} retryLabel={d.tryAgain} testId="staff-detail-error" />
      </div>
    );
  }
  if (!s) {
    return (
      <div className="flex flex-col gap-4" data-testid="staff-detail-loading">
        {back}
        <SkeletonStack cells={['h-28 w-full rounded-xl', { grid: 'grid gap-4 lg:grid-cols-3', cells: ['h-64 rounded-xl lg:col-span-2', 'h-64 rounded-xl'] }]} />
      </div>
    );
  }
  if (editing) {
    return (
      <div className="flex flex-col gap-4">
        <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={() => setEditing(false)}>
          <ArrowLeft aria-hidden />
          {s.name}
        </Button>
        <h2 className="text-lg font-semibold">{staffScreens.form.editTitle(s.name)}</h2>
        <StaffForm staff={s} departments={departments} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </div>
    );
  }

  const target: AccountTarget = { id: s.id, name: s.name, email: s.email, accountStatus: s.account?.status ?? null };
  const active = s.status === 'active';
  const today = schoolToday();
  const contractDays = s.contractEnd ? Math.round((Date.parse(`${s.contractEnd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) : null;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="staff-detail" data-staff-id={s.id}>
      {back}
      <section className="relative overflow-hidden rounded-xl border bg-card shadow-sm">
        <div className="absolute inset-x-0 top-0 h-16 bg-gradient-to-r from-primary/15 via-primary/5 to-transparent" aria-hidden />
        <div className="relative flex flex-col gap-4 px-4 pt-6 pb-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
          <div className="flex min-w-0 items-center gap-4">
            <StaffAvatar name={s.name} className="size-16 bg-card text-xl shadow-sm ring-2 ring-primary/20" />
            <div className="min-w-0">
              <h2 className="truncate text-xl font-semibold tracking-tight" data-testid="staff-detail-name">
                {s.name}
              </h2>
              <p className="truncate text-sm text-muted-foreground">
                {s.jobTitle}
                {s.department && ` · ${s.department}`}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{s.staffNumber}</span>
                <StaffStatusBadge status={s.status} />
                <EmploymentTypeBadge type={s.employmentType} />
                <AccountBadge role={s.account?.role ?? null} status={s.account?.status ?? null} />
              </div>
            </div>
          </div>
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="staff-edit">
                <Pencil aria-hidden />
                {d.edit}
              </Button>
              {active && (
                <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setExiting(true)} data-testid="staff-exit">
                  <LogOut aria-hidden />
                  {d.exit}
                </Button>
              )}
            </div>
          )}
        </div>
        <div className="relative flex flex-wrap gap-x-6 gap-y-1 border-t px-4 py-2.5 text-sm text-muted-foreground sm:px-6">
          {s.phone && (
            <span className="inline-flex items-center gap-1.5">
              <Phone className="size-3.5" aria-hidden />
              {formatPhone(s.phone)}
            </span>
          )}
          {s.email && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Mail className="size-3.5" aria-hidden />
              <span className="truncate">{s.email}</span>
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock className="size-3.5" aria-hidden />
            {d.startedOn(formatDate(s.startDate))}
            {s.contractEnd && (
              <span className={cn(contractDays !== null && contractDays <= 30 && active && 'font-medium text-amber-700 dark:text-amber-300')}>
                {' '}
                → {formatDate(s.contractEnd)}
              </span>
            )}
          </span>
        </div>
      </section>

      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Panel title={d.personal} icon={<UserRound />}>
            <Facts
              items={[
                [L.nationalId, s.nationalId],
                [L.dateOfBirth, s.dateOfBirth ? formatDate(s.dateOfBirth) : null],
                [L.gender, s.gender ? staffLabels.gender[s.gender] : null],
                [L.phone, s.phone ? formatPhone(s.phone) : null],
                [L.email, s.email],
              ]}
            />
          </Panel>
          <Panel title={d.statutory} icon={<ShieldCheck />}>
            <Facts
              items={[
                [L.kraPin, s.kraPin && <span className="font-mono">{s.kraPin}</span>],
                [L.nssfNumber, s.nssfNumber],
                [L.shifNumber, s.shifNumber],
                [L.tscNumber, s.tscNumber],
              ]}
            />
          </Panel>
          <Panel title={d.employment} icon={<BriefcaseBusiness />}>
            <Facts
              items={[
                [L.jobTitle, s.jobTitle],
                [L.department, s.department],
                [L.employer, staffLabels.employer[s.employer]],
                [L.employmentType, staffLabels.employmentType[s.employmentType]],
                [L.startDate, formatDate(s.startDate)],
                [L.contractEnd, s.contractEnd ? formatDate(s.contractEnd) : null],
              ]}
            />
          </Panel>
          <div className="grid min-w-0 gap-4 md:grid-cols-2">
            <Panel title={d.payment} icon={<Banknote />}>
              <Facts
                items={
                  s.paymentMethod === 'mpesa'
                    ? [
                        [L.paymentMethod, staffLabels.paymentMethod.mpesa],
                        [L.mpesaPhone, formatPhone(s.mpesaPhone)],
                      ]
                    : [
                        [L.paymentMethod, staffLabels.paymentMethod.bank],
                        [L.bankName, s.bankName],
                        [L.bankBranch, s.bankBranch],
                        [L.bankAccount, s.bankAccount && <span className="font-mono">{s.bankAccount}</span>],
                      ]
                }
              />
            </Panel>
            <Panel title={d.nextOfKin} icon={<HeartHandshake />}>
              <Facts
                items={[
                  [L.kinName, s.nextOfKin?.name],
                  [L.kinRelationship, s.nextOfKin?.relationship],
                  [L.kinPhone, s.nextOfKin ? formatPhone(s.nextOfKin.phone) : null],
                ]}
              />
            </Panel>
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <Panel title={d.account} icon={<KeyRound />} testId="staff-account-panel">
            {s.account ? (
              <div className="flex flex-col gap-3">
                <div className="flex items-center justify-between gap-2">
                  <AccountBadge role={s.account.role} status={s.account.status} />
                  {canManage && (s.account.status === 'active' || active) && (
                    <Button variant="outline" size="sm" onClick={() => setToggling(target)} data-testid="staff-account-toggle">
                      {s.account.status === 'active' ? staffScreens.account.disable : staffScreens.account.enable}
                    </Button>
                  )}
                </div>
                <p className="truncate text-sm">{s.account.email}</p>
                <p className="text-xs text-muted-foreground">{d.lastLogin(s.account.lastLoginAt ? formatDate(s.account.lastLoginAt) : null)}</p>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <p className="text-sm text-muted-foreground">{d.noAccount}</p>
                {canManage && active && (
                  <Button size="sm" className="self-start" onClick={() => setGiving(target)} data-testid="staff-give-account">
                    <KeyRound aria-hidden />
                    {staffScreens.account.give}
                  </Button>
                )}
              </div>
            )}
          </Panel>
          <DocumentsPanel staff={s} canManage={canManage} />
          {s.exit && <ExitPanel staff={s} canManage={canManage} />}
        </div>
      </div>

      {canManage && <ExitDialog staff={exiting ? s : null} onClose={() => setExiting(false)} />}
      <GiveAccountDialog target={giving} onClose={() => setGiving(null)} />
      <AccountStatusDialog target={toggling} onClose={() => setToggling(null)} />
    </div>
  );
}

function DocumentsPanel({ staff, canManage }: { staff: StaffDetail; canManage: boolean }) {
  const upload = useUploadDocument(staff.id);
  const remove = useDeleteDocument(staff.id);
  const [kind, setKind] = React.useState<StaffDocumentKind>('contract');
  const [title, setTitle] = React.useState('');
  const [file, setFile] = React.useState<File | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState<{ id: string; title: string } | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const id = React.useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ kind, title: title.trim() || file.name.replace(/\.[^.]+$/, ''), file });
      toast.success(d.uploaded);
      setTitle('');
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      setError(err instanceof Error ? err.message : d.uploadFailed);
    }
  };

  return (
    <Panel title={d.documents} icon={<FileText />} testId="staff-documents">
      <div className="flex flex-col gap-3">
        <p className="text-xs text-muted-foreground">{d.documentsHint}</p>
        {staff.documents.length === 0 ? (
          <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{d.noDocuments}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border">
            {staff.documents.map((doc) => (
              <li key={doc.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="staff-document">
                <IconBadge icon={FileText} className="size-8 rounded-md bg-muted text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{doc.title}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {staffLabels.documentKind[doc.kind]} · {formatSize(doc.sizeBytes)} · {formatDate(doc.createdAt)}
                  </p>
                </div>
                <Button asChild variant="ghost" size="icon" className="size-8" aria-label={`${d.download} ${doc.title}`}>
                  <a href={doc.downloadUrl} download>
                    <Download aria-hidden />
                  </a>
                </Button>
                {canManage && (
                  <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-destructive" aria-label={`${d.removeDoc} ${doc.title}`} onClick={() => setRemoving({ id: doc.id, title: doc.title })}>
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage && (
          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2.5 rounded-lg bg-muted/40 p-3" data-testid="staff-document-upload">
            {error && <FormErrorAlert title={d.uploadFailed} detail={error} testId="staff-document-error" />}
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-kind`} className="text-xs">
                  {d.docKind}
                </Label>
                <Select value={kind} onValueChange={(v) => setKind(v as StaffDocumentKind)}>
                  <SelectTrigger id={`${id}-kind`} className="h-9">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {STAFF_DOCUMENT_KINDS.map((k) => (
                      <SelectItem key={k} value={k}>
                        {staffLabels.documentKind[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-title`} className="text-xs">
                  {d.docTitle}
                </Label>
                <Input id={`${id}-title`} className="h-9" value={title} maxLength={120} placeholder={d.docTitlePlaceholder} onChange={(e) => setTitle(e.target.value)} />
              </div>
            </div>
            <Input ref={fileRef} type="file" accept="application/pdf,image/jpeg,image/png" aria-label={d.docFile} className="h-9 text-xs file:mr-2" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="staff-document-file" />
            <PendingButton pending={upload.isPending} icon={Upload} type="submit" size="sm" className="self-end" disabled={!file || upload.isPending} data-testid="staff-document-submit">
              {upload.isPending ? d.uploading : d.upload}
            </PendingButton>
          </form>
        )}
      </div>
      <ConfirmDialog
        open={!!removing}
        tone="danger"
        icon={Trash2}
        title={d.removeDocTitle}
        text={removing ? d.removeDocText(removing.title) : ''}
        cancelLabel={staffScreens.form.cancel}
        confirmLabel={d.removeDoc}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(d.removed);
              setRemoving(null);
            },
            onError: (e) => toast.error(e.message),
          })
        }
        testId="staff-document-remove-dialog"
        confirmTestId="staff-document-remove-confirm"
      />
    </Panel>
  );
}

function ExitPanel({ staff, canManage }: { staff: StaffDetail; canManage: boolean }) {
  const clearance = useUpdateClearance(staff.id);
  const exit = staff.exit!;
  const done = exit.clearance.filter((c) => c.cleared).length;
  return (
    <Panel title={d.exitTitle} icon={<LogOut />} testId="staff-exit-panel">
      <div className="flex flex-col gap-3">
        <p className="text-sm font-medium">{d.exitedOn(staffLabels.exitType[exit.type], formatDate(exit.date))}</p>
        {exit.reason && <p className="text-sm text-muted-foreground">{exit.reason}</p>}
        <div className="flex items-center justify-between text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{d.clearance}</span>
          <span>{d.clearanceProgress(done, exit.clearance.length)}</span>
        </div>
        <div className="h-1.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${exit.clearance.length ? (done / exit.clearance.length) * 100 : 0}%` }} />
        </div>
        <ul className="flex flex-col gap-2">
          {exit.clearance.map((c) => (
            <li key={c.key} className="flex items-start gap-2.5">
              <Checkbox
                id={`clear-${c.key}`}
                checked={c.cleared}
                disabled={!canManage || clearance.isPending}
                onCheckedChange={(v) => clearance.mutate({ items: [{ key: c.key, cleared: v === true }] }, { onError: (e) => toast.error(e.message) })}
                className="mt-0.5"
              />
              <Label htmlFor={`clear-${c.key}`} className={cn('text-sm font-normal leading-snug', c.cleared && 'text-muted-foreground line-through')}>
                {clearanceLabel(c)}
              </Label>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}

/**
 * A clearance item's label in the reader's language: the catalogue's wording for one of the default
 * items (messages/staff.ts clearanceItems), the label stored with the exit for any other item (the
 * stored label is in the language of whoever recorded the exit).
 */
function clearanceLabel(item: { key: string; label: string }): string {
  const items: Record<string, string> = staffMessages.clearanceItems;
  return Object.hasOwn(items, item.key) ? items[item.key]! : item.label;
}

/** Record an exit: type, date, reason and the clearance checklist (what is done already). */
function ExitDialog({ staff, onClose }: { staff: StaffDetail | null; onClose: () => void }) {
  const exit = useExitStaff(staff?.id ?? '');
  const e = staffScreens.exit;
  const [type, setType] = React.useState<ExitType>('resignation');
  const [date, setDate] = React.useState(schoolToday());
  const [reason, setReason] = React.useState('');
  const [cleared, setCleared] = React.useState<Record<string, boolean>>({});
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();
  React.useEffect(() => {
    if (staff) {
      setType('resignation');
      setDate(schoolToday());
      setReason('');
      setCleared({});
      setError(null);
    }
  }, [staff]);
  const submit = async () => {
    setError(null);
    try {
      const res = await exit.mutateAsync({ exitType: type, exitDate: date, reason, clearance: DEFAULT_CLEARANCE.map((c) => ({ ...c, cleared: !!cleared[c.key] })) });
      toast.success(e.done, { description: res.message });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : e.failed);
    }
  };
  return (
    <FormDialog
      open={!!staff}
      onClose={onClose}
      pending={exit.isPending}
      className="max-w-lg gap-5"
      testId="staff-exit-dialog"
      title={staff ? e.title(staff.name) : ''}
      description={e.text}
    >
      {error && <FormErrorAlert title={e.failed} detail={error} testId="staff-exit-error" />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>{e.type}</Label>
          <Select value={type} onValueChange={(v) => setType(v as ExitType)}>
            <SelectTrigger id={`${id}-type`} data-testid="staff-exit-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EXIT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {staffLabels.exitType[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>{e.date}</Label>
          <DateField id={`${id}-date`} value={date} onValueChange={(value) => setDate(value)} data-testid="staff-exit-date" />
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-reason`}>{e.reason}</Label>
          <Textarea id={`${id}-reason`} value={reason} maxLength={1000} placeholder={e.reasonPlaceholder} onChange={(ev) => setReason(ev.target.value)} data-testid="staff-exit-reason" />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{e.clearance}</legend>
        <p className="text-xs text-muted-foreground">{e.clearanceHint}</p>
        {DEFAULT_CLEARANCE.map((c) => (
          <div key={c.key} className="flex items-center gap-2.5">
            <Checkbox id={`${id}-${c.key}`} checked={!!cleared[c.key]} onCheckedChange={(v) => setCleared((p) => ({ ...p, [c.key]: v === true }))} />
            <Label htmlFor={`${id}-${c.key}`} className="text-sm font-normal">
              {c.label}
            </Label>
          </div>
        ))}
      </fieldset>
      <FormDialogFooter
        cancelLabel={staffScreens.form.cancel}
        onCancel={onClose}
        label={e.confirm}
        pending={exit.isPending}
        disabled={reason.trim().length < 3 || !date}
        variant="destructive"
        onConfirm={() => void submit()}
        submitTestId="staff-exit-confirm"
      />
    </FormDialog>
  );
}
