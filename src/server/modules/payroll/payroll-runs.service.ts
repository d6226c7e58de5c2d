import type { Actor } from '../../../shared/access.js';
import type { PayrollRunDetail, PayrollRunLine, PayrollRunSummary } from '../../../shared/contracts/payroll.js';
import { payrollMessages as m } from '../../../shared/messages/payroll.js';
import { formatDay, monthName, schoolMonth } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import { buildPayrollLine, nextMonth, payDateFor, runDeductionsKes, runTotals, type PayComponentInput, type PayrollLine, type StaffSnapshot } from '../../../shared/payroll/run.js';
import { PayrollRuleError } from '../../../shared/payroll/statutory.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { recordApprovalDecision, requestApproval } from '../approvals/index.js';
import * as repo from './payroll.repository.js';
import type { LineRow, PayrollSettingsRow, RunRow, RunWithNames, StaffMemberRow } from './payroll.repository.js';

/**
 * Monthly payroll runs (issue 14 §3). A run is computed for every member of staff on the school's
 * payroll (Board of Management employer, active or leaving during the month, with a basic salary in
 * force) with the shared line builder (src/shared/payroll/run.ts → calculatePay, the same function as
 * POST /api/payroll/calculate) under the rules in force on the run's pay date. Lifecycle:
 *
 *   draft (recomputed on demand) → submitted (an approvals row of kind 'payroll_run' waits for the
 *   director or principal) → approved (locked: lines never change again; a later correction is an
 *   'adjustment' pay component in the next month). Rejecting returns the run to draft with a note.
 *
 * One run per school and month (unique index): two HR users computing the same month at once meet on
 * the index, the second waits for the first and recomputes the same run. Money in the database is KES
 * cents; the API answers KES with two decimals.
 */

export const PAYROLL_AUDIT = {
  runComputed: 'PAYROLL_RUN_COMPUTED',
  runSubmitted: 'PAYROLL_RUN_SUBMITTED',
  runApproved: 'PAYROLL_RUN_APPROVED',
  runRejected: 'PAYROLL_RUN_REJECTED',
  runDeleted: 'PAYROLL_RUN_DELETED',
  componentCreated: 'PAY_COMPONENT_CREATED',
  componentUpdated: 'PAY_COMPONENT_UPDATED',
  componentDeleted: 'PAY_COMPONENT_DELETED',
  settingsUpdated: 'PAYROLL_SETTINGS_UPDATED',
} as const;

export type { PayrollSettingsRow } from './payroll.repository.js';

/** The school's payroll settings (defaults when it never saved any: pay day 28, exact SHIF, NITA on). */
export async function loadPayrollSettings(tx: Tx, schoolId: string): Promise<PayrollSettingsRow> {
  const row = await repo.findPayrollSettings(tx, schoolId);
  return (
    row ?? {
      schoolId,
      payDay: 28,
      shifRounding: 'cents',
      nitaLevy: true,
      employerKraPin: null,
      nssfEmployerNumber: null,
      shifEmployerNumber: null,
      updatedBy: null,
      updatedAt: new Date(0),
    }
  );
}


const lastDayOf = (month: string) => payDateFor(month, 31);
const fullName = (s: { firstName: string; otherNames: string | null; lastName: string }) => [s.firstName, s.otherNames, s.lastName].filter(Boolean).join(' ');

/** A snapshot of what a payslip prints about the member of staff (frozen in the line). */
export function staffSnapshot(s: StaffMemberRow): StaffSnapshot {
  return {
    staffNumber: s.staffNumber,
    name: fullName(s),
    jobTitle: s.jobTitle,
    department: s.department,
    kraPin: s.kraPin,
    nssfNumber: s.nssfNumber,
    shifNumber: s.shifNumber,
    nationalId: s.nationalId,
    email: s.email,
    employmentType: s.employmentType,
    paymentMethod: s.paymentMethod as 'bank' | 'mpesa',
    bankName: s.bankName,
    bankCode: s.bankCode,
    bankBranch: s.bankBranch,
    bankAccount: s.bankAccount,
    mpesaPhone: s.paymentMethod === 'mpesa' ? (s.mpesaPhone ?? s.phone) : null,
  };
}

/**
 * The staff on the school's payroll in `month` with their components: BOM employer, started by the
 * month's end, active or exited on/after the month's first day. Staff without a basic salary in force
 * are left out (TSC-paid teachers, volunteers).
 */
export async function payrollPopulation(tx: Tx, schoolId: string, month: string) {
  const staff = await repo.listBomStaffInMonth(tx, schoolId, `${month}-01`, lastDayOf(month));
  if (!staff.length) return [];
  const comps = await repo.listComponentsInForce(
    tx,
    schoolId,
    staff.map((s) => s.id),
    month,
  );
  const byStaff = new Map<string, PayComponentInput[]>();
  for (const c of comps) {
    const list = byStaff.get(c.staffId) ?? [];
    list.push({ kind: c.kind as PayComponentInput['kind'], code: c.code, name: c.name, amountCents: c.amountCents, taxable: c.taxable, startMonth: c.startMonth, endMonth: c.endMonth });
    byStaff.set(c.staffId, list);
  }
  return staff.map((s) => ({ staff: s, components: byStaff.get(s.id) ?? [] })).filter((x) => x.components.some((c) => c.kind === 'basic'));
}

/**
 * The payroll_lines row of one staff member's computed line in run `runId`: every figure and the
 * breakdown of `line`, and the staff snapshot (shared by run computation and the demo seed).
 */
export function lineRow(schoolId: string, runId: string, staffId: string, line: PayrollLine, snapshot: StaffSnapshot) {
  return {
    schoolId,
    runId,
    staffId,
    basicCents: line.basicCents,
    grossCents: line.grossCents,
    taxablePayCents: line.taxablePayCents,
    nssfCents: line.nssfCents,
    shifCents: line.shifCents,
    ahlCents: line.ahlCents,
    payeCents: line.payeCents,
    otherDeductionsCents: line.otherDeductionsCents,
    netCents: line.netCents,
    employerCostCents: line.employerCostCents,
    breakdown: line.breakdown,
    staff: snapshot,
  };
}

/** buildPayrollLine with the statutory rule errors (pay date before the rules we hold) as 400 on `month`. */
export function computeLine(components: PayComponentInput[], month: string, payDate: string, settings: { shifRounding: 'cents' | 'shilling'; nitaLevy: boolean }): PayrollLine {
  try {
    return buildPayrollLine(components, month, payDate, settings);
  } catch (err) {
    if (err instanceof PayrollRuleError) throw badRequest(err.message, { month: err.message });
    throw err;
  }
}

function totalsOf(r: RunRow) {
  return { grossPay: centsToKes(r.grossCents), netPay: centsToKes(r.netCents), ...runDeductionsKes(r) };
}

function summaryOf(row: RunWithNames): PayrollRunSummary {
  const r = row.run;
  return {
    id: r.id,
    month: r.month,
    payDate: r.payDate,
    status: r.status as PayrollRunSummary['status'],
    staffCount: r.staffCount,
    totals: totalsOf(r),
    computedAt: r.computedAt.toISOString(),
    createdBy: row.createdBy,
    submittedBy: r.submittedBy ? row.submittedBy : null,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    approvedBy: r.approvedBy ? row.approvedBy : null,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    rejectionNote: r.status === 'draft' ? (row.rejection ?? null) : null,
  };
}

/** GET /api/payroll/runs → every run of the school, newest month first (HR, principal, director). */
export async function listRuns(database: Database, actor: Actor, schoolId?: string): Promise<{ items: PayrollRunSummary[] }> {
  return inSchool(database, actor, schoolId, async (tx, sid) => ({ items: (await repo.listRunsWithNames(tx, sid)).map(summaryOf) }));
}

/** A stored line in the API's shape (calculate's breakdown plus who, the items and last month). */
export function lineOut(l: LineRow, previous: { grossCents: number; netCents: number } | undefined): PayrollRunLine {
  const s = l.breakdown.statutory;
  return {
    id: l.id,
    staffId: l.staffId,
    staffNumber: l.staff.staffNumber,
    name: l.staff.name,
    jobTitle: l.staff.jobTitle,
    department: l.staff.department,
    paymentMethod: l.staff.paymentMethod,
    basicPay: centsToKes(l.basicCents),
    grossPay: centsToKes(l.grossCents),
    nssf: { tier1: centsToKes(s.nssf.tier1Cents), tier2: centsToKes(s.nssf.tier2Cents), total: centsToKes(s.nssf.totalCents), phase: s.nssf.phase },
    shif: centsToKes(s.shifCents),
    ahl: centsToKes(s.ahlCents),
    taxablePay: centsToKes(s.taxablePayCents),
    taxBeforeRelief: centsToKes(s.taxBeforeReliefCents),
    personalRelief: centsToKes(s.personalReliefCents),
    paye: centsToKes(s.payeCents),
    totalDeductions: centsToKes(s.totalDeductionsCents),
    netPay: centsToKes(s.netPayCents),
    employer: { nssf: centsToKes(s.employer.nssfCents), ahl: centsToKes(s.employer.ahlCents), nita: centsToKes(s.employer.nitaCents), totalCost: centsToKes(s.employer.totalCostCents) },
    otherDeductions: centsToKes(l.otherDeductionsCents),
    earnings: l.breakdown.earnings.map((e) => ({ code: e.code, name: e.name, kind: e.kind, amount: centsToKes(e.amountCents), taxable: e.taxable })),
    benefits: l.breakdown.benefits.map((e) => ({ code: e.code, name: e.name, kind: 'benefit', amount: centsToKes(e.amountCents) })),
    deductions: l.breakdown.deductions.map((e) => ({ code: e.code, name: e.name, kind: e.kind, amount: centsToKes(e.amountCents) })),
    emailedAt: l.emailedAt?.toISOString() ?? null,
    previous: previous ? { grossPay: centsToKes(previous.grossCents), netPay: centsToKes(previous.netCents) } : null,
    variance: previous ? { grossPay: centsToKes(l.grossCents - previous.grossCents), netPay: centsToKes(l.netCents - previous.netCents) } : null,
  };
}

async function detailOf(tx: Tx, schoolId: string, id: string): Promise<PayrollRunDetail> {
  const row = await repo.findRunWithNames(tx, schoolId, id);
  if (!row) throw notFound(m.runNotFound);
  const lines = await repo.listRunLines(tx, id);
  const prevRun = await repo.findPreviousRun(tx, schoolId, row.run.month);
  const prevLines = prevRun ? await repo.listRunLineTotals(tx, prevRun.id) : [];
  const prevByStaff = new Map(prevLines.map((p) => [p.staffId, p]));
  const current = new Set(lines.map((l) => l.staffId));
  lines.sort((a, b) => a.staff.name.localeCompare(b.staff.name));
  return {
    ...summaryOf(row),
    settings: row.run.settings,
    previous: prevRun ? { id: prevRun.id, month: prevRun.month, staffCount: prevRun.staffCount, totals: totalsOf(prevRun) } : null,
    joiners: prevRun ? lines.filter((l) => !prevByStaff.has(l.staffId)).map((l) => ({ staffId: l.staffId, name: l.staff.name })) : [],
    leavers: prevLines.filter((p) => !current.has(p.staffId)).map((p) => ({ staffId: p.staffId, name: p.name })),
    lines: lines.map((l) => lineOut(l, prevByStaff.get(l.staffId))),
  };
}

/** GET /api/payroll/runs/:id → the run with every line (404 for another school's run). */
export async function getRun(database: Database, actor: Actor, id: string, schoolId?: string): Promise<PayrollRunDetail> {
  return inSchool(database, actor, schoolId, (tx, sid) => detailOf(tx, sid, id));
}

/** The run row locked for update, 404 when it is not this school's. */
async function lockedRun(tx: Tx, schoolId: string, id: string): Promise<RunRow> {
  const run = await repo.lockRun(tx, schoolId, id);
  if (!run) throw notFound(m.runNotFound);
  return run;
}

/** (Re)compute a draft run's lines and totals from the components in force now. */
async function computeRun(tx: Tx, c: SchoolCaller, run: RunRow): Promise<void> {
  const settings = await loadPayrollSettings(tx, c.schoolId);
  const runSettings = { shifRounding: settings.shifRounding as 'cents' | 'shilling', nitaLevy: settings.nitaLevy };
  const payDate = payDateFor(run.month, settings.payDay);
  const population = await payrollPopulation(tx, c.schoolId, run.month);
  if (!population.length) throw badRequest(m.noStaff, { month: m.noStaff });
  const lines = population.map(({ staff, components }) => ({ staff, line: computeLine(components, run.month, payDate, runSettings) }));
  await repo.deleteRunLines(tx, run.id);
  await repo.insertRunLines(
    tx,
    lines.map(({ staff, line }) => lineRow(c.schoolId, run.id, staff.id, line, staffSnapshot(staff))),
  );
  const totals = runTotals(lines.map((x) => x.line));
  const now = new Date();
  await repo.saveRunTotals(tx, run.id, { payDate, settings: runSettings, ...totals, now });
  await auditSchool(tx, c, PAYROLL_AUDIT.runComputed, `payroll_run:${run.id}`, null, { month: run.month, payDate, ...totals });
}

/**
 * POST /api/payroll/runs { month } (HR) → { run, created }: computes the month's draft, or recomputes
 * it when a draft exists (a second HR user computing the same month gets the same run). 409 when the
 * month's run is submitted or approved; 400 for a month whose pay date is before the rules we hold
 * (naming the earliest date), more than three months ahead, or with nobody on the payroll.
 */
export async function createRun(database: Database, c: Omit<SchoolCaller, 'schoolId'>, month: string, schoolId?: string): Promise<{ run: PayrollRunDetail; created: boolean }> {
  const limit = nextMonth(nextMonth(nextMonth(schoolMonth())));
  if (month > limit) throw badRequest(m.futureMonth, { month: m.futureMonth });
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const caller = { ...c, schoolId: sid };
    const settings = await loadPayrollSettings(tx, sid);
    // The rules check first, so a month before the rules we hold writes nothing.
    computeLine([], month, payDateFor(month, settings.payDay), { shifRounding: 'cents', nitaLevy: false });
    const inserted = await repo.insertDraftRunIfAbsent(tx, { schoolId: sid, month, payDate: payDateFor(month, settings.payDay), status: 'draft', settings: { shifRounding: settings.shifRounding as 'cents' | 'shilling', nitaLevy: settings.nitaLevy }, createdBy: c.actor.id });
    const existing = await repo.lockRunOfMonth(tx, sid, month);
    if (existing!.status !== 'draft') throw new AppError(409, 'RUN_LOCKED', m.runLocked);
    await computeRun(tx, caller, existing!);
    return { run: await detailOf(tx, sid, existing!.id), created: inserted.length > 0 };
  });
}

/** POST /api/payroll/runs/:id/recompute (HR): a draft recomputed from today's components; 409 when locked. */
export async function recomputeRun(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, schoolId?: string): Promise<PayrollRunDetail> {
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const run = await lockedRun(tx, sid, id);
    if (run.status !== 'draft') throw new AppError(409, 'RUN_LOCKED', m.runLocked);
    await computeRun(tx, { ...c, schoolId: sid }, run);
    return detailOf(tx, sid, id);
  });
}

/** DELETE /api/payroll/runs/:id (HR): discards a draft; 409 when submitted or approved. */
export async function deleteRun(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, schoolId?: string): Promise<void> {
  await inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const run = await lockedRun(tx, sid, id);
    if (run.status !== 'draft') throw new AppError(409, 'RUN_LOCKED', m.runLocked);
    await repo.deleteRunApprovals(tx, id);
    await repo.deleteRunRow(tx, id);
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.runDeleted, `payroll_run:${id}`, { month: run.month, staffCount: run.staffCount, grossCents: run.grossCents }, null);
  });
}

/** The Approvals card's title and summary of a run (also used by the demo seed). */
export function runApprovalText(run: { month: string; staffCount: number; netCents: number; payDate: string }): { title: string; summary: string } {
  return {
    title: `Payroll for ${monthName(run.month)}`,
    summary: `${run.staffCount} staff · net pay KES ${(run.netCents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })} · pay date ${formatDay(run.payDate)}`,
  };
}

/**
 * POST /api/payroll/runs/:id/submit (HR): draft → submitted, with an approvals row of kind
 * 'payroll_run' for the director or principal (the dashboard Approvals card). 409 unless a draft.
 */
export async function submitRun(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, schoolId?: string): Promise<PayrollRunDetail> {
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const run = await lockedRun(tx, sid, id);
    if (run.status !== 'draft') throw new AppError(409, 'RUN_NOT_DRAFT', m.runNotDraft);
    const now = new Date();
    await repo.markRunSubmitted(tx, id, c.actor.id, now);
    const { title, summary } = runApprovalText(run);
    await requestApproval(tx, { schoolId: sid, kind: 'payroll_run', subjectId: id, title, summary, amountCents: run.grossCents, requestedBy: c.actor.id, requestedAt: now });
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.runSubmitted, `payroll_run:${id}`, { status: 'draft' }, { status: 'submitted' });
    return detailOf(tx, sid, id);
  });
}

/**
 * Approve or reject a run inside the caller's transaction (the approvals service's decider for kind
 * 'payroll_run', and POST /api/payroll/runs/:id/approve | /reject). Approving a submitted run, or a
 * draft the approver has reviewed directly, locks it; approving an approved run is 409. Rejecting
 * returns a submitted run to draft with the note (409 unless submitted).
 */
export async function decideRun(tx: Tx, c: SchoolCaller, id: string, approve: boolean, note: string | null): Promise<void> {
  const run = await lockedRun(tx, c.schoolId, id);
  const now = new Date();
  if (approve) {
    if (run.status === 'approved') throw new AppError(409, 'ALREADY_APPROVED', m.runAlreadyApproved);
    await repo.markRunApproved(tx, id, { approvedBy: c.actor.id, submittedBy: run.submittedBy ?? c.actor.id, submittedAt: run.submittedAt ?? now, now });
    await auditSchool(tx, c, PAYROLL_AUDIT.runApproved, `payroll_run:${id}`, { status: run.status }, { status: 'approved', note });
  } else {
    if (run.status !== 'submitted') throw new AppError(409, run.status === 'approved' ? 'ALREADY_APPROVED' : 'RUN_NOT_SUBMITTED', run.status === 'approved' ? m.runAlreadyApproved : m.runNotSubmitted);
    await repo.markRunReturnedToDraft(tx, id, now);
    await auditSchool(tx, c, PAYROLL_AUDIT.runRejected, `payroll_run:${id}`, { status: 'submitted' }, { status: 'draft', note });
  }
}

/**
 * POST /api/payroll/runs/:id/approve | /reject (director or principal) → the run. The run's approvals
 * row (if any) is decided with it, so the Approvals card and the payroll page agree.
 */
export async function approveOrRejectRun(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, approve: boolean, note: string | null, schoolId?: string): Promise<PayrollRunDetail> {
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const caller = { ...c, schoolId: sid };
    await decideRun(tx, caller, id, approve, note);
    const run = await repo.getRunById(tx, sid, id);
    const { title, summary } = runApprovalText(run);
    await recordApprovalDecision(tx, { schoolId: sid, kind: 'payroll_run', subjectId: id, title, summary, amountCents: run.grossCents, requestedBy: run.submittedBy, approve, decidedBy: c.actor.id, note });
    return detailOf(tx, sid, id);
  });
}

/** Months of the school's submitted or approved runs (pay components in force then are locked). */
export async function lockedMonths(tx: Tx, schoolId: string): Promise<Set<string>> {
  return new Set(await repo.listLockedRunMonths(tx, schoolId));
}
