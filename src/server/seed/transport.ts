import { addDays, schoolToday } from '../../shared/dates.js';
import { transportAssignments, transportDrivers, transportRoutes, transportStops, transportTrips, transportVehicles } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import type { FinanceOfficeSeedPlan } from './finance-office-plan.js';
import { createRandom } from './names.js';

/**
 * Transport demo data (issue 15 "Demo data"), per school: two vehicles (the first one's insurance runs
 * out within 30 days so the alert shows), two drivers, two bus routes of five stops near the school with
 * termly fees (one stop with a zone fee), a trip for each route, and 8 learners on each route, the demo
 * parent's first child among them. Dates are relative to the day the seed runs so the alert always shows.
 */

interface SchoolTransport {
  vehicles: { registration: string; make: string; capacity: number }[];
  drivers: { name: string; phone: string; licenceNumber: string }[];
  routes: { name: string; description: string; feeCents: number; stops: [name: string, pickup: string, dropoff: string, zoneFeeCents?: number][] }[];
}

const PLANS: Record<FinanceOfficeSeedPlan['code'], SchoolTransport> = {
  greenhill: {
    vehicles: [
      { registration: 'KDA 123A', make: 'Isuzu NQR 33-seater', capacity: 33 },
      { registration: 'KCB 456K', make: 'Toyota Coaster 29-seater', capacity: 29 },
    ],
    drivers: [
      { name: 'Joseph Kamau', phone: '254712345601', licenceNumber: 'DL-0458812' },
      { name: 'Peter Otieno', phone: '254722345602', licenceNumber: 'DL-0773120' },
    ],
    routes: [
      {
        name: 'Route A: Ngong Road',
        description: 'Morning pick-up from 06:20 along Ngong Road to Karen.',
        feeCents: 1_200_000,
        stops: [
          ['Adams Arcade', '06:20', '16:50'],
          ['Prestige Plaza', '06:30', '16:40'],
          ['Junction Mall', '06:40', '16:30'],
          ['Karen Shopping Centre', '06:55', '16:15'],
          ['Hardy', '07:05', '16:05'],
        ],
      },
      {
        name: 'Route B: Langata',
        description: 'Langata Road and South C.',
        feeCents: 1_000_000,
        stops: [
          ['South C Shopping Centre', '06:15', '16:55'],
          ['Nyayo Stadium', '06:25', '16:45'],
          ['T-Mall Langata', '06:35', '16:35'],
          ['Galleria Mall', '06:50', '16:20'],
          ['Bomas of Kenya', '07:00', '16:10', 800_000],
        ],
      },
    ],
  },
  riverside: {
    vehicles: [
      { registration: 'KDC 789B', make: 'Isuzu FRR 51-seater', capacity: 51 },
      { registration: 'KBZ 321M', make: 'Nissan Civilian 30-seater', capacity: 30 },
    ],
    drivers: [
      { name: 'Samuel Mwangi', phone: '254733345603', licenceNumber: 'DL-0912245' },
      { name: 'Grace Njeri', phone: '254711345604', licenceNumber: 'DL-1034567' },
    ],
    routes: [
      {
        name: 'Route 1: Kiambu Road',
        description: 'Kiambu Road to Runda.',
        feeCents: 1_500_000,
        stops: [
          ['Ridgeways Mall', '06:25', '16:45'],
          ['Garden City', '06:35', '16:35'],
          ['Windsor', '06:45', '16:25'],
          ['Runda Estate', '06:55', '16:15'],
          ['Two Rivers Mall', '07:05', '16:05'],
        ],
      },
      {
        name: 'Route 2: Westlands',
        description: 'Westlands, Parklands and Spring Valley.',
        feeCents: 1_300_000,
        stops: [
          ['Westlands Roundabout', '06:20', '16:50'],
          ['Sarit Centre', '06:30', '16:40'],
          ['Parklands 3rd Avenue', '06:40', '16:30', 1_100_000],
          ['Spring Valley', '06:50', '16:20'],
          ['Gigiri', '07:00', '16:10'],
        ],
      },
    ],
  },
};

export async function seedTransport(tx: Tx, plan: FinanceOfficeSeedPlan, seed: number): Promise<void> {
  const data = PLANS[plan.code];
  const rnd = createRandom(seed);
  const today = schoolToday();
  const vehicles = await tx
    .insert(transportVehicles)
    .values(
      data.vehicles.map((v, i) => ({
        schoolId: plan.schoolId,
        ...v,
        // The first vehicle's insurance runs out within 30 days (the alert), the other's in months.
        insuranceExpiresOn: addDays(today, i === 0 ? 18 : 160),
        inspectionExpiresOn: addDays(today, i === 0 ? 95 : 210),
      })),
    )
    .returning({ id: transportVehicles.id });
  const drivers = await tx
    .insert(transportDrivers)
    .values(data.drivers.map((d, i) => ({ schoolId: plan.schoolId, ...d, licenceExpiresOn: addDays(today, 400 + i * 200) })))
    .returning({ id: transportDrivers.id });
  const routes = await tx
    .insert(transportRoutes)
    .values(data.routes.map((r, i) => ({ schoolId: plan.schoolId, name: r.name, description: r.description, termFeeCents: r.feeCents, vehicleId: vehicles[i]!.id })))
    .returning({ id: transportRoutes.id });
  const stops = await tx
    .insert(transportStops)
    .values(
      data.routes.flatMap((r, ri) =>
        r.stops.map(([name, pickupTime, dropoffTime, zoneFeeCents], si) => ({ schoolId: plan.schoolId, routeId: routes[ri]!.id, name, sequence: si + 1, pickupTime, dropoffTime, zoneFeeCents: zoneFeeCents ?? null })),
      ),
    )
    .returning({ id: transportStops.id, routeId: transportStops.routeId });
  await tx.insert(transportTrips).values(
    routes.map((r, i) => ({ schoolId: plan.schoolId, routeId: r.id, vehicleId: vehicles[i]!.id, driverId: drivers[i]!.id, leg: 'both', startsOn: '2026-01-05', createdBy: plan.financeOfficerId })),
  );

  // 8 learners per route, spread over the school; the demo parent's first child rides Route A / Route 1.
  const first = plan.parentChildIds[0];
  const others = plan.learners.filter((l) => !plan.parentChildIds.includes(l.id));
  const chosen = new Set<string>();
  while (chosen.size < 15 && chosen.size < others.length) chosen.add(others[rnd.int(0, others.length - 1)]!.id);
  const riders = [...(first ? [first] : []), ...chosen].slice(0, 16);
  await tx.insert(transportAssignments).values(
    riders.map((studentId, i) => {
      const route = routes[i % 2]!;
      const routeStops = stops.filter((s) => s.routeId === route.id);
      return {
        schoolId: plan.schoolId,
        studentId,
        routeId: route.id,
        stopId: routeStops[i === 0 ? 1 : rnd.int(0, routeStops.length - 1)]!.id,
        startsOn: '2026-08-24',
        status: 'active',
        createdBy: plan.financeOfficerId,
      };
    }),
  );
}
