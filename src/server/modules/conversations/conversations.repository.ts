import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  classes,
  conversationBroadcastRecipients,
  conversationBroadcasts,
  smsMessages,
  conversationMessages,
  conversationParticipants,
  conversations,
  guardians,
  messageReports,
  profiles,
  staffOfficeHours,
  studentGuardians,
  students,
  subjects,
  teacherAssignments,
  type ConversationMessageRow,
  type ConversationParticipantRow,
  type ConversationRow,
  type MessageReportRow,
  type StaffOfficeHoursRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

export type { ConversationRow, ConversationParticipantRow as ParticipantRow, ConversationMessageRow as MessageRow } from '../../db/schema/index.js';

/**
 * Queries of the conversations service: who relates to whom (guardians, streams, teaching), the
 * caller's conversations and messages, office hours and safeguarding reports. Every function runs in
 * the caller's school-scoped transaction (row-level security); per-school reads keep their explicit
 * school_id predicate on top.
 */

// -------------------------------------------------------------------------------------------------
// Who relates to whom

/** Active learners linked to each parent account in `parentIds` (parent id, learner id, first name, stream). */
export async function listChildrenOfParents(tx: Tx, schoolId: string, parentIds: string[]) {
  if (!parentIds.length) return [];
  return tx
    .select({ parentId: guardians.profileId, studentId: students.id, firstName: students.firstName, classId: students.classId })
    .from(guardians)
    .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(guardians.schoolId, schoolId), inArray(guardians.profileId, parentIds), eq(students.status, 'active')));
}

/** Streams (class ids) the teacher is class teacher of. */
export async function listStreamsLedBy(tx: Tx, schoolId: string, teacherId: string): Promise<{ id: string }[]> {
  return tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.classTeacherId, teacherId)));
}

/** Streams (class ids) the teacher has a subject assignment in (one row per assignment). */
export async function listStreamsTaughtBy(tx: Tx, schoolId: string, teacherId: string): Promise<{ id: string }[]> {
  return tx.select({ id: teacherAssignments.classId }).from(teacherAssignments).where(and(eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.teacherId, teacherId)));
}

/**
 * Active parent accounts of the school's active learners in `classIds` (null: every stream), one row
 * per parent and learner: the parent's id and name, the learner's first name. Unordered.
 */
export async function listParentsOfStreams(tx: Tx, schoolId: string, classIds: string[] | null): Promise<{ parentId: string; name: string; firstName: string }[]> {
  return tx
    .select({ parentId: profiles.id, name: profiles.name, firstName: students.firstName })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .innerJoin(profiles, eq(profiles.id, guardians.profileId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.status, 'active'),
        classIds ? inArray(students.classId, classIds.length ? classIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
        eq(profiles.role, 'parent'),
        eq(profiles.status, 'active'),
        eq(profiles.schoolId, schoolId),
      ),
    );
}

/** Streams `classIds` with their name and class teacher. */
export async function listStreamsByIds(tx: Tx, classIds: string[]): Promise<{ id: string; name: string; classTeacherId: string | null }[]> {
  return tx.select({ id: classes.id, name: classes.name, classTeacherId: classes.classTeacherId }).from(classes).where(inArray(classes.id, classIds));
}

/** Subject assignments in streams `classIds`: teacher, subject name and stream name, by subject name. */
export async function listSubjectTeachersOfStreams(tx: Tx, schoolId: string, classIds: string[]): Promise<{ teacherId: string; subject: string; stream: string }[]> {
  return tx
    .select({ teacherId: teacherAssignments.teacherId, subject: subjects.name, stream: classes.name })
    .from(teacherAssignments)
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
    .where(and(eq(teacherAssignments.schoolId, schoolId), inArray(teacherAssignments.classId, classIds)))
    .orderBy(asc(subjects.name));
}

/**
 * The school's streams that have a class teacher: the class teacher's id and the stream's name; only
 * those of `teacherIds` when given.
 */
export async function listClassTeacherStreams(tx: Tx, schoolId: string, teacherIds?: string[]): Promise<{ id: string | null; name: string }[]> {
  return tx
    .select({ id: classes.classTeacherId, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), teacherIds ? inArray(classes.classTeacherId, teacherIds) : isNotNull(classes.classTeacherId)));
}

/** Active profiles of the school with a role in `roles`, except `exceptId`; by name. */
export async function listActiveStaff(tx: Tx, schoolId: string, roles: readonly string[], exceptId: string): Promise<{ id: string; name: string; role: string | null }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.status, 'active'), inArray(profiles.role, [...roles]), ne(profiles.id, exceptId)))
    .orderBy(asc(profiles.name));
}

/** Id, name and role of profiles `ids`. */
export async function listProfilesByIds(tx: Tx, ids: string[]): Promise<{ id: string; name: string; role: string | null }[]> {
  return tx.select({ id: profiles.id, name: profiles.name, role: profiles.role }).from(profiles).where(inArray(profiles.id, ids));
}

/** Id and name of profiles `ids` (an empty list reads nothing). */
export async function listProfileNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, ids.concat(['00000000-0000-0000-0000-000000000000'])));
}

// -------------------------------------------------------------------------------------------------
// Conversations

/** Conversation `id` of the school with `userId`'s participant row; undefined when they are not in it. */
export async function findOwnConversation(tx: Tx, schoolId: string, userId: string, id: string): Promise<{ conv: ConversationRow; me: ConversationParticipantRow } | undefined> {
  const [row] = await tx
    .select({ conv: conversations, me: conversationParticipants })
    .from(conversations)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, userId)))
    .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId)));
  return row;
}

/** Conversation `id` of the school. */
export async function findConversation(tx: Tx, schoolId: string, id: string): Promise<ConversationRow | undefined> {
  const [conv] = await tx.select().from(conversations).where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId)));
  return conv;
}

/** Filters of the caller's conversation list. */
export interface OwnConversationFilters {
  /** Archived (by the caller) ones instead of the others. */
  archived: boolean;
  /** Text in the subject, another participant's name or a message. */
  search?: string;
}

/** A page of `userId`'s conversations in the school, newest activity first (then id), with their participant row. */
export async function listOwnConversations(tx: Tx, schoolId: string, userId: string, f: OwnConversationFilters, w: PageWindow): Promise<{ conv: ConversationRow; me: ConversationParticipantRow }[]> {
  const where: (SQL | undefined)[] = [eq(conversations.schoolId, schoolId), f.archived ? isNotNull(conversationParticipants.archivedAt) : isNull(conversationParticipants.archivedAt)];
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(
      or(
        ilike(conversations.subject, like),
        sql`exists (select 1 from ${conversationParticipants} cp join ${profiles} pr on pr.id = cp.user_id
                    where cp.conversation_id = ${conversations.id} and cp.user_id <> ${userId} and pr.name ilike ${like})`,
        sql`exists (select 1 from ${conversationMessages} cm where cm.conversation_id = ${conversations.id} and cm.body ilike ${like})`,
      ),
    );
  }
  return tx
    .select({ conv: conversations, me: conversationParticipants })
    .from(conversations)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, userId)))
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** SQL: conversation `conversations.id` has at least one parent among its participants. */
const involvesParent = () =>
  sql`exists (select 1 from ${conversationParticipants} cp join ${profiles} pr on pr.id = cp.user_id
              where cp.conversation_id = ${conversations.id} and pr.role = 'parent')`;

/**
 * A page of the school's conversations with at least one parent taking part, newest activity first
 * (then id); `search` matches the subject, a participant's name, or the name of a learner whose
 * guardian takes part. Metadata only.
 */
export async function listReviewableConversations(tx: Tx, schoolId: string, search: string | undefined, w: PageWindow): Promise<{ id: string; subject: string | null; lastMessageAt: Date }[]> {
  const where: (SQL | undefined)[] = [eq(conversations.schoolId, schoolId), involvesParent()];
  if (search) {
    const like = containsPattern(search);
    where.push(
      or(
        ilike(conversations.subject, like),
        sql`exists (select 1 from ${conversationParticipants} cp join ${profiles} pr on pr.id = cp.user_id
                    where cp.conversation_id = ${conversations.id} and pr.name ilike ${like})`,
        sql`exists (select 1 from ${conversationParticipants} cp
                    join ${guardians} g on g.profile_id = cp.user_id and g.school_id = ${conversations.schoolId}
                    join ${studentGuardians} sg on sg.guardian_id = g.id
                    join ${students} st on st.id = sg.student_id
                    where cp.conversation_id = ${conversations.id}
                      and (concat_ws(' ', st.first_name, st.last_name) ilike ${like}
                           or concat_ws(' ', st.first_name, st.middle_name, st.last_name) ilike ${like}))`,
      ),
    );
  }
  return tx
    .select({ id: conversations.id, subject: conversations.subject, lastMessageAt: conversations.lastMessageAt })
    .from(conversations)
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** The direct conversation of exactly `a` and `b` (only subject-less ones when `subjectless`), a subject-less one first, then the newest. */
export async function findDirectConversation(tx: Tx, schoolId: string, a: string, b: string, subjectless: boolean): Promise<string | null> {
  const rows = await tx.execute<{ id: string }>(sql`
    select c.id from ${conversations} c
    where c.school_id = ${schoolId} and c.kind = 'direct' ${subjectless ? sql`and c.subject is null` : sql``}
      and exists (select 1 from ${conversationParticipants} p where p.conversation_id = c.id and p.user_id = ${a})
      and exists (select 1 from ${conversationParticipants} p where p.conversation_id = c.id and p.user_id = ${b})
      and (select count(*) from ${conversationParticipants} p where p.conversation_id = c.id) = 2
    order by (c.subject is null) desc, c.last_message_at desc limit 1`);
  const list = (rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]);
  return list[0]?.id ?? null;
}

/** Waits for, then holds until commit, the transaction-level advisory lock named `key`. */
export async function lockForTransaction(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Inserts a conversation; returns its id. */
export async function insertConversation(tx: Tx, values: typeof conversations.$inferInsert): Promise<string> {
  const [row] = await tx.insert(conversations).values(values).returning({ id: conversations.id });
  return row!.id;
}

/** Inserts participant rows. */
export async function insertParticipants(tx: Tx, rows: (typeof conversationParticipants.$inferInsert)[]): Promise<void> {
  await tx.insert(conversationParticipants).values(rows);
}

/** Sets the last activity of conversation `ids` (one id or several). */
export async function setLastMessageAt(tx: Tx, ids: string | string[], at: Date): Promise<void> {
  await tx
    .update(conversations)
    .set({ lastMessageAt: at })
    .where(typeof ids === 'string' ? eq(conversations.id, ids) : inArray(conversations.id, ids));
}

/** Inserts a broadcast; returns its id. */
export async function insertBroadcast(tx: Tx, values: typeof conversationBroadcasts.$inferInsert): Promise<string> {
  const [b] = await tx.insert(conversationBroadcasts).values(values).returning({ id: conversationBroadcasts.id });
  return b!.id;
}

/** Stream `classId` of the school with its class teacher. */
export async function findStream(tx: Tx, schoolId: string, classId: string): Promise<{ id: string; classTeacherId: string | null } | undefined> {
  const [stream] = await tx.select({ id: classes.id, classTeacherId: classes.classTeacherId }).from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return stream;
}

// -------------------------------------------------------------------------------------------------
// Participants

/** Participants (conversation id, user id) of conversations `ids`. */
export async function listParticipantsOf(tx: Tx, ids: string[]): Promise<{ conversationId: string; userId: string }[]> {
  return tx.select({ conversationId: conversationParticipants.conversationId, userId: conversationParticipants.userId }).from(conversationParticipants).where(inArray(conversationParticipants.conversationId, ids));
}

/** User ids of a conversation's participants. */
export async function listParticipantUserIds(tx: Tx, conversationId: string): Promise<{ userId: string }[]> {
  return tx.select({ userId: conversationParticipants.userId }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId));
}

/** Each participant of a conversation with when they last read it. */
export async function listReadMarks(tx: Tx, conversationId: string): Promise<{ userId: string; lastReadAt: Date | null }[]> {
  return tx.select({ userId: conversationParticipants.userId, lastReadAt: conversationParticipants.lastReadAt }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId));
}

/** Each participant of a conversation with their profile role. */
export async function listParticipantRoles(tx: Tx, conversationId: string): Promise<{ userId: string; role: string | null }[]> {
  return tx
    .select({ userId: conversationParticipants.userId, role: profiles.role })
    .from(conversationParticipants)
    .innerJoin(profiles, eq(profiles.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId));
}

/** True when `userId` takes part in the conversation. */
export async function isParticipant(tx: Tx, conversationId: string, userId: string): Promise<boolean> {
  const [inIt] = await tx
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
  return !!inIt;
}

/** `userId` has read conversation(s) `ids` up to `at`. */
export async function setReadUpTo(tx: Tx, ids: string | string[], userId: string, at: Date): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ lastReadAt: at })
    .where(and(typeof ids === 'string' ? eq(conversationParticipants.conversationId, ids) : inArray(conversationParticipants.conversationId, ids), eq(conversationParticipants.userId, userId)));
}

/** Brings conversation(s) `ids` back from the archive of every participant but `userId`. */
export async function unarchiveForOthers(tx: Tx, ids: string | string[], userId: string): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ archivedAt: null })
    .where(and(typeof ids === 'string' ? eq(conversationParticipants.conversationId, ids) : inArray(conversationParticipants.conversationId, ids), ne(conversationParticipants.userId, userId)));
}

/** Archives (at `at`) or restores (null) the conversation for `userId` only. */
export async function setArchivedAt(tx: Tx, conversationId: string, userId: string, at: Date | null): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ archivedAt: at })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
}

// -------------------------------------------------------------------------------------------------
// Messages

/** The newest message of each of conversations `ids` (body, sender name, time). */
export async function listLastMessages(tx: Tx, ids: string[]): Promise<{ conversationId: string; body: string; senderName: string | null; createdAt: Date }[]> {
  return tx
    .selectDistinctOn([conversationMessages.conversationId], {
      conversationId: conversationMessages.conversationId,
      body: conversationMessages.body,
      senderName: profiles.name,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .leftJoin(profiles, eq(profiles.id, conversationMessages.senderId))
    .where(inArray(conversationMessages.conversationId, ids))
    .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt), desc(conversationMessages.id));
}

/**
 * Messages `userId` has not read (sent by someone else after their last read), counted per conversation
 * they take part in; within conversations `conversationIds` or the school `schoolId` (whichever given).
 */
export async function countUnreadByConversation(tx: Tx, userId: string, within: { conversationIds?: string[]; schoolId?: string }): Promise<{ conversationId: string; n: number }[]> {
  return tx
    .select({ conversationId: conversationMessages.conversationId, n: count() })
    .from(conversationMessages)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversationMessages.conversationId), eq(conversationParticipants.userId, userId)))
    .where(
      and(
        within.conversationIds ? inArray(conversationMessages.conversationId, within.conversationIds) : undefined,
        within.schoolId ? eq(conversationMessages.schoolId, within.schoolId) : undefined,
        or(isNull(conversationMessages.senderId), ne(conversationMessages.senderId, userId)),
        or(isNull(conversationParticipants.lastReadAt), gt(conversationMessages.createdAt, conversationParticipants.lastReadAt)),
      ),
    )
    .groupBy(conversationMessages.conversationId);
}

/** Number of messages of each of conversations `ids` (conversations without any absent). */
export async function countMessagesByConversation(tx: Tx, ids: string[]): Promise<{ conversationId: string; n: number }[]> {
  return tx.select({ conversationId: conversationMessages.conversationId, n: count() }).from(conversationMessages).where(inArray(conversationMessages.conversationId, ids)).groupBy(conversationMessages.conversationId);
}

/** True when the conversation has a message not sent by `userId` after `since` (any time when null). */
export async function hasMessageFromOthersAfter(tx: Tx, conversationId: string, userId: string, since: Date | null): Promise<boolean> {
  const [unread] = await tx
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        or(isNull(conversationMessages.senderId), ne(conversationMessages.senderId, userId)),
        since ? gt(conversationMessages.createdAt, since) : undefined,
      ),
    )
    .limit(1);
  return !!unread;
}

/** When message `messageId` of the conversation was sent; undefined when it is not one of its messages. */
export async function findMessageTime(tx: Tx, conversationId: string, messageId: string): Promise<Date | undefined> {
  const [ref] = await tx.select({ createdAt: conversationMessages.createdAt }).from(conversationMessages).where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, conversationId)));
  return ref?.createdAt;
}

/** Where a page of messages ends: before a message (its time, then id) or before a time. */
export type MessageCursor = { at: Date; id: string } | { at: Date; id?: undefined };

/** Up to `limit` messages of the conversation before `cursor` (null: the newest), newest first (then id). */
export async function listMessagesBefore(tx: Tx, conversationId: string, cursor: MessageCursor | null, limit: number): Promise<ConversationMessageRow[]> {
  const before = !cursor
    ? undefined
    : cursor.id !== undefined
      ? or(lt(conversationMessages.createdAt, cursor.at), and(eq(conversationMessages.createdAt, cursor.at), lt(conversationMessages.id, cursor.id)))
      : lt(conversationMessages.createdAt, cursor.at);
  return tx
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), before))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit);
}

/** Every message of the conversation, oldest first (then id). */
export async function listAllMessages(tx: Tx, conversationId: string): Promise<ConversationMessageRow[]> {
  return tx.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId)).orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
}

/** The message `senderId` stored under `idempotencyKey`. */
export async function findMessageByIdempotencyKey(tx: Tx, senderId: string, idempotencyKey: string): Promise<ConversationMessageRow | undefined> {
  const [prior] = await tx.select().from(conversationMessages).where(and(eq(conversationMessages.senderId, senderId), eq(conversationMessages.idempotencyKey, idempotencyKey)));
  return prior;
}

/** Inserts a message; returns the row. */
export async function insertMessage(tx: Tx, values: typeof conversationMessages.$inferInsert): Promise<ConversationMessageRow> {
  const [row] = await tx.insert(conversationMessages).values(values).returning();
  return row!;
}

/** Inserts a message unless its sender already used its idempotency key; undefined then. */
export async function insertMessageUnlessKeyUsed(tx: Tx, values: typeof conversationMessages.$inferInsert): Promise<ConversationMessageRow | undefined> {
  const [row] = await tx.insert(conversationMessages).values(values).onConflictDoNothing({ target: [conversationMessages.senderId, conversationMessages.idempotencyKey] }).returning();
  return row;
}

/** Inserts messages (one or several) without reading them back. */
export async function insertMessages(tx: Tx, values: typeof conversationMessages.$inferInsert | (typeof conversationMessages.$inferInsert)[]): Promise<void> {
  await tx.insert(conversationMessages).values(Array.isArray(values) ? values : [values]);
}

/** Attachments of message `messageId` of the conversation; undefined when it is not one of its messages. */
export async function findMessageAttachments(tx: Tx, conversationId: string, messageId: string): Promise<ConversationMessageRow['attachments'] | undefined> {
  const [row] = await tx.select({ attachments: conversationMessages.attachments }).from(conversationMessages).where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, conversationId)));
  return row?.attachments;
}

/** Message `messageId` of the school: sender and conversation. */
export async function findSchoolMessage(tx: Tx, schoolId: string, messageId: string): Promise<{ id: string; senderId: string | null; conversationId: string } | undefined> {
  const [msg] = await tx
    .select({ id: conversationMessages.id, senderId: conversationMessages.senderId, conversationId: conversationMessages.conversationId })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.schoolId, schoolId)));
  return msg;
}

// -------------------------------------------------------------------------------------------------
// Office hours

/** Enabled office hours (user, hours, auto-reply text) of the school's staff taking part in the conversation. */
export async function listEnabledOfficeHoursIn(tx: Tx, schoolId: string, conversationId: string): Promise<{ userId: string; hours: StaffOfficeHoursRow['hours']; autoReply: string }[]> {
  return tx
    .select({ userId: staffOfficeHours.userId, hours: staffOfficeHours.hours, autoReply: staffOfficeHours.autoReply })
    .from(staffOfficeHours)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.userId, staffOfficeHours.userId), eq(conversationParticipants.conversationId, conversationId)))
    .where(and(eq(staffOfficeHours.enabled, true), eq(staffOfficeHours.schoolId, schoolId)));
}

/** True when `senderId` posted an auto-reply in the conversation at or after `since`. */
export async function hasAutoReplySince(tx: Tx, conversationId: string, senderId: string, since: Date): Promise<boolean> {
  const [recent] = await tx
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.senderId, senderId), eq(conversationMessages.autoReply, true), gte(conversationMessages.createdAt, since)))
    .limit(1);
  return !!recent;
}

/** The office hours of `userId`. */
export async function findOfficeHours(tx: Tx, userId: string): Promise<StaffOfficeHoursRow | undefined> {
  const [row] = await tx.select().from(staffOfficeHours).where(eq(staffOfficeHours.userId, userId));
  return row;
}

/** Inserts or replaces the office hours of `v.userId`. */
export async function upsertOfficeHours(
  tx: Tx,
  v: { userId: string; schoolId: string; enabled: boolean; hours: StaffOfficeHoursRow['hours']; autoReply: string; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(staffOfficeHours)
    .values({ userId: v.userId, schoolId: v.schoolId, enabled: v.enabled, hours: v.hours, autoReply: v.autoReply, updatedAt: v.updatedAt })
    .onConflictDoUpdate({ target: staffOfficeHours.userId, set: { enabled: v.enabled, hours: v.hours, autoReply: v.autoReply, updatedAt: v.updatedAt } });
}

// -------------------------------------------------------------------------------------------------
// Safeguarding reports

/** True when `reportedBy` has an open report of message `messageId`. */
export async function hasOpenReport(tx: Tx, messageId: string, reportedBy: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: messageReports.id })
    .from(messageReports)
    .where(and(eq(messageReports.messageId, messageId), eq(messageReports.reportedBy, reportedBy), eq(messageReports.status, 'open')));
  return !!open;
}

/** Inserts a report; returns its id. */
export async function insertReport(tx: Tx, v: { schoolId: string; messageId: string; reportedBy: string; reason: string }): Promise<string> {
  const [row] = await tx.insert(messageReports).values({ schoolId: v.schoolId, messageId: v.messageId, reportedBy: v.reportedBy, reason: v.reason }).returning({ id: messageReports.id });
  return row!.id;
}

/** The school's reports with `status` ('all': any), newest first, at most 200, with the message and its conversation's subject. */
export async function listReportsWithMessages(tx: Tx, schoolId: string, status: string): Promise<{ report: MessageReportRow; message: ConversationMessageRow; subject: string | null }[]> {
  return tx
    .select({ report: messageReports, message: conversationMessages, subject: conversations.subject })
    .from(messageReports)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageReports.messageId))
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(messageReports.schoolId, schoolId), status === 'all' ? undefined : eq(messageReports.status, status)))
    .orderBy(desc(messageReports.createdAt))
    .limit(200);
}

/** Sets report `id` of the school to `status`, reviewed by `reviewedBy` at `at`; undefined when there is none. */
export async function closeReportRow(tx: Tx, schoolId: string, id: string, status: string, reviewedBy: string, at: Date): Promise<MessageReportRow | undefined> {
  const [row] = await tx
    .update(messageReports)
    .set({ status, reviewedBy, reviewedAt: at })
    .where(and(eq(messageReports.id, id), eq(messageReports.schoolId, schoolId)))
    .returning();
  return row;
}

// -------------------------------------------------------------------------------------------------
// Broadcast recipients (issue 36 §2)

/** Writes a broadcast's recipient rows (one per account or guardian; unique per broadcast). */
export async function insertBroadcastRecipients(tx: Tx, rows: (typeof conversationBroadcastRecipients.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(conversationBroadcastRecipients).values(rows.slice(i, i + 500));
}

/** Records the e-mail outcome of a broadcast recipient row `id` (sent, or failed with why). */
export async function recordBroadcastEmail(tx: Tx, id: string, status: 'sent' | 'failed', error: string | null): Promise<void> {
  await tx.update(conversationBroadcastRecipients).set({ emailStatus: status, emailError: error }).where(eq(conversationBroadcastRecipients.id, id));
}

/** Broadcast `id` of the school (sender, stream name, when), or undefined. */
export async function findBroadcast(tx: Tx, schoolId: string, id: string): Promise<{ id: string; senderId: string | null; className: string | null; createdAt: Date } | undefined> {
  const [b] = await tx
    .select({ id: conversationBroadcasts.id, senderId: conversationBroadcasts.senderId, className: classes.name, createdAt: conversationBroadcasts.createdAt })
    .from(conversationBroadcasts)
    .leftJoin(classes, eq(classes.id, conversationBroadcasts.classId))
    .where(and(eq(conversationBroadcasts.id, id), eq(conversationBroadcasts.schoolId, schoolId)));
  return b;
}

/** A broadcast recipient's live status: an SMS row's own status (delivery reports update it), else the row's. */
const liveStatus = sql<string>`coalesce(${smsMessages.status}, ${conversationBroadcastRecipients.status})`;
const liveError = sql<string | null>`case when ${smsMessages.id} is null then ${conversationBroadcastRecipients.error} else coalesce(${smsMessages.error}, ${conversationBroadcastRecipients.error}) end`;

/** One page of broadcast `broadcastId`'s recipients by name, then id (unique, so pages never repeat). */
export async function listBroadcastRecipientPage(tx: Tx, broadcastId: string, w: { limit: number; offset: number }) {
  return tx
    .select({ r: conversationBroadcastRecipients, status: liveStatus, error: liveError })
    .from(conversationBroadcastRecipients)
    .leftJoin(smsMessages, eq(smsMessages.id, conversationBroadcastRecipients.smsMessageId))
    .where(eq(conversationBroadcastRecipients.broadcastId, broadcastId))
    .orderBy(asc(conversationBroadcastRecipients.name), asc(conversationBroadcastRecipients.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Counts of broadcast `broadcastId`'s recipients by channel and live status. */
export async function broadcastRecipientTotals(tx: Tx, broadcastId: string): Promise<{ channel: string; status: string; n: number }[]> {
  return tx
    .select({ channel: conversationBroadcastRecipients.channel, status: liveStatus, n: sql<number>`count(*)::int` })
    .from(conversationBroadcastRecipients)
    .leftJoin(smsMessages, eq(smsMessages.id, conversationBroadcastRecipients.smsMessageId))
    .where(eq(conversationBroadcastRecipients.broadcastId, broadcastId))
    .groupBy(conversationBroadcastRecipients.channel, liveStatus);
}
