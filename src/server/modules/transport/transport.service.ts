import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
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
import {
  classes,
  financeOfficeSettings,
  guardians,
  studentCharges,
  studentGuardians,
  students,
  transportAssignments,
  transportDrivers,
  transportRoutes,
  transportStops,
  transportTrips,
  transportVehicles,
} from '../../db/schema/index.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { audienceScope, learnerAudience, visibleLearners } from '../learners/index.js';
import { cancelPendingCharges, chargeLearner, proRataCents, termOn } from '../fees/index.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';

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

export type Caller = { actor: Actor; ip: string; schoolId?: string | null };

/** Runs `fn` in the caller's school with a SchoolCaller for audit entries. */
export function run<T>(database: Database, who: Caller, fn: (tx: Tx, c: SchoolCaller) => Promise<T>): Promise<T> {
  return inSchool(database, who.actor, who.schoolId, (tx, schoolId) => fn(tx, { actor: who.actor, schoolId, ip: who.ip }));
}

const conflict = (code: string, message: string, fields?: Record<string, string>) => new AppError(409, code, message, fields ? { fields } : {});

// -------------------------------------------------------------------------------------------------
// Reading

type RouteRow = typeof transportRoutes.$inferSelect;

/** Trips running on `day` (started, not ended), newest first. */
async function currentTrips(tx: Tx, schoolId: string, day: string) {
  return tx
    .select({ routeId: transportTrips.routeId, vehicleId: transportTrips.vehicleId, driverId: transportTrips.driverId })
    .from(transportTrips)
    .where(and(eq(transportTrips.schoolId, schoolId), lte(transportTrips.startsOn, day), or(isNull(transportTrips.endsOn), gte(transportTrips.endsOn, day))))
    .orderBy(desc(transportTrips.startsOn), desc(transportTrips.createdAt));
}

/** Routes with stops, vehicle, current driver, seats and riders (ids: only these routes). */
export async function loadRoutes(tx: Tx, schoolId: string, ids?: string[]): Promise<TransportRoute[]> {
  const routes = await tx
    .select()
    .from(transportRoutes)
    .where(and(eq(transportRoutes.schoolId, schoolId), ids ? inArray(transportRoutes.id, ids) : undefined))
    .orderBy(desc(transportRoutes.active), asc(transportRoutes.name));
  if (routes.length === 0) return [];
  const routeIds = routes.map((r) => r.id);
  const [stops, riders, vehicles, drivers, trips] = await Promise.all([
    tx.select().from(transportStops).where(inArray(transportStops.routeId, routeIds)).orderBy(asc(transportStops.sequence)),
    tx
      .select({ stopId: transportAssignments.stopId, routeId: transportAssignments.routeId, n: count() })
      .from(transportAssignments)
      .where(and(inArray(transportAssignments.routeId, routeIds), eq(transportAssignments.status, 'active')))
      .groupBy(transportAssignments.stopId, transportAssignments.routeId),
    tx.select().from(transportVehicles).where(eq(transportVehicles.schoolId, schoolId)),
    tx.select().from(transportDrivers).where(eq(transportDrivers.schoolId, schoolId)),
    currentTrips(tx, schoolId, schoolToday()),
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
  const [row] = await tx.select({ mode: financeOfficeSettings.transportCharge }).from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, schoolId));
  return (row?.mode as TransportChargeMode | undefined) ?? 'next_invoice';
}

/** The learners on a route (active assignments), by stop order then name, with a guardian to call. */
export async function routeLearners(tx: Tx, schoolId: string, routeId: string): Promise<TransportRouteDetail['learners']> {
  const rows = await tx
    .select({
      assignmentId: transportAssignments.id,
      studentId: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      className: classes.name,
      stopId: transportStops.id,
      stopName: transportStops.name,
      since: transportAssignments.startsOn,
    })
    .from(transportAssignments)
    .innerJoin(students, eq(students.id, transportAssignments.studentId))
    .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(transportAssignments.schoolId, schoolId), eq(transportAssignments.routeId, routeId), eq(transportAssignments.status, 'active')))
    .orderBy(asc(transportStops.sequence), asc(students.firstName), asc(students.lastName));
  const ids = rows.map((r) => r.studentId);
  const contacts = ids.length
    ? await tx
        .select({ studentId: studentGuardians.studentId, name: guardians.name, phone: guardians.phone, primary: studentGuardians.isPrimary })
        .from(studentGuardians)
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(inArray(studentGuardians.studentId, ids))
        .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name))
    : [];
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
    tx.select().from(transportVehicles).where(eq(transportVehicles.schoolId, schoolId)).orderBy(desc(transportVehicles.active), asc(transportVehicles.registration)),
    tx.select({ vehicleId: transportRoutes.vehicleId, name: transportRoutes.name }).from(transportRoutes).where(eq(transportRoutes.schoolId, schoolId)).orderBy(asc(transportRoutes.name)),
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
  const rows = await tx.select().from(transportDrivers).where(eq(transportDrivers.schoolId, schoolId)).orderBy(desc(transportDrivers.active), asc(transportDrivers.name));
  return rows.map((d) => ({ id: d.id, name: d.name, phone: d.phone, licenceNumber: d.licenceNumber, licenceExpiresOn: d.licenceExpiresOn, active: d.active }));
}

export async function listTrips(tx: Tx, schoolId: string): Promise<TransportTrip[]> {
  const rows = await tx
    .select({
      id: transportTrips.id,
      routeId: transportTrips.routeId,
      routeName: transportRoutes.name,
      vehicleId: transportTrips.vehicleId,
      registration: transportVehicles.registration,
      driverId: transportTrips.driverId,
      driverName: transportDrivers.name,
      leg: transportTrips.leg,
      startsOn: transportTrips.startsOn,
      endsOn: transportTrips.endsOn,
      warning: transportTrips.warning,
    })
    .from(transportTrips)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportTrips.routeId))
    .innerJoin(transportVehicles, eq(transportVehicles.id, transportTrips.vehicleId))
    .leftJoin(transportDrivers, eq(transportDrivers.id, transportTrips.driverId))
    .where(eq(transportTrips.schoolId, schoolId))
    .orderBy(asc(transportRoutes.name), desc(transportTrips.startsOn));
  return rows.map((r) => ({ ...r, leg: r.leg as TransportTrip['leg'] }));
}

/** Insurance, inspection and licence dates that expire within 30 days or have expired (active vehicles and drivers). */
export async function listAlerts(tx: Tx, schoolId: string, today = schoolToday()): Promise<TransportAlert[]> {
  const [vehicles, drivers] = await Promise.all([
    tx.select().from(transportVehicles).where(and(eq(transportVehicles.schoolId, schoolId), eq(transportVehicles.active, true))),
    tx.select().from(transportDrivers).where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.active, true))),
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
  const rows = await tx
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      className: classes.name,
      routeId: transportRoutes.id,
      routeName: transportRoutes.name,
      stopName: transportStops.name,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(transportAssignments, and(eq(transportAssignments.studentId, students.id), eq(transportAssignments.status, 'active')))
    .leftJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .leftJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), needle ? sql`${students.searchText} like ${`%${needle.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : undefined))
    .orderBy(asc(students.firstName), asc(students.lastName))
    .limit(20);
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
  const [v] = await tx.select().from(transportVehicles).where(and(eq(transportVehicles.schoolId, schoolId), eq(transportVehicles.id, id)));
  if (!v) throw notFound(m.vehicleNotFound);
  return v;
}

export async function saveVehicle(tx: Tx, c: SchoolCaller, input: VehicleInput, id?: string): Promise<TransportVehicle> {
  const registration = normalisePlate(input.registration);
  if (!registration) throw badRequest(m.plateInvalid, { registration: m.plateInvalid });
  const old = id ? await vehicleRow(tx, c.schoolId, id) : null;
  const [taken] = await tx
    .select({ id: transportVehicles.id })
    .from(transportVehicles)
    .where(and(eq(transportVehicles.schoolId, c.schoolId), eq(transportVehicles.registration, registration), id ? ne(transportVehicles.id, id) : undefined));
  if (taken) throw conflict('REGISTRATION_TAKEN', m.plateTaken, { registration: m.plateTaken });
  const values = {
    registration,
    make: input.make ?? null,
    capacity: input.capacity,
    insuranceExpiresOn: input.insuranceExpiresOn ?? null,
    inspectionExpiresOn: input.inspectionExpiresOn ?? null,
    notes: input.notes ?? null,
    active: input.active,
  };
  let rowId = id;
  if (old) await tx.update(transportVehicles).set(values).where(eq(transportVehicles.id, old.id));
  else rowId = (await tx.insert(transportVehicles).values({ ...values, schoolId: c.schoolId }).returning({ id: transportVehicles.id }))[0]!.id;
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.vehicleUpdated : TRANSPORT_AUDIT.vehicleCreated, `transport_vehicle:${rowId}`, old, values);
  return (await listVehicles(tx, c.schoolId)).find((v) => v.id === rowId)!;
}

export async function deleteVehicle(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await vehicleRow(tx, c.schoolId, id);
  const [trips] = await tx.select({ n: count() }).from(transportTrips).where(eq(transportTrips.vehicleId, id));
  const [routes] = await tx.select({ n: count() }).from(transportRoutes).where(eq(transportRoutes.vehicleId, id));
  if (Number(trips?.n ?? 0) + Number(routes?.n ?? 0) > 0) throw conflict('VEHICLE_IN_USE', m.vehicleInUse);
  await tx.delete(transportVehicles).where(eq(transportVehicles.id, id));
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
  const [d] = await tx.select().from(transportDrivers).where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.id, id)));
  if (!d) throw notFound(m.driverNotFound);
  return d;
}

export async function saveDriver(tx: Tx, c: SchoolCaller, input: DriverInput, id?: string): Promise<TransportDriver> {
  const old = id ? await driverRow(tx, c.schoolId, id) : null;
  const [taken] = await tx
    .select({ id: transportDrivers.id })
    .from(transportDrivers)
    .where(and(eq(transportDrivers.schoolId, c.schoolId), eq(transportDrivers.licenceNumber, input.licenceNumber), id ? ne(transportDrivers.id, id) : undefined));
  if (taken) throw conflict('LICENCE_TAKEN', m.licenceTaken, { licenceNumber: m.licenceTaken });
  const values = { name: input.name, phone: input.phone ?? null, licenceNumber: input.licenceNumber, licenceExpiresOn: input.licenceExpiresOn ?? null, active: input.active };
  let rowId = id;
  if (old) await tx.update(transportDrivers).set(values).where(eq(transportDrivers.id, old.id));
  else rowId = (await tx.insert(transportDrivers).values({ ...values, schoolId: c.schoolId }).returning({ id: transportDrivers.id }))[0]!.id;
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.driverUpdated : TRANSPORT_AUDIT.driverCreated, `transport_driver:${rowId}`, old, values);
  return (await listDrivers(tx, c.schoolId)).find((d) => d.id === rowId)!;
}

export async function deleteDriver(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await driverRow(tx, c.schoolId, id);
  const [trips] = await tx.select({ n: count() }).from(transportTrips).where(eq(transportTrips.driverId, id));
  if (Number(trips?.n ?? 0) > 0) throw conflict('DRIVER_IN_USE', m.driverInUse);
  await tx.delete(transportDrivers).where(eq(transportDrivers.id, id));
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

async function routeRow(tx: Tx, schoolId: string, id: string, lock = false): Promise<RouteRow> {
  const q = tx.select().from(transportRoutes).where(and(eq(transportRoutes.schoolId, schoolId), eq(transportRoutes.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw notFound(m.routeNotFound);
  return r;
}

async function activeRiders(tx: Tx, routeId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(transportAssignments).where(and(eq(transportAssignments.routeId, routeId), eq(transportAssignments.status, 'active')));
  return Number(row?.n ?? 0);
}

/** Creates a route, or replaces one's settings and stops (stops in ride order; kept by id, removed when unused). */
export async function saveRoute(tx: Tx, c: SchoolCaller, input: RouteInput, id?: string): Promise<TransportRouteDetail> {
  const old = id ? await routeRow(tx, c.schoolId, id, true) : null;
  const [taken] = await tx
    .select({ id: transportRoutes.id })
    .from(transportRoutes)
    .where(and(eq(transportRoutes.schoolId, c.schoolId), sql`lower(${transportRoutes.name}) = lower(${input.name})`, id ? ne(transportRoutes.id, id) : undefined));
  if (taken) throw conflict('ROUTE_NAME_TAKEN', m.routeNameTaken, { name: m.routeNameTaken });
  const vehicle = input.vehicleId ? await vehicleRow(tx, c.schoolId, input.vehicleId).catch(() => null) : null;
  if (input.vehicleId && !vehicle) throw badRequest(m.vehicleNotFound, { vehicleId: m.vehicleNotFound });
  const existing = old ? await tx.select().from(transportStops).where(eq(transportStops.routeId, old.id)) : [];
  for (const [i, s] of input.stops.entries()) {
    if (s.id && !existing.some((e) => e.id === s.id)) throw badRequest(m.stopOfAnotherRoute, { [`stops.${i}.id`]: m.stopOfAnotherRoute, stops: m.stopOfAnotherRoute });
  }
  if (old) {
    const capacity = input.capacity ?? vehicle?.capacity ?? null;
    const riders = await activeRiders(tx, old.id);
    if (capacity !== null && capacity < riders) throw badRequest(m.capacityBelowRiders(riders), { capacity: m.capacityBelowRiders(riders) });
  }
  const values = { name: input.name, description: input.description ?? null, termFeeCents: input.termFee, vehicleId: input.vehicleId ?? null, capacity: input.capacity ?? null, active: input.active };
  let routeId: string;
  if (old) {
    routeId = old.id;
    await tx.update(transportRoutes).set({ ...values, updatedAt: new Date() }).where(eq(transportRoutes.id, old.id));
    const keep = new Set(input.stops.flatMap((s) => (s.id ? [s.id] : [])));
    const removed = existing.filter((e) => !keep.has(e.id));
    if (removed.length) {
      const used = await tx
        .select({ stopId: transportAssignments.stopId, status: transportAssignments.status, n: count() })
        .from(transportAssignments)
        .where(inArray(transportAssignments.stopId, removed.map((r) => r.id)))
        .groupBy(transportAssignments.stopId, transportAssignments.status);
      for (const r of removed) {
        const active = Number(used.find((u) => u.stopId === r.id && u.status === 'active')?.n ?? 0);
        const any = used.filter((u) => u.stopId === r.id).reduce((a, u) => a + Number(u.n), 0);
        if (any > 0) throw conflict('STOP_IN_USE', m.stopInUse(r.name, active || any), { stops: m.stopInUse(r.name, active || any) });
      }
      await tx.delete(transportStops).where(inArray(transportStops.id, removed.map((r) => r.id)));
    }
  } else {
    routeId = (await tx.insert(transportRoutes).values({ ...values, schoolId: c.schoolId }).returning({ id: transportRoutes.id }))[0]!.id;
  }
  for (const [i, s] of input.stops.entries()) {
    const stop = { name: s.name, sequence: i + 1, pickupTime: s.pickupTime ?? null, dropoffTime: s.dropoffTime ?? null, zoneFeeCents: s.zoneFee ?? null };
    if (s.id) await tx.update(transportStops).set(stop).where(eq(transportStops.id, s.id));
    else await tx.insert(transportStops).values({ ...stop, schoolId: c.schoolId, routeId });
  }
  await auditSchool(tx, c, old ? TRANSPORT_AUDIT.routeUpdated : TRANSPORT_AUDIT.routeCreated, `transport_route:${routeId}`, old ? { ...old, stops: existing } : null, { ...values, stops: input.stops });
  return routeDetail(tx, c.schoolId, routeId);
}

export async function deleteRoute(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const old = await routeRow(tx, c.schoolId, id, true);
  const [any] = await tx.select({ n: count() }).from(transportAssignments).where(eq(transportAssignments.routeId, id));
  if (Number(any?.n ?? 0) > 0) {
    const active = await activeRiders(tx, id);
    throw conflict('ROUTE_HAS_LEARNERS', m.routeHasLearners(active || Number(any!.n)));
  }
  await tx.delete(transportRoutes).where(eq(transportRoutes.id, id));
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
  const [row] = await tx.insert(transportTrips).values({ ...values, schoolId: c.schoolId, createdBy: c.actor.id }).returning({ id: transportTrips.id });
  await auditSchool(tx, c, TRANSPORT_AUDIT.tripCreated, `transport_trip:${row!.id}`, null, values);
  return (await listTrips(tx, c.schoolId)).find((t) => t.id === row!.id)!;
}

export async function deleteTrip(tx: Tx, c: SchoolCaller, id: string): Promise<void> {
  const [old] = await tx.select().from(transportTrips).where(and(eq(transportTrips.schoolId, c.schoolId), eq(transportTrips.id, id)));
  if (!old) throw notFound(m.tripNotFound);
  await tx.delete(transportTrips).where(eq(transportTrips.id, id));
  await auditSchool(tx, c, TRANSPORT_AUDIT.tripDeleted, `transport_trip:${id}`, old, null);
}

// -------------------------------------------------------------------------------------------------
// Learners on routes

type AssignmentRow = typeof transportAssignments.$inferSelect;
const assignmentOut = (a: AssignmentRow) => ({ id: a.id, studentId: a.studentId, routeId: a.routeId, stopId: a.stopId, startsOn: a.startsOn, endsOn: a.endsOn, status: a.status as 'active' | 'ended' });

async function endAssignmentRow(tx: Tx, c: SchoolCaller, a: AssignmentRow, today: string) {
  const [ended] = await tx.update(transportAssignments).set({ status: 'ended', endsOn: today }).where(eq(transportAssignments.id, a.id)).returning();
  const cancelled = await cancelPendingCharges(tx, c.schoolId, 'transport', a.id);
  const [inv] = await tx
    .select({ n: count() })
    .from(studentCharges)
    .where(and(eq(studentCharges.source, 'transport'), eq(studentCharges.sourceId, a.id), eq(studentCharges.status, 'invoiced')));
  return { ended: ended!, cancelled, invoiced: Number(inv?.n ?? 0) };
}

/**
 * Puts a learner on a route at a stop (POST /api/transport/routes/:id/learners). Refused, with nothing
 * written: a stop of another route (400), a learner who is not active (400), a learner already on a
 * route unless `move` (409), a full route (409). The fee follows the school's setting.
 */
export async function assignLearner(tx: Tx, c: SchoolCaller, routeId: string, input: { studentId: string; stopId: string; move: boolean }): Promise<AssignResponse> {
  const route = await routeRow(tx, c.schoolId, routeId, true);
  if (!route.active) throw conflict('ROUTE_INACTIVE', m.routeInactive);
  const [stop] = await tx.select().from(transportStops).where(and(eq(transportStops.schoolId, c.schoolId), eq(transportStops.id, input.stopId)));
  if (!stop) throw badRequest(m.stopNotFound, { stopId: m.stopNotFound });
  if (stop.routeId !== route.id) throw badRequest(m.stopOfAnotherRoute, { stopId: m.stopOfAnotherRoute });
  const [learner] = await tx
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, status: students.status })
    .from(students)
    .where(and(eq(students.schoolId, c.schoolId), eq(students.id, input.studentId)));
  if (!learner) throw notFound(m.learnerNotFound);
  const name = learnerName(learner);
  if (learner.status !== 'active') throw badRequest(m.learnerNotActive, { studentId: m.learnerNotActive });
  const today = schoolToday();

  const [current] = await tx
    .select({ a: transportAssignments, routeName: transportRoutes.name })
    .from(transportAssignments)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .where(and(eq(transportAssignments.studentId, learner.id), eq(transportAssignments.status, 'active')))
    .for('update', { of: transportAssignments });
  let movedFrom: AssignResponse['movedFrom'] = null;
  if (current) {
    if (!input.move) throw conflict('ALREADY_ON_ROUTE', m.alreadyOnRoute(name, current.routeName), { studentId: m.alreadyOnRoute(name, current.routeName) });
    await endAssignmentRow(tx, c, current.a, today);
    movedFrom = { routeId: current.a.routeId, routeName: current.routeName };
  }

  const vehicle = route.vehicleId ? (await tx.select().from(transportVehicles).where(eq(transportVehicles.id, route.vehicleId)))[0] : undefined;
  const capacity = route.capacity ?? vehicle?.capacity ?? null;
  if (capacity !== null && (await activeRiders(tx, route.id)) >= capacity) throw conflict('ROUTE_FULL', m.overCapacity(route.name, capacity), { routeId: m.overCapacity(route.name, capacity) });

  const [assignment] = await tx
    .insert(transportAssignments)
    .values({ schoolId: c.schoolId, studentId: learner.id, routeId: route.id, stopId: stop.id, startsOn: today, status: 'active', createdBy: c.actor.id })
    .returning();
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
        sourceId: assignment!.id,
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
  return { assignment: assignmentOut(assignment!), charge, movedFrom, message };
}

/** Takes a learner off a route (ends the active assignment today; pending charges cancelled, invoiced ones stay). */
export async function removeLearner(tx: Tx, c: SchoolCaller, routeId: string, studentId: string): Promise<EndAssignmentResponse> {
  await routeRow(tx, c.schoolId, routeId, true);
  const [a] = await tx
    .select()
    .from(transportAssignments)
    .where(and(eq(transportAssignments.schoolId, c.schoolId), eq(transportAssignments.routeId, routeId), eq(transportAssignments.studentId, studentId), eq(transportAssignments.status, 'active')))
    .for('update');
  if (!a) throw notFound(m.assignmentNotFound);
  const r = await endAssignmentRow(tx, c, a, schoolToday());
  await auditSchool(tx, c, TRANSPORT_AUDIT.learnerRemoved, `student:${studentId}`, assignmentOut(a), { ...assignmentOut(r.ended), cancelledCharges: r.cancelled });
  return { assignment: assignmentOut(r.ended), cancelledCharges: r.cancelled, invoicedCharges: r.invoiced, message: r.invoiced ? tm.charge.endedInvoiced(r.invoiced) : tm.charge.ended };
}

// -------------------------------------------------------------------------------------------------
// Settings

export async function saveSettings(tx: Tx, c: SchoolCaller, mode: TransportChargeMode) {
  const old = await chargeModeOf(tx, c.schoolId);
  await tx
    .insert(financeOfficeSettings)
    .values({ schoolId: c.schoolId, transportCharge: mode, updatedBy: c.actor.id })
    .onConflictDoUpdate({ target: financeOfficeSettings.schoolId, set: { transportCharge: sql`excluded.transport_charge`, updatedBy: c.actor.id, updatedAt: new Date() } });
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
    const kids = await tx
      .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, className: classes.name })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(and(visibleLearners(audience), eq(students.status, 'active')))
      .orderBy(asc(students.firstName));
    if (kids.length === 0) return { children: [] };
    const rides = await tx
      .select({ a: transportAssignments, route: transportRoutes, stop: transportStops })
      .from(transportAssignments)
      .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
      .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
      .where(and(inArray(transportAssignments.studentId, kids.map((k) => k.id)), eq(transportAssignments.status, 'active')));
    const [trips, vehicles, drivers] = rides.length
      ? await Promise.all([
          currentTrips(tx, schoolId, schoolToday()),
          tx.select().from(transportVehicles).where(eq(transportVehicles.schoolId, schoolId)),
          tx.select().from(transportDrivers).where(eq(transportDrivers.schoolId, schoolId)),
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
