import type { Actor } from '../../../shared/access.js';
import type { MyPayslip } from '../../../shared/contracts/payroll-documents.js';
import { payrollDocumentsMessages as m } from '../../../shared/messages/payroll-documents.js';
import { centsToKes } from '../../../shared/money.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import * as repo from './payroll.repository.js';
import type { LineRow, RunRow } from './payroll.repository.js';

/**
 * What the payroll documents share (issue 14 §3): loading a run and its stored lines inside the
 * caller's RLS-scoped transaction (another school's run is simply not found: 404), the "approved
 * only" rule of returns (409 RUN_NOT_APPROVED), year-to-date sums over approved runs, and the My
 * Payslips view of a line. Everything prints from the stored line (figures, breakdown, staff
 * snapshot), never from today's components or rules (docs/decisions/0012-hr-payroll.md).
 */

export type { LineRow, RunRow } from './payroll.repository.js';


/** The run `runId` of the school (RLS-scoped), or 404 (also for another school's run or a malformed id). */
export async function loadRun(tx: Tx, schoolId: string, runId: string): Promise<RunRow> {
  if (!/^[0-9a-f-]{36}$/i.test(runId)) throw notFound(m.runNotFound);
  const run = await repo.findRun(tx, schoolId, runId);
  if (!run) throw notFound(m.runNotFound);
  return run;
}

/** 409 RUN_NOT_APPROVED unless the run is approved (returns, bank files, e-mailed payslips). */
export function requireApproved(run: RunRow): void {
  if (run.status !== 'approved') throw new AppError(409, 'RUN_NOT_APPROVED', m.notApproved);
}

/** The run's lines ordered by staff number (the snapshot's), optionally one member of staff's only. */
export async function loadLines(tx: Tx, runId: string, staffId?: string): Promise<LineRow[]> {
  const rows = await repo.listRunLines(tx, runId, staffId);
  return rows.sort((a, b) => a.staff.staffNumber.localeCompare(b.staff.staffNumber, 'en', { numeric: true }));
}

/** Employer numbers printed on payslips and returns (null when the school has not set them). */
export interface EmployerNumbers {
  kraPin: string | null;
  nssfNumber: string | null;
  shifNumber: string | null;
}

export async function loadEmployerNumbers(tx: Tx, schoolId: string): Promise<EmployerNumbers> {
  const s = await repo.findPayrollSettings(tx, schoolId);
  return { kraPin: s?.employerKraPin ?? null, nssfNumber: s?.nssfEmployerNumber ?? null, shifNumber: s?.shifEmployerNumber ?? null };
}

/** Year-to-date totals of one member of staff, cents. */
export interface YtdCents {
  months: number;
  grossCents: number;
  taxablePayCents: number;
  payeCents: number;
  nssfCents: number;
  shifCents: number;
  ahlCents: number;
  otherDeductionsCents: number;
  netCents: number;
  employerCostCents: number;
}

export const emptyYtd = (): YtdCents => ({ months: 0, grossCents: 0, taxablePayCents: 0, payeCents: 0, nssfCents: 0, shifCents: 0, ahlCents: 0, otherDeductionsCents: 0, netCents: 0, employerCostCents: 0 });

export function addToYtd(t: YtdCents, l: Pick<LineRow, 'grossCents' | 'taxablePayCents' | 'payeCents' | 'nssfCents' | 'shifCents' | 'ahlCents' | 'otherDeductionsCents' | 'netCents' | 'employerCostCents'>): YtdCents {
  t.months += 1;
  t.grossCents += l.grossCents;
  t.taxablePayCents += l.taxablePayCents;
  t.payeCents += l.payeCents;
  t.nssfCents += l.nssfCents;
  t.shifCents += l.shifCents;
  t.ahlCents += l.ahlCents;
  t.otherDeductionsCents += l.otherDeductionsCents;
  t.netCents += l.netCents;
  t.employerCostCents += l.employerCostCents;
  return t;
}

/** Approved lines of the school in `year` (months from..to inclusive), with their run's month, oldest first. */
export async function approvedLinesOfYear(tx: Tx, schoolId: string, year: number, opts: { staffIds?: string[]; beforeMonth?: string } = {}) {
  return repo.listApprovedLinesOfYear(tx, schoolId, year, opts);
}

/**
 * Year-to-date per member of staff for a payslip of `run`: the year's approved runs before the run's
 * month plus the line itself (so a draft's payslip shows where the year would stand).
 */
export async function ytdForLines(tx: Tx, schoolId: string, run: RunRow, lines: LineRow[]): Promise<Map<string, YtdCents>> {
  const year = Number(run.month.slice(0, 4));
  const before = await approvedLinesOfYear(tx, schoolId, year, { staffIds: lines.map((l) => l.staffId), beforeMonth: run.month });
  const out = new Map<string, YtdCents>();
  for (const l of lines) out.set(l.staffId, addToYtd(emptyYtd(), l));
  for (const r of before) {
    const t = out.get(r.line.staffId);
    if (t) addToYtd(t, r.line);
  }
  return out;
}

/** The caller's staff record at their school (by profile), or null. */
export async function myStaffRecord(tx: Tx, actor: Actor, schoolId: string) {
  return repo.findStaffByProfile(tx, schoolId, actor.id);
}

/** A stored line as My Payslips shows it (KES with two decimals). */
export function toMyPayslip(line: LineRow, run: Pick<RunRow, 'id' | 'month' | 'payDate'>): MyPayslip {
  const b = line.breakdown;
  const s = b.statutory;
  const k = centsToKes;
  return {
    lineId: line.id,
    runId: run.id,
    month: run.month,
    payDate: b.payDate ?? run.payDate,
    gross: k(line.grossCents),
    totalDeductions: k(line.grossCents - line.netCents),
    net: k(line.netCents),
    earnings: b.earnings.map((e) => ({ name: e.name, amount: k(e.amountCents), taxable: e.taxable })),
    benefits: b.benefits.map((e) => ({ name: e.name, amount: k(e.amountCents) })),
    nssfTier1: k(s.nssf.tier1Cents),
    nssfTier2: k(s.nssf.tier2Cents),
    shif: k(s.shifCents),
    ahl: k(s.ahlCents),
    taxablePay: k(s.taxablePayCents),
    taxBeforeRelief: k(s.taxBeforeReliefCents),
    personalRelief: k(Math.min(s.personalReliefCents, s.taxBeforeReliefCents)),
    paye: k(s.payeCents),
    otherDeductions: b.deductions.map((d) => ({ name: d.name, amount: k(d.amountCents) })),
    employer: { nssf: k(s.employer.nssfCents), ahl: k(s.employer.ahlCents), nita: k(s.employer.nitaCents), totalCost: k(s.employer.totalCostCents) },
    payment: {
      method: line.staff.paymentMethod,
      bankName: line.staff.paymentMethod === 'bank' ? line.staff.bankName : null,
      account: maskAccount(line.staff.paymentMethod === 'bank' ? line.staff.bankAccount : line.staff.mpesaPhone),
    },
  };
}

/** An account or phone number with all but the last four digits hidden ("•••• 4821"). */
export function maskAccount(account: string | null): string | null {
  if (!account) return null;
  return account.length <= 4 ? account : `•••• ${account.slice(-4)}`;
}

/** My approved payslips (newest first); empty when the caller has no staff record. */
export async function myPayslips(tx: Tx, actor: Actor, schoolId: string): Promise<{ hasStaffRecord: boolean; items: MyPayslip[] }> {
  const me = await myStaffRecord(tx, actor, schoolId);
  if (!me) return { hasStaffRecord: false, items: [] };
  const rows = await repo.listApprovedLinesOfStaff(tx, schoolId, me.id);
  rows.sort((a, b) => b.run.month.localeCompare(a.run.month));
  return { hasStaffRecord: true, items: rows.map((r) => toMyPayslip(r.line, r.run)) };
}

/** One of my approved lines with its run, or 404 (another person's line, a draft run, a bad id). */
export async function myLine(tx: Tx, actor: Actor, schoolId: string, lineId: string): Promise<{ run: RunRow; line: LineRow }> {
  if (!/^[0-9a-f-]{36}$/i.test(lineId)) throw notFound(m.payslipNotFound);
  const me = await myStaffRecord(tx, actor, schoolId);
  if (!me) throw notFound(m.payslipNotFound);
  const row = await repo.findApprovedLineOfStaff(tx, schoolId, me.id, lineId);
  if (!row) throw notFound(m.payslipNotFound);
  return row;
}

/** Stamps a payslip line as e-mailed now (right after its mail was handed over). */
export async function markPayslipEmailed(tx: Tx, lineId: string): Promise<void> {
  await repo.markLineEmailed(tx, lineId);
}

/** The school's member of staff `staffId` whose P9A HR asks for, or 404 (a malformed id, nobody in the school). */
export async function staffForP9(tx: Tx, schoolId: string, staffId: string): Promise<{ id: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(staffId)) throw notFound(m.staffNotFound);
  const staff = await repo.findStaffId(tx, schoolId, staffId);
  if (!staff) throw notFound(m.staffNotFound);
  return staff;
}
