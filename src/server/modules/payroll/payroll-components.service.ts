import type { Actor } from '../../../shared/access.js';
import type { ComponentBody, ComponentPatch, PayComponent, PayrollSettingsBody, PayrollStaff } from '../../../shared/contracts/payroll.js';
import { payrollMessages as m } from '../../../shared/messages/payroll.js';
import { schoolMonth } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import { inMonth, payDateFor, type PayComponentInput } from '../../../shared/payroll/run.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { computeLine, loadPayrollSettings, lockedMonths, PAYROLL_AUDIT } from './payroll-runs.service.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './payroll.repository.js';
import type { ComponentRow } from './payroll.repository.js';

/**
 * Pay components (issue 14 §3): basic salary, allowances (taxable or not), non-cash benefits,
 * deductions after tax, pension / post-retirement medical / mortgage interest (reliefs within their
 * limits) and adjustments, each in force from a start month to an optional end month. Amounts are KES
 * a month in the API, cents in the database.
 *
 * A submitted or approved run's payslips are frozen in its lines; so that the components stay the
 * record of what was paid, a component in force in such a month cannot be changed or removed (409),
 * only ended (endMonth at or after the last locked month). A correction is an adjustment in a later month.
 */

type Row = ComponentRow;

function out(r: Row): PayComponent {
  return { id: r.id, staffId: r.staffId, kind: r.kind as PayComponent['kind'], code: r.code, name: r.name, amount: centsToKes(r.amountCents), taxable: r.taxable, startMonth: r.startMonth, endMonth: r.endMonth, note: r.note };
}

const toCents = (kes: number) => Math.round(kes * 100);

function checkShape(kind: string, amount: number, start: string, end: string | null | undefined) {
  if (amount < 0 && kind !== 'adjustment') throw badRequest(m.negativeOnlyAdjustment, { amount: m.negativeOnlyAdjustment });
  if (end && end < start) throw badRequest(m.endBeforeStart, { endMonth: m.endBeforeStart });
}

const lockedIn = (locked: Set<string>, range: { startMonth: string; endMonth: string | null }) => [...locked].filter((month) => inMonth(range, month)).sort();

async function staffOf(tx: Tx, schoolId: string, staffId: string) {
  const s = await repo.findStaffMember(tx, schoolId, staffId);
  if (!s) throw notFound(m.staffNotFound);
  return s;
}

/** GET /api/payroll/components?staffId= (HR) → the member of staff's components, oldest first. */
export async function listComponents(database: Database, actor: Actor, staffId: string, schoolId?: string): Promise<{ items: PayComponent[] }> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    await staffOf(tx, sid, staffId);
    const rows = await repo.listStaffComponents(tx, sid, staffId);
    return { items: rows.map(out) };
  });
}

/** POST /api/payroll/components (HR) → the component. 400 bad shape; 409 in force in a locked month. */
export async function createComponent(database: Database, c: Omit<SchoolCaller, 'schoolId'>, body: ComponentBody, schoolId?: string): Promise<PayComponent> {
  checkShape(body.kind, body.amount, body.startMonth, body.endMonth);
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const staff = await staffOf(tx, sid, body.staffId);
    if (staff.status !== 'active') throw badRequest(m.staffExited, { staffId: m.staffExited });
    const locked = lockedIn(await lockedMonths(tx, sid), { startMonth: body.startMonth, endMonth: body.endMonth ?? null });
    if (locked.length) throw new AppError(409, 'MONTH_LOCKED', m.componentLocked(locked[locked.length - 1]!), { fields: { startMonth: m.componentLocked(locked[locked.length - 1]!) } });
    const row = await repo.insertComponent(tx, { schoolId: sid, staffId: body.staffId, kind: body.kind, code: body.code, name: body.name, amountCents: toCents(body.amount), taxable: body.taxable, startMonth: body.startMonth, endMonth: body.endMonth ?? null, note: body.note ?? null, createdBy: c.actor.id });
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.componentCreated, `pay_component:${row.id}`, null, out(row));
    return out(row);
  });
}

/**
 * PATCH /api/payroll/components/:id (HR) → the component. While it was in force in a locked month only
 * its end month may change, and not to before that month (409 otherwise).
 */
export async function updateComponent(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, patch: ComponentPatch, schoolId?: string): Promise<PayComponent> {
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const row = await repo.lockComponent(tx, sid, id);
    if (!row) throw notFound(m.componentNotFound);
    const next = {
      kind: patch.kind ?? row.kind,
      code: patch.code ?? row.code,
      name: patch.name ?? row.name,
      amountCents: patch.amount === undefined ? row.amountCents : toCents(patch.amount),
      taxable: patch.taxable ?? row.taxable,
      startMonth: patch.startMonth ?? row.startMonth,
      endMonth: patch.endMonth === undefined ? row.endMonth : patch.endMonth,
      note: patch.note === undefined ? row.note : patch.note,
    };
    checkShape(next.kind, next.amountCents, next.startMonth, next.endMonth);
    const months = await lockedMonths(tx, sid);
    const lockedBefore = lockedIn(months, row);
    const lockedAfter = lockedIn(months, next);
    const onlyEnd = next.kind === row.kind && next.amountCents === row.amountCents && next.taxable === row.taxable && next.startMonth === row.startMonth && next.code === row.code && next.name === row.name;
    const last = lockedBefore[lockedBefore.length - 1];
    if (last && (!onlyEnd || lockedAfter.length !== lockedBefore.length)) throw new AppError(409, 'MONTH_LOCKED', m.componentLocked(last), { fields: { startMonth: m.componentLocked(last) } });
    if (!last && lockedAfter.length) {
      const month = lockedAfter[lockedAfter.length - 1]!;
      throw new AppError(409, 'MONTH_LOCKED', m.componentLocked(month), { fields: { startMonth: m.componentLocked(month) } });
    }
    const after = await repo.updateComponentRow(tx, id, { ...next, updatedAt: new Date() });
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.componentUpdated, `pay_component:${id}`, out(row), out(after));
    return out(after);
  });
}

/** DELETE /api/payroll/components/:id (HR). 409 when it was in force in a locked month (end it instead). */
export async function deleteComponent(database: Database, c: Omit<SchoolCaller, 'schoolId'>, id: string, schoolId?: string): Promise<void> {
  await inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const row = await repo.lockComponent(tx, sid, id);
    if (!row) throw notFound(m.componentNotFound);
    const locked = lockedIn(await lockedMonths(tx, sid), row);
    if (locked.length) throw new AppError(409, 'MONTH_LOCKED', m.componentLocked(locked[locked.length - 1]!));
    await repo.deleteComponentRow(tx, id);
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.componentDeleted, `pay_component:${id}`, out(row), null);
  });
}

/**
 * GET /api/payroll/staff?month= (HR) → active staff with the month's basic, gross and net (net null
 * when nothing is paid: TSC-paid teachers, staff without a basic salary). Default month: this month.
 */
export async function payrollStaffList(database: Database, actor: Actor, month: string | undefined, schoolId?: string): Promise<{ month: string; items: PayrollStaff[] }> {
  const mth = month ?? schoolMonth();
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const settings = await loadPayrollSettings(tx, sid);
    const staff = await repo.listActiveStaff(tx, sid);
    const comps = await repo.listSchoolComponents(tx, sid);
    const byStaff = new Map<string, PayComponentInput[]>();
    for (const r of comps) {
      const list = byStaff.get(r.staffId) ?? [];
      list.push({ kind: r.kind as PayComponentInput['kind'], code: r.code, name: r.name, amountCents: r.amountCents, taxable: r.taxable, startMonth: r.startMonth, endMonth: r.endMonth });
      byStaff.set(r.staffId, list);
    }
    const payDate = payDateFor(mth, settings.payDay);
    const items = staff.map((s): PayrollStaff => {
      const all = byStaff.get(s.id) ?? [];
      const active = all.filter((x) => inMonth(x, mth));
      const paid = s.employer === 'bom' && active.some((x) => x.kind === 'basic');
      let line = null;
      if (paid) {
        try {
          line = computeLine(active, mth, payDate, { shifRounding: settings.shifRounding as 'cents' | 'shilling', nitaLevy: settings.nitaLevy });
        } catch {
          line = null;
        }
      }
      return {
        id: s.id,
        staffNumber: s.staffNumber,
        name: [s.firstName, s.otherNames, s.lastName].filter(Boolean).join(' '),
        jobTitle: s.jobTitle,
        department: s.department,
        employer: s.employer,
        employmentType: s.employmentType,
        basicPay: centsToKes(active.filter((x) => x.kind === 'basic').reduce((t, x) => t + x.amountCents, 0)),
        grossPay: line ? centsToKes(line.grossCents) : 0,
        netPay: line ? centsToKes(line.netCents) : null,
        components: all.length,
      };
    });
    return { month: mth, items };
  });
}

/** GET /api/payroll/settings (HR) → the school's payroll settings (defaults when never saved). */
export async function getPayrollSettings(database: Database, actor: Actor, schoolId?: string): Promise<PayrollSettingsBody> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const s = await loadPayrollSettings(tx, sid);
    return { payDay: s.payDay, shifRounding: s.shifRounding as 'cents' | 'shilling', nitaLevy: s.nitaLevy, employerKraPin: s.employerKraPin, nssfEmployerNumber: s.nssfEmployerNumber, shifEmployerNumber: s.shifEmployerNumber };
  });
}

/** PUT /api/payroll/settings (HR) → the saved settings. Runs already computed keep their own settings. */
export async function putPayrollSettings(database: Database, c: Omit<SchoolCaller, 'schoolId'>, body: PayrollSettingsBody, schoolId?: string): Promise<PayrollSettingsBody> {
  return inSchool(database, c.actor, schoolId, async (tx, sid) => {
    const before = await loadPayrollSettings(tx, sid);
    const values = {
      payDay: body.payDay,
      shifRounding: body.shifRounding,
      nitaLevy: body.nitaLevy,
      employerKraPin: body.employerKraPin || null,
      nssfEmployerNumber: body.nssfEmployerNumber || null,
      shifEmployerNumber: body.shifEmployerNumber || null,
      updatedBy: c.actor.id,
      updatedAt: new Date(),
    };
    await repo.upsertPayrollSettings(tx, sid, values);
    await auditSchool(tx, { ...c, schoolId: sid }, PAYROLL_AUDIT.settingsUpdated, `payroll_settings:${sid}`, before, values);
    return { payDay: values.payDay, shifRounding: values.shifRounding, nitaLevy: values.nitaLevy, employerKraPin: values.employerKraPin, nssfEmployerNumber: values.nssfEmployerNumber, shifEmployerNumber: values.shifEmployerNumber };
  });
}
