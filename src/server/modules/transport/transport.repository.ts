import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
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
  type TransportAssignmentRow,
  type TransportDriverRow,
  type TransportRouteRow,
  type TransportStopRow,
  type TransportTripRow,
  type TransportVehicleRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import { visibleLearners, type LearnerAudience } from '../learners/index.js';
import { containsPattern } from '../../lib/like.js';

export type { TransportRouteRow as RouteRow, TransportAssignmentRow as AssignmentRow } from '../../db/schema/index.js';

/**
 * Queries of school transport (issue 15 §4): routes and their stops, vehicles, drivers, trips, learners'
 * assignments to routes, and the school's transport charge setting. Every function runs in the caller's
 * transaction, confined by row-level security to one school; functions taking `schoolId` also name it.
 * Money columns are KES cents.
 */

/** A route's own settings as the route form writes them (fee in KES cents). */
export interface RouteValues {
  name: string;
  description: string | null;
  termFeeCents: number;
  vehicleId: string | null;
  capacity: number | null;
  active: boolean;
}

/** A stop as the route form writes it (sequence from 1 in ride order; zone fee in KES cents). */
export interface StopValues {
  name: string;
  sequence: number;
  pickupTime: string | null;
  dropoffTime: string | null;
  zoneFeeCents: number | null;
}

/** A vehicle as its form writes it. */
export interface VehicleValues {
  registration: string;
  make: string | null;
  capacity: number;
  insuranceExpiresOn: string | null;
  inspectionExpiresOn: string | null;
  notes: string | null;
  active: boolean;
}

/** A driver as its form writes it. */
export interface DriverValues {
  name: string;
  phone: string | null;
  licenceNumber: string;
  licenceExpiresOn: string | null;
  active: boolean;
}

// -------------------------------------------------------------------------------------------------
// Routes and stops

/** The school's routes (only `ids` when given), active first, then by name. */
export async function listRouteRows(tx: Tx, schoolId: string, ids?: string[]): Promise<TransportRouteRow[]> {
  return tx
    .select()
    .from(transportRoutes)
    .where(and(eq(transportRoutes.schoolId, schoolId), ids ? inArray(transportRoutes.id, ids) : undefined))
    .orderBy(desc(transportRoutes.active), asc(transportRoutes.name));
}

/** Route `id` of the school (locked for update when `lock`), or undefined. */
export async function findRoute(tx: Tx, schoolId: string, id: string, lock = false): Promise<TransportRouteRow | undefined> {
  const q = tx.select().from(transportRoutes).where(and(eq(transportRoutes.schoolId, schoolId), eq(transportRoutes.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

/** The id of another route of the school with this name, case-insensitively (leaving out `exceptId`), or undefined. */
export async function findRouteIdByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<string | undefined> {
  const [taken] = await tx
    .select({ id: transportRoutes.id })
    .from(transportRoutes)
    .where(and(eq(transportRoutes.schoolId, schoolId), sql`lower(${transportRoutes.name}) = lower(${name})`, exceptId ? ne(transportRoutes.id, exceptId) : undefined));
  return taken?.id;
}

/** Each route's vehicle id and name, by route name (which routes a vehicle serves). */
export async function listRouteVehicles(tx: Tx, schoolId: string): Promise<{ vehicleId: string | null; name: string }[]> {
  return tx.select({ vehicleId: transportRoutes.vehicleId, name: transportRoutes.name }).from(transportRoutes).where(eq(transportRoutes.schoolId, schoolId)).orderBy(asc(transportRoutes.name));
}

/** Inserts a route of the school; returns its id. */
export async function insertRoute(tx: Tx, schoolId: string, values: RouteValues): Promise<string> {
  return (await tx.insert(transportRoutes).values({ ...values, schoolId }).returning({ id: transportRoutes.id }))[0]!.id;
}

/** Replaces route `id`'s settings, stamping updatedAt. */
export async function updateRoute(tx: Tx, id: string, values: RouteValues): Promise<void> {
  await tx
    .update(transportRoutes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(transportRoutes.id, id));
}

/** Deletes route `id`. */
export async function deleteRoute(tx: Tx, id: string): Promise<void> {
  await tx.delete(transportRoutes).where(eq(transportRoutes.id, id));
}

/** The stops of these routes, in ride order (sequence). */
export async function listStopsOfRoutes(tx: Tx, routeIds: string[]): Promise<TransportStopRow[]> {
  return tx.select().from(transportStops).where(inArray(transportStops.routeId, routeIds)).orderBy(asc(transportStops.sequence));
}

/** The stops of one route (no particular order). */
export async function listStopsOfRoute(tx: Tx, routeId: string): Promise<TransportStopRow[]> {
  return tx.select().from(transportStops).where(eq(transportStops.routeId, routeId));
}

/** Stop `id` of the school, or undefined. */
export async function findStop(tx: Tx, schoolId: string, id: string): Promise<TransportStopRow | undefined> {
  const [stop] = await tx.select().from(transportStops).where(and(eq(transportStops.schoolId, schoolId), eq(transportStops.id, id)));
  return stop;
}

/** Inserts a stop on route `routeId` of the school. */
export async function insertStop(tx: Tx, schoolId: string, routeId: string, stop: StopValues): Promise<void> {
  await tx.insert(transportStops).values({ ...stop, schoolId, routeId });
}

/** Replaces stop `id`'s name, sequence, times and zone fee. */
export async function updateStop(tx: Tx, id: string, stop: StopValues): Promise<void> {
  await tx.update(transportStops).set(stop).where(eq(transportStops.id, id));
}

/** Deletes these stops. */
export async function deleteStops(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(transportStops).where(inArray(transportStops.id, ids));
}

// -------------------------------------------------------------------------------------------------
// Vehicles and drivers

/**
 * The school's vehicles: all, or only active ones (`activeOnly`); unordered, or as the vehicles list
 * shows them (`listOrder`: active first, then by registration).
 */
export async function listVehicleRows(tx: Tx, schoolId: string, opts: { activeOnly?: boolean; listOrder?: boolean } = {}): Promise<TransportVehicleRow[]> {
  const q = tx
    .select()
    .from(transportVehicles)
    .where(opts.activeOnly ? and(eq(transportVehicles.schoolId, schoolId), eq(transportVehicles.active, true)) : eq(transportVehicles.schoolId, schoolId));
  return opts.listOrder ? q.orderBy(desc(transportVehicles.active), asc(transportVehicles.registration)) : q;
}

/** Vehicle `id` of the school, or undefined. */
export async function findVehicle(tx: Tx, schoolId: string, id: string): Promise<TransportVehicleRow | undefined> {
  const [v] = await tx.select().from(transportVehicles).where(and(eq(transportVehicles.schoolId, schoolId), eq(transportVehicles.id, id)));
  return v;
}

/** The school's vehicle `id` (a route's own vehicle), or undefined. */
export async function findVehicleById(tx: Tx, schoolId: string, id: string): Promise<TransportVehicleRow | undefined> {
  return (await tx.select().from(transportVehicles).where(and(eq(transportVehicles.id, id), eq(transportVehicles.schoolId, schoolId))))[0];
}

/** The id of another vehicle of the school with this (normalised) registration (leaving out `exceptId`), or undefined. */
export async function findVehicleIdByRegistration(tx: Tx, schoolId: string, registration: string, exceptId?: string): Promise<string | undefined> {
  const [taken] = await tx
    .select({ id: transportVehicles.id })
    .from(transportVehicles)
    .where(and(eq(transportVehicles.schoolId, schoolId), eq(transportVehicles.registration, registration), exceptId ? ne(transportVehicles.id, exceptId) : undefined));
  return taken?.id;
}

/** Inserts a vehicle of the school; returns its id. */
export async function insertVehicle(tx: Tx, schoolId: string, values: VehicleValues): Promise<string> {
  return (await tx.insert(transportVehicles).values({ ...values, schoolId }).returning({ id: transportVehicles.id }))[0]!.id;
}

/** Replaces vehicle `id`'s details. */
export async function updateVehicle(tx: Tx, id: string, values: VehicleValues): Promise<void> {
  await tx.update(transportVehicles).set(values).where(eq(transportVehicles.id, id));
}

/** Deletes vehicle `id`. */
export async function deleteVehicle(tx: Tx, id: string): Promise<void> {
  await tx.delete(transportVehicles).where(eq(transportVehicles.id, id));
}

/** How many routes name vehicle `id` as theirs. */
export async function countRoutesOfVehicle(tx: Tx, id: string): Promise<number> {
  const [routes] = await tx.select({ n: count() }).from(transportRoutes).where(eq(transportRoutes.vehicleId, id));
  return Number(routes?.n ?? 0);
}

/**
 * The school's drivers: all, or only active ones (`activeOnly`); unordered, or as the drivers list
 * shows them (`listOrder`: active first, then by name).
 */
export async function listDriverRows(tx: Tx, schoolId: string, opts: { activeOnly?: boolean; listOrder?: boolean } = {}): Promise<TransportDriverRow[]> {
  const q = tx
    .select()
    .from(transportDrivers)
    .where(opts.activeOnly ? and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.active, true)) : eq(transportDrivers.schoolId, schoolId));
  return opts.listOrder ? q.orderBy(desc(transportDrivers.active), asc(transportDrivers.name)) : q;
}

/** Driver `id` of the school, or undefined. */
export async function findDriver(tx: Tx, schoolId: string, id: string): Promise<TransportDriverRow | undefined> {
  const [d] = await tx.select().from(transportDrivers).where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.id, id)));
  return d;
}

/** The id of another driver of the school with this licence number (leaving out `exceptId`), or undefined. */
export async function findDriverIdByLicence(tx: Tx, schoolId: string, licenceNumber: string, exceptId?: string): Promise<string | undefined> {
  const [taken] = await tx
    .select({ id: transportDrivers.id })
    .from(transportDrivers)
    .where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.licenceNumber, licenceNumber), exceptId ? ne(transportDrivers.id, exceptId) : undefined));
  return taken?.id;
}

/** Inserts a driver of the school; returns its id. */
export async function insertDriver(tx: Tx, schoolId: string, values: DriverValues): Promise<string> {
  return (await tx.insert(transportDrivers).values({ ...values, schoolId }).returning({ id: transportDrivers.id }))[0]!.id;
}

/** Replaces driver `id`'s details. */
export async function updateDriver(tx: Tx, id: string, values: DriverValues): Promise<void> {
  await tx.update(transportDrivers).set(values).where(eq(transportDrivers.id, id));
}

/** Deletes driver `id`. */
export async function deleteDriver(tx: Tx, id: string): Promise<void> {
  await tx.delete(transportDrivers).where(eq(transportDrivers.id, id));
}

// -------------------------------------------------------------------------------------------------
// Trips

/** Trips running on `day` (started, not ended): route, vehicle and driver ids, newest first. */
export async function listCurrentTrips(tx: Tx, schoolId: string, day: string): Promise<{ routeId: string; vehicleId: string; driverId: string | null }[]> {
  return tx
    .select({ routeId: transportTrips.routeId, vehicleId: transportTrips.vehicleId, driverId: transportTrips.driverId })
    .from(transportTrips)
    .where(and(eq(transportTrips.schoolId, schoolId), lte(transportTrips.startsOn, day), or(isNull(transportTrips.endsOn), gte(transportTrips.endsOn, day))))
    .orderBy(desc(transportTrips.startsOn), desc(transportTrips.createdAt));
}

/** The school's trips with route name, registration and driver name, by route name then newest start. */
export async function listTripRows(tx: Tx, schoolId: string) {
  return tx
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
}

/** Trip `id` of the school, or undefined. */
export async function findTrip(tx: Tx, schoolId: string, id: string): Promise<TransportTripRow | undefined> {
  const [old] = await tx.select().from(transportTrips).where(and(eq(transportTrips.schoolId, schoolId), eq(transportTrips.id, id)));
  return old;
}

/** Inserts a trip; returns its id. */
export async function insertTrip(tx: Tx, row: typeof transportTrips.$inferInsert): Promise<string> {
  const [trip] = await tx.insert(transportTrips).values(row).returning({ id: transportTrips.id });
  return trip!.id;
}

/** Deletes trip `id`. */
export async function deleteTrip(tx: Tx, id: string): Promise<void> {
  await tx.delete(transportTrips).where(eq(transportTrips.id, id));
}

/** How many trips use vehicle `id`. */
export async function countTripsOfVehicle(tx: Tx, id: string): Promise<number> {
  const [trips] = await tx.select({ n: count() }).from(transportTrips).where(eq(transportTrips.vehicleId, id));
  return Number(trips?.n ?? 0);
}

/** How many trips name driver `id`. */
export async function countTripsOfDriver(tx: Tx, id: string): Promise<number> {
  const [trips] = await tx.select({ n: count() }).from(transportTrips).where(eq(transportTrips.driverId, id));
  return Number(trips?.n ?? 0);
}

// -------------------------------------------------------------------------------------------------
// Learners on routes

/** Active riders of these routes, counted per route and stop. */
export async function countActiveRidersByStop(tx: Tx, routeIds: string[]): Promise<{ stopId: string; routeId: string; n: number }[]> {
  return tx
    .select({ stopId: transportAssignments.stopId, routeId: transportAssignments.routeId, n: count() })
    .from(transportAssignments)
    .where(and(inArray(transportAssignments.routeId, routeIds), eq(transportAssignments.status, 'active')))
    .groupBy(transportAssignments.stopId, transportAssignments.routeId);
}

/** How many learners ride route `routeId` now (active assignments). */
export async function countActiveRiders(tx: Tx, routeId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(transportAssignments).where(and(eq(transportAssignments.routeId, routeId), eq(transportAssignments.status, 'active')));
  return Number(row?.n ?? 0);
}

/** How many assignments, active or ended, route `routeId` has. */
export async function countAssignmentsOfRoute(tx: Tx, routeId: string): Promise<number> {
  const [any] = await tx.select({ n: count() }).from(transportAssignments).where(eq(transportAssignments.routeId, routeId));
  return Number(any?.n ?? 0);
}

/** Assignments of these stops, counted per stop and status (active, ended). */
export async function countAssignmentsByStop(tx: Tx, stopIds: string[]): Promise<{ stopId: string; status: string; n: number }[]> {
  return tx
    .select({ stopId: transportAssignments.stopId, status: transportAssignments.status, n: count() })
    .from(transportAssignments)
    .where(inArray(transportAssignments.stopId, stopIds))
    .groupBy(transportAssignments.stopId, transportAssignments.status);
}

/** The learners on route `routeId` (active assignments) with class and stop, by stop order then first and last name. */
export async function listRouteRiders(tx: Tx, schoolId: string, routeId: string) {
  return tx
    .select({
      assignmentId: transportAssignments.id,
      studentId: students.id,
      ...learnerNameColumns,
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
}

/** Guardians of these learners with name and phone, primary guardian first, then by name. */
export async function listGuardianContacts(tx: Tx, studentIds: string[]): Promise<{ studentId: string; name: string; phone: string | null; primary: boolean }[]> {
  return tx
    .select({ studentId: studentGuardians.studentId, name: guardians.name, phone: guardians.phone, primary: studentGuardians.isPrimary })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, studentIds))
    .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name));
}

/**
 * Up to 20 active learners of the school whose search text contains `needle` (lower case; any when
 * empty), with class and current route and stop, by first then last name.
 */
export async function searchLearnersWithRoute(tx: Tx, schoolId: string, needle: string) {
  return tx
    .select({
      id: students.id,
      ...learnerNameColumns,
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
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), needle ? sql`${students.searchText} like ${containsPattern(needle)}` : undefined))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
    .limit(20);
}

/** Learner `id` of the school: names and status, or undefined. */
export async function findLearner(tx: Tx, schoolId: string, id: string) {
  const [learner] = await tx
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, status: students.status })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)));
  return learner;
}

/** The learner's active assignment in the school with its route's name, locked for update, or undefined. */
export async function findActiveAssignmentForUpdate(tx: Tx, schoolId: string, studentId: string): Promise<{ a: TransportAssignmentRow; routeName: string } | undefined> {
  const [current] = await tx
    .select({ a: transportAssignments, routeName: transportRoutes.name })
    .from(transportAssignments)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .where(and(eq(transportAssignments.schoolId, schoolId), eq(transportAssignments.studentId, studentId), eq(transportAssignments.status, 'active')))
    .for('update', { of: transportAssignments });
  return current;
}

/** The learner's active assignment on route `routeId` of the school, locked for update, or undefined. */
export async function findActiveAssignmentOnRoute(tx: Tx, schoolId: string, routeId: string, studentId: string): Promise<TransportAssignmentRow | undefined> {
  const [a] = await tx
    .select()
    .from(transportAssignments)
    .where(and(eq(transportAssignments.schoolId, schoolId), eq(transportAssignments.routeId, routeId), eq(transportAssignments.studentId, studentId), eq(transportAssignments.status, 'active')))
    .for('update');
  return a;
}

/** Inserts an assignment; returns its row. */
export async function insertAssignment(tx: Tx, row: typeof transportAssignments.$inferInsert): Promise<TransportAssignmentRow> {
  const [assignment] = await tx.insert(transportAssignments).values(row).returning();
  return assignment!;
}

/** Ends assignment `id` on `day` (status ended); returns the updated row. */
export async function endAssignment(tx: Tx, id: string, day: string): Promise<TransportAssignmentRow> {
  const [ended] = await tx.update(transportAssignments).set({ status: 'ended', endsOn: day }).where(eq(transportAssignments.id, id)).returning();
  return ended!;
}

/** How many of the school's charges raised for `source`/`sourceId` are already invoiced. */
export async function countInvoicedCharges(tx: Tx, schoolId: string, source: string, sourceId: string): Promise<number> {
  const [inv] = await tx
    .select({ n: count() })
    .from(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.source, source), eq(studentCharges.sourceId, sourceId), eq(studentCharges.status, 'invoiced')));
  return Number(inv?.n ?? 0);
}

// -------------------------------------------------------------------------------------------------
// Settings

/** The school's transport charge setting as stored ('next_invoice' | 'current_pro_rata'), or undefined when never set. */
export async function findChargeMode(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [row] = await tx.select({ mode: financeOfficeSettings.transportCharge }).from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, schoolId));
  return row?.mode;
}

/** Stores the school's transport charge setting (creating its finance office settings row when missing). */
export async function upsertChargeMode(tx: Tx, schoolId: string, mode: string, updatedBy: string): Promise<void> {
  await tx
    .insert(financeOfficeSettings)
    .values({ schoolId, transportCharge: mode, updatedBy })
    .onConflictDoUpdate({ target: financeOfficeSettings.schoolId, set: { transportCharge: sql`excluded.transport_charge`, updatedBy, updatedAt: new Date() } });
}

// -------------------------------------------------------------------------------------------------
// Parents

/** The audience's own active learners (a parent's children) with class, by first name. */
export async function listActiveChildren(tx: Tx, audience: LearnerAudience) {
  return tx
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, className: classes.name })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(visibleLearners(audience), eq(students.status, 'active')))
    .orderBy(asc(students.firstName));
}

/** Active assignments of these learners with their route and stop rows. */
export async function listActiveRides(tx: Tx, studentIds: string[]): Promise<{ a: TransportAssignmentRow; route: TransportRouteRow; stop: TransportStopRow }[]> {
  return tx
    .select({ a: transportAssignments, route: transportRoutes, stop: transportStops })
    .from(transportAssignments)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
    .where(and(inArray(transportAssignments.studentId, studentIds), eq(transportAssignments.status, 'active')));
}
