import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/tenant.js';
import { conversationMessages, conversationParticipants, conversations, staffOfficeHours } from '../db/schema/conversations.js';
import { classes, students, subjects, teacherAssignments } from '../db/schema/tenancy.js';
import { conversationMessages as cm } from '../../shared/messages/conversations.js';
import type { CommunicationSeedPlan } from './announcements.js';
import { createRandom } from './names.js';

const DAY = 86_400_000;

interface Thread {
  subject: string | null;
  /** [0] is the parent / first person, [1] the other. */
  people: [string, string];
  /** Lines alternate between the two, starting with `people[0]` unless a line says otherwise. */
  lines: { from: 0 | 1; body: string }[];
  /** Messages at the end the first person has not read. */
  unreadForFirst: number;
}

/**
 * Demo conversations (issue 17 "Demo data"): the demo parent with their child's class teacher, a subject
 * teacher and the finance office, and the principal with the demo teacher; 3 to 8 messages each over the
 * last weeks, the newest ones unread for the parent; office hours with an auto-reply for the demo teacher.
 */
export async function seedConversations(tx: Tx, plan: CommunicationSeedPlan, seed: number): Promise<void> {
  const rnd = createRandom(seed);
  const now = Date.now();
  const kids = plan.parentChildIds.length
    ? await tx.select({ firstName: students.firstName, classId: students.classId }).from(students).where(inArray(students.id, plan.parentChildIds)).orderBy(asc(students.firstName))
    : [];
  const classIds = [...new Set(kids.map((k) => k.classId).filter((v): v is string => !!v))];
  const streams = classIds.length
    ? await tx.select({ id: classes.id, name: classes.name, classTeacherId: classes.classTeacherId }).from(classes).where(and(inArray(classes.id, classIds), isNotNull(classes.classTeacherId)))
    : [];
  const taught = classIds.length
    ? await tx
        .select({ teacherId: teacherAssignments.teacherId, subject: subjects.name, classId: teacherAssignments.classId })
        .from(teacherAssignments)
        .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
        .where(inArray(teacherAssignments.classId, classIds))
        .orderBy(asc(subjects.name))
    : [];
  const child = kids[0]?.firstName ?? 'your child';
  // The class teacher: the demo teacher when they lead a child's stream, else the first child's.
  const lead = streams.find((s) => s.classTeacherId === plan.demoTeacherId) ?? streams.find((s) => s.id === kids[0]?.classId) ?? streams[0];
  const classTeacherId = lead?.classTeacherId ?? null;
  const subjectSlot = taught.find((t) => t.teacherId === plan.demoTeacherId && t.teacherId !== classTeacherId) ?? taught.find((t) => t.teacherId !== classTeacherId);

  const threads: Thread[] = [];
  if (classTeacherId) {
    threads.push({
      subject: null,
      people: [plan.parentId, classTeacherId],
      lines: [
        { from: 0, body: `Good morning. ${child} was unwell yesterday and missed the Science practical. Is there a way to catch up?` },
        { from: 1, body: `Good morning. Sorry to hear that. ${child} can do the practical with the other stream on Thursday after lunch.` },
        { from: 0, body: 'Thank you, I will let them know.' },
        { from: 1, body: `Also a reminder: the class trip consent form is due on Friday. ${child}’s is still outstanding.` },
        { from: 1, body: 'You can send it with them or upload a photo here.' },
      ],
      unreadForFirst: 2,
    });
  }
  if (subjectSlot) {
    threads.push({
      subject: `${subjectSlot.subject} homework`,
      people: [plan.parentId, subjectSlot.teacherId],
      lines: [
        { from: 0, body: `Hello, ${child} says the ${subjectSlot.subject} homework on page 42 was not covered in class. Could you confirm?` },
        { from: 1, body: 'Hello. We covered the first half on Tuesday; questions 6 to 10 are for next week. Only 1 to 5 are due.' },
        { from: 0, body: 'That makes sense, thank you for clarifying.' },
        { from: 1, body: `${child} did well in the last quiz, 8 out of 10.` },
      ],
      unreadForFirst: 1,
    });
  }
  threads.push({
    subject: 'Fee balance for this term',
    people: [plan.parentId, plan.financeOfficerId],
    lines: [
      { from: 0, body: 'Good afternoon. I paid KES 15,000 by M-Pesa on Monday but the statement still shows the old balance.' },
      { from: 1, body: 'Good afternoon. Please share the M-Pesa confirmation code so we can match the payment.' },
      { from: 0, body: 'The code is SFK3H2L9QX.' },
      { from: 1, body: 'Thank you. The payment is now on the account and the balance is updated. A receipt is in Fees.' },
      { from: 0, body: 'Received, thank you.' },
      { from: 1, body: 'You are welcome. The next instalment is due at half term.' },
    ],
    unreadForFirst: 0,
  });
  if (plan.demoTeacherId !== plan.principalId) {
    threads.push({
      subject: 'Mid-term assessment schedule',
      people: [plan.principalId, plan.demoTeacherId],
      lines: [
        { from: 0, body: 'Please share the draft mid-term assessment schedule for your streams by Wednesday.' },
        { from: 1, body: 'Noted. I will have it ready by Tuesday evening.' },
        { from: 1, body: 'Shared the draft in the staff folder. Mathematics papers are on Monday and Tuesday.' },
        { from: 0, body: 'Thank you, it looks good. Let us review it in the staff meeting on Thursday.' },
      ],
      unreadForFirst: 0,
    });
  }

  for (const [ti, t] of threads.entries()) {
    if (t.people[0] === t.people[1]) continue;
    // Spread the thread over the last weeks: older threads start earlier; the newest message is recent.
    const start = now - (21 - ti * 4) * DAY - Math.floor(rnd.next() * 6) * 3_600_000;
    let at = start;
    const stamps = t.lines.map((_, i) => new Date((at += i === 0 ? 0 : Math.floor((0.5 + rnd.next() * 1.5) * DAY))));
    const last = stamps[stamps.length - 1]!;
    const [conv] = await tx
      .insert(conversations)
      .values({ schoolId: plan.schoolId, kind: 'direct', subject: t.subject, createdBy: t.people[0], lastMessageAt: last, createdAt: stamps[0]! })
      .returning({ id: conversations.id });
    const readIndex = t.lines.length - 1 - t.unreadForFirst;
    const lastOf = (who: 0 | 1) => stamps.filter((_, i) => t.lines[i]!.from === who).pop() ?? stamps[0]!;
    await tx.insert(conversationParticipants).values([
      { conversationId: conv!.id, userId: t.people[0], schoolId: plan.schoolId, lastReadAt: stamps[Math.max(0, readIndex)]!, joinedAt: stamps[0]! },
      { conversationId: conv!.id, userId: t.people[1], schoolId: plan.schoolId, lastReadAt: new Date(Math.max(lastOf(1).getTime(), lastOf(0).getTime())), joinedAt: stamps[0]! },
    ]);
    await tx.insert(conversationMessages).values(
      t.lines.map((l, i) => ({ conversationId: conv!.id, schoolId: plan.schoolId, senderId: t.people[l.from], body: l.body, createdAt: stamps[i]! })),
    );
  }

  await tx.insert(staffOfficeHours).values({
    userId: plan.demoTeacherId,
    schoolId: plan.schoolId,
    enabled: true,
    hours: { days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00' },
    autoReply: cm.defaultAutoReply,
  });
}
