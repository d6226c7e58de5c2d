import * as React from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { RouteBody, TransportRoute } from '@shared/contracts/transport';
import { transportMessages as tm } from '@shared/messages/transport';
import { LabelledField } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { readTimeText, TimeField } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FieldError } from '@/components/form-feedback';
import { InputField, FormError, useFormError } from './transport-bits';
import { useSaveRoute, useVehicles, type TransportScope } from './transport-api';

const u = tm.ui;
type StopDraft = { key: string; id?: string; name: string; pickupTime: string; dropoffTime: string; zoneFee: string };
let seq = 0;
const blankStop = (): StopDraft => ({ key: `new-${++seq}`, name: '', pickupTime: '', dropoffTime: '', zoneFee: '' });
/** The id of a stop's pick-up or drop-off box (a refused save focuses the first wrong one), and of the line under its row. */
const stopBoxId = (key: string, box: 'pickup' | 'dropoff' | 'time-error') => `route-stop-${key}-${box}`;

/** Create or edit a route: name, fee, vehicle, seats, and its stops in ride order (move up/down, add, remove). */
export function RouteFormDialog({ scope, route, onClose, onSaved }: { scope: TransportScope; route: TransportRoute | null; onClose: () => void; onSaved?: (id: string) => void }) {
  const vehicles = useVehicles(scope);
  const save = useSaveRoute();
  const err = useFormError();
  const [name, setName] = React.useState(route?.name ?? '');
  const [description, setDescription] = React.useState(route?.description ?? '');
  const [termFee, setTermFee] = React.useState(route ? String(route.termFee) : '');
  const [vehicleId, setVehicleId] = React.useState(route?.vehicle?.id ?? 'none');
  const [capacity, setCapacity] = React.useState(route?.capacitySetting ? String(route.capacitySetting) : '');
  const [stops, setStops] = React.useState<StopDraft[]>(
    route?.stops.map((s) => ({ key: s.id, id: s.id, name: s.name, pickupTime: s.pickupTime ?? '', dropoffTime: s.dropoffTime ?? '', zoneFee: s.zoneFee === null ? '' : String(s.zoneFee) })) ?? [blankStop()],
  );
  // The time boxes whose text that is not a time is shown (left holding it, or found by a refused save):
  // while one still holds such text, one line under its stop's row says so, as wide as the row (under
  // the narrow box itself it would wrap over five lines), and the box is invalid, described by it.
  const [shownBoxes, setShownBoxes] = React.useState<ReadonlySet<string>>(() => new Set());
  const show = (ids: string[]) => setShownBoxes((set) => (ids.every((id) => set.has(id)) ? set : new Set([...set, ...ids])));
  const wrongBox = (key: string, box: 'pickup' | 'dropoff', time: string) => shownBoxes.has(stopBoxId(key, box)) && readTimeText(time).invalid;
  const timeBox = (s: StopDraft, box: 'pickup' | 'dropoff') => {
    const time = box === 'pickup' ? s.pickupTime : s.dropoffTime;
    const wrong = wrongBox(s.key, box, time);
    return {
      id: stopBoxId(s.key, box),
      keepInvalidText: true,
      showFormatError: false,
      onBlur: () => {
        if (readTimeText(time).invalid) show([stopBoxId(s.key, box)]);
      },
      ...(wrong ? { 'aria-invalid': true as const, 'aria-describedby': stopBoxId(s.key, 'time-error') } : {}),
    };
  };
  const patch = (i: number, p: Partial<StopDraft>) => setStops((list) => list.map((s, k) => (k === i ? { ...s, ...p } : s)));
  const move = (i: number, d: -1 | 1) =>
    setStops((list) => {
      const next = [...list];
      const [s] = next.splice(i, 1);
      next.splice(i + d, 0, s!);
      return next;
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    // A pick-up or drop-off box holding text that is not a time (the box keeps it as typed): refuse
    // rather than save the stop with no time; the line under its row says so (not the form's error too),
    // and the first such box takes the focus.
    const wrong = stops.flatMap((s) => [
      ...(readTimeText(s.pickupTime).invalid ? [stopBoxId(s.key, 'pickup')] : []),
      ...(readTimeText(s.dropoffTime).invalid ? [stopBoxId(s.key, 'dropoff')] : []),
    ]);
    if (wrong.length > 0) {
      show(wrong);
      document.getElementById(wrong[0]!)?.focus();
      return;
    }
    const body: RouteBody = {
      name,
      description: description || null,
      termFee: termFee.trim() === '' ? '' : termFee,
      vehicleId: vehicleId === 'none' ? null : vehicleId,
      capacity: capacity.trim() === '' ? null : Number(capacity),
      active: route?.active ?? true,
      stops: stops.map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name, pickupTime: s.pickupTime || null, dropoffTime: s.dropoffTime || null, zoneFee: s.zoneFee.trim() === '' ? null : s.zoneFee })),
    };
    save.mutate(
      { id: route?.id, body },
      {
        onSuccess: (saved) => {
          toast.success(u.saved);
          onClose();
          onSaved?.(saved.id);
        },
        onError: err.fail,
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={save.isPending}
      className="max-w-2xl"
      testId="route-form"
      form={{ onSubmit: submit, className: 'grid min-w-0 gap-4', noValidate: true }}
      title={route ? u.editRoute : u.newRoute}
      description={u.noRoutesHint}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id="route-name" label={u.name} value={name} onChange={(e) => setName(e.target.value)} error={err.field('name')} className="sm:col-span-2" data-testid="route-name" />
        <InputField id="route-fee" label={u.termFee} inputMode="decimal" value={termFee} onChange={(e) => setTermFee(e.target.value)} error={err.field('termFee')} data-testid="route-fee" />
        <InputField id="route-capacity" label={u.capacity} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} error={err.field('capacity')} hint={u.capacityHint} />
        <LabelledField id="route-vehicle" label={u.vehicle} className="grid min-w-0 gap-1.5">
          <Select value={vehicleId} onValueChange={setVehicleId}>
            <SelectTrigger id="route-vehicle">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="none">{u.noVehicle}</SelectItem>
              {(vehicles.data?.vehicles ?? []).map((v) => (
                <SelectItem key={v.id} value={v.id}>
                  {v.registration} · {v.capacity}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </LabelledField>
        <InputField id="route-description" label={u.description} value={description} onChange={(e) => setDescription(e.target.value)} error={err.field('description')} />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">{u.stops}</p>
        <ol className="grid gap-2">
          {stops.map((s, i) => (
            <li key={s.key} className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 rounded-lg border bg-muted/30 p-2">
              <span className="mt-2 flex size-6 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">{i + 1}</span>
              <div className="grid min-w-0 grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_5.5rem_5.5rem_6rem]">
                <Input aria-label={u.stopName} placeholder={u.stopName} value={s.name} onChange={(e) => patch(i, { name: e.target.value })} className="col-span-2 sm:col-span-1" data-testid="stop-name" />
                <TimeField aria-label={u.pickup} value={s.pickupTime} onValueChange={(pickupTime) => patch(i, { pickupTime })} {...timeBox(s, 'pickup')} />
                <TimeField aria-label={u.dropoff} value={s.dropoffTime} onValueChange={(dropoffTime) => patch(i, { dropoffTime })} {...timeBox(s, 'dropoff')} />
                <Input aria-label={u.zoneFee} placeholder={u.zoneFee} inputMode="decimal" value={s.zoneFee} onChange={(e) => patch(i, { zoneFee: e.target.value })} className="col-span-2 sm:col-span-1" />
                <div className="col-span-full empty:hidden">
                  <FieldError id={stopBoxId(s.key, 'time-error')} message={wrongBox(s.key, 'pickup', s.pickupTime) || wrongBox(s.key, 'dropoff', s.dropoffTime) ? timeFieldMessages.invalid : undefined} />
                </div>
              </div>
              <div className="flex flex-col gap-0.5">
                <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={u.moveUp} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={u.moveDown} disabled={i === stops.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-7 text-destructive" aria-label={u.removeStop} disabled={stops.length === 1} onClick={() => setStops((l) => l.filter((_, k) => k !== i))}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setStops((l) => [...l, blankStop()])} data-testid="add-stop">
          <Plus aria-hidden />
          {u.addStop}
        </Button>
      </div>
      <FormError error={err.error} title={route ? u.editRoute : u.newRoute} testId="route-form-error" />
      <FormDialogFooter cancelLabel={u.cancel} onCancel={onClose} label={u.save} pending={save.isPending} submitTestId="route-save" />
    </FormDialog>
  );
}
