import type { FastifyReply } from 'fastify';
import type { TransportRoute, TransportRouteDetail } from '../../../shared/contracts/transport.js';
import { transportMessages as tm } from '../../../shared/messages/transport.js';
import { formatKes } from '../../../shared/money.js';
import { schoolToday } from '../../../shared/dates.js';
import { createDocument, displayPhone, drawLetterhead, drawTable, formatDay, renderPdf, sendPdf, type Letterhead } from '../../lib/pdf.js';

/**
 * Transport documents (issue 15 §4 "route lists and manifests as PDF"), on the school's letterhead with
 * "Page n of m": the route list (every route with its stops, fee, vehicle, driver and seats) and a
 * route's manifest (learners by stop in ride order with pick-up and drop-off times and a guardian's phone).
 */

const p = tm.pdf;
const kes = (n: number) => formatKes(Math.round(n * 100));

export async function routesPdf(reply: FastifyReply, school: Letterhead, routes: TransportRoute[]): Promise<FastifyReply> {
  const doc = createDocument({ title: p.routesTitle, layout: 'landscape', margin: 32 });
  const onNewPage = (d: PDFKit.PDFDocument) => drawLetterhead(d, school, { compact: true, title: p.routesTitle });
  const y = drawLetterhead(doc, school, { title: p.routesTitle, lines: [formatDay(schoolToday())] });
  drawTable<TransportRoute>(
    doc,
    [
      { header: p.colRoute, width: 5, value: (r) => r.name },
      { header: p.colStops, width: 12, value: (r) => r.stops.map((s) => `${s.sequence}. ${s.name}${s.pickupTime ? ` (${s.pickupTime})` : ''}`).join(', ') },
      { header: p.colFee, width: 3, align: 'right', value: (r) => kes(r.termFee) },
      { header: p.colVehicle, width: 3, value: (r) => r.vehicle?.registration ?? tm.dash },
      { header: p.colDriver, width: 5, value: (r) => (r.driver ? `${r.driver.name}${r.driver.phone ? `\n${displayPhone(r.driver.phone)}` : ''}` : tm.dash) },
      { header: p.colLearners, width: 3, align: 'right', value: (r) => (r.capacity === null ? String(r.learnerCount) : `${r.learnerCount} / ${r.capacity}`) },
    ],
    routes,
    { y, fontSize: 9, emptyText: p.noRoutes, onNewPage },
  );
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), 'transport-routes');
}

export async function manifestPdf(reply: FastifyReply, school: Letterhead, route: TransportRouteDetail): Promise<FastifyReply> {
  const title = p.manifestTitle(route.name);
  const doc = createDocument({ title, margin: 32 });
  const onNewPage = (d: PDFKit.PDFDocument) => drawLetterhead(d, school, { compact: true, title });
  const y = drawLetterhead(doc, school, {
    title,
    lines: [p.vehicleLine(route.vehicle?.registration ?? null, route.driver?.name ?? null, route.driver?.phone ? displayPhone(route.driver.phone) : null), `${p.countLine(route.learnerCount, route.capacity)} · ${formatDay(schoolToday())}`],
  });
  const stopOf = new Map(route.stops.map((s) => [s.id, s]));
  type Row = TransportRouteDetail['learners'][number];
  drawTable<Row>(
    doc,
    [
      { header: p.colSeq, width: 1, align: 'right', value: (r) => stopOf.get(r.stopId)?.sequence ?? '' },
      { header: p.colStop, width: 4.5, value: (r) => r.stopName },
      { header: p.colPickup, width: 2.5, value: (r) => stopOf.get(r.stopId)?.pickupTime ?? tm.dash },
      { header: p.colDropoff, width: 2.5, value: (r) => stopOf.get(r.stopId)?.dropoffTime ?? tm.dash },
      { header: p.colLearner, width: 6, value: (r) => r.name },
      { header: p.colAdm, width: 4.5, value: (r) => r.admissionNumber },
      { header: p.colClass, width: 3.5, value: (r) => r.className ?? tm.dash },
      { header: p.colGuardian, width: 4.5, value: (r) => (r.guardianName ? `${r.guardianName}\n${displayPhone(r.guardianPhone)}` : tm.dash) },
    ],
    route.learners,
    { y, fontSize: 8.5, emptyText: p.noLearners, onNewPage },
  );
  const file = `manifest-${route.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'route'}`;
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), file);
}
