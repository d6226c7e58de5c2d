import type { Actor } from '../../../shared/access.js';
import type {
  AssignResponse,
  EndAssignmentResponse,
  LearnerOptions,
  MyChildrenTransport,
  TransportAlert,
  TransportChargeMode,
  TransportDriver,
  TransportRoute,
  TransportRouteDetail,
  TransportTrip,
  TransportVehicle,
} from '../../../shared/contracts/transport.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { schoolToday } from '../../../shared/dates.js';
import { transportMessages as tm } from '../../../shared/messages/transport.js';
import { centsToKes, formatKes } from '../../../shared/money.js';
import { daysUntil, EXPIRY_ALERT_DAYS, normalisePlate } from '../../../shared/transport-plates.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { audienceScope, learnerAudience } from '../learners/index.js';
import { cancelPendingCharges, chargeLearner, proRataCents, termOn } from '../fees/index.js';
import { auditSchool, inSchool, type RequestCallerWithSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './transport.repository.js';

/**
 * School transport (issue 15 §4). Every call runs in one transaction confined to the caller's school
 * (inSchool: a school role's own, `?schoolId=` for platform staff; another school's ids read as 404).
 * Writes are the finance officer's and audited (TRANSPORT_*). Putting a learner on a route checks the
 * seats under a lock on the route row, so two clerks cannot overfill a bus; the fee follows the school's
 * setting (next invoice, or a pro-rata share of this term's fee charged at once through chargeLearner).
 */

const m = tm.api;
export const TRANSPORT_AUDIT = {
  routeCreated: 'TRANSPORT_ROUTE_CREATED',
  routeUpdated: 'TRANSPORT_ROUTE_UPDATED',
  routeDeleted: 'TRANSPORT_ROUTE_DELETED',
  vehicleCreated: 'TRANSPORT_VEHICLE_CREATED',
  vehicleUpdated: 'TRANSPORT_VEHICLE_UPDATED',
  vehicleDeleted: 'TRANSPORT_VEHICLE_DELETED',
  driverCreated: 'TRANSPORT_DRIVER_CREATED',
  driverUpdated: 'TRANSPORT_DRIVER_UPDATED',
  driverDeleted: 'TRANSPORT_DRIVER_DELETED',
  tripCreated: 'TRANSPORT_TRIP_CREATED',
  tripDeleted: 'TRANSPORT_TRIP_DELETED',
  learnerAssigned: 'TRANSPORT_LEARNER_ASSIGNED',
  learnerRemoved: 'TRANSPORT_LEARNER_REMOVED',
  settingsUpdated: 'TRANSPORT_SETTINGS_UPDATED',
} as const;

/** Runs `fn` in the caller's school with a SchoolCaller for audit entries. */
export function run<T>(database: Database, who: RequestCallerWithSchool, fn: (tx: Tx, c: SchoolCaller) => Promise<T>): Promise<T> {
  return inSchool(database, who.actor, who.schoolId, (tx, schoolId) => fn(tx, { actor: who.actor, schoolId, ip: who.ip }));
}

const conflict = (code: string, message: string, fields?: Record<string, string>) => new AppError(409, code, message, fields ? { fields } : {});

// -------------------------------------------------------------------------------------------------
// Reading

/** Routes with stops, vehicle, current driver, seats and riders (ids: only these routes). */
export async function loadRoutes(tx: Tx, schoolId: string, ids?: string[]): Promise<TransportRoute[]> {
  const routes = await repo.listRouteRows(tx, schoolId, ids);
  if (routes.length === 0) return [];
  const routeIds = routes.map((r) => r.id);
  const [stops, riders, vehicles, drivers, trips] = await Promise.all([
    repo.listStopsOfRoutes(tx, routeIds),
    repo.countActiveRidersByStop(tx, routeIds),
    repo.listVehicleRows(tx, schoolId),
    repo.listDriverRows(tx, schoolId),
    repo.listCurrentTrips(tx, schoolId, schoolToday()),
  ]);
  const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
  const driverById = new Map(drivers.map((d) => [d.id, d]));
  return routes.map((r) => {
    const trip = trips.find((t) => t.routeId === r.id);
    const vehicle = vehicleById.get(r.vehicleId ?? trip?.vehicleId ?? '') ?? null;
    const driver = driverById.get(trips.find((t) => t.routeId === r.id && t.driverId)?.driverId ?? '') ?? null;
    const ridersOf = riders.filter((x) => x.routeId === r.id);
    const learnerCount = ridersOf.reduce((a, x) => a + Number(x.n), 0);
    const capacity = r.capacity ?? vehicle?.capacity ?? null;
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      termFee: centsToKes(r.termFeeCents),
      active: r.active,
      vehicle: vehicle ? { id: vehicle.id, registration: vehicle.registration, capacity: vehicle.capacity } : null,
      driver: driver ? { id: driver.id, name: driver.name, phone: driver.phone } : null,
      capacitySetting: r.capacity,
      capacity,
      learnerCount,
      seatsLeft: capacity === null ? null : Math.max(0, capacity - learnerCount),
      stops: stops
        .filter((s) => s.routeId === r.id)
        .map((s) => ({
          id: s.id,
          name: s.name,
          sequence: s.sequence,
          pickupTime: s.pickupTime,
          dropoffTime: s.dropoffTime,
          zoneFee: s.zoneFeeCents === null ? null : centsToKes(s.zoneFeeCents),
          fee: centsToKes(s.zoneFeeCents ?? r.termFeeCents),
          learnerCount: Number(ridersOf.find((x) => x.stopId === s.id)?.n ?? 0),
        })),
    };
  });
}

export async function chargeModeOf(tx: Tx, schoolId: string): Promise<TransportChargeMode> {
  const mode = await repo.findChargeMode(tx, schoolId);
  return (mode as TransportChargeMode | undefined) ?? 'next_invoice';
}

/** The learners on a route (active assignments), by stop order then name, with a guardian to call. */
export async function routeLearners(tx: Tx, schoolId: string, routeId: string): Promise<TransportRouteDetail['learners']> {
  const rows = await repo.listRouteRiders(tx, schoolId, routeId);
  const ids = rows.map((r) => r.studentId);
  const contacts = ids.length ? await repo.listGuardianContacts(tx, ids) : [];
  return rows.map((r) => {
    const g = contacts.find((c) => c.studentId === r.studentId);
    return {
      assignmentId: r.assignmentId,
      studentId: r.studentId,
      name: learnerName(r),
      admissionNumber: r.admissionNumber,
      className: r.className,
      stopId: r.stopId,
      stopName: r.stopName,
      guardianName: g?.name ?? null,
      guardianPhone: g?.phone ?? null,
      since: r.since,
    };
  });
}

export async function routeDetail(tx: Tx, schoolId: string, id: string): Promise<TransportRouteDetail> {
  const [route] = await loadRoutes(tx, schoolId, [id]);
  if (!route) throw notFound(m.routeNotFound);
  return { ...route, learners: await routeLearners(tx, schoolId, id) };
}

export async function listVehicles(tx: Tx, schoolId: string): Promise<TransportVehicle[]> {
  const [rows, routes] = await Promise.all([
    repo.listVehicleRows(tx, schoolId, { listOrder: true }),
    repo.listRouteVehicles(tx, schoolId),
  ]);
  return rows.map((v) => ({
    id: v.id,
    registration: v.registration,
    make: v.make,
    capacity: v.capacity,
    insuranceExpiresOn: v.insuranceExpiresOn,
    inspectionExpiresOn: v.inspectionExpiresOn,
    active: v.active,
    notes: v.notes,
    routes: routes.filter((r) => r.vehicleId === v.id).map((r) => r.name),
  }));
}

export async function listDrivers(tx: Tx, schoolId: string): Promise<TransportDriver[]> {
  const rows = await repo.listDriverRows(tx, schoolId, { listOrder: true });
  return rows.map((d) => ({ id: d.id, name: d.name, phone: d.phone, licenceNumber: d.licenceNumber, licenceExpiresOn: d.licenceExpiresOn, active: d.active }));
}

export async function listTrips(tx: Tx, schoolId: string): Promise<TransportTrip[]> {
  const rows = await repo.listTripRows(tx, schoolId);
  return rows.map((r) => ({ ...r, leg: r.leg as TransportTrip['leg'] }));
}

/** Insurance, inspection and licence dates that expire within 30 days or have expired (active vehicles and drivers). */
export async function listAlerts(tx: Tx, schoolId: string, today = schoolToday()): Promise<TransportAlert[]> {
  const [vehicles, drivers] = await Promise.all([
    repo.listVehicleRows(tx, schoolId, { activeOnly: true }),
    repo.listDriverRows(tx, schoolId, { activeOnly: true }),
  ]);
  const out: TransportAlert[] = [];
  const push = (kind: TransportAlert['kind'], subjectType: TransportAlert['subjectType'], subjectId: string, subject: string, expiresOn: string | null) => {
    if (!expiresOn) return;
    const daysLeft = daysUntil(expiresOn, today);
    if (daysLeft <= EXPIRY_ALERT_DAYS) out.push({ kind, subjectType, subjectId, subject, expiresOn, daysLeft, expired: daysLeft < 0 });
  };
  for (const v of vehicles) {
    push('insurance', 'vehicle', v.id, v.registration, v.insuranceExpiresOn);
    push('inspection', 'vehicle', v.id, v.registration, v.inspectionExpiresOn);
  }
  for (const d of drivers) push('licence', 'driver', d.id, d.name, d.licenceExpiresOn);
  return out.sort((a, b) => a.daysLeft - b.daysLeft);
}

export async function learnerOptions(tx: Tx, schoolId: string, q: string): Promise<LearnerOptions> {
  const needle = q.toLowerCase();
  const rows = await repo.searchLearnersWithRoute(tx, schoolId, needle);
  return {
    learners: rows.map((r) => ({
      id: r.id,
      name: learnerName(r),
      admissionNumber: r.admissionNumber,
      className: r.className,
      route: r.routeId ? { id: r.routeId, name: r.routeName!, stopName: r.stopName! } : null,
    })),
  };
}

// -------------------------------------------------------------------------------------------------
// Vehicles, drivers

interface VehicleInput {
  registration: string;
  make?: string | null;
  capacity: number;
  insuranceExpiresOn?: string | null;
  inspectionExpiresOn?: string | null;
  notes?: string | null;
  active: boolean;
}

async function vehicleRow(tx: Tx, schoolId: string, id: string) {
  const v = await repo.findVehicle(tx, schoolId, id);
  if (!v) throw notFound(m.vehicleNotFound);
  return v;
}

export async function saveVehicle(tx: Tx, c: SchoolCaller, input: VehicleInput, id?: string): Promise<TransportVehicle> {
  const registration = normalisePlate(input.registration);
  if (!registration) throw badRequest(m.plateInvalid, { registration: m.plateInvalid });
  const old = id ? await vehicleRow(tx, c.schoolId, id) : null;
  const taken = await repo.findVehicleIdByRegistration(tx, c.schoolId, registration, id);
  if (taken) throw conflict('REGISTRATION_TAKEN', m.plateTaken, { registration: m.plateTaken });
  const values: repo.VehicleValues = {
    registration,
    make: input.make ?? null,
    capacity: input.capacity,
    insuranceExpiresOn: input.insuranceExpiresOn ?? null,
    inspectionExpiresOn: input.inspectionExpiresOn ?? null,
    notes: input.notes ?? null,
    active: input.active,
  };
  let rowId = id;
  if (old) await repo.updateVehicle(tx, old.id, values);
  else rowId = await repo.insertVehicle(tx, c.schoolId, values);
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.vehicleUpdated : TRANSPORT_AUDIT.vehicleCreated, `transport_vehicle:${rowId}`, old, values);
  return (await listVehicles(tx, c.schoolId)).find((v) => v.id === rowId)!;
}

export async function deleteVehicle(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await vehicleRow(tx, c.schoolId, id);
  const trips = await repo.countTripsOfVehicle(tx, id);
  const routes = await repo.countRoutesOfVehicle(tx, id);
  if (trips + routes > 0) throw conflict('VEHICLE_IN_USE', m.vehicleInUse);
  await repo.deleteVehicle(tx, id);
  await auditSchool(tx, c, TRANSPORT_AUDIT.vehicleDeleted, `transport_vehicle:${id}`, old, null);
}

interface DriverInput {
  name: string;
  phone?: string | null;
  licenceNumber: string;
  licenceExpiresOn?: string | null;
  active: boolean;
}

async function driverRow(tx: Tx, schoolId: string, id: string) {
  const d = await repo.findDriver(tx, schoolId, id);
  if (!d) throw notFound(m.driverNotFound);
  return d;
}

export async function saveDriver(tx: Tx, c: SchoolCaller, input: DriverInput, id?: string): Promise<TransportDriver> {
  const old = id ? await driverRow(tx, c.schoolId, id) : null;
  const taken = await repo.findDriverIdByLicence(tx, c.schoolId, input.licenceNumber, id);
  if (taken) throw conflict('LICENCE_TAKEN', m.licenceTaken, { licenceNumber: m.licenceTaken });
  const values: repo.DriverValues = { name: input.name, phone: input.phone ?? null, licenceNumber: input.licenceNumber, licenceExpiresOn: input.licenceExpiresOn ?? null, active: input.active };
  let rowId = id;
  if (old) await repo.updateDriver(tx, old.id, values);
  else rowId = await repo.insertDriver(tx, c.schoolId, values);
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.driverUpdated : TRANSPORT_AUDIT.driverCreated, `transport_driver:${rowId}`, old, values);
  return (await listDrivers(tx, c.schoolId)).find((d) => d.id === rowId)!;
}

export async function deleteDriver(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await driverRow(tx, c.schoolId, id);
  if ((await repo.countTripsOfDriver(tx, id)) > 0) throw conflict('DRIVER_IN_USE', m.driverInUse);
  await repo.deleteDriver(tx, id);
  await auditSchool(tx, c, TRANSPORT_AUDIT.driverDeleted, `transport_driver:${id}`, old, null);
}

// -------------------------------------------------------------------------------------------------
// Routes and stops

interface RouteInput {
  name: string;
  description?: string | null;
  termFee: number;
  vehicleId?: string | null;
  capacity?: number | null;
  active: boolean;
  stops: { id?: string; name: string; pickupTime?: string | null; dropoffTime?: string | null; zoneFee?: number | null }[];
}

async function routeRow(tx: Tx, schoolId: string, id: string, lock = false): Promise<repo.RouteRow> {
  const r = await repo.findRoute(tx, schoolId, id, lock);
  if (!r) throw notFound(m.routeNotFound);
  return r;
}

/** Creates a route, or replaces one's settings and stops (stops in ride order; kept by id, removed when unused). */
export async function saveRoute(tx: Tx, c: SchoolCaller, input: RouteInput, id?: string): Promise<TransportRouteDetail> {
  const old = id ? await routeRow(tx, c.schoolId, id, true) : null;
  const taken = await repo.findRouteIdByName(tx, c.schoolId, input.name, id);
  if (taken) throw conflict('ROUTE_NAME_TAKEN', m.routeNameTaken, { name: m.routeNameTaken });
  const vehicle = input.vehicleId ? await vehicleRow(tx, c.schoolId, input.vehicleId).catch(() => null) : null;
  if (input.vehicleId && !vehicle) throw badRequest(m.vehicleNotFound, { vehicleId: m.vehicleNotFound });
  const existing = old ? await repo.listStopsOfRoute(tx, old.id) : [];
  for (const [i, s] of input.stops.entries()) {
    if (s.id && !existing.some((e) => e.id === s.id)) throw badRequest(m.stopOfAnotherRoute, { [`stops.${i}.id`]: m.stopOfAnotherRoute, stops: m.stopOfAnotherRoute });
  }
  if (old) {
    const capacity = input.capacity ?? vehicle?.capacity ?? null;
    const riders = await repo.countActiveRiders(tx, old.id);
    if (capacity !== null && capacity < riders) throw badRequest(m.capacityBelowRiders(riders), { capacity: m.capacityBelowRiders(riders) });
  }
  const values: repo.RouteValues = { name: input.name, description: input.description ?? null, termFeeCents: input.termFee, vehicleId: input.vehicleId ?? null, capacity: input.capacity ?? null, active: input.active };
  let routeId: string;
  if (old) {
    routeId = old.id;
    await repo.updateRoute(tx, old.id, values);
    const keep = new Set(input.stops.flatMap((s) => (s.id ? [s.id] : [])));
    const removed = existing.filter((e) => !keep.has(e.id));
    if (removed.length) {
      const used = await repo.countAssignmentsByStop(
        tx,
        removed.map((r) => r.id),
      );
      for (const r of removed) {
        const active = Number(used.find((u) => u.stopId === r.id && u.status === 'active')?.n ?? 0);
        const any = used.filter((u) => u.stopId === r.id).reduce((a, u) => a + Number(u.n), 0);
        if (any > 0) throw conflict('STOP_IN_USE', m.stopInUse(r.name, active || any), { stops: m.stopInUse(r.name, active || any) });
      }
      await repo.deleteStops(
        tx,
        removed.map((r) => r.id),
      );
    }
  } else {
    routeId = await repo.insertRoute(tx, c.schoolId, values);
  }
  for (const [i, s] of input.stops.entries()) {
    const stop: repo.StopValues = { name: s.name, sequence: i + 1, pickupTime: s.pickupTime ?? null, dropoffTime: s.dropoffTime ?? null, zoneFeeCents: s.zoneFee ?? null };
    if (s.id) await repo.updateStop(tx, s.id, stop);
    else await repo.insertStop(tx, c.schoolId, routeId, stop);
  }
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.routeUpdated : TRANSPORT_AUDIT.routeCreated, `transport_route:${routeId}`, old ? { ...old, stops: existing } : null, { ...values, stops: input.stops });
  return routeDetail(tx, c.schoolId, routeId);
}

export async function deleteRoute(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await routeRow(tx, c.schoolId, id, true);
  const any = await repo.countAssignmentsOfRoute(tx, id);
  if (any > 0) {
    const active = await repo.countActiveRiders(tx, id);
    throw conflict('ROUTE_HAS_LEARNERS', m.routeHasLearners(active || any));
  }
  await repo.deleteRoute(tx, id);
  await auditSchool(tx, c, TRANSPORT_AUDIT.routeDeleted, `transport_route:${id}`, old, null);
}

// -------------------------------------------------------------------------------------------------
// Trips

/** The warning a trip carries when its vehicle's inspection or insurance (or the driver's licence) has expired by `day`. */
export function tripWarning(vehicle: { registration: string; inspectionExpiresOn: string | null; insuranceExpiresOn: string | null }, day: string): string | null {
  const parts: string[] = [];
  if (vehicle.inspectionExpiresOn && vehicle.inspectionExpiresOn < day) parts.push(m.inspectionExpired(vehicle.registration, vehicle.inspectionExpiresOn));
  if (vehicle.insuranceExpiresOn && vehicle.insuranceExpiresOn < day) parts.push(m.insuranceExpired(vehicle.registration, vehicle.insuranceExpiresOn));
  return parts.length ? parts.join(' ') : null;
}

export async function createTrip(
  tx: Tx,
  c: SchoolCaller,
  input: { routeId: string; vehicleId: string; driverId?: string | null; leg: TransportTrip['leg']; startsOn: string; endsOn?: string | null },
): Promise<TransportTrip> {
  const route = await routeRow(tx, c.schoolId, input.routeId).catch(() => null);
  if (!route) throw badRequest(m.routeNotFound, { routeId: m.routeNotFound });
  const vehicle = await vehicleRow(tx, c.schoolId, input.vehicleId).catch(() => null);
  if (!vehicle) throw badRequest(m.vehicleNotFound, { vehicleId: m.vehicleNotFound });
  if (input.driverId && !(await driverRow(tx, c.schoolId, input.driverId).catch(() => null))) throw badRequest(m.driverNotFound, { driverId: m.driverNotFound });
  if (input.endsOn && input.endsOn < input.startsOn) throw badRequest(m.endBeforeStart, { endsOn: m.endBeforeStart });
  const today = schoolToday();
  const warning = tripWarning(vehicle, input.startsOn > today ? input.startsOn : today);
  const values = { routeId: route.id, vehicleId: vehicle.id, driverId: input.driverId ?? null, leg: input.leg, startsOn: input.startsOn, endsOn: input.endsOn ?? null, warning };
  const tripId = await repo.insertTrip(tx, { ...values, schoolId: c.schoolId, createdBy: c.actor.id });
  await auditSchool(tx, c, TRANSPORT_AUDIT.tripCreated, `transport_trip:${tripId}`, null, values);
  return (await listTrips(tx, c.schoolId)).find((t) => t.id === tripId)!;
}

export async function deleteTrip(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await repo.findTrip(tx, c.schoolId, id);
  if (!old) throw notFound(m.tripNotFound);
  await repo.deleteTrip(tx, id);
  await auditSchool(tx, c, TRANSPORT_AUDIT.tripDeleted, `transport_trip:${id}`, old, null);
}

// -------------------------------------------------------------------------------------------------
// Learners on routes

const assignmentOut = (a: repo.AssignmentRow) => ({ id: a.id, studentId: a.studentId, routeId: a.routeId, stopId: a.stopId, startsOn: a.startsOn, endsOn: a.endsOn, status: a.status as 'active' | 'ended' });

async function endAssignmentRow(tx: Tx, c: SchoolCaller, a: repo.AssignmentRow, today: string) {
  const ended = await repo.endAssignment(tx, a.id, today);
  const cancelled = await cancelPendingCharges(tx, c.schoolId, 'transport', a.id);
  const invoiced = await repo.countInvoicedCharges(tx, c.schoolId, 'transport', a.id);
  return { ended, cancelled, invoiced };
}

/**
 * Puts a learner on a route at a stop (POST /api/transport/routes/:id/learners). Refused, with nothing
 * written: a stop of another route (400), a learner who is not active (400), a learner already on a
 * route unless `move` (409), a full route (409). The fee follows the school's setting.
 */
export async function assignLearner(tx: Tx, c: SchoolCaller, routeId: string, input: { studentId: string; stopId: string; move: boolean }): Promise<AssignResponse> {
  const route = await routeRow(tx, c.schoolId, routeId, true);
  if (!route.active) throw conflict('ROUTE_INACTIVE', m.routeInactive);
  const stop = await repo.findStop(tx, c.schoolId, input.stopId);
  if (!stop) throw badRequest(m.stopNotFound, { stopId: m.stopNotFound });
  if (stop.routeId !== route.id) throw badRequest(m.stopOfAnotherRoute, { stopId: m.stopOfAnotherRoute });
  const learner = await repo.findLearner(tx, c.schoolId, input.studentId);
  if (!learner) throw notFound(m.learnerNotFound);
  const name = learnerName(learner);
  if (learner.status !== 'active') throw badRequest(m.learnerNotActive, { studentId: m.learnerNotActive });
  const today = schoolToday();

  const current = await repo.findActiveAssignmentForUpdate(tx, c.schoolId, learner.id);
  let movedFrom: AssignResponse['movedFrom'] = null;
  if (current) {
    if (!input.move) throw conflict('ALREADY_ON_ROUTE', m.alreadyOnRoute(name, current.routeName), { studentId: m.alreadyOnRoute(name, current.routeName) });
    await endAssignmentRow(tx, c, current.a, today);
    movedFrom = { routeId: current.a.routeId, routeName: current.routeName };
  }

  const vehicle = route.vehicleId ? await repo.findVehicleById(tx, c.schoolId, route.vehicleId) : undefined;
  const capacity = route.capacity ?? vehicle?.capacity ?? null;
  if (capacity !== null && (await repo.countActiveRiders(tx, route.id)) >= capacity) throw conflict('ROUTE_FULL', m.overCapacity(route.name, capacity), { routeId: m.overCapacity(route.name, capacity) });

  const assignment = await repo.insertAssignment(tx, { schoolId: c.schoolId, studentId: learner.id, routeId: route.id, stopId: stop.id, startsOn: today, status: 'active', createdBy: c.actor.id });
  const fee = stop.zoneFeeCents ?? route.termFeeCents;
  let charge: AssignResponse['charge'] = { status: 'next_invoice', amount: centsToKes(fee), invoiceNumber: null };
  let message: string = tm.charge.nextInvoice;
  if ((await chargeModeOf(tx, c.schoolId)) === 'current_pro_rata') {
    const term = await termOn(tx, c.schoolId, today);
    const amount = term ? proRataCents(fee, term, today) : 0;
    // After the term's last day nothing is left to pro-rate: the fee simply goes on the next invoice.
    if (amount > 0) {
      const r = await chargeLearner(tx, c, {
        studentId: learner.id,
        source: 'transport',
        sourceId: assignment.id,
        description: `Transport: ${route.name} (${stop.name}), pro rata from ${today}`,
        category: 'transport',
        amountCents: amount,
        immediate: true,
      });
      charge = { status: r.status, amount: centsToKes(amount), invoiceNumber: r.invoiceNumber };
      message = r.status === 'invoiced' ? tm.charge.invoiced(formatKes(amount), r.invoiceNumber!) : tm.charge.pending(formatKes(amount));
    }
  }
  await auditSchool(tx, c, TRANSPORT_AUDIT.learnerAssigned, `student:${learner.id}`, movedFrom, { routeId: route.id, route: route.name, stopId: stop.id, stop: stop.name, charge });
  return { assignment: assignmentOut(assignment), charge, movedFrom, message };
}

/** Takes a learner off a route (ends the active assignment today; pending charges cancelled, invoiced ones stay). */
export async function removeLearner(tx: Tx, c: SchoolCaller, routeId: string, studentId: string): Promise<EndAssignmentResponse> {
  await routeRow(tx, c.schoolId, routeId, true);
  const a = await repo.findActiveAssignmentOnRoute(tx, c.schoolId, routeId, studentId);
  if (!a) throw notFound(m.assignmentNotFound);
  const r = await endAssignmentRow(tx, c, a, schoolToday());
  await auditSchool(tx, c, TRANSPORT_AUDIT.learnerRemoved, `student:${studentId}`, assignmentOut(a), { ...assignmentOut(r.ended), cancelledCharges: r.cancelled });
  return { assignment: assignmentOut(r.ended), cancelledCharges: r.cancelled, invoicedCharges: r.invoiced, message: r.invoiced ? tm.charge.endedInvoiced(r.invoiced) : tm.charge.ended };
}

// -------------------------------------------------------------------------------------------------
// Settings

export async function saveSettings(tx: Tx, c: SchoolCaller, mode: TransportChargeMode) {
  const old = await chargeModeOf(tx, c.schoolId);
  await repo.upsertChargeMode(tx, c.schoolId, mode, c.actor.id);
  await auditSchool(tx, c, TRANSPORT_AUDIT.settingsUpdated, `finance_office_settings:${c.schoolId}`, { transportCharge: old }, { transportCharge: mode });
  return { transportCharge: mode };
}

// -------------------------------------------------------------------------------------------------
// Parents

/** GET /api/transport/my-children: each of the parent's own children with their route, stop, times, vehicle and driver. */
export async function myChildrenTransport(database: Database, actor: Actor): Promise<MyChildrenTransport> {
  if (actor.role !== 'parent') throw forbidden('Only parents see their children’s transport.');
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const schoolId = audience.schoolId!;
    const kids = await repo.listActiveChildren(tx, audience);
    if (kids.length === 0) return { children: [] };
    const rides = await repo.listActiveRides(
      tx,
      kids.map((k) => k.id),
    );
    const [trips, vehicles, drivers] = rides.length
      ? await Promise.all([
          repo.listCurrentTrips(tx, schoolId, schoolToday()),
          repo.listVehicleRows(tx, schoolId),
          repo.listDriverRows(tx, schoolId),
        ])
      : [[], [], []];
    return {
      children: kids.map((k) => {
        const ride = rides.find((r) => r.a.studentId === k.id);
        if (!ride) return { studentId: k.id, name: learnerName(k), className: k.className, transport: null };
        const trip = trips.find((t) => t.routeId === ride.route.id);
        const vehicle = vehicles.find((v) => v.id === (ride.route.vehicleId ?? trip?.vehicleId));
        const driver = drivers.find((d) => d.id === trips.find((t) => t.routeId === ride.route.id && t.driverId)?.driverId);
        return {
          studentId: k.id,
          name: learnerName(k),
          className: k.className,
          transport: {
            routeName: ride.route.name,
            stopName: ride.stop.name,
            pickupTime: ride.stop.pickupTime,
            dropoffTime: ride.stop.dropoffTime,
            vehicleRegistration: vehicle?.registration ?? null,
            driverName: driver?.name ?? null,
            driverPhone: driver?.phone ?? null,
            termFee: centsToKes(ride.stop.zoneFeeCents ?? ride.route.termFeeCents),
            since: ride.a.startsOn,
          },
        };
      }),
    };
  });
}
