import { and, asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GREENHILL_SESSIONS, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { AssignResponse, EndAssignmentResponse, MyChildrenTransport, TransportAlert, TransportRouteDetail, TransportRoutesResponse, TransportTrip } from '../../../shared/contracts/transport.js';
import type { Invoice, StudentAccount } from '../../../shared/contracts/fees.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { transportMessages as tm } from '../../../shared/messages/transport.js';
import {
  academicYears,
  auditLogs,
  financeOfficeSettings,
  guardians,
  invoices,
  studentCharges,
  studentGuardians,
  students,
  terms,
  transportAssignments,
  transportRoutes,
  transportTrips,
  transportVehicles,
} from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { proRataCents } from '../fees/charges.service.js';

/**
 * School transport (issue 15 §4): access (finance officer manages; principal, director and platform
 * staff view; parents only their own children; another school's ids 404), validation with nothing
 * written (plates, fees, capacity, stops of another route, inactive learners, learners already on a
 * route), the fee on the learner's account (pro rata onto the current invoice, or on the next invoice),
 * taking a learner off a route, trips with an expired inspection, alerts and the PDFs.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};
const today = schoolToday();

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance', 'rsParent', 'admin']));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const req = (who: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const ok = async <T>(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, status = 200): Promise<T> => {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
/** The demo's two routes ("Route A: Ngong Road", "Route B: Langata"; Riverside "Route 1", "Route 2"), not the ones tests add. */
const routesOf = async (who = 'finance') => (await ok<TransportRoutesResponse>(who, 'GET', '/api/transport/routes')).routes.filter((r) => r.name.startsWith('Route '));
const account = (studentId: string) => ok<StudentAccount>('finance', 'GET', `/api/students/${studentId}/account`);
const assignmentsOf = (studentId: string) => system(t.database, (tx) => tx.select().from(transportAssignments).where(eq(transportAssignments.studentId, studentId)));

/** Active Greenhill learners not on a route, with an issued invoice for the term. */
async function freeLearners(termId: string): Promise<string[]> {
  return system(t.database, async (tx) => {
    const riders = (await tx.select({ id: transportAssignments.studentId }).from(transportAssignments)).map((r) => r.id);
    const rows = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(invoices, and(eq(invoices.studentId, students.id), eq(invoices.termId, termId), eq(invoices.status, 'issued')))
      .where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'), riders.length ? notInArray(students.id, riders) : undefined))
      .orderBy(asc(students.admissionNumber));
    return rows.map((r) => r.id);
  });
}

async function term3() {
  const [row] = await system(t.database, (tx) => tx.select().from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.isCurrent, true))));
  return row!;
}

/** A route of the finance officer's own for a test (two stops, 5,000 KES, zone fee 4,000 at the second). */
async function newRoute(name: string, extra: Record<string, unknown> = {}): Promise<TransportRouteDetail> {
  return ok<TransportRouteDetail>(
    'finance',
    'POST',
    '/api/transport/routes',
    { name, termFee: 5000, stops: [{ name: `${name} Stage 1`, pickupTime: '06:30', dropoffTime: '16:30' }, { name: `${name} Stage 2`, pickupTime: '06:45', dropoffTime: '16:15', zoneFee: '4000' }], ...extra },
    201,
  );
}

describe('access', () => {
  it('refuses anonymous callers, other roles, and another school’s records', async () => {
    expect((await req(undefined, 'GET', '/api/transport/routes')).statusCode).toBe(401);
    for (const who of ['teacher', 'hr', 'parent']) expect((await req(who, 'GET', '/api/transport/routes')).statusCode, who).toBe(403);
    for (const who of ['principal', 'director']) {
      expect((await req(who, 'GET', '/api/transport/routes')).statusCode, who).toBe(200);
      expect((await req(who, 'POST', '/api/transport/routes', { name: 'X', termFee: 1, stops: [{ name: 'A' }] })).statusCode, who).toBe(403);
      expect((await req(who, 'PUT', '/api/transport/settings', { transportCharge: 'current_pro_rata' })).statusCode, who).toBe(403);
    }
    expect((await req('finance', 'GET', '/api/transport/my-children')).statusCode).toBe(403);
    expect((await req('teacher', 'GET', '/api/transport/my-children')).statusCode).toBe(403);

    const [route] = await routesOf();
    const rsRoute = (await routesOf('rsFinance'))[0]!;
    // Another school's route, stop, vehicle: 404 (read and write).
    expect((await req('rsFinance', 'GET', `/api/transport/routes/${route!.id}`)).statusCode).toBe(404);
    expect((await req('rsFinance', 'GET', `/api/transport/routes/${route!.id}/manifest.pdf`)).statusCode).toBe(404);
    expect((await req('rsFinance', 'POST', `/api/transport/routes/${route!.id}/learners`, { studentId: rsRoute.id, stopId: route!.stops[0]!.id })).statusCode).toBe(404);
    expect((await req('rsFinance', 'PUT', `/api/transport/vehicles/${route!.vehicle!.id}`, { registration: 'KDA 999Z', capacity: 10 })).statusCode).toBe(404);
    expect((await req('rsFinance', 'DELETE', `/api/transport/routes/${route!.id}`)).statusCode).toBe(404);
    // Platform staff name the school; an unknown school is 404, none is 400.
    expect((await req('admin', 'GET', '/api/transport/routes')).statusCode).toBe(400);
    expect((await req('admin', 'GET', `/api/transport/routes?schoolId=${greenhill}`)).statusCode).toBe(200);
    expect((await req('admin', 'GET', '/api/transport/routes?schoolId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await req('admin', 'POST', '/api/transport/routes', { name: 'X', termFee: 1, stops: [{ name: 'A' }] })).statusCode).toBe(403);
    // Bad ids are 400.
    expect((await req('finance', 'GET', '/api/transport/routes/not-a-uuid')).statusCode).toBe(400);
  });

  it('lets only the finance officer manage each kind of record', async () => {
    const writes: [string, string][] = [
      ['POST', '/api/transport/vehicles'],
      ['POST', '/api/transport/drivers'],
      ['POST', '/api/transport/trips'],
      ['POST', `/api/transport/routes/${greenhill}/learners`],
      ['DELETE', `/api/transport/routes/${greenhill}/learners/${greenhill}`],
    ];
    for (const [method, url] of writes) {
      expect((await req('principal', method as 'POST', url, {})).statusCode, url).toBe(403);
      expect((await req('parent', method as 'POST', url, {})).statusCode, url).toBe(403);
      expect((await req(undefined, method as 'POST', url, {})).statusCode, url).toBe(401);
    }
  });
});

describe('demo data and reading', () => {
  it('has two routes of ordered stops with fees, vehicles, drivers, seats and riders in each school', async () => {
    for (const who of ['finance', 'rsFinance']) {
      const routes = await routesOf(who);
      expect(routes).toHaveLength(2);
      for (const r of routes) {
        expect(r.stops.length).toBeGreaterThanOrEqual(4);
        expect(r.stops.map((s) => s.sequence)).toEqual(r.stops.map((_, i) => i + 1));
        expect(r.termFee).toBeGreaterThan(0);
        expect(r.vehicle?.registration).toMatch(/^K[A-Z]{2} \d{3}[A-Z]$/);
        expect(r.driver?.name).toBeTruthy();
        expect(r.learnerCount).toBeGreaterThanOrEqual(5);
        expect(r.seatsLeft).toBe(r.capacity! - r.learnerCount);
        expect(r.stops.reduce((a, s) => a + s.learnerCount, 0)).toBe(r.learnerCount);
      }
    }
    const names = (await routesOf()).map((r) => r.name).join(' ');
    expect(names).toMatch(/Ngong Road/);
    const detail = await ok<TransportRouteDetail>('principal', 'GET', `/api/transport/routes/${(await routesOf())[0]!.id}`);
    expect(detail.learners.length).toBe(detail.learnerCount);
    expect(detail.learners[0]).toMatchObject({ admissionNumber: expect.any(String), stopName: expect.any(String) });
    expect(detail.learners.some((l) => l.guardianPhone)).toBe(true);
  });

  it('alerts on the insurance that runs out within 30 days', async () => {
    const { alerts } = await ok<{ alerts: TransportAlert[] }>('finance', 'GET', '/api/transport/alerts');
    const insurance = alerts.find((a) => a.kind === 'insurance');
    expect(insurance).toMatchObject({ subject: 'KDA 123A', expired: false });
    expect(insurance!.daysLeft).toBeGreaterThan(0);
    expect(insurance!.daysLeft).toBeLessThanOrEqual(30);
    // The other vehicle's documents run for months: no alert.
    expect(alerts.some((a) => a.subject === 'KCB 456K')).toBe(false);
  });

  it('prints the route list and a manifest with learners by stop, pick-up times and guardian phones', async () => {
    const [route] = await routesOf();
    const detail = await ok<TransportRouteDetail>('finance', 'GET', `/api/transport/routes/${route!.id}`);
    const res = await req('principal', 'GET', `/api/transport/routes/${route!.id}/manifest.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain(route!.name);
    expect(pdf.text.replace(/\s+/g, '')).toContain(detail.learners[0]!.admissionNumber);
    expect(pdf.text).toContain(route!.driver!.name);
    expect(pdf.text).toContain(route!.stops.find((s) => s.id === detail.learners[0]!.stopId)!.pickupTime!);
    expect(pdf.text).toContain(route!.vehicle!.registration);
    const list = await req('director', 'GET', '/api/transport/routes.pdf');
    expect(list.statusCode).toBe(200);
    const listText = inspectPdf(list.rawPayload).text;
    for (const r of await routesOf()) expect(listText).toContain(r.name);
  });
});

describe('vehicles, drivers, routes: validation', () => {
  it('normalises Kenyan plates and refuses bad ones, taken ones and bad capacity with nothing written', async () => {
    const before = await system(t.database, (tx) => tx.select().from(transportVehicles).where(eq(transportVehicles.schoolId, greenhill)));
    const bad = await req('finance', 'POST', '/api/transport/vehicles', { registration: 'ABC 12', capacity: 14 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.registration).toBe(tm.api.plateInvalid);
    expect((await req('finance', 'POST', '/api/transport/vehicles', { registration: 'KDA 777B', capacity: 0 })).statusCode).toBe(400);
    const taken = await req('finance', 'POST', '/api/transport/vehicles', { registration: 'kda123a', capacity: 14 });
    expect(taken.statusCode).toBe(409);
    expect(await system(t.database, (tx) => tx.select().from(transportVehicles).where(eq(transportVehicles.schoolId, greenhill)))).toHaveLength(before.length);

    const van = await ok<{ registration: string }>('finance', 'POST', '/api/transport/vehicles', { registration: ' kcb001z ', capacity: 14, make: 'Toyota Hiace' }, 201);
    expect(van.registration).toBe('KCB 001Z');
    const gk = await ok<{ registration: string }>('finance', 'POST', '/api/transport/vehicles', { registration: 'gk a123b', capacity: 10 }, 201);
    expect(gk.registration).toBe('GKA 123B');
    // The same plate in another school is fine.
    expect((await req('rsFinance', 'POST', '/api/transport/vehicles', { registration: 'KCB 001Z', capacity: 14 })).statusCode).toBe(201);
  });

  it('refuses negative fees, bad times and empty stop lists, with nothing written', async () => {
    const count = async () => (await system(t.database, (tx) => tx.select().from(transportRoutes).where(eq(transportRoutes.schoolId, greenhill)))).length;
    const before = await count();
    const neg = await req('finance', 'POST', '/api/transport/routes', { name: 'Negative', termFee: -100, stops: [{ name: 'A' }] });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.fields.termFee).toBe(tm.api.feeNegative);
    const negZone = await req('finance', 'POST', '/api/transport/routes', { name: 'Negative zone', termFee: 100, stops: [{ name: 'A', zoneFee: -5 }] });
    expect(negZone.statusCode).toBe(400);
    expect((await req('finance', 'POST', '/api/transport/routes', { name: 'Bad time', termFee: 100, stops: [{ name: 'A', pickupTime: '25:00' }] })).statusCode).toBe(400);
    expect((await req('finance', 'POST', '/api/transport/routes', { name: 'No stops', termFee: 100, stops: [] })).statusCode).toBe(400);
    expect((await req('finance', 'POST', '/api/transport/routes', { name: 'Route A: Ngong Road', termFee: 100, stops: [{ name: 'A' }] })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('reorders stops and refuses a stop of another route', async () => {
    const r = await newRoute('Reorder Test');
    const [a, b] = r.stops;
    const swapped = await ok<TransportRouteDetail>('finance', 'PUT', `/api/transport/routes/${r.id}`, {
      name: r.name,
      termFee: 5000,
      stops: [{ id: b!.id, name: b!.name, pickupTime: '06:30' }, { id: a!.id, name: a!.name, pickupTime: '06:45' }, { name: 'New stage', pickupTime: '07:00' }],
    });
    expect(swapped.stops.map((s) => [s.id, s.sequence])).toEqual([
      [b!.id, 1],
      [a!.id, 2],
      [swapped.stops[2]!.id, 3],
    ]);
    const other = (await routesOf())[0]!;
    const res = await req('finance', 'PUT', `/api/transport/routes/${r.id}`, { name: r.name, termFee: 5000, stops: [{ id: other.stops[0]!.id, name: 'Stolen' }] });
    expect(res.statusCode).toBe(400);
    const still = await ok<TransportRouteDetail>('finance', 'GET', `/api/transport/routes/${r.id}`);
    expect(still.stops).toHaveLength(3);
  });
});

describe('trips', () => {
  it('allows a vehicle with an expired inspection but carries and stores the warning', async () => {
    const bus = await ok<{ id: string }>('finance', 'POST', '/api/transport/vehicles', { registration: 'KBX 404T', capacity: 25, inspectionExpiresOn: addDays(today, -3), insuranceExpiresOn: addDays(today, 200) }, 201);
    const [route] = await routesOf();
    const trip = await ok<TransportTrip>('finance', 'POST', '/api/transport/trips', { routeId: route!.id, vehicleId: bus.id, leg: 'evening', startsOn: today }, 201);
    expect(trip.warning).toContain('KBX 404T');
    expect(trip.warning).toContain('inspection expired');
    const [row] = await system(t.database, (tx) => tx.select().from(transportTrips).where(eq(transportTrips.id, trip.id)));
    expect(row!.warning).toBe(trip.warning);
    const { alerts } = await ok<{ alerts: TransportAlert[] }>('finance', 'GET', '/api/transport/alerts');
    expect(alerts.find((a) => a.subject === 'KBX 404T' && a.kind === 'inspection')).toMatchObject({ expired: true, daysLeft: -3 });
    // A valid vehicle gives no warning; an end before the start is refused.
    const ok2 = await ok<TransportTrip>('finance', 'POST', '/api/transport/trips', { routeId: route!.id, vehicleId: route!.vehicle!.id, startsOn: today }, 201);
    expect(ok2.warning).toBeNull();
    expect((await req('finance', 'POST', '/api/transport/trips', { routeId: route!.id, vehicleId: bus.id, startsOn: today, endsOn: addDays(today, -1) })).statusCode).toBe(400);
  });
});

describe('learners on routes', () => {
  it('refuses a learner over the route’s capacity with nothing written', async () => {
    const term = await term3();
    const [a, b] = await freeLearners(term.id);
    const r = await newRoute('Tiny Route', { capacity: 1 });
    await ok<AssignResponse>('finance', 'POST', `/api/transport/routes/${r.id}/learners`, { studentId: a, stopId: r.stops[0]!.id }, 201);
    const chargesBefore = await system(t.database, (tx) => tx.select().from(studentCharges).where(eq(studentCharges.studentId, b!)));
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `student:${b}`)));
    const full = await req('finance', 'POST', `/api/transport/routes/${r.id}/learners`, { studentId: b, stopId: r.stops[0]!.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(tm.api.overCapacity('Tiny Route', 1));
    expect(await assignmentsOf(b!)).toHaveLength(0);
    expect(await system(t.database, (tx) => tx.select().from(studentCharges).where(eq(studentCharges.studentId, b!)))).toHaveLength(chargesBefore.length);
    expect(await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `student:${b}`)))).toHaveLength(audits.length);
    const detail = await ok<TransportRouteDetail>('finance', 'GET', `/api/transport/routes/${r.id}`);
    expect(detail).toMatchObject({ learnerCount: 1, seatsLeft: 0 });
    // Capacity cannot go below the riders.
    expect((await req('finance', 'PUT', `/api/transport/routes/${r.id}`, { name: r.name, termFee: 5000, capacity: 1, stops: r.stops.map((s) => ({ id: s.id, name: s.name })) })).statusCode).toBe(200);
  });

  it('refuses a stop of another route, an inactive learner, and a learner already on a route unless moved', async () => {
    const term = await term3();
    const free = await freeLearners(term.id);
    const [routeA, routeB] = await routesOf();
    const stopRes = await req('finance', 'POST', `/api/transport/routes/${routeA!.id}/learners`, { studentId: free[0], stopId: routeB!.stops[0]!.id });
    expect(stopRes.statusCode).toBe(400);
    expect(stopRes.json().error.fields.stopId).toBe(tm.api.stopOfAnotherRoute);
    expect(await assignmentsOf(free[0]!)).toHaveLength(0);

    await system(t.database, (tx) => tx.update(students).set({ status: 'transferred' }).where(eq(students.id, free[1]!)));
    const inactive = await req('finance', 'POST', `/api/transport/routes/${routeA!.id}/learners`, { studentId: free[1], stopId: routeA!.stops[0]!.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.message).toBe(tm.api.learnerNotActive);
    expect(await assignmentsOf(free[1]!)).toHaveLength(0);

    await ok('finance', 'POST', `/api/transport/routes/${routeA!.id}/learners`, { studentId: free[2], stopId: routeA!.stops[1]!.id }, 201);
    const again = await req('finance', 'POST', `/api/transport/routes/${routeB!.id}/learners`, { studentId: free[2], stopId: routeB!.stops[0]!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_ON_ROUTE');
    expect(again.json().error.message).toContain(routeA!.name);
    const moved = await ok<AssignResponse>('finance', 'POST', `/api/transport/routes/${routeB!.id}/learners`, { studentId: free[2], stopId: routeB!.stops[0]!.id, move: true }, 201);
    expect(moved.movedFrom).toEqual({ routeId: routeA!.id, routeName: routeA!.name });
    const rows = await assignmentsOf(free[2]!);
    expect(rows.map((r) => [r.routeId, r.status]).sort()).toEqual(
      [
        [routeA!.id, 'ended'],
        [routeB!.id, 'active'],
      ].sort(),
    );
    expect(rows.find((r) => r.status === 'ended')!.endsOn).toBe(today);
    // Unknown learner of another school: 404.
    const rsLearner = await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(eq(students.schoolId, riverside)).limit(1));
    expect((await req('finance', 'POST', `/api/transport/routes/${routeA!.id}/learners`, { studentId: rsLearner[0]!.id, stopId: routeA!.stops[0]!.id })).statusCode).toBe(404);
  });
});

describe('the transport fee on the learner’s account', () => {
  // The demo's current term (Term 3) ended before today; stretch it so today falls inside it.
  beforeAll(async () => {
    const t3 = await term3();
    await system(t.database, (tx) => tx.update(terms).set({ endsOn: addDays(today, 40) }).where(eq(terms.id, t3.id)));
  });

  it('keeps the charge mode in finance_office_settings without touching the other settings', async () => {
    expect(await ok('principal', 'GET', '/api/transport/settings')).toEqual({ transportCharge: 'next_invoice' });
    await system(t.database, (tx) => tx.insert(financeOfficeSettings).values({ schoolId: greenhill, expenseApprovalCents: 7_500_000 }));
    expect(await ok('finance', 'PUT', '/api/transport/settings', { transportCharge: 'current_pro_rata' })).toEqual({ transportCharge: 'current_pro_rata' });
    const [row] = await system(t.database, (tx) => tx.select().from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, greenhill)));
    expect(row).toMatchObject({ transportCharge: 'current_pro_rata', expenseApprovalCents: 7_500_000 });
    expect((await req('finance', 'PUT', '/api/transport/settings', { transportCharge: 'weekly' })).statusCode).toBe(400);
  });

  it('pro rata: raises the balance at once by exactly the pro-rata share and shows the line on the invoice', async () => {
    const term = await term3();
    const [studentId] = await freeLearners(term.id);
    const [route] = await routesOf();
    const stop = route!.stops[0]!;
    const before = await account(studentId!);
    const res = await ok<AssignResponse>('finance', 'POST', `/api/transport/routes/${route!.id}/learners`, { studentId, stopId: stop.id }, 201);
    const expected = proRataCents(Math.round(stop.fee * 100), term, today);
    expect(expected).toBeGreaterThan(0);
    expect(res.charge.status).toBe('invoiced');
    expect(Math.round(res.charge.amount * 100)).toBe(expected);
    const after = await account(studentId!);
    expect(Math.round((after.balance - before.balance) * 100)).toBe(expected);
    const inv = after.invoices.find((i) => i.termId === term.id && i.status !== 'cancelled')!;
    expect(res.charge.invoiceNumber).toBe(inv.invoiceNumber);
    const full = await ok<Invoice>('finance', 'GET', `/api/fees/invoices/${inv.id}`);
    const line = full.lines!.find((l) => l.name.startsWith(`Transport: ${route!.name} (${stop.name})`));
    expect(line && Math.round(line.amount * 100)).toBe(expected);
    expect(after.transport).toMatchObject({ route: route!.name, stop: stop.name });
  });

  it('pro rata without a current invoice: a pending charge, cancelled when the learner is taken off the route', async () => {
    const term = await term3();
    const [studentId] = await freeLearners(term.id);
    await system(t.database, (tx) => tx.update(invoices).set({ status: 'cancelled' }).where(and(eq(invoices.studentId, studentId!), eq(invoices.termId, term.id))));
    const [, route] = await routesOf();
    const res = await ok<AssignResponse>('finance', 'POST', `/api/transport/routes/${route!.id}/learners`, { studentId, stopId: route!.stops[1]!.id }, 201);
    expect(res.charge.status).toBe('pending');
    expect((await account(studentId!)).pendingCharges).toHaveLength(1);
    const ended = await ok<EndAssignmentResponse>('finance', 'DELETE', `/api/transport/routes/${route!.id}/learners/${studentId}`);
    expect(ended).toMatchObject({ cancelledCharges: 1, invoicedCharges: 0, assignment: { status: 'ended', endsOn: today } });
    const charges = await system(t.database, (tx) => tx.select().from(studentCharges).where(eq(studentCharges.studentId, studentId!)));
    expect(charges.map((c) => c.status)).toEqual(['cancelled']);
    expect((await account(studentId!)).pendingCharges).toHaveLength(0);
    expect((await account(studentId!)).transport).toBeNull();
    // Not on the route any more: 404.
    expect((await req('finance', 'DELETE', `/api/transport/routes/${route!.id}/learners/${studentId}`)).statusCode).toBe(404);
  });

  it('next invoice: nothing now; the next term’s invoice carries the route fee', async () => {
    await ok('finance', 'PUT', '/api/transport/settings', { transportCharge: 'next_invoice' });
    const term = await term3();
    const [studentId] = await freeLearners(term.id);
    const [route] = await routesOf();
    const stop = route!.stops[2]!;
    const before = await account(studentId!);
    const res = await ok<AssignResponse>('finance', 'POST', `/api/transport/routes/${route!.id}/learners`, { studentId, stopId: stop.id }, 201);
    expect(res.charge).toEqual({ status: 'next_invoice', amount: stop.fee, invoiceNumber: null });
    expect(res.message).toBe(tm.charge.nextInvoice);
    expect((await account(studentId!)).balance).toBe(before.balance);

    // The next term (after the stretched Term 3) with the same fee structures.
    const next = await system(t.database, async (tx) => {
      const [year] = await tx.select().from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.id, term.academicYearId)));
      const [row] = await tx
        .insert(terms)
        .values({ schoolId: greenhill, academicYearId: year!.id, number: 4, name: 'Term 4', startsOn: addDays(today, 41), endsOn: addDays(today, 100) })
        .returning();
      return row!;
    });
    await ok('finance', 'POST', '/api/fees/structures/copy', { fromTermId: term.id, toTermId: next.id });
    const inv = await ok<Invoice>('finance', 'POST', '/api/fees/invoices', { studentId, termId: next.id }, 201);
    const full = await ok<Invoice>('finance', 'GET', `/api/fees/invoices/${inv.id}`);
    const line = full.lines!.find((l) => l.name === `Transport: ${route!.name} (${stop.name})`);
    expect(line?.amount).toBe(stop.fee);
  });
});

describe('parents', () => {
  it('see their own children’s route, stop, times, vehicle and driver, and nobody else’s', async () => {
    const mine = await ok<MyChildrenTransport>('parent', 'GET', '/api/transport/my-children');
    const ownIds = await system(t.database, async (tx) => {
      const rows = await tx
        .select({ id: studentGuardians.studentId })
        .from(studentGuardians)
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .where(and(eq(students.schoolId, greenhill), eq(guardians.email, DEMO.greenhill.parent)));
      return rows.map((r) => r.id);
    });
    expect(mine.children.length).toBeGreaterThan(0);
    if (ownIds.length) expect(mine.children.map((c) => c.studentId).sort()).toEqual(ownIds.sort());
    const riding = mine.children.filter((c) => c.transport);
    expect(riding.length).toBeGreaterThanOrEqual(1);
    expect(riding[0]!.transport).toMatchObject({ routeName: expect.any(String), stopName: expect.any(String), pickupTime: expect.stringMatching(/^\d\d:\d\d$/), vehicleRegistration: expect.any(String), driverName: expect.any(String) });
    const theirs = await ok<MyChildrenTransport>('rsParent', 'GET', '/api/transport/my-children');
    const overlap = theirs.children.filter((c) => mine.children.some((x) => x.studentId === c.studentId));
    expect(overlap).toHaveLength(0);
    // The routes themselves stay closed to parents.
    expect((await req('parent', 'GET', `/api/transport/routes/${(await routesOf())[0]!.id}`)).statusCode).toBe(403);
  });
});
