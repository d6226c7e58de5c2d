import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/tenant.js';
import { approvals } from '../db/schema/fees.js';
import { leaveAllocations, leaveRequests, leaveTypes, payComponents, payrollLines, payrollRuns, payrollSettings, staffMembers } from '../db/schema/hr.js';
import { staffAttendance } from '../db/schema/attendance.js';
import { profiles } from '../db/schema/tenancy.js';
import { LEAVE_TYPE_DEFAULTS } from '../../shared/hr/leave-defaults.js';
import { leaveMessages } from '../../shared/messages/leave.js';
import { leaveRange } from '../modules/leave/leave.service.js';
import { lineRow, runApprovalText } from '../modules/payroll/payroll-runs.service.js';
import { leaveDays } from '../../shared/hr/leave-days.js';
import { buildPayrollLine, payDateFor, runTotals, type PayComponentInput, type StaffSnapshot } from '../../shared/payroll/run.js';
import { createRandom, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names.js';
import { demoPayrollMonths, type DemoCalendar } from './demo-calendar.js';
import { addDays } from '../../shared/dates.js';

/**
 * HR and payroll demo data (issue 14 "Demo data"): a staff record for every staff account (teachers on
 * TSC and Board of Management terms; the demo teacher on BOM so she has payslips) and support staff
 * without accounts, pay components, the default leave types with this year's allocations and a few
 * requests (the annual leave that staff attendance already shows, holiday leave, one pending request
 * each starting on the next working day), and approved payroll runs for the three months before the
 * demo's month (demoPayrollMonths) computed with the shared line builder.
 */
export interface HrSeedPlan {
  schoolId: string;
  code: 'greenhill' | 'riverside';
  staffPrefix: string;
  demoTeacherId: string;
  principalId: string;
  hrProfileId: string;
  /** The demo calendar (payroll months, leave dates and contract ends around today). */
  cal: DemoCalendar;
}

/** The first weekday (Monday to Friday) after `day`. */
function nextWeekday(day: string): string {
  let d = addDays(day, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

const SUPPORT_STAFF: { title: string; department: string; basic: number; type: 'permanent' | 'contract' | 'part_time' | 'intern'; hardship?: number }[] = [
  { title: 'Accounts Clerk', department: 'Finance', basic: 32_000, type: 'permanent' },
  { title: 'Laboratory Technician', department: 'Science', basic: 34_000, type: 'permanent' },
  { title: 'Librarian', department: 'Administration', basic: 29_500, type: 'contract' },
  { title: 'School Nurse', department: 'Health', basic: 41_000, type: 'permanent' },
  { title: 'Driver', department: 'Transport', basic: 24_000, type: 'permanent' },
  { title: 'Head Cook', department: 'Catering', basic: 21_000, type: 'permanent' },
  { title: 'Cook', department: 'Catering', basic: 17_500, type: 'contract' },
  { title: 'Night Guard', department: 'Security', basic: 16_500, type: 'contract', hardship: 2_000 },
  { title: 'Groundsman', department: 'Maintenance', basic: 15_800, type: 'part_time' },
  { title: 'ICT Intern', department: 'Administration', basic: 12_000, type: 'intern' },
];

const BANKS = [
  { name: 'KCB Bank', code: '01' },
  { name: 'Equity Bank', code: '68' },
  { name: 'Co-operative Bank', code: '11' },
  { name: 'NCBA Bank', code: '07' },
  { name: 'Absa Bank Kenya', code: '03' },
];

const ROLE_JOB: Record<string, { title: string; department: string; basic: number; house: number; responsibility?: number }> = {
  principal: { title: 'Principal', department: 'Administration', basic: 168_000, house: 30_000, responsibility: 15_000 },
  finance_officer: { title: 'Finance Officer', department: 'Finance', basic: 78_000, house: 12_000 },
  hr: { title: 'HR Manager', department: 'Administration', basic: 74_000, house: 12_000 },
};

const digits = (rnd: ReturnType<typeof createRandom>, n: number) => Array.from({ length: n }, () => String(rnd.int(0, 9))).join('');
const letter = (rnd: ReturnType<typeof createRandom>) => String.fromCharCode(65 + rnd.int(0, 25));

export async function seedHr(tx: Tx, plan: HrSeedPlan, seed: number): Promise<{ staff: number; runs: number }> {
  const rnd = createRandom(seed);
  const { cal } = plan;
  const Y = cal.year;
  const payrollMonths = demoPayrollMonths(cal.today);
  // Pay components start with last year's January (or the month the person joined, if later).
  const firstMonth = `${Y - 1}-01`;
  const accounts = await tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, phone: profiles.phone, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.schoolId, plan.schoolId), inArray(profiles.role, ['principal', 'teacher', 'finance_officer', 'hr'])))
    .orderBy(asc(profiles.email));
  const femaleFirst = new Set(FEMALE_NAMES);

  type Draft = typeof staffMembers.$inferInsert & { comps: Omit<PayComponentInput, 'startMonth' | 'endMonth'>[]; compStart: string; extra?: PayComponentInput[] };
  const drafts: Draft[] = [];
  let n = 0;
  const person = (name: string, gender: 'male' | 'female', startDate: string) => {
    n++;
    const parts = name.split(' ');
    const bank = rnd.pick(BANKS);
    const mpesa = rnd.next() < 0.15;
    const yearOfBirth = rnd.int(1968, 1999);
    return {
      schoolId: plan.schoolId,
      staffNumber: `${plan.staffPrefix}-STF-${String(n).padStart(4, '0')}`,
      firstName: parts[0]!,
      otherNames: parts.length > 2 ? parts.slice(1, -1).join(' ') : null,
      lastName: parts[parts.length - 1]!,
      nationalId: String(rnd.int(20_000_000, 39_999_999)),
      dateOfBirth: `${yearOfBirth}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      gender,
      kraPin: `A${digits(rnd, 9)}${letter(rnd)}`,
      nssfNumber: digits(rnd, 10),
      shifNumber: `CR${digits(rnd, 10)}`,
      startDate,
      nextOfKin: { name: `${rnd.pick(gender === 'female' ? MALE_NAMES : FEMALE_NAMES)} ${parts[parts.length - 1]}`, relationship: rnd.next() < 0.7 ? 'Spouse' : 'Sibling', phone: `2547${digits(rnd, 8)}` },
      paymentMethod: mpesa ? ('mpesa' as const) : ('bank' as const),
      bankName: mpesa ? null : bank.name,
      bankCode: mpesa ? null : bank.code,
      bankBranch: mpesa ? null : rnd.pick(['Moi Avenue', 'Ngong Road', 'Westlands', 'Kilimani', 'Upper Hill', 'Thika Road Mall']),
      bankAccount: mpesa ? null : digits(rnd, 12),
      createdBy: plan.hrProfileId,
    };
  };
  const startDate = () => `${rnd.int(Y - 14, Y - 2)}-${String(rnd.pick([1, 1, 5, 9])).padStart(2, '0')}-0${rnd.int(1, 8)}`;

  for (const a of accounts) {
    const gender = femaleFirst.has(a.name.split(' ')[0]!) ? 'female' : 'male';
    const start = startDate();
    const base = { ...person(a.name, gender, start), profileId: a.id, phone: a.phone, email: a.email };
    if (a.role === 'teacher') {
      // A third of the teachers are employed and paid by the TSC (they appear in HR, not on this payroll).
      const tsc = a.id !== plan.demoTeacherId && rnd.next() < 0.33;
      const basic = rnd.int(38, 66) * 1_000;
      const contract = !tsc && rnd.next() < 0.35;
      drafts.push({
        ...base,
        tscNumber: String(rnd.int(300_000, 799_999)),
        employer: tsc ? 'tsc' : 'bom',
        employmentType: contract ? 'contract' : 'permanent',
        department: 'Teaching',
        jobTitle: 'Teacher',
        // Contracts end at the end of the school year; one ends within 30 days of today to show the alert.
        contractEnd: contract ? (drafts.filter((d) => d.contractEnd).length === 0 ? addDays(cal.today, 17) : cal.ref('2027-04-30')) : null,
        compStart: start.slice(0, 7) < firstMonth ? firstMonth : start.slice(0, 7),
        comps: tsc
          ? []
          : [
              { kind: 'basic', code: 'basic', name: 'Basic salary', amountCents: basic * 100, taxable: true },
              { kind: 'allowance', code: 'house', name: 'House allowance', amountCents: 8_000_00, taxable: true },
              { kind: 'allowance', code: 'commuter', name: 'Commuter allowance', amountCents: 4_000_00, taxable: true },
              ...(rnd.next() < 0.4 ? [{ kind: 'deduction' as const, code: 'sacco', name: 'Mwalimu SACCO', amountCents: rnd.int(2, 8) * 1_000_00, taxable: false }] : []),
              ...(rnd.next() < 0.25 ? [{ kind: 'deduction' as const, code: 'helb', name: 'HELB loan repayment', amountCents: 3_000_00, taxable: false }] : []),
              { kind: 'deduction', code: 'welfare', name: 'Staff welfare', amountCents: 500_00, taxable: false },
              ...(rnd.next() < 0.5 ? [{ kind: 'deduction' as const, code: 'union', name: 'KUPPET union dues', amountCents: 750_00, taxable: false }] : []),
            ],
      });
    } else {
      const job = ROLE_JOB[a.role!]!;
      drafts.push({
        ...base,
        employer: 'bom',
        employmentType: 'permanent',
        department: job.department,
        jobTitle: job.title,
        contractEnd: null,
        compStart: firstMonth,
        comps: [
          { kind: 'basic', code: 'basic', name: 'Basic salary', amountCents: job.basic * 100, taxable: true },
          { kind: 'allowance', code: 'house', name: 'House allowance', amountCents: job.house * 100, taxable: true },
          ...(job.responsibility ? [{ kind: 'allowance' as const, code: 'responsibility', name: 'Responsibility allowance', amountCents: job.responsibility * 100, taxable: true }] : []),
          ...(a.role === 'principal'
            ? [
                { kind: 'benefit' as const, code: 'car', name: 'School car (private use)', amountCents: 6_000_00, taxable: true },
                { kind: 'pension' as const, code: 'pension', name: 'Staff pension scheme', amountCents: 10_000_00, taxable: false },
                { kind: 'mortgage_interest' as const, code: 'mortgage', name: 'Mortgage interest (HFC)', amountCents: 22_500_00, taxable: false },
              ]
            : []),
          { kind: 'deduction', code: 'welfare', name: 'Staff welfare', amountCents: 500_00, taxable: false },
        ],
        // The HR manager repays a salary advance over three months.
        extra: a.role === 'hr' ? [{ kind: 'deduction', code: 'advance', name: 'Salary advance', amountCents: 5_000_00, taxable: false, startMonth: payrollMonths[1]!, endMonth: cal.today.slice(0, 7) }] : [],
      });
    }
  }
  for (const s of SUPPORT_STAFF) {
    const female = rnd.next() < 0.45;
    const name = `${rnd.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${rnd.pick(SURNAMES)} ${rnd.pick(SURNAMES)}`;
    const start = startDate();
    drafts.push({
      ...person(name, female ? 'female' : 'male', start),
      phone: `2547${digits(rnd, 8)}`,
      email: null,
      employer: 'bom',
      employmentType: s.type,
      department: s.department,
      jobTitle: s.title,
      contractEnd: s.type === 'contract' ? cal.ref('2027-03-31') : s.type === 'intern' ? cal.ref('2027-01-31') : null,
      compStart: start.slice(0, 7) < firstMonth ? firstMonth : start.slice(0, 7),
      comps: [
        { kind: 'basic', code: 'basic', name: 'Basic salary', amountCents: s.basic * 100, taxable: true },
        ...(s.type === 'intern' ? [] : [{ kind: 'allowance' as const, code: 'house', name: 'House allowance', amountCents: Math.round(s.basic * 0.15) * 100, taxable: true }]),
        ...(s.hardship ? [{ kind: 'allowance' as const, code: 'hardship', name: 'Night-shift hardship allowance', amountCents: s.hardship * 100, taxable: true }] : []),
        ...(s.title === 'Driver' ? [{ kind: 'allowance' as const, code: 'meals', name: 'Meal allowance (trips)', amountCents: 1_500_00, taxable: false }] : []),
        ...(rnd.next() < 0.3 ? [{ kind: 'deduction' as const, code: 'loan', name: 'School staff loan', amountCents: 2_000_00, taxable: false }] : []),
      ],
    });
  }

  const inserted = await tx
    .insert(staffMembers)
    .values(drafts.map(({ comps: _c, compStart: _s, extra: _e, ...row }) => row))
    .returning({ id: staffMembers.id, staffNumber: staffMembers.staffNumber, profileId: staffMembers.profileId });
  const idOf = new Map(inserted.map((r) => [r.staffNumber, r.id]));
  const componentsOf = new Map<string, PayComponentInput[]>();
  const componentRows: (typeof payComponents.$inferInsert)[] = [];
  for (const d of drafts) {
    const staffId = idOf.get(d.staffNumber)!;
    const list: PayComponentInput[] = [...d.comps.map((c) => ({ ...c, startMonth: d.compStart, endMonth: null })), ...(d.extra ?? [])];
    componentsOf.set(staffId, list);
    for (const c of list) componentRows.push({ schoolId: plan.schoolId, staffId, ...c, createdBy: plan.hrProfileId });
  }
  if (componentRows.length) await tx.insert(payComponents).values(componentRows);

  // Leave: default types, allocations for the calendar year of today (annual with a carry-over from the
  // year before), the leave that staff attendance shows, holiday leave and one pending request.
  const leaveYear = Number(cal.today.slice(0, 4));
  const types = await tx
    .insert(leaveTypes)
    .values(LEAVE_TYPE_DEFAULTS.map((t) => ({ schoolId: plan.schoolId, ...t })))
    .returning({ id: leaveTypes.id, code: leaveTypes.code, gender: leaveTypes.gender, daysPerYear: leaveTypes.daysPerYear });
  const allocations: (typeof leaveAllocations.$inferInsert)[] = [];
  for (const d of drafts) {
    for (const t of types) {
      if (t.gender && t.gender !== d.gender) continue;
      allocations.push({ schoolId: plan.schoolId, staffId: idOf.get(d.staffNumber)!, leaveTypeId: t.id, year: leaveYear, entitledDays: t.daysPerYear, carriedOverDays: t.code === 'annual' ? rnd.int(0, 6) : 0 });
    }
  }
  await tx.insert(leaveAllocations).values(allocations);
  const typeId = (code: string) => types.find((t) => t.code === code)!.id;
  const requests: (typeof leaveRequests.$inferInsert)[] = [];
  const profileStaff = new Map(inserted.filter((r) => r.profileId).map((r) => [r.profileId!, r.id]));
  const onLeaveDays = await tx
    .select({ profileId: staffAttendance.profileId, date: staffAttendance.date })
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, plan.schoolId), eq(staffAttendance.status, 'on_leave')))
    .orderBy(asc(staffAttendance.date));
  if (onLeaveDays.length) {
    const who = onLeaveDays[0]!.profileId;
    const mine = onLeaveDays.filter((x) => x.profileId === who);
    const from = mine[0]!.date;
    const to = mine[mine.length - 1]!.date;
    const staffId = profileStaff.get(who);
    if (staffId) {
      requests.push({ schoolId: plan.schoolId, staffId, leaveTypeId: typeId('annual'), startDate: from, endDate: to, days: leaveDays(from, to, 'working_days'), reason: 'Family wedding upcountry', status: 'approved', requestedBy: who, decidedBy: plan.hrProfileId, decidedAt: new Date(`${from}T06:00:00Z`), decisionNote: 'Approved; lessons covered by the department.' });
    }
  }
  // Leave in the last school holiday for a few support staff, approved (the holiday before the latest
  // term, or the one running now, never past today).
  const holidayFrom = cal.phase === 'holiday' ? cal.latestTerm.endsOn : cal.previousTerm.endsOn;
  const holidayTo = cal.phase === 'holiday' ? cal.today : addDays(cal.latestTerm.startsOn, -1);
  for (const d of drafts.filter((x) => !x.profileId).slice(0, 3)) {
    const from = nextWeekday(addDays(holidayFrom, rnd.int(2, 8)));
    let to = addDays(from, rnd.int(7, 11));
    if (to > holidayTo) to = holidayTo;
    if (from > to) continue;
    requests.push({ schoolId: plan.schoolId, staffId: idOf.get(d.staffNumber)!, leaveTypeId: typeId('annual'), startDate: from, endDate: to, days: leaveDays(from, to, 'working_days'), reason: 'Annual leave during the school holiday', status: 'approved', requestedBy: plan.hrProfileId, decidedBy: plan.hrProfileId, decidedAt: new Date(`${addDays(holidayFrom, -3)}T07:00:00Z`) });
  }
  // A pending sick-leave request by a support member, for HR to decide.
  const pendingFor = drafts.filter((x) => !x.profileId)[4];
  const sickFrom = nextWeekday(cal.today);
  const sickTo = nextWeekday(nextWeekday(sickFrom));
  if (pendingFor) {
    requests.push({ schoolId: plan.schoolId, staffId: idOf.get(pendingFor.staffNumber)!, leaveTypeId: typeId('sick'), startDate: sickFrom, endDate: sickTo, days: leaveDays(sickFrom, sickTo, 'working_days'), reason: 'Minor surgery at Kenyatta National Hospital (letter attached to file).', status: 'pending', requestedBy: plan.hrProfileId });
  }
  if (requests.length) {
    const saved = await tx.insert(leaveRequests).values(requests).returning({ id: leaveRequests.id, status: leaveRequests.status });
    // The pending request waits on the principal's Approvals card too, as one made in the app does.
    const nameOf = new Map(drafts.map((d) => [idOf.get(d.staffNumber)!, [d.firstName, d.otherNames, d.lastName].filter(Boolean).join(' ')]));
    const typeName = new Map(LEAVE_TYPE_DEFAULTS.map((t) => [types.find((x) => x.code === t.code)!.id, t.name]));
    for (const [i, r] of saved.entries()) {
      if (r.status !== 'pending') continue;
      const q = requests[i]!;
      await tx.insert(approvals).values({
        schoolId: plan.schoolId,
        kind: 'leave',
        subjectId: r.id,
        title: leaveMessages.approvalTitle(typeName.get(q.leaveTypeId)!, nameOf.get(q.staffId)!),
        summary: leaveMessages.approvalSummary(leaveRange(q.startDate, q.endDate), Number(q.days), 'working_days', q.reason ?? null),
        status: 'pending',
        requestedBy: plan.hrProfileId,
        requestedAt: new Date(`${addDays(cal.today, -4)}T07:30:00Z`),
      });
    }
  }

  // Payroll: settings and approved runs for the last three months.
  const settings = { shifRounding: 'cents' as const, nitaLevy: true };
  await tx.insert(payrollSettings).values({ schoolId: plan.schoolId, payDay: 28, shifRounding: 'cents', nitaLevy: true, employerKraPin: plan.code === 'greenhill' ? 'P051234567K' : 'P051987654R', nssfEmployerNumber: plan.code === 'greenhill' ? '0012345X' : '0067890Y', shifEmployerNumber: plan.code === 'greenhill' ? 'E-20931' : 'E-31877' });
  const onPayroll = drafts.filter((d) => d.employer === 'bom' && d.comps.length > 0);
  let runs = 0;
  for (const month of payrollMonths) {
    const payDate = payDateFor(month, 28);
    const lines = onPayroll
      .filter((d) => d.compStart <= month)
      .map((d) => {
        const staffId = idOf.get(d.staffNumber)!;
        const line = buildPayrollLine(componentsOf.get(staffId)!, month, payDate, settings);
        const snapshot: StaffSnapshot = {
          staffNumber: d.staffNumber,
          name: [d.firstName, d.otherNames, d.lastName].filter(Boolean).join(' '),
          jobTitle: d.jobTitle,
          department: d.department ?? null,
          kraPin: d.kraPin ?? null,
          nssfNumber: d.nssfNumber ?? null,
          shifNumber: d.shifNumber ?? null,
          nationalId: d.nationalId ?? null,
          email: d.email ?? null,
          employmentType: d.employmentType!,
          paymentMethod: d.paymentMethod as 'bank' | 'mpesa',
          bankName: d.bankName ?? null,
          bankCode: d.bankCode ?? null,
          bankBranch: d.bankBranch ?? null,
          bankAccount: d.bankAccount ?? null,
          mpesaPhone: d.paymentMethod === 'mpesa' ? (d.phone ?? null) : null,
        };
        return { staffId, line, snapshot };
      });
    const totals = runTotals(lines.map((x) => x.line));
    const submittedAt = new Date(`${payDate}T06:00:00Z`);
    submittedAt.setUTCDate(submittedAt.getUTCDate() - 4);
    const approvedAt = new Date(submittedAt.getTime() + 26 * 3600_000);
    const [run] = await tx
      .insert(payrollRuns)
      .values({
        schoolId: plan.schoolId,
        month,
        payDate,
        status: 'approved',
        ...totals,
        settings,
        createdBy: plan.hrProfileId,
        computedAt: submittedAt,
        submittedBy: plan.hrProfileId,
        submittedAt,
        approvedBy: plan.principalId,
        approvedAt,
        createdAt: submittedAt,
        updatedAt: approvedAt,
      })
      .returning({ id: payrollRuns.id });
    await tx.insert(payrollLines).values(
      lines.map(({ staffId, line, snapshot }) => ({ ...lineRow(plan.schoolId, run!.id, staffId, line, snapshot), createdAt: submittedAt })),
    );
    await tx.insert(approvals).values({
      schoolId: plan.schoolId,
      kind: 'payroll_run',
      subjectId: run!.id,
      ...runApprovalText({ month, staffCount: totals.staffCount, netCents: totals.netCents, payDate }),
      amountCents: totals.grossCents,
      status: 'approved',
      requestedBy: plan.hrProfileId,
      requestedAt: submittedAt,
      decidedBy: plan.principalId,
      decidedAt: approvedAt,
    });
    runs++;
  }
  return { staff: drafts.length, runs };
}
