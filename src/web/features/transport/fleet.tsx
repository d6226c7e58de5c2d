import * as React from 'react';
import { AlertTriangle, Bus, BusFront, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { DriverBody, TransportDriver, TransportRoute, TransportTrip, TransportVehicle, TripBody, VehicleBody } from '@shared/contracts/transport';
import { TRANSPORT_LEG_LABELS, transportMessages as tm } from '@shared/messages/transport';
import { schoolToday } from '@shared/dates';
import { CrudFormButtons, CrudList, type CrudFormProps } from '@/components/crud-list';
import type { ColumnDef } from '@/components/data-table';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DateInputField } from '@/components/date-field';
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
import { perLocale } from '@shared/i18n/localized';

const u = tm.ui;

/** Vehicles, drivers and trips of School Transport on the CRUD-list kit: table rows (cards on phones), add/edit dialogs, delete with confirmation. */

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="text-[11px] uppercase tracking-wide text-muted-foreground">{label}</p>
      <div className="min-w-0 truncate">{children}</div>
    </div>
  );
}

// -------------------------------------------------------------------------------------------------

function VehicleSummary({ vehicle: x }: { vehicle: TransportVehicle }) {
  const v2 = u.vehicles;
  return (
    <div className="min-w-0 flex-1">
      <p className="font-mono font-semibold tracking-wide">{x.registration}</p>
      <p className="truncate text-xs text-muted-foreground">{[x.make, v2.seats(x.capacity), x.routes.join(', ') || null, x.active ? null : v2.outOfService].filter(Boolean).join(' · ')}</p>
    </div>
  );
}

const vehicleColumns = perLocale((): ColumnDef<TransportVehicle, unknown>[] => ([
  { id: 'registration', header: u.vehicles.registration, cell: ({ row }) => <VehicleSummary vehicle={row.original} />, meta: { alwaysVisible: true, className: 'max-w-96' } },
  { id: 'insurance', header: u.vehicles.insurance, cell: ({ row }) => <ExpiryDate day={row.original.insuranceExpiresOn} />, meta: { className: 'w-48' } },
  { id: 'inspection', header: u.vehicles.inspection, cell: ({ row }) => <ExpiryDate day={row.original.inspectionExpiresOn} />, meta: { className: 'w-48' } },
]));

/** Labels of the rows' edit and delete buttons. */
const rowLabels = perLocale(() => ({ edit: u.vehicles.editLabel, delete: (name: string) => `${u.vehicles.deleteLabel} ${name}` }));

/** The messages of a fleet list (save and delete toasts, Cancel, Delete). */
const fleetMessages = perLocale(() => ({ ...rowLabels, cancel: u.cancel, confirmDelete: u.vehicles.deleteLabel, saved: () => u.saved, deleted: () => u.deleted }));

export function VehiclesTab({ scope }: { scope: TransportScope }) {
  const q = useVehicles(scope);
  const save = useSaveVehicle();
  const del = useDeleteVehicle();
  const v2 = u.vehicles;
  return (
    <CrudList<TransportVehicle, VehicleBody>
      id="vehicles"
      query={{ data: q.data?.vehicles, error: q.error, refetch: q.refetch }}
      columns={vehicleColumns}
      getRowId={(x) => x.id}
      rowName={(x) => x.registration}
      rowTestId="vehicle-row"
      minWidth={640}
      errorTitle={u.tabs.vehicles}
      empty={{ icon: Bus, title: v2.empty, hint: v2.emptyHint }}
      canEdit={scope.canManage}
      save={(x, body) => save.mutateAsync({ id: x?.id, body })}
      remove={(x) => del.mutateAsync(x.id)}
      renderForm={(form) => <VehicleForm {...form} />}
      renderCard={(x, actions) => (
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <VehicleSummary vehicle={x} />
            {actions}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Meta label={v2.insurance}>
              <ExpiryDate day={x.insuranceExpiresOn} />
            </Meta>
            <Meta label={v2.inspection}>
              <ExpiryDate day={x.inspectionExpiresOn} />
            </Meta>
          </div>
        </div>
      )}
      dialog={{ icon: Bus, title: (x) => (x ? v2.edit : v2.add), testId: 'vehicle-form' }}
      confirm={{ title: (x) => v2.deleteTitle(x.registration), text: tm.api.vehicleInUse, testId: 'vehicle-delete-dialog', confirmTestId: 'vehicle-delete-confirm' }}
      messages={{ ...fleetMessages, add: v2.add }}
      testIds={{ add: 'vehicle-add' }}
    />
  );
}

function VehicleForm({ row: vehicle, submit, pending, close }: CrudFormProps<TransportVehicle, VehicleBody>) {
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
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    submit({
      registration: f.registration,
      make: f.make || null,
      capacity: f.capacity as unknown as number,
      insuranceExpiresOn: f.insuranceExpiresOn || null,
      inspectionExpiresOn: f.inspectionExpiresOn || null,
      notes: vehicle?.notes ?? null,
      active: vehicle?.active ?? true,
    }).catch(err.fail);
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id="veh-reg" label={v2.registration} placeholder="KDA 123A" value={f.registration} onChange={set('registration')} error={err.field('registration')} data-testid="vehicle-registration" />
        <InputField id="veh-cap" label={v2.capacity} inputMode="numeric" value={f.capacity} onChange={set('capacity')} error={err.field('capacity')} data-testid="vehicle-capacity" />
        <InputField id="veh-make" label={v2.make} value={f.make} onChange={set('make')} error={err.field('make')} className="sm:col-span-2" />
        <DateInputField id="veh-ins" label={v2.insurance} value={f.insuranceExpiresOn} onValueChange={(day) => setF((s) => ({ ...s, insuranceExpiresOn: day }))} error={err.field('insuranceExpiresOn')} />
        <DateInputField id="veh-insp" label={v2.inspection} value={f.inspectionExpiresOn} onValueChange={(day) => setF((s) => ({ ...s, inspectionExpiresOn: day }))} error={err.field('inspectionExpiresOn')} />
      </div>
      <FormError error={err.error} title={vehicle ? v2.edit : v2.add} testId="vehicle-form-error" />
      <CrudFormButtons pending={pending} onCancel={close} cancelLabel={u.cancel} saveLabel={u.save} testId="vehicle-save" />
    </form>
  );
}

// -------------------------------------------------------------------------------------------------

function DriverSummary({ driver: x }: { driver: TransportDriver }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-semibold">{x.name}</p>
      <p className="truncate text-xs text-muted-foreground">{x.phone ? formatPhone(x.phone) : '—'}</p>
    </div>
  );
}

const driverColumns = perLocale((): ColumnDef<TransportDriver, unknown>[] => ([
  { id: 'name', header: u.drivers.name, cell: ({ row }) => <DriverSummary driver={row.original} />, meta: { alwaysVisible: true, className: 'max-w-96' } },
  { id: 'licence', header: u.drivers.licence, cell: ({ row }) => <span className="font-mono">{row.original.licenceNumber}</span>, meta: { className: 'w-48' } },
  { id: 'licenceExpiry', header: u.drivers.licenceExpiry, cell: ({ row }) => <ExpiryDate day={row.original.licenceExpiresOn} />, meta: { className: 'w-48' } },
]));

export function DriversTab({ scope }: { scope: TransportScope }) {
  const q = useDrivers(scope);
  const save = useSaveDriver();
  const del = useDeleteDriver();
  const d2 = u.drivers;
  return (
    <CrudList<TransportDriver, DriverBody>
      id="drivers"
      query={{ data: q.data?.drivers, error: q.error, refetch: q.refetch }}
      columns={driverColumns}
      getRowId={(x) => x.id}
      rowName={(x) => x.name}
      rowTestId="driver-row"
      minWidth={640}
      errorTitle={u.tabs.drivers}
      empty={{ icon: UserRound, title: d2.empty, hint: d2.emptyHint }}
      canEdit={scope.canManage}
      save={(x, body) => save.mutateAsync({ id: x?.id, body })}
      remove={(x) => del.mutateAsync(x.id)}
      renderForm={(form) => <DriverForm {...form} />}
      renderCard={(x, actions) => (
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <DriverSummary driver={x} />
            {actions}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Meta label={d2.licence}>
              <span className="font-mono">{x.licenceNumber}</span>
            </Meta>
            <Meta label={d2.licenceExpiry}>
              <ExpiryDate day={x.licenceExpiresOn} />
            </Meta>
          </div>
        </div>
      )}
      dialog={{ icon: UserRound, title: (x) => (x ? d2.edit : d2.add), testId: 'driver-form' }}
      confirm={{ title: (x) => d2.deleteTitle(x.name), text: tm.api.driverInUse, testId: 'driver-delete-dialog', confirmTestId: 'driver-delete-confirm' }}
      messages={{ ...fleetMessages, add: d2.add }}
      testIds={{ add: 'driver-add' }}
    />
  );
}

function DriverForm({ row: driver, submit, pending, close }: CrudFormProps<TransportDriver, DriverBody>) {
  const err = useFormError();
  const d2 = u.drivers;
  const [f, setF] = React.useState({ name: driver?.name ?? '', phone: driver?.phone ?? '', licenceNumber: driver?.licenceNumber ?? '', licenceExpiresOn: driver?.licenceExpiresOn ?? '' });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF((s) => ({ ...s, [k]: e.target.value }));
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    submit({ name: f.name, phone: f.phone || null, licenceNumber: f.licenceNumber, licenceExpiresOn: f.licenceExpiresOn || null, active: driver?.active ?? true }).catch(err.fail);
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id="drv-name" label={d2.name} value={f.name} onChange={set('name')} error={err.field('name')} className="sm:col-span-2" />
        <InputField id="drv-phone" label={d2.phone} inputMode="tel" value={f.phone} onChange={set('phone')} error={err.field('phone')} />
        <InputField id="drv-lic" label={d2.licence} value={f.licenceNumber} onChange={set('licenceNumber')} error={err.field('licenceNumber')} />
        <DateInputField id="drv-exp" label={d2.licenceExpiry} value={f.licenceExpiresOn} onValueChange={(day) => setF((s) => ({ ...s, licenceExpiresOn: day }))} error={err.field('licenceExpiresOn')} />
      </div>
      <FormError error={err.error} title={driver ? d2.edit : d2.add} testId="driver-form-error" />
      <CrudFormButtons pending={pending} onCancel={close} cancelLabel={u.cancel} saveLabel={u.save} testId="driver-save" />
    </form>
  );
}

// -------------------------------------------------------------------------------------------------

function TripSummary({ trip: x }: { trip: TransportTrip }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-semibold">{x.routeName}</p>
      <p className="truncate text-xs text-muted-foreground">{TRANSPORT_LEG_LABELS[x.leg]}</p>
      {x.warning && (
        <p className="mt-1 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400" data-testid="trip-warning">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
          <span className="whitespace-normal">{x.warning}</span>
        </p>
      )}
    </div>
  );
}

const TripCrew = ({ trip: x }: { trip: TransportTrip }) => (
  <>
    <span className="font-mono">{x.registration}</span> · {x.driverName ?? u.noDriver}
  </>
);
const tripDates = (x: TransportTrip) => `${formatDay(x.startsOn)} – ${x.endsOn ? formatDay(x.endsOn) : u.trips.open}`;

const tripColumns = perLocale((): ColumnDef<TransportTrip, unknown>[] => ([
  { id: 'route', header: u.trips.route, cell: ({ row }) => <TripSummary trip={row.original} />, meta: { alwaysVisible: true, className: 'max-w-96' } },
  { id: 'crew', header: `${u.trips.vehicle} · ${u.trips.driver}`, cell: ({ row }) => <TripCrew trip={row.original} />, meta: { label: `${u.trips.vehicle} · ${u.trips.driver}` } },
  { id: 'dates', header: `${u.trips.startsOn} – ${u.trips.endsOn}`, cell: ({ row }) => <span className="whitespace-nowrap">{tripDates(row.original)}</span> },
]));

export function TripsTab({ scope, routes }: { scope: TransportScope; routes: TransportRoute[] }) {
  const q = useTrips(scope);
  const create = useCreateTrip();
  const del = useDeleteTrip();
  const t2 = u.trips;
  return (
    <CrudList<TransportTrip, TripBody, TransportTrip>
      id="trips"
      query={{ data: q.data?.trips, error: q.error, refetch: q.refetch }}
      columns={tripColumns}
      getRowId={(x) => x.id}
      rowName={(x) => x.routeName}
      rowTestId="trip-row"
      minWidth={640}
      errorTitle={u.tabs.trips}
      empty={{ icon: BusFront, title: t2.empty, hint: t2.emptyHint }}
      canEdit={scope.canManage}
      canEditRow={() => false}
      save={(_, body) => create.mutateAsync(body)}
      onSaved={(_, trip) => trip.warning && toast.warning(trip.warning)}
      remove={(x) => del.mutateAsync(x.id)}
      renderForm={(form) => <TripForm {...form} scope={scope} routes={routes} />}
      renderCard={(x, actions) => (
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <TripSummary trip={x} />
            {actions}
          </div>
          <div className="grid gap-2 min-[420px]:grid-cols-2">
            <Meta label={`${t2.vehicle} · ${t2.driver}`}>
              <TripCrew trip={x} />
            </Meta>
            <Meta label={`${t2.startsOn} – ${t2.endsOn}`}>{tripDates(x)}</Meta>
          </div>
        </div>
      )}
      dialog={{ icon: BusFront, title: () => t2.add, testId: 'trip-form' }}
      confirm={{ title: () => t2.deleteTitle, text: (x) => `${x.routeName} · ${x.registration}`, testId: 'trip-delete-dialog', confirmTestId: 'trip-delete-confirm' }}
      messages={{ ...fleetMessages, add: t2.add, confirmDelete: t2.end, saved: (_, trip) => (trip.warning ? null : u.saved) }}
      testIds={{ add: 'trip-add' }}
    />
  );
}

function TripForm({ scope, routes, submit, pending, close }: CrudFormProps<TransportTrip, TripBody> & { scope: TransportScope; routes: TransportRoute[] }) {
  const vehicles = useVehicles(scope);
  const drivers = useDrivers(scope);
  const err = useFormError();
  const t2 = u.trips;
  const [f, setF] = React.useState({ routeId: routes[0]?.id ?? '', vehicleId: '', driverId: 'none', leg: 'both' as TransportTrip['leg'], startsOn: schoolToday(), endsOn: '' });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    submit({ routeId: f.routeId, vehicleId: f.vehicleId, driverId: f.driverId === 'none' ? null : f.driverId, leg: f.leg, startsOn: f.startsOn, endsOn: f.endsOn || null }).catch(err.fail);
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
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        {pick(t2.route, 'trip-route', f.routeId, (v) => setF((s) => ({ ...s, routeId: v })), routes.map((r) => ({ value: r.id, label: r.name })), err.field('routeId'))}
        {pick(t2.vehicle, 'trip-vehicle', f.vehicleId, (v) => setF((s) => ({ ...s, vehicleId: v })), (vehicles.data?.vehicles ?? []).map((v) => ({ value: v.id, label: v.registration })), err.field('vehicleId'))}
        {pick(t2.driver, 'trip-driver', f.driverId, (v) => setF((s) => ({ ...s, driverId: v })), [{ value: 'none', label: u.noDriver }, ...(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))])}
        {pick(t2.leg, 'trip-leg', f.leg, (v) => setF((s) => ({ ...s, leg: v as TransportTrip['leg'] })), Object.entries(TRANSPORT_LEG_LABELS).map(([value, label]) => ({ value, label })))}
        <DateInputField id="trip-start" label={t2.startsOn} value={f.startsOn} onValueChange={(day) => setF((s) => ({ ...s, startsOn: day }))} error={err.field('startsOn')} />
        <DateInputField id="trip-end" label={t2.endsOn} value={f.endsOn} onValueChange={(day) => setF((s) => ({ ...s, endsOn: day }))} error={err.field('endsOn')} />
      </div>
      <FormError error={err.error} title={t2.add} testId="trip-form-error" />
      <CrudFormButtons pending={pending} disabled={!f.routeId || !f.vehicleId} onCancel={close} cancelLabel={u.cancel} saveLabel={u.save} />
    </form>
  );
}
