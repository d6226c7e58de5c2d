import { sql } from 'drizzle-orm';
import { addDays, schoolToday } from '../../shared/dates.js';
import type { Tx } from '../db/tenant.js';

/**
 * Demo activity days for platform analytics (issue 18 "Demo data"): 60 days of plausible history, up to
 * today (Africa/Nairobi), for every active demo account, in one INSERT … SELECT. Whether a user was
 * active on a day is decided by a hash of their e-mail and the day (deterministic for a given day), against
 * a chance by role and weekday: EduFam staff, principals and finance officers most school days, teachers
 * on most school days and a few weekends, directors and HR often, parents now and then; use grows a
 * little over the 60 days. Rows that the access gate already wrote are kept (on conflict do nothing).
 * The last week's days also get their sign-ins in the audit log (LOGIN_SUCCESS).
 */
export const ACTIVITY_DAYS = 60;

export async function seedPlatformActivity(tx: Tx, today: string = schoolToday()): Promise<void> {
  const first = addDays(today, -(ACTIVITY_DAYS - 1));
  await tx.execute(sql`
    insert into user_activity_days (user_id, day, role, school_id)
    select p.id, d.day, p.role, p.school_id
    from profiles p
    cross join (select g::date as day, row_number() over (order by g) - 1 as n
                from generate_series(${first}::date, ${today}::date, interval '1 day') g) d
    where p.role is not null and p.status = 'active'
      and (abs(hashtext(p.email || ':' || d.day::text)) % 1000) <
          1000 * (0.8 + 0.2 * d.n / ${ACTIVITY_DAYS - 1}) *
          case when extract(isodow from d.day) in (6, 7) then
                 case p.role when 'edufam_admin' then 0.3 when 'elimisha_admin' then 0.2 when 'school_director' then 0.3
                             when 'teacher' then 0.12 when 'parent' then 0.3 else 0.08 end
               else
                 case p.role when 'edufam_admin' then 0.92 when 'elimisha_admin' then 0.7 when 'principal' then 0.9
                             when 'finance_officer' then 0.88 when 'teacher' then 0.78 when 'school_director' then 0.55
                             when 'hr' then 0.7 when 'parent' then 0.22 else 0.5 end
          end
    on conflict do nothing`);
  // The sign-ins behind the last week of those days (the admin dashboard's "Sign-ins (7 days)" and its
  // chart, the audit and security logs): one LOGIN_SUCCESS per active user and day, at a working hour
  // (06:30 to 21:00 Nairobi) that depends on the user and day, never later than now, from a Kenyan
  // mobile network address.
  await tx.execute(sql`
    insert into audit_logs (school_id, action, performed_by_user_id, performed_by_role, target_entity, metadata, ip_address, created_at)
    select p.school_id, 'LOGIN_SUCCESS', p.id, p.role, 'auth',
      jsonb_build_object('email', p.email, 'accessType', case when p.role in ('edufam_admin', 'elimisha_admin') then 'admin' else 'school' end),
      '105.16' || (abs(hashtext(p.email)) % 10)::text || '.' || (abs(hashtext(p.email || 'b')) % 256)::text || '.' || (abs(hashtext(p.email || a.day::text)) % 254 + 1)::text,
      least(
        (a.day + time '06:30' + (abs(hashtext(p.email || '@' || a.day::text)) % 870) * interval '1 minute') at time zone 'Africa/Nairobi',
        now() - interval '5 minutes')
    from user_activity_days a join profiles p on p.id = a.user_id
    where a.day > ${addDays(today, -7)}::date and a.day <= ${today}::date and p.status = 'active'`);
}
