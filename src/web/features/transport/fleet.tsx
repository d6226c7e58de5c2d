import * as React from 'react';
import { AlertTriangle, Bus, BusFront, Loader2, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { TransportDriver, TransportRoute, TransportTrip, TransportVehicle } from '@shared/contracts/transport';
import { TRANSPORT_LEG_LABELS, transportMessages as tm } from '@shared/messages/transport';
import { schoolToday } from '@shared/dates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ExpiryDate, InputField, FormError, formatDay, formatPhone, useFormError } from './transport-bits';
import {
  useCreateTrip,
  useDeleteDriver,
  useDeleteTrip,
  useDeleteVehicle,
  useDrivers,
  useSaveDriver,
  useSaveVehicle,
  useTrips,
  useVehicles,
  type TransportScope,
} from './transport-api';

const u = tm.ui;

/** Vehicles, drivers and trips of School Transport: responsive rows (cards on phones), add/edit dialogs, delete with confirmation. */

function Toolbar({ label, onAdd, show, testId }: { label: string; onAdd: () => void; show: boolean; testId: string }) {
  if (!show) return null;
  return (
    <div className="mb-3 flex justify-end">
      <Button size="sm" onClick={onAdd} data-testid={testId}>
        <Plus aria-hidden />
        {label}
      </Button>
    </div>
  );
}

function Loading() {
  return <Skeleton className="h-48 rounded-xl" />;
}

function Row({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <li className="grid min-w-0 grid-cols-1 gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4" data-testid={testId}>
      {children}
    </li>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="text-[11px] uppercase tracking-wide text-muted-foreground">{label}</p>
      <div className="min-w-0 truncate">{children}</div>
    </div>
  );
}

function RowActions({ show, onEdit, onDelete, name }: { show: boolean; onEdit?: () => void; onDelete: () => void; name: string }) {
  if (!show) return <span />;
  return (
    <div className="flex gap-1 sm:justify-end">
      {onEdit && (
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${name}`} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
      )}
      <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function useDeleteConfirm<T>(mutate: (id: string, opts: { onSuccess: () => void; onError: (e: Error) => void }) => void) {
  const [target, setTarget] = React.useState<(T & { id: string }) | null>(null);
  const [pending, setPending] = React.useState(false);
  return {
    target,
    ask: setTarget,
    pending,
    cancel: () => setTarget(null),
    confirm: () => {
      if (!target) return;
      setPending(true);
      mutate(target.id, {
        onSuccess: () => {
          setPending(false);
          setTarget(null);
          toast.success(u.deleted);
        },
        onError: (e) => {
          setPending(false);
          setTarget(null);
          toast.error(e.message);
        },
      });
    },
  };
}

// -------------------------------------------------------------------------------------------------

export function VehiclesTab({ scope }: { scope: TransportScope }) {
  const q = useVehicles(scope);
  const del = useDeleteVehicle();
  const [editing, setEditing] = React.useState<TransportVehicle | 'new' | null>(null);
  const confirm = useDeleteConfirm<TransportVehicle>((id, o) => del.mutate(id, o));
  if (q.isError) return <LoadErrorCard title={u.tabs.vehicles} detail={q.error.message} retryLabel={tm.tryAgain} onRetry={() => void q.refetch()} testId="vehicles-error" />;
  if (!q.data) return <Loading />;
  const v = q.data.vehicles;
  const v2 = u.vehicles;
  return (
    <div>
      <Toolbar label={v2.add} onAdd={() => setEditing('new')} show={scope.canManage} testId="vehicle-add" />
      {v.length === 0 ? (
        <EmptyListState icon={Bus} title={v2.empty} hint={v2.emptyHint} testId="vehicles-empty" />
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="vehicles">
          {v.map((x) => (
            <Row key={x.id} testId="vehicle-row">
              <div className="min-w-0">
                <p className="font-mono font-semibold tracking-wide">{x.registration}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {[x.make, v2.seats(x.capacity), x.routes.join(', ') || null, x.active ? null : v2.outOfService].filter(Boolean).join(' · ')}
                </p>
              </div>
              <Meta label={v2.insurance}>
                <ExpiryDate day={x.insuranceExpiresOn} />
              </Meta>
              <Meta label={v2.inspection}>
                <ExpiryDate day={x.inspectionExpiresOn} />
              </Meta>
              <RowActions show={scope.canManage} onEdit={() => setEditing(x)} onDelete={() => confirm.ask(x)} name={x.registration} />
            </Row>
          ))}
        </ul>
      )}
      {editing && <VehicleDialog vehicle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!confirm.target}
        tone="danger"
        icon={Trash2}
        title={confirm.target ? v2.deleteTitle(confirm.target.registration) : ''}
        text={tm.api.vehicleInUse}
        cancelLabel={u.cancel}
        confirmLabel={u.vehicles.deleteLabel}
        pending={confirm.pending}
        onCancel={confirm.cancel}
        onConfirm={confirm.confirm}
        testId="vehicle-delete-dialog"
        confirmTestId="vehicle-delete-confirm"
      />
    </div>
  );
}

function VehicleDialog({ vehicle, onClose }: { vehicle: TransportVehicle | null; onClose: () => void }) {
  const save = useSaveVehicle();
  const err = useFormError();
  const v2 = u.vehicles;
  const [f, setF] = React.useState({
    registration: vehicle?.registration ?? '',
    make: vehicle?.make ?? '',
    capacity: vehicle ? String(vehicle.capacity) : '',
    insuranceExpiresOn: vehicle?.insuranceExpiresOn ?? '',
    inspectionExpiresOn: vehicle?.inspectionExpiresOn ?? '',
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF((s) => ({ ...s, [k]: e.target.value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    save.mutate(
      {
        id: vehicle?.id,
        body: {
          registration: f.registration,
          make: f.make || null,
          capacity: f.capacity as unknown as number,
          insuranceExpiresOn: f.insuranceExpiresOn || null,
          inspectionExpiresOn: f.inspectionExpiresOn || null,
          notes: vehicle?.notes ?? null,
          active: vehicle?.active ?? true,
        },
      },
      {
        onSuccess: () => {
          toast.success(u.saved);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent data-testid="vehicle-form">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{vehicle ? v2.edit : v2.add}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField id="veh-reg" label={v2.registration} placeholder="KDA 123A" value={f.registration} onChange={set('registration')} error={err.field('registration')} data-testid="vehicle-registration" />
            <InputField id="veh-cap" label={v2.capacity} inputMode="numeric" value={f.capacity} onChange={set('capacity')} error={err.field('capacity')} data-testid="vehicle-capacity" />
            <InputField id="veh-make" label={v2.make} value={f.make} onChange={set('make')} error={err.field('make')} className="sm:col-span-2" />
            <InputField id="veh-ins" type="date" label={v2.insurance} value={f.insuranceExpiresOn} onChange={set('insuranceExpiresOn')} error={err.field('insuranceExpiresOn')} />
            <InputField id="veh-insp" type="date" label={v2.inspection} value={f.inspectionExpiresOn} onChange={set('inspectionExpiresOn')} error={err.field('inspectionExpiresOn')} />
          </div>
          <FormError error={err.error} title={vehicle ? v2.edit : v2.add} testId="vehicle-form-error" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {u.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="vehicle-save">
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {u.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// -------------------------------------------------------------------------------------------------

export function DriversTab({ scope }: { scope: TransportScope }) {
  const q = useDrivers(scope);
  const del = useDeleteDriver();
  const [editing, setEditing] = React.useState<TransportDriver | 'new' | null>(null);
  const confirm = useDeleteConfirm<TransportDriver>((id, o) => del.mutate(id, o));
  const d2 = u.drivers;
  if (q.isError) return <LoadErrorCard title={u.tabs.drivers} detail={q.error.message} retryLabel={tm.tryAgain} onRetry={() => void q.refetch()} testId="drivers-error" />;
  if (!q.data) return <Loading />;
  return (
    <div>
      <Toolbar label={d2.add} onAdd={() => setEditing('new')} show={scope.canManage} testId="driver-add" />
      {q.data.drivers.length === 0 ? (
        <EmptyListState icon={UserRound} title={d2.empty} hint={d2.emptyHint} testId="drivers-empty" />
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="drivers">
          {q.data.drivers.map((x) => (
            <Row key={x.id} testId="driver-row">
              <div className="min-w-0">
                <p className="truncate font-semibold">{x.name}</p>
                <p className="truncate text-xs text-muted-foreground">{x.phone ? formatPhone(x.phone) : '—'}</p>
              </div>
              <Meta label={d2.licence}>
                <span className="font-mono">{x.licenceNumber}</span>
              </Meta>
              <Meta label={d2.licenceExpiry}>
                <ExpiryDate day={x.licenceExpiresOn} />
              </Meta>
              <RowActions show={scope.canManage} onEdit={() => setEditing(x)} onDelete={() => confirm.ask(x)} name={x.name} />
            </Row>
          ))}
        </ul>
      )}
      {editing && <DriverDialog driver={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!confirm.target}
        tone="danger"
        icon={Trash2}
        title={confirm.target ? d2.deleteTitle(confirm.target.name) : ''}
        text={tm.api.driverInUse}
        cancelLabel={u.cancel}
        confirmLabel={u.vehicles.deleteLabel}
        pending={confirm.pending}
        onCancel={confirm.cancel}
        onConfirm={confirm.confirm}
        testId="driver-delete-dialog"
        confirmTestId="driver-delete-confirm"
      />
    </div>
  );
}

function DriverDialog({ driver, onClose }: { driver: TransportDriver | null; onClose: () => void }) {
  const save = useSaveDriver();
  const err = useFormError();
  const d2 = u.drivers;
  const [f, setF] = React.useState({ name: driver?.name ?? '', phone: driver?.phone ?? '', licenceNumber: driver?.licenceNumber ?? '', licenceExpiresOn: driver?.licenceExpiresOn ?? '' });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF((s) => ({ ...s, [k]: e.target.value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    save.mutate(
      { id: driver?.id, body: { name: f.name, phone: f.phone || null, licenceNumber: f.licenceNumber, licenceExpiresOn: f.licenceExpiresOn || null, active: driver?.active ?? true } },
      {
        onSuccess: () => {
          toast.success(u.saved);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent data-testid="driver-form">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{driver ? d2.edit : d2.add}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField id="drv-name" label={d2.name} value={f.name} onChange={set('name')} error={err.field('name')} className="sm:col-span-2" />
            <InputField id="drv-phone" label={d2.phone} inputMode="tel" value={f.phone} onChange={set('phone')} error={err.field('phone')} />
            <InputField id="drv-lic" label={d2.licence} value={f.licenceNumber} onChange={set('licenceNumber')} error={err.field('licenceNumber')} />
            <InputField id="drv-exp" type="date" label={d2.licenceExpiry} value={f.licenceExpiresOn} onChange={set('licenceExpiresOn')} error={err.field('licenceExpiresOn')} />
          </div>
          <FormError error={err.error} title={driver ? d2.edit : d2.add} testId="driver-form-error" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {u.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {u.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// -------------------------------------------------------------------------------------------------

export function TripsTab({ scope, routes }: { scope: TransportScope; routes: TransportRoute[] }) {
  const q = useTrips(scope);
  const del = useDeleteTrip();
  const [adding, setAdding] = React.useState(false);
  const confirm = useDeleteConfirm<TransportTrip>((id, o) => del.mutate(id, o));
  const t2 = u.trips;
  if (q.isError) return <LoadErrorCard title={u.tabs.trips} detail={q.error.message} retryLabel={tm.tryAgain} onRetry={() => void q.refetch()} testId="trips-error" />;
  if (!q.data) return <Loading />;
  return (
    <div>
      <Toolbar label={t2.add} onAdd={() => setAdding(true)} show={scope.canManage} testId="trip-add" />
      {q.data.trips.length === 0 ? (
        <EmptyListState icon={BusFront} title={t2.empty} hint={t2.emptyHint} testId="trips-empty" />
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="trips">
          {q.data.trips.map((x) => (
            <Row key={x.id} testId="trip-row">
              <div className="min-w-0">
                <p className="truncate font-semibold">{x.routeName}</p>
                <p className="truncate text-xs text-muted-foreground">{TRANSPORT_LEG_LABELS[x.leg]}</p>
                {x.warning && (
                  <p className="mt-1 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400" data-testid="trip-warning">
                    <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
                    <span className="whitespace-normal">{x.warning}</span>
                  </p>
                )}
              </div>
              <Meta label={`${t2.vehicle} · ${t2.driver}`}>
                <span className="font-mono">{x.registration}</span> · {x.driverName ?? u.noDriver}
              </Meta>
              <Meta label={`${t2.startsOn} – ${t2.endsOn}`}>
                {formatDay(x.startsOn)} – {x.endsOn ? formatDay(x.endsOn) : t2.open}
              </Meta>
              <RowActions show={scope.canManage} onDelete={() => confirm.ask(x)} name={x.routeName} />
            </Row>
          ))}
        </ul>
      )}
      {adding && <TripDialog scope={scope} routes={routes} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!confirm.target}
        tone="danger"
        icon={Trash2}
        title={t2.deleteTitle}
        text={confirm.target ? `${confirm.target.routeName} · ${confirm.target.registration}` : ''}
        cancelLabel={u.cancel}
        confirmLabel={t2.end}
        pending={confirm.pending}
        onCancel={confirm.cancel}
        onConfirm={confirm.confirm}
        testId="trip-delete-dialog"
        confirmTestId="trip-delete-confirm"
      />
    </div>
  );
}

function TripDialog({ scope, routes, onClose }: { scope: TransportScope; routes: TransportRoute[]; onClose: () => void }) {
  const vehicles = useVehicles(scope);
  const drivers = useDrivers(scope);
  const create = useCreateTrip();
  const err = useFormError();
  const t2 = u.trips;
  const [f, setF] = React.useState({ routeId: routes[0]?.id ?? '', vehicleId: '', driverId: 'none', leg: 'both' as TransportTrip['leg'], startsOn: schoolToday(), endsOn: '' });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    create.mutate(
      { routeId: f.routeId, vehicleId: f.vehicleId, driverId: f.driverId === 'none' ? null : f.driverId, leg: f.leg, startsOn: f.startsOn, endsOn: f.endsOn || null },
      {
        onSuccess: (trip) => {
          if (trip.warning) toast.warning(trip.warning);
          else toast.success(u.saved);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  const pick = (label: string, id: string, value: string, onChange: (v: string) => void, items: { value: string; label: string }[], error?: string) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-invalid={!!error || undefined}>
          <SelectValue placeholder={label} />
        </SelectTrigger>
        <SelectContent>
          {items.map((i) => (
            <SelectItem key={i.value} value={i.value}>
              {i.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && <p className="text-xs font-medium text-destructive">{error}</p>}
    </div>
  );
  return (
    <Dialog open onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent data-testid="trip-form">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t2.add}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {pick(t2.route, 'trip-route', f.routeId, (v) => setF((s) => ({ ...s, routeId: v })), routes.map((r) => ({ value: r.id, label: r.name })), err.field('routeId'))}
            {pick(t2.vehicle, 'trip-vehicle', f.vehicleId, (v) => setF((s) => ({ ...s, vehicleId: v })), (vehicles.data?.vehicles ?? []).map((v) => ({ value: v.id, label: v.registration })), err.field('vehicleId'))}
            {pick(t2.driver, 'trip-driver', f.driverId, (v) => setF((s) => ({ ...s, driverId: v })), [{ value: 'none', label: u.noDriver }, ...(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))])}
            {pick(t2.leg, 'trip-leg', f.leg, (v) => setF((s) => ({ ...s, leg: v as TransportTrip['leg'] })), Object.entries(TRANSPORT_LEG_LABELS).map(([value, label]) => ({ value, label })))}
            <InputField id="trip-start" type="date" label={t2.startsOn} value={f.startsOn} onChange={(e) => setF((s) => ({ ...s, startsOn: e.target.value }))} error={err.field('startsOn')} />
            <InputField id="trip-end" type="date" label={t2.endsOn} value={f.endsOn} onChange={(e) => setF((s) => ({ ...s, endsOn: e.target.value }))} error={err.field('endsOn')} />
          </div>
          <FormError error={err.error} title={t2.add} testId="trip-form-error" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              {u.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending || !f.routeId || !f.vehicleId}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {u.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
