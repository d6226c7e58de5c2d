import * as React from 'react';
import { Link } from 'react-router';
import { Check, Inbox, Loader2, Send, X, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { pathForSection } from '@shared/access';
import { learnerName } from '@shared/contracts/learners';
import type { TransferRequest, TransferRequestStatus } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth';
import { EmptyListState } from '@/components/list-states';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ClassPicker } from '@/features/learners';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { FormDialog } from '@/components/form-dialog';
import { useAcceptTransfer, useCurrentClasses, useDeclineTransfer, useTransferRequests } from '../api/movements';
import { formatDate, formatDateTime } from './format';
import { apiFields, isOverCapacity } from '@/lib/form-errors';
import { errorText } from './movement-page';
import { LoadingLine, Notice } from './notice';

const m = messages.movements;
const t = m.transfers;

const STATUS_TONE: Record<TransferRequestStatus, string> = {
  pending: 'bg-amber-500/12 text-amber-800 dark:text-amber-300',
  accepted: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  declined: 'bg-destructive/10 text-destructive',
  cancelled: 'bg-muted text-muted-foreground',
};

export function RequestStatusBadge({ status }: { status: TransferRequestStatus }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_TONE[status])} data-testid="request-status" data-status={status}>
      {m.requestStatuses[status]}
    </span>
  );
}

/**
 * Requests from other EduFam schools (issue 10 §2 Transfers): incoming requests with the learner's
 * details as the sending school filed them (Accept places the learner in a class; Decline with a note),
 * and the requests this school sent with their answers.
 */
export function TransferRequests() {
  const incoming = useTransferRequests('incoming');
  const outgoing = useTransferRequests('outgoing');
  const [accepting, setAccepting] = React.useState<TransferRequest | null>(null);
  const [declining, setDeclining] = React.useState<TransferRequest | null>(null);
  const { state } = useAuth();
  const profilePath = (id: string) => `${pathForSection(state.user?.role ?? null, 'student-information')}?student=${encodeURIComponent(id)}`;

  return (
    <div className="grid gap-6">
      <RequestSection
        icon={Inbox}
        title={t.incomingTitle}
        testId="requests-incoming"
        query={incoming}
        empty={t.incomingEmpty}
        render={(r) => (
          <>
            {r.status === 'pending' ? (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => setAccepting(r)} data-testid="request-accept">
                  <Check aria-hidden />
                  {t.accept}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDeclining(r)} data-testid="request-decline">
                  <X aria-hidden />
                  {t.decline}
                </Button>
              </div>
            ) : (
              r.admittedStudentId && (
                <Link to={profilePath(r.admittedStudentId)} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="request-open-record">
                  {m.common.openRecord}
                </Link>
              )
            )}
          </>
        )}
      />
      <RequestSection icon={Send} title={t.outgoingTitle} testId="requests-outgoing" query={outgoing} empty={t.outgoingEmpty} />
      {accepting && <AcceptDialog key={accepting.id} request={accepting} onClose={() => setAccepting(null)} />}
      {declining && <DeclineDialog key={declining.id} request={declining} onClose={() => setDeclining(null)} />}
    </div>
  );
}

/** One box of requests (incoming or outgoing) under its heading: the icon and title, then the list. */
function RequestSection({ icon: Icon, title, testId, ...list }: { icon: LucideIcon; title: string; testId: string } & React.ComponentProps<typeof RequestList>) {
  return (
    <section className="grid gap-3" data-testid={testId}>
      <h2 className="flex items-center gap-2 text-[15px] font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </h2>
      <RequestList {...list} />
    </section>
  );
}

function RequestList({ query, empty, render }: { query: ReturnType<typeof useTransferRequests>; empty: string; render?: (r: TransferRequest) => React.ReactNode }) {
  if (query.isLoading) {
    return <LoadingLine className="py-4" />;
  }
  if (query.isError) return <FormErrorAlert title={m.common.loadFailed} detail={errorText(query.error, '')} testId="requests-error" />;
  const items = query.data ?? [];
  if (!items.length) return <EmptyListState icon={Inbox} title={empty} testId="requests-empty" />;
  return (
    <ul className="grid gap-2.5">
      {items.map((r) => (
        <li key={r.id} className="flex flex-col gap-3 rounded-lg border bg-card p-3.5 shadow-xs sm:flex-row sm:items-center" data-testid="transfer-request" data-box={r.box}>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-medium" data-testid="request-learner">
                {learnerName(r.learner)}
              </p>
              <RequestStatusBadge status={r.status} />
            </div>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {r.box === 'incoming' ? t.fromSchool(r.fromSchool.name) : t.toSchool(r.toSchool.name)} · {formatDate(r.transferDate)}
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {[
                messages.learners.genders[r.learner.gender],
                r.learner.dateOfBirth ? t.born(formatDate(r.learner.dateOfBirth)) : t.noDob,
                r.learner.upi ? t.upiValue(r.learner.upi) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {r.reason && <p className="mt-1 text-sm">{r.reason}</p>}
            {r.decisionNote && <p className="mt-1 text-sm text-muted-foreground italic">{t.decisionNote(r.decisionNote)}</p>}
            {r.decidedAt && <p className="mt-0.5 text-xs text-muted-foreground">{formatDateTime(r.decidedAt)}</p>}
          </div>
          {render?.(r)}
        </li>
      ))}
    </ul>
  );
}

function AcceptDialog({ request, onClose }: { request: TransferRequest; onClose: () => void }) {
  const classes = useCurrentClasses();
  const accept = useAcceptTransfer();
  const [classId, setClassId] = React.useState('');
  const [boarding, setBoarding] = React.useState<'day' | 'boarding'>('day');
  const [override, setOverride] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [full, setFull] = React.useState<string | null>(null);
  const name = learnerName(request.learner);
  const submit = () => {
    if (!classId) return setError(m.classRequired);
    accept.mutate(
      { id: request.id, body: { classId, boarding, ...(override ? { overrideCapacity: true } : {}) } },
      {
        onSuccess: (res) => {
          toast.success(t.acceptedToast, { description: res.message });
          onClose();
        },
        onError: (err) => {
          if (isOverCapacity(err)) return setFull(err.message);
          setError(apiFields(err).classId ?? null);
        },
      },
    );
  };
  return (
    <FormDialog open onClose={onClose} pending={accept.isPending} className="max-w-lg" testId="accept-dialog" title={t.acceptTitle(name)} description={t.acceptText(request.fromSchool.name)}>
      <div className="grid gap-4">
        <Field id="accept-class" label={m.common.class} error={error ?? undefined}>
          <ClassPicker classes={classes.data ?? []} value={classId} onChange={setClassId} id="accept-class" invalid={describedBy('accept-class', error)} testId="accept-class" />
        </Field>
        <Field id="accept-boarding" label={t.boarding}>
          <Select value={boarding} onValueChange={(b) => setBoarding(b as 'day' | 'boarding')}>
            <SelectTrigger id="accept-boarding">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="day">{messages.learners.boardingOptions.day}</SelectItem>
              <SelectItem value="boarding">{messages.learners.boardingOptions.boarding}</SelectItem>
            </SelectContent>
          </Select>
        </Field>
        {full && (
          <Notice tone="warning" title={t.overCapacityTitle}>
            <p>{full}</p>
            <label className="mt-2 flex items-center gap-2">
              <Checkbox checked={override} onCheckedChange={(c) => setOverride(!!c)} data-testid="accept-override" />
              {t.admitAnyway}
            </label>
          </Notice>
        )}
        {accept.isError && !isOverCapacity(accept.error) && !error && <FormErrorAlert title={m.common.actionFailed} detail={errorText(accept.error, '')} testId="accept-error" />}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={accept.isPending}>
          {m.common.cancel}
        </Button>
        <Button onClick={submit} disabled={accept.isPending || (!!full && !override)} data-testid="accept-confirm">
          {accept.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t.acceptConfirm}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}

function DeclineDialog({ request, onClose }: { request: TransferRequest; onClose: () => void }) {
  const decline = useDeclineTransfer();
  const [note, setNote] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const submit = () => {
    if (!note.trim()) return setError(m.declineNoteRequired);
    decline.mutate(
      { id: request.id, note: note.trim() },
      {
        onSuccess: (res) => {
          toast.success(t.declinedToast, { description: res.message });
          onClose();
        },
        onError: (err) => setError(apiFields(err).note ?? errorText(err, m.common.actionFailed)),
      },
    );
  };
  return (
    <FormDialog open onClose={onClose} pending={decline.isPending} className="max-w-lg" testId="decline-dialog" title={t.declineTitle(learnerName(request.learner))} description={t.fromSchool(request.fromSchool.name)}>
      <div className="grid gap-2">
        <Label htmlFor="decline-note">{t.declineNote}</Label>
        <Textarea id="decline-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} {...describedBy('decline-note', error)} data-testid="decline-note" />
        {error && (
          <p id="decline-note-error" className="text-xs font-medium text-destructive" role="alert">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={decline.isPending}>
          {m.common.cancel}
        </Button>
        <Button variant="destructive" onClick={submit} disabled={decline.isPending} data-testid="decline-confirm">
          {decline.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t.declineConfirm}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
