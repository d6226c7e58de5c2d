import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertsResponse,
  assignBody,
  assignResponse,
  driverBody,
  driverSchema,
  endAssignmentResponse,
  idParams,
  learnerOptionsQuery,
  learnerOptionsResponse,
  myChildrenTransportResponse,
  routeBody,
  routeDetailSchema,
  routeLearnerParams,
  routesResponse,
  schoolQuery,
  settingsBody,
  settingsSchema,
  tripBody,
  tripSchema,
  vehicleBody,
  vehicleSchema,
} from '../../../shared/contracts/transport.js';
import { loadLetterhead } from '../../lib/pdf.js';
import { actorOf } from '../../plugins/access.js';
import type { RequestCallerWithSchool } from '../../lib/school-context.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { manifestPdf, routesPdf } from './transport-pdf.js';
import * as svc from './transport.service.js';

/**
 * School transport (issue 15 §4): routes with ordered stops and a termly fee (or a stop's zone fee),
 * vehicles, drivers, trips, learners on routes, alerts, route list and manifest PDFs, and each parent's
 * view of their children's route. The finance officer manages (manageTransport); the finance officer,
 * principal, director and platform staff (with ?schoolId=) view (viewTransport); other roles 403; a
 * parent sees only their own children (GET /api/transport/my-children, viewChildTransport). Another
 * school's ids read as 404. Money: KES with two decimals; dates YYYY-MM-DD; times HH:MM (Africa/Nairobi).
 * Errors: `{ error: { code, message, fields? } }`; bad input 400 with nothing written; 409 for a full
 * route, a learner already on a route, a taken registration/licence/name, or records still in use.
 */
export async function transportRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['transport'];
  const view = { permission: 'viewTransport' } as const;
  const manage = { permission: 'manageTransport' } as const;
  const who = (req: FastifyRequest, schoolId?: string | null): RequestCallerWithSchool => ({ actor: actorOf(req), ip: req.ip, schoolId });

  /**
   * GET /api/transport/routes → { routes, chargeMode }: every route with its stops in ride order (pick-up
   * and drop-off times, zone fee, learners per stop), termly fee (KES), vehicle, current driver, seats in
   * effect (the route's limit, else the vehicle's), learners on it and seats left (null = no limit).
   */
  r.get('/api/transport/routes', { config: view, schema: { querystring: schoolQuery, response: { 200: routesResponse }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ routes: await svc.loadRoutes(tx, c.schoolId), chargeMode: await svc.chargeModeOf(tx, c.schoolId) })),
  );

  /** GET /api/transport/routes.pdf → the route list on the letterhead (transport-routes.pdf, A4 landscape). */
  r.get('/api/transport/routes.pdf', { config: view, schema: { querystring: schoolQuery, tags } }, async (req, reply) => {
    const { school, routes } = await svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ school: await loadLetterhead(tx, storage, c.schoolId), routes: await svc.loadRoutes(tx, c.schoolId) }));
    return routesPdf(reply, school, routes);
  });

  /**
   * POST /api/transport/routes { name, description?, termFee (KES ≥ 0), vehicleId?, capacity? (seats;
   * null = the vehicle's), active?, stops: [{ name, pickupTime?, dropoffTime? ('HH:MM'), zoneFee? }] in
   * ride order } → 201 the route with learners. 400 bad input (negative fee, bad time, no stops); 409 name taken.
   */
  r.post('/api/transport/routes', { config: manage, schema: { body: routeBody, response: { 201: routeDetailSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.saveRoute(tx, c, req.body))),
  );

  /** GET /api/transport/routes/:id → the route with its learners (name, admission number, stream, stop, guardian and phone), by stop order. */
  r.get('/api/transport/routes/:id', { config: view, schema: { params: idParams, querystring: schoolQuery, response: { 200: routeDetailSchema }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), (tx, c) => svc.routeDetail(tx, c.schoolId, req.params.id)),
  );

  /**
   * PUT /api/transport/routes/:id (body as POST) → the route. Stops replace the list in the order given
   * (reordering = sending them in the new order; keep a stop by sending its id). A stop with learners
   * (or history) cannot be removed (409); capacity cannot go below the learners on the route (400).
   */
  r.put('/api/transport/routes/:id', { config: manage, schema: { params: idParams, body: routeBody, response: { 200: routeDetailSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.saveRoute(tx, c, req.body, req.params.id)),
  );

  /** DELETE /api/transport/routes/:id → 204. 409 when learners ride (or rode) it: close it (active false) instead. */
  r.delete('/api/transport/routes/:id', { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteRoute(tx, c, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/transport/routes/:id/manifest.pdf → learners by stop in ride order with pick-up times, guardian phone, vehicle and driver. */
  r.get('/api/transport/routes/:id/manifest.pdf', { config: view, schema: { params: idParams, querystring: schoolQuery, tags } }, async (req, reply) => {
    const { school, route } = await svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({
      route: await svc.routeDetail(tx, c.schoolId, req.params.id),
      school: await loadLetterhead(tx, storage, c.schoolId),
    }));
    return manifestPdf(reply, school, route);
  });

  /**
   * POST /api/transport/routes/:id/learners { studentId, stopId, move? } → 201 { assignment, charge:
   * { status: invoiced | pending | next_invoice, amount (KES), invoiceNumber }, movedFrom, message }.
   * The fee follows GET /api/transport/settings: next_invoice (nothing charged now; each term's invoice
   * carries the route's or zone's fee) or current_pro_rata (proRataCents of the fee for the days left in
   * the term, added to the current invoice at once, else a pending charge for the next invoice; after
   * the term's last day nothing is left to pro-rate and the fee goes on the next invoice). Refused with
   * nothing written: stop of another route (400), learner not active (400), already on a route without
   * move: true (409 ALREADY_ON_ROUTE), route full (409 ROUTE_FULL), closed route (409).
   */
  r.post('/api/transport/routes/:id/learners', { config: manage, schema: { params: idParams, body: assignBody, response: { 201: assignResponse }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.assignLearner(tx, c, req.params.id, req.body))),
  );

  /**
   * DELETE /api/transport/routes/:id/learners/:studentId (or POST .../end) → { assignment (ended today),
   * cancelledCharges, invoicedCharges, message }: charges not yet invoiced are cancelled; invoiced ones
   * stay on the account (a credit note is the finance officer's separate decision). 404 if not on the route.
   */
  const end = async (req: FastifyRequest<{ Params: { id: string; studentId: string } }>) =>
    svc.run(database, who(req), (tx, c) => svc.removeLearner(tx, c, req.params.id, req.params.studentId));
  r.delete('/api/transport/routes/:id/learners/:studentId', { config: manage, schema: { params: routeLearnerParams, response: { 200: endAssignmentResponse }, tags } }, end);
  r.post('/api/transport/routes/:id/learners/:studentId/end', { config: manage, schema: { params: routeLearnerParams, response: { 200: endAssignmentResponse }, tags } }, end);

  /** GET /api/transport/learner-options?q= → up to 20 active learners matching a name or admission number, with their current route (for "Add learner"). */
  r.get('/api/transport/learner-options', { config: manage, schema: { querystring: learnerOptionsQuery, response: { 200: learnerOptionsResponse }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.learnerOptions(tx, c.schoolId, req.query.q)),
  );

  /** GET /api/transport/vehicles → { vehicles: [{ registration ("KDA 123A"), make, capacity, insuranceExpiresOn, inspectionExpiresOn, active, notes, routes }] }. */
  r.get('/api/transport/vehicles', { config: view, schema: { querystring: schoolQuery, response: { 200: z.object({ vehicles: z.array(vehicleSchema) }) }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ vehicles: await svc.listVehicles(tx, c.schoolId) })),
  );
  /** POST /api/transport/vehicles → 201. registration: Kenyan plate ("kda123a" stored "KDA 123A"; GK plates too), else 400; 409 when taken. */
  r.post('/api/transport/vehicles', { config: manage, schema: { body: vehicleBody, response: { 201: vehicleSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.saveVehicle(tx, c, req.body))),
  );
  /** PUT /api/transport/vehicles/:id (body as POST) → the vehicle. */
  r.put('/api/transport/vehicles/:id', { config: manage, schema: { params: idParams, body: vehicleBody, response: { 200: vehicleSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.saveVehicle(tx, c, req.body, req.params.id)),
  );
  /** DELETE /api/transport/vehicles/:id → 204; 409 while a route or trip uses it (deactivate instead). */
  r.delete('/api/transport/vehicles/:id', { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteVehicle(tx, c, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/transport/drivers → { drivers: [{ name, phone, licenceNumber, licenceExpiresOn, active }] }. */
  r.get('/api/transport/drivers', { config: view, schema: { querystring: schoolQuery, response: { 200: z.object({ drivers: z.array(driverSchema) }) }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ drivers: await svc.listDrivers(tx, c.schoolId) })),
  );
  /** POST /api/transport/drivers → 201 (licence number upper-cased; 409 when another driver has it). */
  r.post('/api/transport/drivers', { config: manage, schema: { body: driverBody, response: { 201: driverSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.saveDriver(tx, c, req.body))),
  );
  /** PUT /api/transport/drivers/:id (body as POST) → the driver. */
  r.put('/api/transport/drivers/:id', { config: manage, schema: { params: idParams, body: driverBody, response: { 200: driverSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.saveDriver(tx, c, req.body, req.params.id)),
  );
  /** DELETE /api/transport/drivers/:id → 204; 409 while trips name them. */
  r.delete('/api/transport/drivers/:id', { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteDriver(tx, c, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/transport/trips → { trips: [{ route, vehicle, driver, leg, startsOn, endsOn, warning }] }. */
  r.get('/api/transport/trips', { config: view, schema: { querystring: schoolQuery, response: { 200: z.object({ trips: z.array(tripSchema) }) }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ trips: await svc.listTrips(tx, c.schoolId) })),
  );
  /**
   * POST /api/transport/trips { routeId, vehicleId, driverId?, leg (both|morning|evening), startsOn, endsOn? } → 201 the trip.
   * A vehicle whose inspection (or insurance) has expired is allowed, with `warning` set and stored in
   * transport_trips.warning.
   */
  r.post('/api/transport/trips', { config: manage, schema: { body: tripBody, response: { 201: tripSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.createTrip(tx, c, req.body))),
  );
  /** DELETE /api/transport/trips/:id → 204. */
  r.delete('/api/transport/trips/:id', { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteTrip(tx, c, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/transport/alerts → { alerts }: insurance, inspection and licence dates within 30 days or expired (daysLeft negative), soonest first. */
  r.get('/api/transport/alerts', { config: view, schema: { querystring: schoolQuery, response: { 200: alertsResponse }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ alerts: await svc.listAlerts(tx, c.schoolId) })),
  );

  /** GET /api/transport/settings → { transportCharge: next_invoice | current_pro_rata } (no row = next_invoice). */
  r.get('/api/transport/settings', { config: view, schema: { querystring: schoolQuery, response: { 200: settingsSchema }, tags } }, async (req) =>
    svc.run(database, who(req, req.query.schoolId), async (tx, c) => ({ transportCharge: await svc.chargeModeOf(tx, c.schoolId) })),
  );
  /** PUT /api/transport/settings { transportCharge } → the settings (only that column of finance_office_settings changes). */
  r.put('/api/transport/settings', { config: manage, schema: { body: settingsBody, response: { 200: settingsSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.saveSettings(tx, c, req.body.transportCharge)),
  );

  /**
   * GET /api/transport/my-children (parents) → { children: [{ studentId, name, className, transport:
   * { routeName, stopName, pickupTime, dropoffTime, vehicleRegistration, driverName, driverPhone, termFee, since } | null }] }:
   * the parent's own children only.
   */
  r.get('/api/transport/my-children', { config: { permission: 'viewChildTransport' }, schema: { response: { 200: myChildrenTransportResponse }, tags } }, async (req) =>
    svc.myChildrenTransport(database, actorOf(req)),
  );
}
