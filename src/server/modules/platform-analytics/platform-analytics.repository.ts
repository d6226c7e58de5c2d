import { sql, type SQL } from 'drizzle-orm';
import type { PlatformModule } from '../../../shared/messages/platform-analytics.js';
import type { Tx } from '../../db/tenant.js';
import { escapeLike } from '../../lib/like.js';

/**
 * Set-based SQL of platform analytics (issue 18 §3): every function is one statement over all schools,
 * grouped by school or by day/month, never a query per school. Runs in platform scope (an EduFam admin's
 * request or the system scope: row-level security lets it see every school). Days are calendar dates in
 * Africa/Nairobi; instants (timestamptz) are compared with the period's Nairobi midnights. Counts are
 * cast to int and sums to bigint and read as numbers; dates are read as text (YYYY-MM-DD) so both
 * drivers (PGlite, node-postgres) answer alike.
 */

/** Rows of a raw query on either driver (both answer `{ rows }`). */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The period [from, to] (inclusive days) as instants: Nairobi midnight of `from` .. of the day after `to`. */
const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone 'Africa/Nairobi')`;
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Africa/Nairobi')`;
const inPeriod = (column: SQL, from: string, to: string) => sql`${column} >= ${startOf(from)} and ${column} < ${endOf(to)}`;
const daysIn = (column: SQL, from: string, to: string) => sql`${column} between ${from}::date and ${to}::date`;

/** School roles counted as staff (every school role except parent). */
export const STAFF_ROLES = ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'] as const;
const staffRoles = sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(', '));
/** Platform roles are reported together as `platform`. */
const roleGroup = sql.raw(`case when role in ('edufam_admin', 'elimisha_admin') then 'platform' else role end`);

export interface Totals {
  schools: number;
  active_schools: number;
  learners: number;
  staff: number;
  parents: number;
  active_users: number;
}

/** Head counts of the platform (active schools only) and the distinct users of the period. */
export async function totals(tx: Tx, from: string, to: string): Promise<Totals> {
  const [row] = await rowsOf<Totals>(
    tx,
    sql`select
      (select count(*) from schools)::int as schools,
      (select count(*) from schools where status = 'active')::int as active_schools,
      (select count(*) from students st join schools s on s.id = st.school_id and s.status = 'active' where st.status = 'active')::int as learners,
      (select count(*) from profiles p join schools s on s.id = p.school_id and s.status = 'active' where p.status = 'active' and p.role in (${staffRoles}))::int as staff,
      (select count(*) from profiles p join schools s on s.id = p.school_id and s.status = 'active' where p.status = 'active' and p.role = 'parent')::int as parents,
      (select count(distinct user_id) from user_activity_days where ${daysIn(sql`day`, from, to)})::int as active_users`,
  );
  return row!;
}

/** Distinct users per day and role group in the period (days without anyone are absent). */
export function dailyActive(tx: Tx, from: string, to: string) {
  return rowsOf<{ day: string; role: string; users: number }>(
    tx,
    sql`select day::text as day, ${roleGroup} as role, count(distinct user_id)::int as users
        from user_activity_days where ${daysIn(sql`day`, from, to)} group by 1, 2 order by 1, 2`,
  );
}

/** Distinct users of the period per role group. */
export function activeByRole(tx: Tx, from: string, to: string) {
  return rowsOf<{ role: string; users: number }>(
    tx,
    sql`select ${roleGroup} as role, count(distinct user_id)::int as users
        from user_activity_days where ${daysIn(sql`day`, from, to)} group by 1 order by 2 desc, 1`,
  );
}

/**
 * Which school used which module in the period, one row per (module, school): a union of each module's
 * main table with its own "used on" column (registers taken, marks entered, invoices issued, M-Pesa
 * transactions received, timetables published, payroll runs created, announcements published,
 * conversation messages sent, SMS sent, transport assignments running, stock moved, expenses dated,
 * support tickets opened).
 */
export function moduleUse(tx: Tx, from: string, to: string) {
  const uses: [PlatformModule, SQL][] = [
    ['attendance', sql`select school_id from attendance_registers where ${daysIn(sql`date`, from, to)}`],
    ['exams', sql`select school_id from exam_marks where ${inPeriod(sql`updated_at`, from, to)}`],
    ['fees', sql`select school_id from invoices where ${daysIn(sql`issued_on`, from, to)}`],
    ['mpesa', sql`select school_id from mpesa_transactions where ${inPeriod(sql`trans_time`, from, to)}`],
    ['timetable', sql`select school_id from timetables where status = 'published' and ${inPeriod(sql`published_at`, from, to)}`],
    ['payroll', sql`select school_id from payroll_runs where ${inPeriod(sql`created_at`, from, to)}`],
    ['announcements', sql`select school_id from school_announcements where status = 'published' and ${inPeriod(sql`published_at`, from, to)}`],
    ['messages', sql`select school_id from conversation_messages where ${inPeriod(sql`created_at`, from, to)}`],
    ['sms', sql`select school_id from sms_messages where ${inPeriod(sql`created_at`, from, to)}`],
    ['transport', sql`select school_id from transport_assignments where starts_on <= ${to}::date and (ends_on is null or ends_on >= ${from}::date)`],
    ['inventory', sql`select school_id from inventory_movements where ${daysIn(sql`moved_on`, from, to)}`],
    ['expenses', sql`select school_id from expenses where ${daysIn(sql`spent_on`, from, to)}`],
    ['support', sql`select school_id from support_tickets where ${inPeriod(sql`created_at`, from, to)}`],
  ];
  const union = sql.join(
    uses.map(([key, q]) => sql`select distinct ${key}::text as module, u.school_id from (${q}) u`),
    sql` union all `,
  );
  return rowsOf<{ module: PlatformModule; school_id: string }>(
    tx,
    sql`select m.module, m.school_id from (${union}) m join schools s on s.id = m.school_id and s.status = 'active'`,
  );
}

export interface FeeRow {
  amount: number;
  count: number;
  mpesa_amount: number;
  mpesa_count: number;
}

/** School fee payments received in the period (all schools): sum net of reversals, count of payments, M-Pesa's part. */
export async function feeVolume(tx: Tx, from: string, to: string): Promise<FeeRow> {
  const [row] = await rowsOf<FeeRow>(
    tx,
    sql`select coalesce(sum(amount_cents), 0)::bigint as amount,
               (count(*) filter (where kind = 'payment'))::int as count,
               coalesce(sum(amount_cents) filter (where method = 'mpesa'), 0)::bigint as mpesa_amount,
               (count(*) filter (where kind = 'payment' and method = 'mpesa'))::int as mpesa_count
        from payments where ${daysIn(sql`paid_on`, from, to)}`,
  );
  return { amount: Number(row!.amount), count: row!.count, mpesa_amount: Number(row!.mpesa_amount), mpesa_count: row!.mpesa_count };
}

export interface MessageRow {
  school_id: string;
  sms: number;
  email: number;
  announcements: number;
  conversation_messages: number;
}

/**
 * Messages sent in the period per school: SMS (not failed), e-mails of announcements (sent or
 * delivered), announcements published, conversation messages (auto-replies excluded).
 */
export function messagesBySchool(tx: Tx, from: string, to: string) {
  return rowsOf<MessageRow>(
    tx,
    sql`with m as (
          select school_id, 'sms' as k, count(*) as n from sms_messages where status <> 'failed' and ${inPeriod(sql`created_at`, from, to)} group by school_id
          union all
          select school_id, 'email', count(*) from school_announcement_recipients where email_status in ('sent', 'delivered') and ${inPeriod(sql`updated_at`, from, to)} group by school_id
          union all
          select school_id, 'ann', count(*) from school_announcements where status = 'published' and ${inPeriod(sql`published_at`, from, to)} group by school_id
          union all
          select school_id, 'conv', count(*) from conversation_messages where not auto_reply and ${inPeriod(sql`created_at`, from, to)} group by school_id
        )
        select school_id,
               coalesce(sum(n) filter (where k = 'sms'), 0)::int as sms,
               coalesce(sum(n) filter (where k = 'email'), 0)::int as email,
               coalesce(sum(n) filter (where k = 'ann'), 0)::int as announcements,
               coalesce(sum(n) filter (where k = 'conv'), 0)::int as conversation_messages
        from m where school_id is not null group by school_id`,
  );
}

/** New schools, learners admitted and accounts created per month, for the 12 months ending with `to`'s month. */
export function growth(tx: Tx, to: string) {
  return rowsOf<{ month: string; new_schools: number; learners_admitted: number; users_created: number }>(
    tx,
    sql`with months as (
          select to_char(m, 'YYYY-MM') as month
          from generate_series(date_trunc('month', ${to}::date) - interval '11 months', date_trunc('month', ${to}::date), interval '1 month') m
        ),
        s as (select to_char(created_at at time zone 'Africa/Nairobi', 'YYYY-MM') as month, count(*) as n from schools group by 1),
        l as (select to_char(coalesce(admitted_on, (created_at at time zone 'Africa/Nairobi')::date), 'YYYY-MM') as month, count(*) as n from students group by 1),
        u as (select to_char(created_at at time zone 'Africa/Nairobi', 'YYYY-MM') as month, count(*) as n from profiles group by 1)
        select months.month, coalesce(s.n, 0)::int as new_schools, coalesce(l.n, 0)::int as learners_admitted, coalesce(u.n, 0)::int as users_created
        from months left join s using (month) left join l using (month) left join u using (month)
        order by months.month`,
  );
}

export interface SchoolRow {
  id: string;
  name: string;
  code: string;
  county: string | null;
  curriculum: string;
  status: string;
  created_at: string;
  learners: number;
  staff: number;
}

/** Every school (or one) with its active learners and active staff accounts, by name. */
export function schoolRows(tx: Tx, schoolId?: string) {
  return rowsOf<SchoolRow>(
    tx,
    sql`with l as (select school_id, count(*) as n from students where status = 'active' group by school_id),
             st as (select school_id, count(*) as n from profiles where status = 'active' and role in (${staffRoles}) group by school_id)
        select s.id, s.name, s.code, s.county, s.curriculum, s.status, s.created_at::timestamptz as created_at,
               coalesce(l.n, 0)::int as learners, coalesce(st.n, 0)::int as staff
        from schools s left join l on l.school_id = s.id left join st on st.school_id = s.id
        ${schoolId ? sql`where s.id = ${schoolId}` : sql``}
        order by s.name, s.code`,
  );
}

/** Per school: the last active day, distinct users in the last 7 and 30 days up to `today`, and the last audit entry. */
export function activityBySchool(tx: Tx, today: string) {
  return rowsOf<{ school_id: string; last_day: string | null; users7: number; users30: number; last_audit: string | Date | null }>(
    tx,
    sql`with a as (
          select school_id, max(day)::text as last_day,
                 (count(distinct user_id) filter (where day between ${today}::date - 6 and ${today}::date))::int as users7,
                 (count(distinct user_id) filter (where day between ${today}::date - 29 and ${today}::date))::int as users30
          from user_activity_days where school_id is not null group by school_id
        ),
        au as (select school_id, max(created_at) as last_audit from audit_logs where school_id is not null group by school_id)
        select s.id as school_id, a.last_day, coalesce(a.users7, 0) as users7, coalesce(a.users30, 0) as users30, au.last_audit
        from schools s left join a on a.school_id = s.id left join au on au.school_id = s.id`,
  );
}

export interface CompletenessRow {
  school_id: string;
  learners: number;
  with_phone: number;
  with_dob: number;
  with_upi: number;
  with_photo: number;
  streams: number;
  with_teacher: number;
  staff: number;
  with_kra: number;
}

/**
 * Data completeness per school: active learners with a guardian who has a phone, with a date of birth,
 * with a UPI, with a photo; streams of the current academic year with a class teacher; active staff records with a
 * KRA PIN.
 */
export function completenessBySchool(tx: Tx) {
  return rowsOf<CompletenessRow>(
    tx,
    sql`with l as (
          select st.school_id, count(*) as total,
                 count(*) filter (where exists (select 1 from student_guardians sg join guardians g on g.id = sg.guardian_id
                                                where sg.student_id = st.id and coalesce(g.phone, '') <> '')) as phone,
                 count(*) filter (where st.date_of_birth is not null) as dob,
                 count(*) filter (where coalesce(st.upi, '') <> '') as upi,
                 count(*) filter (where st.photo_file_id is not null) as photo
          from students st where st.status = 'active' group by st.school_id
        ),
        c as (
          select c.school_id, count(*) as total, count(*) filter (where c.class_teacher_id is not null) as done
          from classes c join academic_years y on y.id = c.academic_year_id and y.is_current group by c.school_id
        ),
        k as (select school_id, count(*) as total, count(*) filter (where coalesce(kra_pin, '') <> '') as done from staff_members where status = 'active' group by school_id)
        select s.id as school_id,
               coalesce(l.total, 0)::int as learners, coalesce(l.phone, 0)::int as with_phone, coalesce(l.dob, 0)::int as with_dob, coalesce(l.upi, 0)::int as with_upi, coalesce(l.photo, 0)::int as with_photo,
               coalesce(c.total, 0)::int as streams, coalesce(c.done, 0)::int as with_teacher,
               coalesce(k.total, 0)::int as staff, coalesce(k.done, 0)::int as with_kra
        from schools s left join l on l.school_id = s.id left join c on c.school_id = s.id left join k on k.school_id = s.id`,
  );
}

/** Per school in the period: distinct active users and sign-in days (user-days), fees received (cents) and payments. */
export function usageBySchool(tx: Tx, from: string, to: string) {
  return rowsOf<{ school_id: string; users: number; logins: number; fee_amount: string | number; fee_count: number }>(
    tx,
    sql`with a as (
          select school_id, count(distinct user_id) as users, count(*) as logins
          from user_activity_days where school_id is not null and ${daysIn(sql`day`, from, to)} group by school_id
        ),
        f as (
          select school_id, sum(amount_cents) as amount, count(*) filter (where kind = 'payment') as n
          from payments where ${daysIn(sql`paid_on`, from, to)} group by school_id
        )
        select s.id as school_id, coalesce(a.users, 0)::int as users, coalesce(a.logins, 0)::int as logins,
               coalesce(f.amount, 0)::bigint as fee_amount, coalesce(f.n, 0)::int as fee_count
        from schools s left join a on a.school_id = s.id left join f on f.school_id = s.id`,
  );
}

/** Comparison values per active school (null = no data); one statement per metric. */
export function metricBySchool(tx: Tx, metric: string, from: string, to: string) {
  let q: SQL;
  switch (metric) {
    case 'attendance_rate':
      q = sql`select school_id, (count(*) filter (where status in ('present', 'late')))::float8 / nullif(count(*), 0) as value
              from attendance_entries where ${daysIn(sql`date`, from, to)} group by school_id`;
      break;
    case 'fee_collection_rate':
      q = sql`select ib.school_id, sum(ib.paid_cents)::float8 / nullif(sum(ib.due_cents), 0) as value
              from invoice_balances ib join terms t on t.id = ib.term_id and t.is_current group by ib.school_id`;
      break;
    case 'mean_score':
      q = sql`select em.school_id, avg(em.percent)::float8 as value
              from exam_marks em join exam_series es on es.id = em.exam_id join terms t on t.id = es.term_id
              join academic_years y on y.id = t.academic_year_id and y.is_current
              where em.percent is not null group by em.school_id`;
      break;
    default:
      q = sql`select p.school_id, (count(distinct a.user_id))::float8 / nullif(count(distinct p.id), 0) as value
              from profiles p left join user_activity_days a on a.user_id = p.id and ${daysIn(sql`a.day`, from, to)}
              where p.status = 'active' and p.school_id is not null group by p.school_id`;
  }
  return rowsOf<{ school_id: string; name: string; value: number | null }>(
    tx,
    sql`select s.id as school_id, s.name, v.value from schools s left join (${q}) v on v.school_id = s.id where s.status = 'active'`,
  );
}

export interface AuditRow {
  created_at: string | Date;
  school: string | null;
  action: string;
  role: string | null;
  user_name: string | null;
  user_email: string | null;
  target: string | null;
  success: boolean;
  ip: string | null;
}

/** Audit entries of the period, newest first, at most `limit` (filters: school, action prefix, case-insensitive). */
export function auditRows(tx: Tx, q: { from: string; to: string; schoolId?: string; action?: string }, limit: number) {
  const action = q.action ? `${escapeLike(q.action)}%` : null;
  return rowsOf<AuditRow>(
    tx,
    sql`select a.created_at::timestamptz as created_at, s.name as school, a.action, a.performed_by_role as role,
               p.name as user_name, p.email as user_email, coalesce(a.target_entity, a.resource) as target, a.success, a.ip_address as ip
        from audit_logs a left join schools s on s.id = a.school_id left join profiles p on p.id = a.performed_by_user_id
        where ${inPeriod(sql`a.created_at`, q.from, q.to)}
          ${q.schoolId ? sql`and a.school_id = ${q.schoolId}` : sql``}
          ${action ? sql`and a.action ilike ${action}` : sql``}
        order by a.created_at desc, a.id
        limit ${limit}`,
  );
}

/** The platform company's details for report letterheads (null when none is set). */
export async function companyRow(tx: Tx) {
  const [row] = await rowsOf<{ name: string; address: string | null; email: string | null; phone: string | null }>(
    tx,
    sql`select name, address, email, phone from platform_company order by updated_at desc limit 1`,
  );
  return row ?? null;
}
