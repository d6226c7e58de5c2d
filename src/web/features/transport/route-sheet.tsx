import * as React from 'react';
import { ArrowRightLeft, Bus, FileText, Loader2, MapPin, Pencil, Phone, Search, Trash2, UserMinus, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { TransportRouteDetail, TransportRouteLearner } from '@shared/contracts/transport';
import { transportMessages as tm } from '@shared/messages/transport';
import { cn } from '@/lib/utils';
import { LabelledField } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Money } from '@/components/money';
import { SheetSkeleton } from '@/components/sheet-loading';
import { RouteFormDialog } from './route-form';
import { FormError, formatPhone, useFormError } from './transport-bits';
import { schoolQs, useAssignLearner, useLearnerOptions, useRemoveLearner, useRoute, type TransportScope } from './transport-api';

const u = tm.ui;

/** A route's detail: ordered stops with times and fees, learners by stop (move / remove), Add learner, manifest PDF. */
export function RouteSheet({ scope, routeId, onClose }: { scope: TransportScope; routeId: string | null; onClose: () => void }) {
  const route = useRoute(scope, routeId);
  const [adding, setAdding] = React.useState<{ learner?: TransportRouteLearner } | null>(null);
  const [removing, setRemoving] = React.useState<TransportRouteLearner | null>(null);
  const [editing, setEditing] = React.useState(false);
  const remove = useRemoveLearner();
  const r = route.data;
  return (
    <Sheet open={!!routeId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-xl overflow-y-auto bg-background sm:w-[36rem]" data-testid="route-sheet">
        {route.isError ? (
          <div className="p-5">
            <QueryErrorCard query={route} title={tm.title} retryLabel={tm.tryAgain} testId="route-sheet-error" />
          </div>
        ) : !r ? (
          <SheetSkeleton title={tm.title} blocks={['h-40', 'h-64']} />
        ) : (
          <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-5">
            <div className="pr-8">
              <SheetTitle className="text-lg" data-testid="route-sheet-title">
                {r.name}
              </SheetTitle>
              <SheetDescription className="mt-1 text-sm text-muted-foreground">
                <Money value={r.termFee} /> {u.perTerm} · {u.capacityOf(r.learnerCount, r.capacity)} · {u.seatsLeft(r.seatsLeft)}
              </SheetDescription>
              <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <span className="inline-flex items-center gap-1">
                  <Bus className="size-3.5" aria-hidden />
                  {r.vehicle?.registration ?? u.noVehicle}
                </span>
                <span>{r.driver ? `${r.driver.name}${r.driver.phone ? ` · ${formatPhone(r.driver.phone)}` : ''}` : u.noDriver}</span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {scope.canManage && (
                <Button size="sm" onClick={() => setAdding({})} disabled={r.seatsLeft === 0 || !r.active} data-testid="route-add-learner">
                  <UserPlus aria-hidden />
                  {u.addLearner}
                </Button>
              )}
              <Button size="sm" variant="outline" asChild>
                <a href={`/api/transport/routes/${r.id}/manifest.pdf${schoolQs(scope.schoolId)}`} target="_blank" rel="noreferrer" data-testid="route-manifest-pdf">
                  <FileText aria-hidden />
                  {u.manifestPdf}
                </a>
              </Button>
              {scope.canManage && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="route-edit">
                  <Pencil aria-hidden />
                  {u.editRoute}
                </Button>
              )}
            </div>
            {r.seatsLeft === 0 && <p className="text-sm font-medium text-destructive">{u.full}</p>}

            <section>
              <h3 className="mb-2 text-sm font-semibold">{u.stops}</h3>
              <ol className="relative grid gap-0 border-l border-dashed border-primary/40 pl-4" data-testid="route-stops">
                {r.stops.map((s) => (
                  <li key={s.id} className="relative py-1.5" data-testid="route-stop">
                    <span className="absolute -left-[1.41rem] top-2.5 flex size-3 items-center justify-center rounded-full bg-primary ring-4 ring-background" aria-hidden />
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <p className="min-w-0 font-medium">
                        {s.sequence}. {s.name}
                      </p>
                      <p className="text-xs tabular-nums text-muted-foreground">
                        {s.pickupTime ?? '—'} / {s.dropoffTime ?? '—'}
                      </p>
                    </div>
                    <p className="text-xs text-muted-foreground">
                      {u.learnersCount(s.learnerCount)}
                      {s.zoneFee !== null && (
                        <>
                          {' · '}
                          {u.zoneFee} <Money value={s.zoneFee} />
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            </section>

            <section>
              <h3 className="mb-2 text-sm font-semibold">
                {u.learners} ({r.learners.length})
              </h3>
              {r.learners.length === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{u.noLearners}</p>
              ) : (
                <ul className="divide-y rounded-lg border bg-card" data-testid="route-learners">
                  {r.learners.map((l) => (
                    <li key={l.assignmentId} className="flex min-w-0 items-center gap-3 px-3 py-2.5" data-testid="route-learner" data-name={l.name}>
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium">{l.name}</p>
                        <p className="truncate text-xs text-muted-foreground">
                          {l.admissionNumber} · {l.className ?? '—'} ·{' '}
                          <span className="inline-flex items-center gap-0.5">
                            <MapPin className="size-3" aria-hidden />
                            {l.stopName}
                          </span>
                        </p>
                        {l.guardianPhone && (
                          <a href={`tel:+${l.guardianPhone}`} className="inline-flex items-center gap-1 text-xs text-primary hover:underline">
                            <Phone className="size-3" aria-hidden />
                            {l.guardianName} · {formatPhone(l.guardianPhone)}
                          </a>
                        )}
                      </div>
                      {scope.canManage && (
                        <div className="flex shrink-0 gap-1">
                          <Button variant="ghost" size="icon" className="size-8" aria-label={`${u.move} ${l.name}`} title={u.move} onClick={() => setAdding({ learner: l })}>
                            <ArrowRightLeft aria-hidden />
                          </Button>
                          <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`${u.remove} ${l.name}`} title={u.remove} onClick={() => setRemoving(l)} data-testid="route-learner-remove">
                            <UserMinus aria-hidden />
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </SheetContent>
      {r && adding && <AssignDialog route={r} preset={adding.learner ?? null} onClose={() => setAdding(null)} />}
      {r && editing && <RouteFormDialog scope={scope} route={r} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={!!removing}
        tone="danger"
        icon={Trash2}
        title={removing ? u.removeTitle(removing.name) : ''}
        text={u.removeBody}
        cancelLabel={u.cancel}
        confirmLabel={u.remove}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          r &&
          removing &&
          remove.mutate(
            { routeId: r.id, studentId: removing.studentId },
            {
              onSuccess: (res) => {
                toast.success(res.message);
                setRemoving(null);
              },
              onError: (e) => toast.error(e.message),
            },
          )
        }
        testId="route-remove-dialog"
        confirmTestId="route-remove-confirm"
      />
    </Sheet>
  );
}

/** Put a learner on this route at a stop: search, pick a stop; a learner on another route is moved (their old assignment ends today). */
function AssignDialog({ route, preset, onClose }: { route: TransportRouteDetail; preset: TransportRouteLearner | null; onClose: () => void }) {
  const [q, setQ] = React.useState('');
  const [debounced, setDebounced] = React.useState('');
  React.useEffect(() => {
    const t = window.setTimeout(() => setDebounced(q.trim()), 250);
    return () => window.clearTimeout(t);
  }, [q]);
  const options = useLearnerOptions(debounced, !preset);
  const [picked, setPicked] = React.useState<{ id: string; name: string; route: { id: string; name: string } | null } | null>(
    preset ? { id: preset.studentId, name: preset.name, route: { id: route.id, name: route.name } } : null,
  );
  const [stopId, setStopId] = React.useState(preset?.stopId ?? '');
  const assign = useAssignLearner();
  const err = useFormError();
  const moving = !!picked?.route;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!picked) return;
    err.clear();
    assign.mutate(
      { routeId: route.id, body: { studentId: picked.id, stopId, move: moving } },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={assign.isPending}
      className="max-w-lg"
      testId="assign-dialog"
      form={{ onSubmit: submit, className: 'grid min-w-0 gap-4' }}
      title={preset ? `${u.move}: ${preset.name}` : u.addLearner}
      description={
        <>
          {route.name} · {u.capacityOf(route.learnerCount, route.capacity)} · {u.seatsLeft(route.seatsLeft)}
        </>
      }
    >
      {!preset && (
        <LabelledField id="assign-search" label={u.searchLearner} className="grid gap-2">
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input id="assign-search" className="pl-9" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" data-testid="assign-search" />
          </div>
          <ul className="max-h-52 overflow-y-auto rounded-lg border" data-testid="assign-options">
            {options.isLoading ? (
              <li className="flex justify-center p-3">
                <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
              </li>
            ) : (
              (options.data?.learners ?? []).map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    onClick={() => setPicked({ id: l.id, name: l.name, route: l.route })}
                    className={cn('flex w-full min-w-0 items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-accent', picked?.id === l.id && 'bg-primary/10')}
                    data-testid="assign-option"
                    aria-pressed={picked?.id === l.id}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{l.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {l.admissionNumber} · {l.className ?? '—'}
                      </span>
                    </span>
                    {l.route && <span className="shrink-0 rounded bg-amber-500/15 px-1.5 py-0.5 text-[11px] text-amber-700 dark:text-amber-400">{u.onRoute(l.route.name)}</span>}
                  </button>
                </li>
              ))
            )}
          </ul>
        </LabelledField>
      )}
      {picked && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm" data-testid="assign-picked">
          <span className="font-medium">{picked.name}</span>
          {picked.route && picked.route.id !== route.id && <span className="mt-0.5 block text-xs text-amber-700 dark:text-amber-400">{u.moveHint(picked.route.name)}</span>}
        </p>
      )}
      <LabelledField id="assign-stop" label={u.chooseStop} className="grid gap-1.5">
        <Select value={stopId} onValueChange={setStopId}>
          <SelectTrigger id="assign-stop" data-testid="assign-stop">
            <SelectValue placeholder={u.chooseStopPlaceholder} />
          </SelectTrigger>
          <SelectContent>
            {route.stops.map((s) => (
              <SelectItem key={s.id} value={s.id} data-testid="assign-stop-option">
                {s.sequence}. {s.name} {s.pickupTime ? `(${s.pickupTime})` : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </LabelledField>
      <FormError error={err.error} title={u.addLearner} testId="assign-error" />
      <FormDialogFooter cancelLabel={u.cancel} onCancel={onClose} label={moving ? u.move : u.addLearner} pending={assign.isPending} disabled={!picked || !stopId} submitTestId="assign-save" />
    </FormDialog>
  );
}
