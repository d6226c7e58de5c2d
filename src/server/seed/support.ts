import { count, eq } from 'drizzle-orm';
import { profiles, supportCannedReplies, supportTicketReplies, supportTickets } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import type { CommunicationSeedPlan } from './announcements.js';

const HOUR = 3_600_000;

/** The Support Center's canned replies (platform-wide: inserted once, whichever school seeds first). */
const CANNED_REPLIES = [
  { title: 'Thanks, we are on it', body: 'Thank you for reaching out. We have picked up your ticket and will update you here as soon as we know more.' },
  { title: 'Clear the browser cache', body: 'Please press Ctrl+Shift+R (Cmd+Shift+R on a Mac) to reload EduFam without the cache, then try again and let us know.' },
  { title: 'Need a screenshot', body: 'Could you attach a screenshot of what you see, and tell us the learner or page involved? It helps us find the problem quickly.' },
  { title: 'Fixed, please confirm', body: 'We have made the correction. Please check on your side and reply here if anything still looks wrong; otherwise we will close the ticket.' },
];

interface DemoTicket {
  by: keyof Pick<CommunicationSeedPlan, 'principalId' | 'directorId' | 'financeOfficerId' | 'hrId' | 'demoTeacherId' | 'parentId'>;
  category: 'technical' | 'billing' | 'data_correction' | 'feature_request';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  status: 'open' | 'in_progress' | 'waiting_for_school' | 'resolved' | 'closed';
  subject: string;
  description: string;
  /** Hours before now the ticket was opened. */
  ageHours: number;
  /** The thread: who (support or school), internal, hours after opening. */
  thread: { support: boolean; internal?: boolean; afterHours: number; body: string }[];
  rating?: { rating: number; comment: string };
}

function demoTickets(code: CommunicationSeedPlan['code']): DemoTicket[] {
  const grade = code === 'greenhill' ? 'Grade 6 East' : 'Year 7 Blue';
  return [
    {
      by: 'principalId',
      category: 'technical',
      priority: 'urgent',
      status: 'open',
      subject: 'Timetable page does not load for some teachers',
      description: `Since this morning three teachers see a blank page when they open My Timetable. Others are fine. We need it before the afternoon lessons.`,
      ageHours: 2,
      thread: [],
    },
    {
      by: 'demoTeacherId',
      category: 'data_correction',
      priority: 'high',
      status: 'in_progress',
      subject: `Two learners missing from ${grade} register`,
      description: `Two learners who joined ${grade} this term do not appear on my attendance register although the office admitted them last week.`,
      ageHours: 20,
      thread: [
        { support: true, afterHours: 1.5, body: 'Thank you. We can see both admissions; we are checking why they were not added to the stream.' },
        { support: true, internal: true, afterHours: 2, body: 'Admission saved without a stream id (import from the old system). Fix the stream and re-run the register cache.' },
      ],
    },
    {
      by: 'financeOfficerId',
      category: 'billing',
      priority: 'normal',
      status: 'waiting_for_school',
      subject: 'M-Pesa payment not matched to an invoice',
      description: 'A parent paid KES 12,500 on Monday by paybill but the payment is still under unmatched payments. The account number they used looks right.',
      ageHours: 50,
      thread: [
        { support: true, afterHours: 3, body: 'Could you share the M-Pesa transaction code and the admission number the parent meant to pay for?' },
        { support: true, internal: true, afterHours: 3.2, body: 'Likely a trailing space in the account reference; check the callback log once we have the code.' },
      ],
    },
    {
      by: 'parentId',
      category: 'data_correction',
      priority: 'low',
      status: 'resolved',
      subject: 'Wrong spelling of my child’s name',
      description: 'My daughter’s middle name is spelt wrongly on her progress report. It should be Wanjiru, not Wanjuri.',
      ageHours: 24 * 9,
      thread: [
        { support: true, afterHours: 4, body: 'Thank you for letting us know. We have asked the school office to confirm the spelling from the admission form.' },
        { support: false, afterHours: 6, body: 'Thank you, the birth certificate copy is with the school office.' },
        { support: true, afterHours: 30, body: 'The name is corrected and the progress report now shows Wanjiru. Please let us know if anything else looks wrong.' },
      ],
      rating: { rating: 5, comment: 'Sorted in a day, thank you.' },
    },
    {
      by: 'hrId',
      category: 'feature_request',
      priority: 'normal',
      status: 'closed',
      subject: 'Export leave balances to Excel',
      description: 'Could the HR reports include an Excel export of every staff member’s leave balance at the end of term?',
      ageHours: 24 * 20,
      thread: [
        { support: true, afterHours: 5, body: 'Thank you for the suggestion. We have added it to our plans for the HR reports and will let you know when it ships.' },
        { support: true, internal: true, afterHours: 5.5, body: 'Logged as a feature request for the HR reports backlog.' },
        { support: true, afterHours: 24 * 6, body: 'The leave balances export is now available under HR Reports → Leave. Closing this ticket; reply if you need anything else.' },
      ],
      rating: { rating: 4, comment: 'Useful, thanks.' },
    },
  ];
}

/**
 * Demo support (issue 17 "Demo data"): for the school, five tickets across every status (open,
 * in progress, waiting for school, resolved with a rating, closed) with reply threads from EduFam
 * support (the platform admin, admin@edufam.test) and internal notes; the Support Center's canned
 * replies once. Runs in the seed's platform scope. Times are relative to now so the figures against
 * the targets look live.
 */
export async function seedSupport(tx: Tx, plan: CommunicationSeedPlan, seed: number): Promise<void> {
  const [admin] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, 'admin@edufam.test'));
  const supportId = admin?.id ?? null;
  const [canned] = await tx.select({ n: count() }).from(supportCannedReplies);
  if (Number(canned?.n ?? 0) === 0) await tx.insert(supportCannedReplies).values(CANNED_REPLIES.map((c) => ({ ...c, createdBy: supportId })));

  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const jitter = (seed % 7) / 10; // A few minutes' difference between the schools, deterministic.
  for (const d of demoTickets(plan.code)) {
    const opened = d.ageHours + jitter;
    const firstSupport = d.thread.find((r) => r.support && !r.internal);
    const lastHours = d.thread.at(-1)?.afterHours ?? 0;
    const done = d.status === 'resolved' || d.status === 'closed';
    const resolvedAt = done ? at(opened - lastHours) : null;
    const [t] = await tx
      .insert(supportTickets)
      .values({
        schoolId: plan.schoolId,
        openedBy: plan[d.by],
        category: d.category,
        priority: d.priority,
        subject: d.subject,
        description: d.description,
        status: d.status,
        assignedTo: d.status === 'open' ? null : supportId,
        firstResponseAt: firstSupport ? at(opened - firstSupport.afterHours) : null,
        resolvedAt,
        closedAt: d.status === 'closed' ? at(opened - lastHours - 24) : null,
        satisfactionRating: d.rating?.rating ?? null,
        satisfactionComment: d.rating?.comment ?? null,
        createdAt: at(opened),
        updatedAt: at(Math.max(0, opened - lastHours)),
      })
      .returning({ id: supportTickets.id });
    if (d.thread.length === 0) continue;
    await tx.insert(supportTicketReplies).values(
      d.thread.map((r) => ({
        ticketId: t!.id,
        schoolId: plan.schoolId,
        authorId: r.support ? supportId : plan[d.by],
        fromSupport: r.support,
        internal: r.internal ?? false,
        body: r.body,
        createdAt: at(opened - r.afterHours),
      })),
    );
  }
}
