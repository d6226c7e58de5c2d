import * as React from 'react';
import { Check, Loader2, Pencil, ScanSearch, StickyNote } from 'lucide-react';
import { toast } from 'sonner';
import type { OnboardingItem } from '@shared/contracts/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ProgressBar, formatStamp, useHubParams } from './hub-bits';
import { useChecklist, useOnboardingOverview, useUpdateChecklistItem } from './project-hub-api';

const o = hs.onboarding;

/**
 * A school's onboarding checklist: the school picker (with each school's progress), then the items
 * in order with a checkbox for the manual tick (who and when), a "Detected" mark where the school's
 * data already shows it (learners, fee structures, M-Pesa, parent accounts…) and a note.
 */
export function OnboardingChecklistView() {
  const p = useHubParams();
  const overview = useOnboardingOverview();
  const schools = overview.data?.schools ?? [];
  const schoolId = p.schoolId ?? schools[0]?.id ?? null;
  const list = useChecklist(schoolId);
  const d = list.data;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="hub-onboarding">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid w-full min-w-0 gap-1.5 sm:w-80">
          <Label htmlFor="hub-onboarding-school">{o.school}</Label>
          <Select value={schoolId ?? ''} onValueChange={(id) => p.set({ school: id })}>
            <SelectTrigger id="hub-onboarding-school" data-testid="hub-onboarding-school">
              <SelectValue placeholder={o.choose} />
            </SelectTrigger>
            <SelectContent>
              {schools.map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name} · {s.complete}/{s.total}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="min-w-0 flex-1 text-xs text-muted-foreground sm:pb-2.5">{o.legend}</p>
      </div>

      {(overview.isError && !overview.data) || (list.isError && !d) ? (
        <LoadErrorCard
          title={o.loadFailed}
          detail={(list.error ?? overview.error)?.message}
          retryLabel={hs.tryAgain}
          onRetry={() => void (overview.isError ? overview.refetch() : list.refetch())}
          testId="hub-onboarding-error"
        />
      ) : overview.data && schools.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{o.noSchools}</p>
      ) : !d || d.school.id !== schoolId ? (
        <div className="grid gap-2">
          <Skeleton className="h-20 rounded-xl" />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14 rounded-lg" />
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3" data-testid="hub-checklist" data-school={d.school.name}>
          <div className="flex flex-col gap-2 rounded-xl border bg-card p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">{d.school.name}</h3>
              <span className="text-sm text-muted-foreground" data-testid="hub-checklist-progress">
                {o.progress(d.summary.complete, d.summary.total)}
              </span>
            </div>
            <ProgressBar value={Math.round((d.summary.complete / Math.max(1, d.summary.total)) * 100)} label={o.progress(d.summary.complete, d.summary.total)} />
          </div>
          <ol className="flex flex-col divide-y overflow-hidden rounded-xl border bg-card">
            {d.items.map((item) => (
              <ChecklistRow key={item.key} schoolId={d.school.id} item={item} />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function ChecklistRow({ schoolId, item }: { schoolId: string; item: OnboardingItem }) {
  const update = useUpdateChecklistItem();
  const [editing, setEditing] = React.useState(false);
  const [note, setNote] = React.useState(item.note ?? '');
  const id = `hub-item-${item.key}`;
  const tick = (done: boolean) =>
    update.mutate(
      { schoolId, key: item.key, body: { done } },
      { onSuccess: () => toast.success(done ? o.ticked(item.label) : o.unticked(item.label)), onError: (e) => toast.error(o.failed, { description: e.message }) },
    );
  const saveNote = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate(
      { schoolId, key: item.key, body: { note: note.trim() || null } },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(o.saved);
        },
        onError: (e2) => toast.error(o.failed, { description: e2.message }),
      },
    );
  };
  return (
    <li className={cn('flex min-w-0 flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4', item.complete && 'bg-emerald-500/[0.03]')} data-testid="hub-checklist-item" data-key={item.key} data-done={item.done || undefined} data-detected={item.detected || undefined}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Checkbox id={id} checked={item.done} onCheckedChange={(v) => tick(v === true)} disabled={update.isPending} className="mt-0.5 size-5" aria-describedby={`${id}-meta`} data-testid="hub-checklist-check" />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={cn('cursor-pointer text-sm font-medium', item.done && 'text-muted-foreground')}>
            {item.label}
          </label>
          <p id={`${id}-meta`} className="mt-0.5 text-xs text-muted-foreground">
            {item.done && item.doneBy && item.doneAt ? o.doneBy(item.doneBy.name, formatStamp(item.doneAt)) : null}
            {item.detected === false && !item.done ? o.notDetected : null}
          </p>
          {item.note && !editing && (
            <p className="mt-1.5 flex items-start gap-1.5 rounded-md bg-amber-500/10 px-2 py-1 text-xs text-amber-900 dark:text-amber-200" data-testid="hub-checklist-note">
              <StickyNote className="mt-px size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{item.note}</span>
            </p>
          )}
          {editing && (
            <form onSubmit={saveNote} className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} placeholder={o.notePlaceholder} aria-label={o.note} autoFocus className="h-8 text-sm" data-testid="hub-checklist-note-input" />
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={update.isPending} data-testid="hub-checklist-note-save">
                  {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
                  {o.saveNote}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setEditing(false);
                    setNote(item.note ?? '');
                  }}
                >
                  {o.cancel}
                </Button>
              </div>
            </form>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-8 sm:shrink-0 sm:flex-nowrap sm:pl-0">
        {item.detected && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-emerald-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:text-emerald-300"
            title={o.detectedHint}
            data-testid="hub-checklist-detected"
          >
            <ScanSearch className="size-3.5" aria-hidden />
            {o.detected}
            {item.detectedCount !== null && <span className="font-normal opacity-80">· {o.detectedCount(item.key, item.detectedCount)}</span>}
          </span>
        )}
        {item.done && !item.detected && <Check className="size-4 text-emerald-600" aria-hidden />}
        {!editing && (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={() => setEditing(true)} data-testid="hub-checklist-note-edit">
            <Pencil className="size-3.5" aria-hidden />
            {item.note ? o.editNote : o.addNote}
          </Button>
        )}
      </div>
    </li>
  );
}
