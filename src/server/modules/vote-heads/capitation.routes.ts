import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  capitationQuery,
  capitationReceiptParams,
  capitationReceiptSchema,
  capitationResponse,
  createCapitationReceiptBody,
  putCapitationRatesBody,
  putCapitationSettingsBody,
  voidCapitationReceiptBody,
  type CapitationReceipt,
} from '../../../shared/contracts/capitation.js';
import { capitationMessages } from '../../../shared/messages/capitation.js';
import type { Tx } from '../../db/tenant.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { CONTENT_TYPES } from '../../lib/spreadsheet.js';
import { publishSchoolFeesChanged } from '../../lib/fees-events.js';
import { actorOf } from '../../plugins/access.js';
import { capitationPdf, capitationXlsx } from './capitation-export.js';
import * as svc from './capitation.service.js';

/**
 * Government capitation (issue 35 §3, §6; docs/decisions/0028-vote-heads-and-capitation.md): the
 * position per term and vote head for the finance officer, principal and director (viewVoteHeads);
 * recording and voiding grants, rates and the year's term shares and count date for the finance
 * officer (manageVoteHeads); recording or voiding a grant tells the finance screens live
 * (`fees.changed`). Other roles 403; signed out 401; another school's term 404. Amounts KES with two
 * decimals; dates YYYY-MM-DD. Errors `{ error: { code, message, fields? } }`; bad input 400 with
 * nothing written.
 */
export async function capitationRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['capitation'];
  const view = { permission: 'viewVoteHeads' } as const;
  const manage = { permission: 'manageVoteHeads' } as const;
  const run = <T>(req: Parameters<typeof actorOf>[0], fn: (tx: Tx, c: SchoolCaller) => Promise<T>) => {
    const actor = actorOf(req);
    return inSchool(database, actor, null, (tx, schoolId) => fn(tx, { actor, schoolId, ip: req.ip }));
  };
  /**
   * After a grant's write commits: `fees.changed` to the school's finance roles (who see capitation), as
   * the fees module sends after a payment, so their open finance screens refetch. Best effort.
   * (fees' publishFeesChanged is per learner and fees imports this module, so it is not reused here.)
   */
  const publishChanged = (schoolId: string, receiptId: string) =>
    publishSchoolFeesChanged(deps.events, schoolId, { capitationReceiptId: receiptId });
  const write = async (req: Parameters<typeof actorOf>[0], fn: (tx: Tx, c: SchoolCaller) => Promise<CapitationReceipt>) => {
    let schoolId = '';
    const out = await run(req, (tx, c) => {
      schoolId = c.schoolId;
      return fn(tx, c);
    });
    await publishChanged(schoolId, out.id);
    return out;
  };

  /**
   * GET /api/capitation?year=&format=json|xlsx|pdf → { year, termShares, countOn, currentTermId, bands:
   * [{ band, annual, source }], rates: [{ band, voteHeadId, voteHead, code, annual }], terms: [{ termId,
   * termName, number, startsOn, endsOn, countOn, share, learners: { primary, junior, senior }, expected,
   * received, shortfall, excess, byVoteHead: [{ voteHeadId, voteHead, code, expected, received }],
   * receipts: [...] }], totals, canManage }. year: default the current academic year's. xlsx/pdf: the
   * shortfall report as capitation-<year>.xlsx|pdf. 400 a bad year or format.
   */
  r.get(
    '/api/capitation',
    { config: view, schema: { summary: 'Capitation position of a year: expected, received and shortfall per term and vote head (json, xlsx or pdf)', querystring: capitationQuery, response: { 200: capitationResponse }, tags } },
    async (req, reply) => {
      const { format, year } = req.query;
      if (format === 'json') return run(req, (tx, c) => svc.capitationPosition(tx, c, year));
      const { y, body } = await run(req, async (tx, c) => {
        const p = await svc.capitationPosition(tx, c, year);
        return { y: p.year, body: format === 'pdf' ? await capitationPdf(tx, deps.storage, c.schoolId, p) : await capitationXlsx(p) };
      });
      // A document, not the json the response schema describes.
      const raw = reply as FastifyReply;
      raw.header('content-type', format === 'pdf' ? 'application/pdf' : CONTENT_TYPES.xlsx);
      raw.header('content-disposition', `attachment; filename="${capitationMessages.doc.file(y)}.${format}"`);
      raw.header('cache-control', 'no-store');
      return raw.send(body);
    },
  );

  /**
   * POST /api/capitation/receipts { termId, amount (KES), receivedOn, reference, notes?, year? } → 201
   * { id, termId, amount, receivedOn, reference, notes, allocations: [{ voteHeadId, voteHead, amount }] }
   * (the split over vote heads, summing exactly to the amount). 400 a term of another year than `year`,
   * a date received outside the term's year or in the future; 404 a term not of the school; 409 a
   * reference already recorded. Audited.
   */
  r.post(
    '/api/capitation/receipts',
    { config: manage, schema: { summary: 'Record a capitation grant received for a term (split over vote heads; audited)', body: createCapitationReceiptBody, response: { 201: capitationReceiptSchema }, tags } },
    async (req, reply) => reply.code(201).send(await write(req, (tx, c) => svc.recordReceipt(tx, c, req.body))),
  );

  /**
   * POST /api/capitation/receipts/:id/void { reason (1-300 characters) } → 200 the grant, now with
   * voidedAt, voidReason and voidedBy. A voided grant stays listed but no longer counts (received,
   * shortfall, by vote head, totals, report, vote-head cash book); its reference may be recorded again.
   * 400 no reason; 404 a grant not of the school; 409 already voided. Audited.
   */
  r.post(
    '/api/capitation/receipts/:id/void',
    { config: manage, schema: { summary: 'Void a capitation grant recorded wrongly, with a reason (kept on record; audited)', params: capitationReceiptParams, body: voidCapitationReceiptBody, response: { 200: capitationReceiptSchema }, tags } },
    async (req) => write(req, (tx, c) => svc.voidReceipt(tx, c, req.params.id, req.body.reason)),
  );

  /**
   * PUT /api/capitation/rates { year, rates: [{ band, voteHeadId, annual (KES per learner per year) }] }
   * → the year's position (as GET). A band's Ministry defaults become the school's rows on its first
   * change. 400 a band and vote head twice; 404 a vote head not of the school. Audited.
   */
  r.put(
    '/api/capitation/rates',
    { config: manage, schema: { summary: 'Set capitation rates per band and vote head for a year (audited)', body: putCapitationRatesBody, response: { 200: capitationResponse }, tags } },
    async (req) =>
      run(req, async (tx, c) => {
        await svc.putRates(tx, c, req.body);
        return svc.capitationPosition(tx, c, req.body.year);
      }),
  );

  /**
   * PUT /api/capitation/settings { year, termShares?: [t1, t2, t3] (percent, sum 100), countOn?: date |
   * null } → the year's position (as GET). 400 shares not summing to 100, a count date outside the year.
   * Audited.
   */
  r.put(
    '/api/capitation/settings',
    { config: manage, schema: { summary: 'Set the year’s capitation term shares and learner count date (audited)', body: putCapitationSettingsBody, response: { 200: capitationResponse }, tags } },
    async (req) =>
      run(req, async (tx, c) => {
        await svc.putSettings(tx, c, req.body);
        return svc.capitationPosition(tx, c, req.body.year);
      }),
  );
}
