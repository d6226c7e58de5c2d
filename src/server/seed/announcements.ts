import { and, eq, inArray } from 'drizzle-orm';
import { AUDIENCE_ROLES } from '../../shared/contracts/announcements.js';
import { announcementMessages } from '../../shared/messages/announcements.js';
import { resolveAudience, teacherStreams } from '../modules/announcements/audience.js';
import { classes, schoolAnnouncementRecipients, schoolAnnouncements, students } from '../db/schema/index.js';
import type { AnnouncementAudience } from '../db/schema/announcements.js';
import type { Tx } from '../db/tenant.js';
import { addDays, formatLongDay } from '../../shared/dates.js';
import { atNairobi, type DemoCalendar, type DemoTerm } from './demo-calendar.js';

/** Who the demo announcements involve (seed.ts passes the school's demo accounts). */
export interface CommunicationSeedPlan {
  schoolId: string;
  code: 'greenhill' | 'riverside';
  principalId: string;
  directorId: string;
  financeOfficerId: string;
  hrId: string;
  demoTeacherId: string;
  parentId: string;
  parentChildIds: string[];
  /** The demo calendar (the term the announcements belong to). */
  cal: DemoCalendar;
}

interface Draft {
  authorId: string;
  authorRole: string;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  /** Days from the anchor day (see seedAnnouncements); published when that is not after now, else scheduled. */
  day: number;
  channels?: string[];
  priority?: 'normal' | 'high' | 'urgent';
  pinned?: boolean;
}

const DAY = 86_400_000;

/**
 * Demo announcements (issue 17 "Demo data"): for each school about a term's worth (13) from the
 * principal (whole school, parents, one pinned, one high priority, one scheduled), the director, the
 * demo teacher (to the parents of the stream where the demo parent has a child, and to the class
 * teacher's own stream), the finance officer (fee notices, one only to parents who owe, by SMS) and HR
 * (staff). Recipients are resolved as publishing would; the demo parent has read all but the newest
 * three. A handful of bulk inserts.
 */
export async function seedAnnouncements(tx: Tx, plan: CommunicationSeedPlan, _seed: number): Promise<void> {
  const { schoolId } = plan;
  const streams = await teacherStreams(tx, schoolId, plan.demoTeacherId);
  if (streams.length === 0) return;
  const childClasses = plan.parentChildIds.length
    ? (await tx.select({ classId: students.classId }).from(students).where(inArray(students.id, plan.parentChildIds))).map((r) => r.classId)
    : [];
  const [own] = await tx
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.classTeacherId, plan.demoTeacherId), inArray(classes.id, streams.map((s) => s.id))));
  const lead = own ?? streams[0]!;
  const parentStream = streams.find((s) => childClasses.includes(s.id)) ?? lead;
  const school = plan.code === 'greenhill' ? 'Greenhill' : 'Riverside';
  // The story runs over the latest term, counted back from today (or, in the holiday after it, from two
  // days before it closed); nothing is dated before the term's welcome (early in a term, see below).
  const { cal } = plan;
  const latest = cal.latestTerm;
  const anchorDay = cal.phase === 'holiday' ? addDays(latest.endsOn, -2) : cal.today;
  const dayOf = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${anchorDay}T00:00:00Z`)) / DAY);
  // A term's story, its days counted back from `termAnchor`; from its welcome on (pinned in the latest term).
  const storyOf = (term: DemoTerm, termAnchor: string, current: boolean): Draft[] => {
    const at = dayOf(termAnchor);
    const welcomeDay = dayOf(addDays(term.startsOn, -2));
    const story: Draft[] = [
      { authorId: plan.principalId, authorRole: 'principal', title: `Welcome to ${term.name}`, body: `Welcome back to ${school}. ${term.name} runs from ${formatLongDay(term.startsOn)} to ${formatLongDay(term.endsOn)}.\n\n**Key dates** are on the school calendar. Please make sure your child reports on time on the first day.`, audience: { roles: [...AUDIENCE_ROLES] }, day: welcomeDay - at, pinned: current, channels: ['app', 'email'] },
      { authorId: plan.financeOfficerId, authorRole: 'finance_officer', title: `${term.name} fee structure`, body: `The ${term.name} fee structure is now available under Fees. Pay by M-Pesa to the school paybill using your child’s admission number as the account.`, audience: { roles: ['parent'] }, day: welcomeDay - at + 1, channels: ['app', 'sms'] },
      { authorId: plan.directorId, authorRole: 'school_director', title: 'School development fund update', body: 'Thank you for your contributions. The new science laboratory is now roofed and will open next term.', audience: { roles: ['parent'] }, day: -60 },
      { authorId: plan.principalId, authorRole: 'principal', title: 'Academic clinic and parents’ day', body: 'Parents are invited to the academic clinic on Saturday from 9:00 AM. Meet the class teachers and collect mid-term reports.', audience: { roles: ['parent', 'teacher'] }, day: -50, priority: 'high', channels: ['app', 'sms'] },
      { authorId: plan.demoTeacherId, authorRole: 'teacher', title: `${parentStream.name}: reading list for the term`, body: 'Each learner should read two story books this term. Please help your child keep a reading log and sign it every Friday.', audience: { parentsOfClassIds: [parentStream.id] }, day: -45 },
      { authorId: plan.hrId, authorRole: 'hr', title: 'Staff meeting on Monday', body: 'All staff: meeting in the staffroom on Monday at 4:00 PM. Agenda: end-of-term assessments and duty rota.', audience: { staff: true }, day: -40 },
      { authorId: plan.demoTeacherId, authorRole: 'teacher', title: `${lead.name}: Mathematics assessment next week`, body: 'The mid-term Mathematics assessment is on Tuesday. Topics: fractions, decimals and measurement.', audience: { classIds: [lead.id] }, day: -28 },
      { authorId: plan.financeOfficerId, authorRole: 'finance_officer', title: 'Fee balance reminder', body: 'Our records show a fee balance on your child’s account. Kindly clear it before the end of term or contact the finance office to agree a plan.', audience: { roles: ['parent'], owingOnly: true }, day: -20, channels: ['app', 'sms'] },
      { authorId: plan.hrId, authorRole: 'hr', title: 'Holiday leave applications', body: 'Apply for leave in the coming school holiday through Leave by Friday so the duty rota can be planned.', audience: { staff: true }, day: -12 },
      { authorId: plan.principalId, authorRole: 'principal', title: 'Sports day', body: 'Sports day is on Friday. Learners come in house colours; parents are welcome from 10:00 AM.', audience: { roles: [...AUDIENCE_ROLES] }, day: -6 },
      { authorId: plan.directorId, authorRole: 'school_director', title: 'Board of management visit', body: 'The board of management visits on Wednesday. Heads of department, please have schemes of work ready.', audience: { staff: true }, day: -3 },
      { authorId: plan.demoTeacherId, authorRole: 'teacher', title: `${parentStream.name}: class trip consent forms`, body: 'Please sign and return the consent form for the museum trip by Thursday.', audience: { parentsOfClassIds: [parentStream.id] }, day: -1 },
      { authorId: plan.principalId, authorRole: 'principal', title: 'Closing day and reports', body: 'School closes at noon on the last day of term. Report cards will be in EduFam as soon as the end of term marks are approved.', audience: { roles: ['parent'] }, day: 2 },
    ];
    // Last year's term (School News early in Term 1) keeps only what was addressed by role or to staff:
    // its stream notices went to last year's streams, whose parents this year's stream names and rolls
    // would misstate.
    const lastYear = term.year !== latest.year;
    return story
      .map((d) => ({ ...d, day: d.day + at }))
      .filter((d) => d.day >= welcomeDay && !(lastYear && ('classIds' in d.audience || 'parentsOfClassIds' in d.audience)));
  };
  // The term's welcome is pinned while the term runs; in the holiday the notice of the coming term is.
  const drafts = storyOf(latest, anchorDay, cal.phase !== 'holiday');
  // In a term's first six weeks, while its own story is still short, School News still holds the term
  // before (told up to two days before it closed) and the holiday's notice that this term opens.
  if (cal.phase !== 'holiday' && dayOf(addDays(latest.startsOn, -2)) > -42) {
    const before = cal.previousTerm;
    drafts.unshift(
      ...storyOf(before, addDays(before.endsOn, -2), false),
      { authorId: plan.principalId, authorRole: 'principal', title: `${latest.name} opens on ${formatLongDay(latest.startsOn)}`, body: `${school} opens for ${latest.name} on ${formatLongDay(latest.startsOn)}. Learners report by 7:30 AM.`, audience: { roles: [...AUDIENCE_ROLES] }, day: dayOf(addDays(latest.startsOn, -7)), channels: ['app', 'sms'] },
    );
  }
  if (cal.phase === 'holiday') {
    const opens = cal.comingTerm;
    drafts.push({ authorId: plan.principalId, authorRole: 'principal', title: `${opens.name} opens on ${formatLongDay(opens.startsOn)}`, body: `${school} opens for ${opens.name} on ${formatLongDay(opens.startsOn)}. Learners report by 7:30 AM. Fee structures for the new year will be shared before opening day.`, audience: { roles: [...AUDIENCE_ROLES] }, day: dayOf(addDays(cal.today, -3)), channels: ['app', 'sms'], pinned: true });
  }

  // Now, never later than the end of the demo's day; the anchor day counted back from it.
  const now = Math.min(Date.now(), atNairobi(cal.today, '23:59').getTime());
  const anchor = now - dayOf(cal.today) * DAY;
  const atOf = (d: Draft) => new Date(anchor + d.day * DAY + (anchor + d.day * DAY <= now ? 0 : 3 * 3600_000));
  const published = drafts.map((d) => anchor + d.day * DAY <= now);
  const people: Awaited<ReturnType<typeof resolveAudience>>[] = [];
  for (const [i, d] of drafts.entries()) people.push(published[i] ? await resolveAudience(tx, schoolId, d.audience, d.authorId) : []);
  const rows = await tx
    .insert(schoolAnnouncements)
    .values(
      drafts.map((d, i) => {
        const at = atOf(d);
        return {
          schoolId,
          authorId: d.authorId,
          authorRole: d.authorRole,
          title: d.title,
          body: d.body,
          audience: d.audience,
          channels: d.channels ?? ['app'],
          priority: d.priority ?? 'normal',
          pinned: d.pinned ?? false,
          recipientCount: people[i]!.length,
          status: published[i] ? 'published' : 'scheduled',
          publishAt: at,
          publishedAt: published[i] ? at : null,
          createdAt: new Date(at.getTime() - (published[i] ? 600_000 : 3 * DAY)),
          updatedAt: at,
        };
      }),
    )
    .returning({ id: schoolAnnouncements.id });

  // The demo parent has read all but the newest three addressed to them.
  const toParent = people.flatMap((p, i) => (p.some((x) => x.userId === plan.parentId) ? [i] : []));
  const parentUnread = new Set(toParent.slice(-3));
  const recipientRows: (typeof schoolAnnouncementRecipients.$inferInsert)[] = [];
  for (const [i, d] of drafts.entries()) {
    const at = atOf(d);
    const sms = d.channels?.includes('sms') ?? false;
    const email = d.channels?.includes('email') ?? false;
    people[i]!.forEach((p, k) => {
      // Others read about two in three, within hours.
      const reads = p.userId === plan.parentId ? !parentUnread.has(i) : (k + i) % 3 !== 0;
      recipientRows.push({
        announcementId: rows[i]!.id,
        userId: p.userId,
        schoolId,
        readAt: reads ? new Date(Math.min(now - 3600_000, at.getTime() + ((k % 5) + 1) * 3 * 3600_000)) : null,
        smsTo: sms ? p.phone : null,
        smsStatus: sms ? (p.phone ? 'sent' : 'failed') : null,
        smsError: sms && !p.phone ? announcementMessages.api.noPhone : null,
        emailTo: email ? p.email : null,
        emailStatus: email ? (p.email ? 'sent' : 'failed') : null,
        emailError: email && !p.email ? announcementMessages.api.noEmail : null,
        createdAt: at,
        updatedAt: at,
      });
    });
  }
  for (let i = 0; i < recipientRows.length; i += 1000) await tx.insert(schoolAnnouncementRecipients).values(recipientRows.slice(i, i + 1000));
}
