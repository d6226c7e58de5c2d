import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calculatePayBody,
  calculatePayResponse,
  componentBody,
  componentPatch,
  createRunBody,
  decideRunBody,
  monthSchema,
  payComponent,
  payrollRunDetail,
  payrollRunSummary,
  payrollSettingsBody,
  payrollStaff,
  type CalculatePayBody,
  type CalculatePayResponse,
} from '../../../shared/contracts/payroll.js';
import { payrollMessages } from '../../../shared/messages/payroll.js';
import { isKraPin, normalizeKraPin } from '../../../shared/staff-identifiers.js';
import { actorOf } from '../../plugins/access.js';
import { approveOrRejectRun, createRun, deleteRun, getRun, listRuns, recomputeRun, submitRun } from './payroll-runs.service.js';
import { createComponent, deleteComponent, getPayrollSettings, listComponents, payrollStaffList, putPayrollSettings, updateComponent } from './payroll-components.service.js';
import { calculatePay, PayrollRuleError } from '../../../shared/payroll/statutory.js';
import { badRequest } from '../../errors.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { registerApprovalKind } from '../approvals/index.js';
import { decidePayrollRunApproval } from './payroll-approval.js';
import { requestCallerOf } from '../../lib/request-caller.js';

const cents = (kes: number | undefined) => (kes === undefined ? undefined : Math.round(kes * 100));
const kes = (c: number) => c / 100;

/**
 * The statutory calculation as the API answers it (issue 14 §5): KES in, KES with two decimals out.
 * Throws 400 for a pay date before the rules we hold (naming the earliest date).
 */
export function calculateStatutory(body: CalculatePayBody): CalculatePayResponse {
  try {
    const r = calculatePay({
      grossCents: cents(body.grossPay)!,
      payDate: body.payDate,
      pensionCents: cents(body.pensionContribution),
      postRetirementMedicalCents: cents(body.postRetirementMedical),
      mortgageInterestCents: cents(body.mortgageInterest),
      otherDeductionsCents: cents(body.otherDeductions),
    });
    return {
      grossPay: kes(r.grossCents),
      nssf: { tier1: kes(r.nssf.tier1Cents), tier2: kes(r.nssf.tier2Cents), total: kes(r.nssf.totalCents), phase: r.nssf.phase },
      shif: kes(r.shifCents),
      ahl: kes(r.ahlCents),
      taxablePay: kes(r.taxablePayCents),
      taxBeforeRelief: kes(r.taxBeforeReliefCents),
      personalRelief: kes(r.personalReliefCents),
      paye: kes(r.payeCents),
      totalDeductions: kes(r.totalDeductionsCents),
      netPay: kes(r.netPayCents),
      employer: { nssf: kes(r.employer.nssfCents), ahl: kes(r.employer.ahlCents), nita: kes(r.employer.nitaCents), totalCost: kes(r.employer.totalCostCents) },
    };
  } catch (err) {
    if (err instanceof PayrollRuleError) throw badRequest(err.message, { [err.field === 'grossCents' ? 'grossPay' : err.field]: err.message });
    throw err;
  }
}

/**
 * Payroll (issue 14). So far the statutory calculator: POST /api/payroll/calculate (HR of a school)
 * { grossPay, payDate, pensionContribution?, postRetirementMedical?, mortgageInterest?, otherDeductions? }
 * → { grossPay, nssf: { tier1, tier2, total, phase }, shif, ahl, taxablePay, taxBeforeRelief,
 * personalRelief, paye, totalDeductions, netPay, employer: { nssf, ahl, nita, totalCost } } in KES
 * (rules in force on payDate: src/shared/payroll/statutory-rules.ts). Other roles 403.
 */
export async function payrollRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['payroll'];
  // Issue 14 §3: a submitted payroll run; approving locks it, rejecting returns it to HR as a draft.
  registerApprovalKind('payroll_run', { decide: decidePayrollRunApproval, deciders: ['principal', 'school_director'] });
  const schoolQuery = z.object({ schoolId: z.string().uuid().optional() });
  const idParams = z.object({ id: z.string().uuid() });
  const caller = requestCallerOf;

  r.post('/api/payroll/calculate', { config: { permission: 'hr' }, schema: { body: calculatePayBody, response: { 200: calculatePayResponse }, tags } }, async (req) => calculateStatutory(req.body));

  /** GET /api/payroll/runs → { items: [{ id, month, payDate, status, staffCount, totals (KES), ... }] } newest first (HR, principal, director). */
  r.get('/api/payroll/runs', { config: { permission: 'viewPayroll' }, schema: { querystring: schoolQuery, response: { 200: z.object({ items: z.array(payrollRunSummary) }) }, tags } }, async (req) =>
    listRuns(database, actorOf(req), req.query.schoolId),
  );

  /**
   * POST /api/payroll/runs { month: 'YYYY-MM' } (HR) → 201 the new draft run with its lines, or 200 the
   * month's draft recomputed. 409 when the month's run is submitted or approved; 400 for a month whose
   * pay date is before the rules we hold (the message names the earliest supported date).
   */
  r.post('/api/payroll/runs', { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery, body: createRunBody, response: { 200: payrollRunDetail, 201: payrollRunDetail }, tags } }, async (req, reply) => {
    const { run, created } = await createRun(database, caller(req), req.body.month, req.query.schoolId);
    return reply.code(created ? 201 : 200).send(run);
  });

  /** GET /api/payroll/runs/:id → the run, last month's totals, joiners/leavers and every line (the calculate breakdown per staff member). */
  r.get('/api/payroll/runs/:id', { config: { permission: 'viewPayroll' }, schema: { params: idParams, querystring: schoolQuery, response: { 200: payrollRunDetail }, tags } }, async (req) =>
    getRun(database, actorOf(req), req.params.id, req.query.schoolId),
  );

  /** POST /api/payroll/runs/:id/recompute (HR) → the draft recomputed from today's components; 409 when locked. */
  r.post('/api/payroll/runs/:id/recompute', { config: { permission: 'managePayroll' }, schema: { params: idParams, querystring: schoolQuery, response: { 200: payrollRunDetail }, tags } }, async (req) =>
    recomputeRun(database, caller(req), req.params.id, req.query.schoolId),
  );

  /** POST /api/payroll/runs/:id/submit (HR) → the run, submitted; an Approvals card row waits for the director or principal. 409 unless a draft. */
  r.post('/api/payroll/runs/:id/submit', { config: { permission: 'managePayroll' }, schema: { params: idParams, querystring: schoolQuery, response: { 200: payrollRunDetail }, tags } }, async (req) =>
    submitRun(database, caller(req), req.params.id, req.query.schoolId),
  );

  /** POST /api/payroll/runs/:id/approve { note? } (director or principal) → the run, approved and locked. 409 when already approved. */
  r.post('/api/payroll/runs/:id/approve', { config: { permission: 'approvePayroll' }, schema: { params: idParams, querystring: schoolQuery, body: decideRunBody, response: { 200: payrollRunDetail }, tags } }, async (req) =>
    approveOrRejectRun(database, caller(req), req.params.id, true, req.body?.note ?? null, req.query.schoolId),
  );

  /** POST /api/payroll/runs/:id/reject { note? } (director or principal) → the run, back to draft for HR. 409 unless submitted. */
  r.post('/api/payroll/runs/:id/reject', { config: { permission: 'approvePayroll' }, schema: { params: idParams, querystring: schoolQuery, body: decideRunBody, response: { 200: payrollRunDetail }, tags } }, async (req) =>
    approveOrRejectRun(database, caller(req), req.params.id, false, req.body?.note ?? null, req.query.schoolId),
  );

  /** DELETE /api/payroll/runs/:id (HR) → 204; only a draft. */
  r.delete('/api/payroll/runs/:id', { config: { permission: 'managePayroll' }, schema: { params: idParams, querystring: schoolQuery, tags } }, async (req, reply) => {
    await deleteRun(database, caller(req), req.params.id, req.query.schoolId);
    return reply.code(204).send();
  });

  /** GET /api/payroll/staff?month=YYYY-MM (HR) → active staff with the month's basic, gross and net pay. */
  r.get(
    '/api/payroll/staff',
    { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery.extend({ month: monthSchema(payrollMessages.monthInvalid).optional() }), response: { 200: z.object({ month: z.string(), items: z.array(payrollStaff) }) }, tags } },
    async (req) => payrollStaffList(database, actorOf(req), req.query.month, req.query.schoolId),
  );

  /** GET /api/payroll/components?staffId= (HR) → { items } the member of staff's pay components (KES a month). */
  r.get('/api/payroll/components', { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery.extend({ staffId: z.string().uuid(payrollMessages.staffInvalid) }), response: { 200: z.object({ items: z.array(payComponent) }) }, tags } }, async (req) =>
    listComponents(database, actorOf(req), req.query.staffId, req.query.schoolId),
  );

  /** POST /api/payroll/components (HR) → 201 the component. 409 when in force in a submitted or approved month. */
  r.post('/api/payroll/components', { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery, body: componentBody, response: { 201: payComponent }, tags } }, async (req, reply) =>
    reply.code(201).send(await createComponent(database, caller(req), req.body, req.query.schoolId)),
  );

  /** PATCH /api/payroll/components/:id (HR) → the component. */
  r.patch('/api/payroll/components/:id', { config: { permission: 'managePayroll' }, schema: { params: idParams, querystring: schoolQuery, body: componentPatch, response: { 200: payComponent }, tags } }, async (req) =>
    updateComponent(database, caller(req), req.params.id, req.body, req.query.schoolId),
  );

  /** DELETE /api/payroll/components/:id (HR) → 204. */
  r.delete('/api/payroll/components/:id', { config: { permission: 'managePayroll' }, schema: { params: idParams, querystring: schoolQuery, tags } }, async (req, reply) => {
    await deleteComponent(database, caller(req), req.params.id, req.query.schoolId);
    return reply.code(204).send();
  });

  /** GET /api/payroll/settings (HR) → { payDay, shifRounding, nitaLevy, employerKraPin, nssfEmployerNumber, shifEmployerNumber }. */
  r.get('/api/payroll/settings', { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery, response: { 200: payrollSettingsBody }, tags } }, async (req) =>
    getPayrollSettings(database, actorOf(req), req.query.schoolId),
  );

  /** PUT /api/payroll/settings (HR) → the saved settings. The employer KRA PIN is checked (identifiers.md). */
  r.put('/api/payroll/settings', { config: { permission: 'managePayroll' }, schema: { querystring: schoolQuery, body: payrollSettingsBody, response: { 200: payrollSettingsBody }, tags } }, async (req) => {
    const body = { ...req.body };
    if (body.employerKraPin) {
      if (!isKraPin(body.employerKraPin)) throw badRequest(payrollMessages.employerPinInvalid, { employerKraPin: payrollMessages.employerPinInvalid });
      body.employerKraPin = normalizeKraPin(body.employerKraPin);
    }
    return putPayrollSettings(database, caller(req), body, req.query.schoolId);
  });
}
