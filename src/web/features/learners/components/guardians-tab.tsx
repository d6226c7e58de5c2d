import * as React from 'react';
import { BadgeCheck, Languages, Mail, MessageSquareOff, Pencil, Phone, Star, Trash2, UserPlus, UserRoundX, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_GUARDIANS, learnerName, relationshipText, type StudentDetail, type StudentGuardian } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { languageMessages } from '@shared/messages/language';
import { smsRepliesScreens as sms } from '@shared/messages/sms-replies';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useRemoveGuardian, useUpdateGuardian } from '../api/learners';
import { formatPhone, initials } from './format';
import { GuardianDialog } from './guardian-dialog';
import { guardianLanguageText } from './guardian-fields';

const m = messages.learners;
const t = m.guardiansTab;

/**
 * Issue 36 §5: the guardian's opt-out of non-essential SMS (announcements, fee reminders), set by a
 * STOP reply or here by the school (PATCH .../guardians/:guardianId { smsOptOut }, audited). Staff who
 * may not edit see a badge when the guardian opted out.
 */
function SmsOptOutSwitch({ learnerId, g, canEdit }: { learnerId: string; g: StudentGuardian; canEdit: boolean }) {
  const update = useUpdateGuardian();
  const optedOut = g.smsOptOut === true;
  if (!canEdit) {
    return optedOut ? (
      <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground" data-testid="guardian-sms-opt-out-badge">
        <MessageSquareOff className="size-4 shrink-0" aria-hidden />
        {sms.optOutBadge}
      </p>
    ) : null;
  }
  const id = `sms-opt-out-${g.id}`;
  const change = (next: boolean) =>
    update.mutate(
      { id: learnerId, guardianId: g.id, body: { smsOptOut: next } },
      {
        onSuccess: () => toast.success(sms.optOutSaved),
        onError: (err) => toast.error(sms.optOutFailed, { description: err instanceof ApiError ? err.message : undefined }),
      },
    );
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg border px-3 py-2.5">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {sms.optOutLabel}
        </label>
        <p className="text-xs text-muted-foreground">{sms.optOutHint}</p>
      </div>
      <Switch id={id} checked={optedOut} onCheckedChange={change} disabled={update.isPending} data-testid="guardian-sms-opt-out" />
    </div>
  );
}

function GuardianCard({
  learnerId,
  g,
  canEdit,
  canRemove,
  onEdit,
  onRemove,
  onOpenLearner,
}: {
  learnerId: string;
  g: StudentGuardian;
  canEdit: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onOpenLearner: (id: string) => void;
}) {
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="guardian-card" data-guardian-id={g.id}>
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold text-muted-foreground" aria-hidden>
          {initials(g.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="guardian-card-name">
            {g.name}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="guardian-card-relationship">
            {relationshipText(g.relationship, g.relationshipLabel)}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {g.isPrimary && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary" data-testid="guardian-primary-badge">
                <Star className="size-3" aria-hidden />
                {t.primary}
              </span>
            )}
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                g.hasAccount ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
              )}
              data-testid="guardian-account-badge"
              data-has-account={g.hasAccount || undefined}
            >
              {g.hasAccount ? <BadgeCheck className="size-3" aria-hidden /> : <UserRoundX className="size-3" aria-hidden />}
              {g.hasAccount ? t.hasAccount : t.noAccount}
            </span>
          </div>
        </div>
      </div>

      <div className="grid gap-2 text-sm">
        <a href={`tel:+${g.phone}`} className="flex min-w-0 items-center gap-2 rounded-sm hover:text-primary" aria-label={t.call(g.name)} data-testid="guardian-card-phone">
          <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="tabular-nums">{formatPhone(g.phone)}</span>
        </a>
        {g.email && (
          <a href={`mailto:${g.email}`} className="flex min-w-0 items-center gap-2 rounded-sm hover:text-primary" aria-label={t.email(g.name)}>
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">{g.email}</span>
          </a>
        )}
        <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground" title={languageMessages.guardianLabel} data-testid="guardian-card-language">
          <Languages className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">{languageMessages.guardianLabel}: </span>
          {guardianLanguageText(g)}
        </p>
        <SmsOptOutSwitch learnerId={learnerId} g={g} canEdit={canEdit} />
        {(g.idNumber || g.occupation) && (
          <p className="text-xs text-muted-foreground">
            {[g.idNumber && `${t.idNumber} ${g.idNumber}`, g.occupation].filter(Boolean).join(' · ')}
          </p>
        )}
      </div>

      {g.otherChildren.length > 0 && (
        <div className="rounded-lg bg-muted/50 px-3 py-2.5" data-testid="guardian-siblings">
          <p className="text-xs font-medium text-muted-foreground">{t.alsoParentOf}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {g.otherChildren.map((c) => (
              <li key={c.id} className="text-sm">
                <button type="button" className="cursor-pointer text-left font-medium text-primary underline-offset-4 hover:underline" onClick={() => onOpenLearner(c.id)} data-testid="guardian-sibling">
                  {c.name}
                </button>
                {c.className && <span className="text-muted-foreground"> · {c.className}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      {canEdit && (
        <div className="mt-auto flex gap-2 border-t pt-3">
          <Button variant="outline" size="sm" onClick={onEdit} data-testid="guardian-edit">
            <Pencil aria-hidden />
            {t.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={onRemove}
            disabled={!canRemove}
            title={canRemove ? undefined : t.lastGuardian}
            data-testid="guardian-remove"
          >
            <Trash2 aria-hidden />
            {t.remove}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The Guardians tab: each guardian with the primary-contact and parent-account badges, phone and
 * e-mail, and the other learners they are parent of (siblings, linked). The principal adds, edits
 * and removes guardians (at least one stays). A subject teacher gets no contacts from the API (only
 * the class teacher does), and is told so.
 */
export function GuardiansTab({
  learner,
  canEdit,
  isTeacher,
  onOpenLearner,
}: {
  learner: StudentDetail;
  canEdit: boolean;
  isTeacher: boolean;
  onOpenLearner: (id: string) => void;
}) {
  const [dialog, setDialog] = React.useState<{ open: boolean; guardian: StudentGuardian | null }>({ open: false, guardian: null });
  const [removing, setRemoving] = React.useState<StudentGuardian | null>(null);
  const remove = useRemoveGuardian();
  const list = learner.guardians;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: learner.id, guardianId: removing.id },
      {
        onSuccess: () => {
          toast.success(t.removed(removing.name));
          setRemoving(null);
        },
        onError: (err) => {
          toast.error(m.common.saveFailed, { description: err instanceof ApiError ? err.message : undefined });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="profile-guardians">
      {canEdit && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{list.length >= MAX_GUARDIANS ? t.maxReached : null}</p>
          <Button size="sm" onClick={() => setDialog({ open: true, guardian: null })} disabled={list.length >= MAX_GUARDIANS} data-testid="guardian-add">
            <UserPlus aria-hidden />
            {t.add}
          </Button>
        </div>
      )}
      {list.length === 0 ? (
        <EmptyListState icon={UsersRound} title={isTeacher ? t.hiddenForTeacher : t.empty} testId="guardians-empty" />
      ) : (
        <ul className="grid min-w-0 gap-3 sm:gap-4 md:grid-cols-2">
          {list.map((g) => (
            <GuardianCard
              key={g.id}
              learnerId={learner.id}
              g={g}
              canEdit={canEdit}
              canRemove={list.length > 1}
              onEdit={() => setDialog({ open: true, guardian: g })}
              onRemove={() => setRemoving(g)}
              onOpenLearner={onOpenLearner}
            />
          ))}
        </ul>
      )}
      {canEdit && <GuardianDialog learner={learner} guardian={dialog.guardian} open={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
      <ConfirmDialog
        open={!!removing}
        tone="danger"
        icon={Trash2}
        title={t.removeTitle}
        text={removing ? t.removeText(removing.name, learnerName(learner)) : ''}
        cancelLabel={m.common.cancel}
        confirmLabel={t.removeConfirm}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
        testId="guardian-remove-dialog"
        confirmTestId="guardian-remove-confirm"
      />
    </div>
  );
}
