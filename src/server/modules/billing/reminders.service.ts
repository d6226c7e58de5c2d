import { SCHOOL_TIME_ZONE } from '../../../shared/contracts/dashboard.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { formatKesLabel } from '../../../shared/money.js';
import { withSystem } from '../../db/tenant.js';
import type { Sweep } from '../../jobs/tasks.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { formatDay } from '../../lib/pdf.js';
import { accountLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import type { MpesaDeps } from '../mpesa/index.js';
import { recomputeStatuses } from './billing.service.js';
import { insertReminder, listActiveDirectors, listOpenDueInvoices } from './billing.repository.js';
import { invalidateBillingGate } from './billing-gate.js';
import { resolveStalePlatformPushes } from './mpesa.service.js';
import { loadBillingSettings, loadCompany, paybillOf } from './settings.service.js';

/**
 * The billing sweep (issue 18 §1 reminders and read-only), run daily on a pg-boss schedule and callable from
 * tests with a chosen day:
 * - reminders to the school's director(s) (their e-mail, else the school's) for each open invoice, each
 *   written in its reader's language (a director's profiles.locale; the school's address, its default_locale):
 *   "before:N" when the due date is N or fewer days away (the closest N of reminderDaysBefore), and
 *   "after:N" when it is N or more days past (the largest N of reminderDaysAfter); each (invoice,
 *   kind) once, logged in billing_reminders, so a sweep that runs late or twice sends nothing twice;
 * - subscription statuses from the invoices: arrears when an invoice is past due, read-only when past
 *   due + graceDays, active again once paid (billing.service.ts recomputeStatuses).
 * E-mails are sent after the transaction commits; a failed e-mail is logged, not retried.
 */
export async function runBillingSweep(deps: MpesaDeps, today = schoolToday()): Promise<{ reminders: number; statusChanges: { schoolId: string; from: string; to: string }[] }> {
  const { mails, changes } = await withSystem(deps.database.db, async (tx) => {
    const s = await loadBillingSettings(tx);
    const company = await loadCompany(tx);
    const paybill = paybillOf(s, company);
    const open = await listOpenDueInvoices(tx);
    const mails: MailMessage[] = [];
    for (const { inv, schoolName, schoolEmail, schoolLocale } of open) {
      const due = inv.dueOn!;
      let kind: string | null = null;
      if (today <= due) {
        const n = [...s.reminderDaysBefore].sort((a, b) => a - b).find((d) => addDays(due, -d) <= today);
        if (n !== undefined) kind = `before:${n}`;
      } else {
        const n = [...s.reminderDaysAfter].sort((a, b) => b - a).find((d) => addDays(due, d) <= today);
        if (n !== undefined) kind = `after:${n}`;
      }
      if (!kind) continue;
      const directors = await listActiveDirectors(tx, inv.schoolId);
      // Each director reads the reminder in their saved language; the school's own address in the school's default language.
      const to = directors.length ? directors : schoolEmail ? [{ email: schoolEmail, name: schoolName, locale: schoolLocale }] : [];
      const logged = await insertReminder(tx, { invoiceId: inv.id, schoolId: inv.schoolId, kind, sentTo: to.map((x) => x.email).join(', ') || null });
      if (!logged) continue;
      const overdue = kind.startsWith('after:');
      const graceEnd = addDays(due, s.graceDays);
      for (const r of to) {
        mails.push(
          withLocale(accountLocale(r.locale), () => {
            const payHow = bm.pdf.mpesaHow(paybill, inv.number);
            const body = bm.mail.reminderBody(r.name, schoolName, inv.number, formatKesLabel(inv.balanceCents), formatDay(due), payHow);
            return {
              to: r.email,
              subject: overdue ? bm.mail.reminderAfterSubject(inv.number) : bm.mail.reminderBeforeSubject(inv.number, formatDay(due)),
              text: overdue && graceEnd < today ? `${body}\n\n${bm.mail.readOnlyNote}` : body,
            };
          }),
        );
      }
    }
    const changes = await recomputeStatuses(tx, s.graceDays, today);
    return { mails, changes };
  });
  for (const c of changes) invalidateBillingGate(c.schoolId);
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.warn({ err, to: mail.to }, 'billing reminder e-mail not sent');
    }
  }
  return { reminders: mails.length, statusChanges: changes };
}

/**
 * The billing sweeps' pg-boss schedules (docs/decisions/0022; a 30 s timer before): stale platform STK
 * pushes resolved every minute, and the reminder and status sweep once per Nairobi day (at midnight, as
 * the timer's first tick of the day did) and once at start (as the timer's first tick after a restart did).
 */
export function billingSweeps(deps: MpesaDeps): Sweep[] {
  return [
    { name: 'billing-pushes', cron: '* * * * *', label: 'Billing sweep', run: () => resolveStalePlatformPushes(deps) },
    {
      name: 'billing-daily',
      cron: '0 0 * * *',
      tz: SCHOOL_TIME_ZONE,
      atStart: true,
      // A failed daily run is tried again (the timer retried on its next tick) rather than left for tomorrow.
      retryLimit: 5,
      label: 'Billing sweep',
      run: () => runBillingSweep(deps, schoolToday()),
    },
  ];
}
