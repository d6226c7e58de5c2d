import { z } from 'zod';
import { transportMessages as tm } from '../messages/transport.js';
import { kesToCents, MAX_AMOUNT_CENTS } from '../money.js';
import { isClockTime } from '../transport-plates.js';
import { isCalendarDate } from './learners.js';

/**
 * School transport (issue 15 §4): routes with ordered stops and a termly fee (or a stop's zone fee),
 * vehicles, drivers, trips (which vehicle and driver run a route), and learners on routes. Money is KES
 * with two decimals in JSON (integer cents in the database); dates YYYY-MM-DD and times HH:MM in
 * Africa/Nairobi.
 */

const m = tm.api;
export const TRANSPORT_CHARGE_MODES = ['next_invoice', 'current_pro_rata'] as const;
export type TransportChargeMode = (typeof TRANSPORT_CHARGE_MODES)[number];
export const TRANSPORT_LEGS = ['both', 'morning', 'evening'] as const;

const kes = z.number();
const day = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const optionalDay = z.union([day, z.null()]).optional();
const clock = z.string(m.timeInvalid).trim().refine(isClockTime, m.timeInvalid);
const optionalClock = z
  .union([z.literal('').transform(() => null), clock, z.null()])
  .optional();
const text = (max: number) => z.union([z.string().trim().max(max).transform((v) => v || null), z.null()]).optional();
const name = z.string(m.nameRequired).trim().min(1, m.nameRequired).max(120);

/** A fee in a request: KES number or decimal string, 0 or more (negative refused), parsed to integer cents. */
export const feeAmount = z.union([z.number(m.feeInvalid), z.string(m.feeInvalid)], m.feeInvalid).transform((v, ctx) => {
  const cents = kesToCents(v);
  if (cents === null || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: m.feeInvalid });
    return z.NEVER;
  }
  if (cents < 0) {
    ctx.addIssue({ code: 'custom', message: m.feeNegative });
    return z.NEVER;
  }
  return cents;
});
const seats = z.coerce.number(m.capacityInvalid).int(m.capacityInvalid).min(1, m.capacityInvalid).max(500, m.capacityInvalid);

export const schoolQuery = z.object({ schoolId: z.uuid().optional() });
export const idParams = z.object({ id: z.uuid(tm.api.routeNotFound) });
export const routeLearnerParams = z.object({ id: z.uuid(tm.api.routeNotFound), studentId: z.uuid(tm.api.learnerNotFound) });

// ------------------------------------------------------------------------------------------------
// Vehicles and drivers

export const vehicleSchema = z.object({
  id: z.uuid(),
  registration: z.string(),
  make: z.string().nullable(),
  capacity: z.number().int(),
  insuranceExpiresOn: z.string().nullable(),
  inspectionExpiresOn: z.string().nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  /** Names of the routes this vehicle is set on. */
  routes: z.array(z.string()),
});
export type TransportVehicle = z.infer<typeof vehicleSchema>;

/** POST /api/transport/vehicles, PUT /api/transport/vehicles/:id. registration is normalised ("kda123a" → "KDA 123A"). */
export const vehicleBody = z.strictObject({
  registration: z.string(m.plateInvalid).trim().min(1, m.plateInvalid).max(20, m.plateInvalid),
  make: text(80),
  capacity: seats,
  insuranceExpiresOn: optionalDay,
  inspectionExpiresOn: optionalDay,
  notes: text(500),
  active: z.boolean().default(true),
});
export type VehicleBody = z.input<typeof vehicleBody>;

export const driverSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  licenceNumber: z.string(),
  licenceExpiresOn: z.string().nullable(),
  active: z.boolean(),
});
export type TransportDriver = z.infer<typeof driverSchema>;

export const driverBody = z.strictObject({
  name,
  phone: text(20),
  licenceNumber: z.string(m.licenceRequired).trim().min(1, m.licenceRequired).max(40).transform((v) => v.toUpperCase()),
  licenceExpiresOn: optionalDay,
  active: z.boolean().default(true),
});
export type DriverBody = z.input<typeof driverBody>;

// ------------------------------------------------------------------------------------------------
// Routes and stops

export const stopSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sequence: z.number().int(),
  pickupTime: z.string().nullable(),
  dropoffTime: z.string().nullable(),
  /** KES; replaces the route's fee for learners at this stop. */
  zoneFee: kes.nullable(),
  /** The fee a learner at this stop pays per term (zone fee, else the route's). */
  fee: kes,
  learnerCount: z.number().int(),
});
export type TransportStop = z.infer<typeof stopSchema>;

export const routeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** KES per term. */
  termFee: kes,
  active: z.boolean(),
  vehicle: z.object({ id: z.uuid(), registration: z.string(), capacity: z.number().int() }).nullable(),
  /** The driver of the route's current trip, if any. */
  driver: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable() }).nullable(),
  /** The route's own seat limit (null = the vehicle's seats). */
  capacitySetting: z.number().int().nullable(),
  /** Seats in effect: the route's limit, else the vehicle's seats, else null (no limit). */
  capacity: z.number().int().nullable(),
  learnerCount: z.number().int(),
  seatsLeft: z.number().int().nullable(),
  stops: z.array(stopSchema),
});
export type TransportRoute = z.infer<typeof routeSchema>;
export const routesResponse = z.object({ routes: z.array(routeSchema), chargeMode: z.enum(TRANSPORT_CHARGE_MODES) });
export type TransportRoutesResponse = z.infer<typeof routesResponse>;

export const routeLearnerSchema = z.object({
  assignmentId: z.uuid(),
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  stopId: z.uuid(),
  stopName: z.string(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  since: z.string(),
});
export type TransportRouteLearner = z.infer<typeof routeLearnerSchema>;
export const routeDetailSchema = routeSchema.extend({ learners: z.array(routeLearnerSchema) });
export type TransportRouteDetail = z.infer<typeof routeDetailSchema>;

/** A stop in a route body, in ride order; `id` keeps an existing stop (and its learners). */
export const stopInput = z.strictObject({
  id: z.uuid().optional(),
  name,
  pickupTime: optionalClock,
  dropoffTime: optionalClock,
  zoneFee: z.union([feeAmount, z.null()]).optional(),
});
/** POST /api/transport/routes, PUT /api/transport/routes/:id (stops replace the route's list, in order). */
export const routeBody = z.strictObject({
  name,
  description: text(500),
  termFee: feeAmount,
  vehicleId: z.union([z.uuid(m.vehicleNotFound), z.null()]).optional(),
  capacity: z.union([seats, z.null(), z.literal('').transform(() => null)]).optional(),
  active: z.boolean().default(true),
  stops: z.array(stopInput, m.stopsRequired).min(1, m.stopsRequired).max(40),
});
export type RouteBody = z.input<typeof routeBody>;

// ------------------------------------------------------------------------------------------------
// Learners on routes

/** POST /api/transport/routes/:id/learners. move: end the learner's current route first (else 409). */
export const assignBody = z.strictObject({
  studentId: z.uuid(m.learnerNotFound),
  stopId: z.uuid(m.stopNotFound),
  move: z.boolean().default(false),
});
export type AssignBody = z.input<typeof assignBody>;
export const assignmentSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  routeId: z.uuid(),
  stopId: z.uuid(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  status: z.enum(['active', 'ended']),
});
export const assignResponse = z.object({
  assignment: assignmentSchema,
  charge: z.object({ status: z.enum(['invoiced', 'pending', 'next_invoice']), amount: kes, invoiceNumber: z.string().nullable() }),
  /** The assignment ended by a move, if any. */
  movedFrom: z.object({ routeId: z.uuid(), routeName: z.string() }).nullable(),
  message: z.string(),
});
export type AssignResponse = z.infer<typeof assignResponse>;
export const endAssignmentResponse = z.object({
  assignment: assignmentSchema,
  cancelledCharges: z.number().int(),
  invoicedCharges: z.number().int(),
  message: z.string(),
});
export type EndAssignmentResponse = z.infer<typeof endAssignmentResponse>;

/** GET /api/transport/learner-options?q= → active learners matching a name or admission number, with their route. */
export const learnerOptionsQuery = z.object({ q: z.string().trim().max(80).default('') });
export const learnerOptionsResponse = z.object({
  learners: z.array(z.object({ id: z.uuid(), name: z.string(), admissionNumber: z.string(), className: z.string().nullable(), route: z.object({ id: z.uuid(), name: z.string(), stopName: z.string() }).nullable() })),
});
export type LearnerOptions = z.infer<typeof learnerOptionsResponse>;

// ------------------------------------------------------------------------------------------------
// Trips

export const tripSchema = z.object({
  id: z.uuid(),
  routeId: z.uuid(),
  routeName: z.string(),
  vehicleId: z.uuid(),
  registration: z.string(),
  driverId: z.uuid().nullable(),
  driverName: z.string().nullable(),
  leg: z.enum(TRANSPORT_LEGS),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** Kept when the vehicle's inspection (or insurance) had expired: the trip was allowed with this warning. */
  warning: z.string().nullable(),
});
export type TransportTrip = z.infer<typeof tripSchema>;
export const tripBody = z.strictObject({
  routeId: z.uuid(m.routeNotFound),
  vehicleId: z.uuid(m.vehicleNotFound),
  driverId: z.union([z.uuid(m.driverNotFound), z.null()]).optional(),
  leg: z.enum(TRANSPORT_LEGS).default('both'),
  startsOn: day,
  endsOn: optionalDay,
});
export type TripBody = z.input<typeof tripBody>;

// ------------------------------------------------------------------------------------------------
// Alerts, settings, parents

export const alertSchema = z.object({
  kind: z.enum(['insurance', 'inspection', 'licence']),
  subjectType: z.enum(['vehicle', 'driver']),
  subjectId: z.uuid(),
  /** The registration or the driver's name. */
  subject: z.string(),
  expiresOn: z.string(),
  /** Days from today (negative: expired). */
  daysLeft: z.number().int(),
  expired: z.boolean(),
});
export type TransportAlert = z.infer<typeof alertSchema>;
export const alertsResponse = z.object({ alerts: z.array(alertSchema) });

export const settingsSchema = z.object({ transportCharge: z.enum(TRANSPORT_CHARGE_MODES) });
export type TransportSettings = z.infer<typeof settingsSchema>;
export const settingsBody = z.strictObject({ transportCharge: z.enum(TRANSPORT_CHARGE_MODES) });

export const childTransportSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  className: z.string().nullable(),
  transport: z
    .object({
      routeName: z.string(),
      stopName: z.string(),
      pickupTime: z.string().nullable(),
      dropoffTime: z.string().nullable(),
      vehicleRegistration: z.string().nullable(),
      driverName: z.string().nullable(),
      driverPhone: z.string().nullable(),
      termFee: kes,
      since: z.string(),
    })
    .nullable(),
});
export type ChildTransport = z.infer<typeof childTransportSchema>;
export const myChildrenTransportResponse = z.object({ children: z.array(childTransportSchema) });
export type MyChildrenTransport = z.infer<typeof myChildrenTransportResponse>;
