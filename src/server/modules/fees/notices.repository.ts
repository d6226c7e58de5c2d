import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { classes, guardians, schools, smsMessages, studentBalances, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * What fee notices (SMS receipts, live updates, reminders) read, inside the caller's school-scoped
 * transaction. Amounts are KES cents.
 */

/** The sign-in account ids of the learner's guardians that have one; unordered. */
export async function listParentAccountIds(tx: Tx, studentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: guardians.profileId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(studentGuardians.studentId, studentId), isNotNull(guardians.profileId)));
  return rows.map((r) => r.id!).filter(Boolean);
}

/** What a payment's notices need about its learner (balance in cents as student_balances defines it). */
export interface NoticeContextRow {
  firstName: string;
  lastName: string;
  admissionNumber: string;
  balanceCents: number;
  parents: string[];
  guardianPhone: string | null;
  /** That guardian's language for SMS (guardians.preferred_language), null when not chosen. */
  guardianLanguage: string | null;
  /** The school's default language (schools.default_locale). */
  schoolLocale: string | null;
  smsReceipts: boolean;
}

/**
 * In one statement: the learner's names and admission number, balance (cents), guardians' account ids,
 * the primary (else first by name) guardian's phone and language, the school's default language and
 * whether the school sends SMS receipts; or null.
 */
export async function findNoticeContext(tx: Tx, studentId: string): Promise<NoticeContextRow | null> {
  const result = await tx.execute(sql`
    select s.first_name as "firstName", s.last_name as "lastName", s.admission_number as "admissionNumber",
      -- The balance (as student_balances defines it), spelled out: cheaper to plan than the view.
      (coalesce((select sum(i.total_cents) from invoices i where i.student_id = s.id and i.status = 'issued'), 0)
        - coalesce((select sum(a.amount_cents) from fee_adjustments a where a.student_id = s.id and a.status = 'applied'), 0)
        - coalesce((select sum(p.amount_cents) from payments p where p.student_id = s.id), 0)) as "balanceCents",
      coalesce((select array_agg(g.profile_id) from ${studentGuardians} sg join ${guardians} g on g.id = sg.guardian_id
                where sg.student_id = s.id and g.profile_id is not null), '{}') as parents,
      (select g.phone from ${studentGuardians} sg join ${guardians} g on g.id = sg.guardian_id
        where sg.student_id = s.id order by sg.is_primary desc, g.name limit 1) as "guardianPhone",
      (select g.preferred_language from ${studentGuardians} sg join ${guardians} g on g.id = sg.guardian_id
        where sg.student_id = s.id order by sg.is_primary desc, g.name limit 1) as "guardianLanguage",
      (select sc.default_locale from ${schools} sc where sc.id = s.school_id) as "schoolLocale",
      coalesce((select f.sms_receipts from finance_settings f where f.school_id = s.school_id), true) as "smsReceipts"
    from ${students} s where s.id = ${studentId}`);
  const row = (result as unknown as { rows: (Omit<NoticeContextRow, 'balanceCents'> & { balanceCents: string | number })[] }).rows[0];
  return row ? { ...row, balanceCents: Number(row.balanceCents) } : null;
}

/** A learner owing and one of their guardians (with phone and e-mail), as fee reminders address them. */
export interface ReminderTargetRow {
  studentId: string;
  firstName: string;
  lastName: string;
  admissionNumber: string;
  balanceCents: number;
  guardianName: string;
  phone: string | null;
  email: string | null;
  /** The guardian's language for SMS and e-mail (guardians.preferred_language), null when not chosen. */
  preferredLanguage: string | null;
}

/**
 * Every guardian of each active learner of the school owing more than `minBalance` cents (optionally of
 * one level or stream), by learner last and first name, then guardian name.
 */
export async function listReminderTargets(tx: Tx, schoolId: string, q: { minBalance: number; levelId?: string; classId?: string }): Promise<ReminderTargetRow[]> {
  return tx
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      balanceCents: studentBalances.balanceCents,
      guardianName: guardians.name,
      phone: guardians.phone,
      email: guardians.email,
      preferredLanguage: guardians.preferredLanguage,
    })
    .from(studentBalances)
    .innerJoin(students, eq(students.id, studentBalances.studentId))
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.status, 'active'),
        sql`${studentBalances.balanceCents} > ${q.minBalance}`,
        q.levelId ? eq(classes.levelId, q.levelId) : undefined,
        q.classId ? eq(students.classId, q.classId) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(guardians.name)) as Promise<ReminderTargetRow[]>;
}

/** The SMS messages a task logged: phone and learner; unordered. */
export async function listSmsOfTask(tx: Tx, taskId: string): Promise<{ to: string; studentId: string | null }[]> {
  return tx.select({ to: smsMessages.toPhone, studentId: smsMessages.studentId }).from(smsMessages).where(eq(smsMessages.taskId, taskId));
}
