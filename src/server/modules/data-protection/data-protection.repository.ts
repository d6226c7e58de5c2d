import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../../lib/paging.js';
import { paymentDetailColumns } from '../../lib/payment-columns.js';
import type { ListRequestsQuery } from '../../../shared/contracts/data-protection.js';
import { relationshipText } from '../../../shared/contracts/learners.js';
import {
  absenceAlerts,
  accounts,
  adminCommunications,
  auditLogs,
  certificates,
  classes,
  conversationBroadcasts,
  conversationMessages,
  conversationParticipants,
  conversations,
  dataProtectionRequests,
  departmentMembers,
  departments,
  examMarks,
  examSeries,
  feeAdjustments,
  files,
  formativeAssessments,
  gradeAudit,
  guardians,
  idempotencyKeys,
  inventoryItems,
  inventoryMovements,
  invoiceLines,
  invoices,
  leaveAllocations,
  leaveRequests,
  loginAttempts,
  messageReports,
  mpesaStkRequests,
  mpesaTransactions,
  notifications,
  payComponents,
  payments,
  payrollLines,
  payrollRuns,
  profiles,
  reportComments,
  schoolAnnouncementRecipients,
  schoolAnnouncements,
  schools,
  sessions,
  smsMessages,
  staffAttendance,
  staffDocuments,
  staffMembers,
  staffOfficeHours,
  studentBalances,
  studentCharges,
  studentEnrolments,
  studentExits,
  studentFeeOptions,
  studentGuardians,
  students,
  subjects,
  supportTicketReplies,
  supportTickets,
  teacherAssignments,
  terms,
  transferRequests,
  transfers,
  transportAssignments,
  transportRoutes,
  transportStops,
  userActivityDays,
  userDismissedCommunications,
  users,
  verifications,
  attendanceEntries,
  securityAlerts,
  twoFactorChallenges,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
  userSignInNetworks,
  type DataProtectionOutcome,
} from '../../db/schema/index.js';
import { containsAny, containsPattern } from '../../lib/like.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Reads and writes of data protection requests (issue 18 §2). Every query about a data subject is
 * keyed by the subject's id (set-based: one statement per table, never one per row); the service
 * decides who may ask and in which scope it runs.
 */

// ---------------------------------------------------------------------------------------------------
// Subjects

const learnerName = sql<string>`concat_ws(' ', ${students.firstName}, nullif(${students.middleName}, ''), ${students.lastName})`;

/** Learners whose names, admission number or identifiers match `q` (the register's search text), best first. */
export async function searchLearners(tx: Tx, q: string, limit: number) {
  const like = containsPattern(q.toLowerCase());
  return tx
    .select({
      id: students.id,
      name: learnerName,
      admissionNumber: students.admissionNumber,
      schoolId: students.schoolId,
      schoolName: schools.name,
      className: classes.name,
      status: students.status,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(or(sql`${students.searchText} like ${like}`, ilike(learnerName, like)))
    .orderBy(students.lastName, students.firstName, students.id)
    .limit(limit);
}

/** Users (profiles) whose name or e-mail matches `q`. */
export async function searchUsers(tx: Tx, q: string, limit: number) {
  return tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      role: profiles.role,
      schoolId: profiles.schoolId,
      schoolName: schools.name,
      status: profiles.status,
    })
    .from(profiles)
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(containsAny(q, [profiles.name, profiles.email]))
    .orderBy(profiles.name, profiles.id)
    .limit(limit);
}

/** Of these subjects, the ones already erased (a completed erasure request exists). */
export async function erasedSubjects(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: dataProtectionRequests.subjectId })
    .from(dataProtectionRequests)
    .where(and(inArray(dataProtectionRequests.subjectId, ids), eq(dataProtectionRequests.kind, 'erasure'), eq(dataProtectionRequests.status, 'completed')));
  return new Set(rows.map((r) => r.id));
}

/** Learners with a transfer request still pending (their snapshot is in use by the receiving school). */
export async function pendingTransfers(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: transferRequests.fromStudentId })
    .from(transferRequests)
    .where(and(inArray(transferRequests.fromStudentId, ids), eq(transferRequests.status, 'pending')));
  return new Set(rows.map((r) => r.id));
}

/** Number of active EduFam administrators other than `exceptId`. */
export async function otherActiveAdmins(tx: Tx, exceptId: string): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.role, 'edufam_admin'), eq(profiles.status, 'active'), ne(profiles.id, exceptId)));
  return r?.n ?? 0;
}

/** A learner as the caller's scope sees it (row-level security), or undefined. */
export async function learnerById(tx: Tx, id: string) {
  const [row] = await tx
    .select({ ...getTableColumns(students), name: learnerName, schoolName: schools.name, className: classes.name })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(eq(students.id, id));
  return row;
}

/** A user's profile as the caller's scope sees it, or undefined. */
export async function userById(tx: Tx, id: string) {
  const [row] = await tx
    .select({ ...getTableColumns(profiles), schoolName: schools.name })
    .from(profiles)
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(eq(profiles.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Export: every personal field held about the subject, one statement per table

/**
 * Awaits lazy queries one after another (a transaction is one connection: node-postgres deprecates
 * overlapping queries on a client). Drizzle builders run only when awaited, so building the list first
 * starts nothing.
 */
async function inOrder<T extends readonly unknown[] | []>(queries: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const out: unknown[] = [];
  for (const q of queries) out.push(await q);
  return out as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** Everything EduFam holds about a learner, by section. */
export async function learnerData(tx: Tx, id: string) {
  const { searchText: _searchText, accountKey: _accountKey, ...profileColumns } = getTableColumns(students);
  const [profile] = await tx
    .select({ ...profileColumns, schoolName: schools.name, className: classes.name })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(eq(students.id, id));

  const [
    guardianRows,
    enrolments,
    attendance,
    alerts,
    marks,
    formative,
    comments,
    markChanges,
    certs,
    invoiceRows,
    adjustments,
    paymentRows,
    balance,
    feeOptions,
    stk,
    mpesa,
    sms,
    transport,
    inventory,
    charges,
    transferRows,
    transferRequestRows,
    exits,
    fileRows,
  ] = await inOrder([
    tx
      .select({
        id: guardians.id,
        name: guardians.name,
        phone: guardians.phone,
        email: guardians.email,
        idNumber: guardians.idNumber,
        occupation: guardians.occupation,
        relationship: studentGuardians.relationship,
        /** The word the school typed on import ("Grandmother"; issue 34), or null. */
        relationshipLabel: studentGuardians.relationshipLabel,
        isPrimary: studentGuardians.isPrimary,
        hasAccount: sql<boolean>`${guardians.profileId} is not null`,
      })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, id))
      .orderBy(desc(studentGuardians.isPrimary), guardians.name),
    tx
      .select({ ...getTableColumns(studentEnrolments), className: classes.name })
      .from(studentEnrolments)
      .innerJoin(classes, eq(classes.id, studentEnrolments.classId))
      .where(eq(studentEnrolments.studentId, id))
      .orderBy(studentEnrolments.startedOn),
    tx
      .select({
        date: attendanceEntries.date,
        session: attendanceEntries.session,
        status: attendanceEntries.status,
        note: attendanceEntries.note,
        arrivalTime: attendanceEntries.arrivalTime,
      })
      .from(attendanceEntries)
      .where(eq(attendanceEntries.studentId, id))
      .orderBy(attendanceEntries.date, attendanceEntries.session),
    tx.select().from(absenceAlerts).where(eq(absenceAlerts.studentId, id)).orderBy(absenceAlerts.date),
    tx
      .select({
        exam: examSeries.name,
        term: terms.name,
        subject: subjects.name,
        status: examMarks.status,
        score: examMarks.score,
        paperScores: examMarks.paperScores,
        percent: examMarks.percent,
        updatedAt: examMarks.updatedAt,
      })
      .from(examMarks)
      .innerJoin(examSeries, eq(examSeries.id, examMarks.examId))
      .innerJoin(terms, eq(terms.id, examSeries.termId))
      .innerJoin(subjects, eq(subjects.id, examMarks.subjectId))
      .where(eq(examMarks.studentId, id))
      .orderBy(examSeries.name, subjects.name),
    tx
      .select({
        term: terms.name,
        subject: subjects.name,
        strand: formativeAssessments.strand,
        subStrand: formativeAssessments.subStrand,
        level: formativeAssessments.level,
        points: formativeAssessments.points,
        comment: formativeAssessments.comment,
        assessedOn: formativeAssessments.assessedOn,
      })
      .from(formativeAssessments)
      .innerJoin(terms, eq(terms.id, formativeAssessments.termId))
      .innerJoin(subjects, eq(subjects.id, formativeAssessments.subjectId))
      .where(eq(formativeAssessments.studentId, id))
      .orderBy(formativeAssessments.assessedOn),
    tx
      .select({ term: terms.name, classTeacherComment: reportComments.classTeacherComment, principalComment: reportComments.principalComment, updatedAt: reportComments.updatedAt })
      .from(reportComments)
      .innerJoin(terms, eq(terms.id, reportComments.termId))
      .where(eq(reportComments.studentId, id)),
    tx
      .select({
        exam: examSeries.name,
        subject: subjects.name,
        oldStatus: gradeAudit.oldStatus,
        oldScore: gradeAudit.oldScore,
        newStatus: gradeAudit.newStatus,
        newScore: gradeAudit.newScore,
        reason: gradeAudit.reason,
        changedAt: gradeAudit.changedAt,
      })
      .from(gradeAudit)
      .innerJoin(examSeries, eq(examSeries.id, gradeAudit.examId))
      .innerJoin(subjects, eq(subjects.id, gradeAudit.subjectId))
      .where(eq(gradeAudit.studentId, id))
      .orderBy(gradeAudit.changedAt),
    tx
      .select({
        id: certificates.id,
        kind: certificates.kind,
        content: certificates.content,
        generatedAt: certificates.generatedAt,
        revokedAt: certificates.revokedAt,
        revokeReason: certificates.revokeReason,
      })
      .from(certificates)
      .where(eq(certificates.studentId, id))
      .orderBy(certificates.generatedAt),
    tx
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        term: terms.name,
        issuedOn: invoices.issuedOn,
        dueOn: invoices.dueOn,
        totalCents: invoices.totalCents,
        status: invoices.status,
        cancelReason: invoices.cancelReason,
        lines: sql<{ name: string; category: string; amountCents: number }[]>`coalesce((
          select json_agg(json_build_object('name', ${invoiceLines.name}, 'category', ${invoiceLines.category}, 'amountCents', ${invoiceLines.amountCents}) order by ${invoiceLines.sortOrder})
          from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id}), '[]'::json)`,
      })
      .from(invoices)
      .innerJoin(terms, eq(terms.id, invoices.termId))
      .where(eq(invoices.studentId, id))
      .orderBy(invoices.issuedOn),
    tx
      .select({
        number: feeAdjustments.number,
        kind: feeAdjustments.kind,
        amountCents: feeAdjustments.amountCents,
        reason: feeAdjustments.reason,
        status: feeAdjustments.status,
        effectiveOn: feeAdjustments.effectiveOn,
        decisionNote: feeAdjustments.decisionNote,
      })
      .from(feeAdjustments)
      .where(eq(feeAdjustments.studentId, id))
      .orderBy(feeAdjustments.effectiveOn),
    tx
      .select(paymentDetailColumns)
      .from(payments)
      .where(eq(payments.studentId, id))
      .orderBy(payments.paidOn, payments.createdAt),
    tx.select().from(studentBalances).where(eq(studentBalances.studentId, id)),
    tx.select({ itemKey: studentFeeOptions.itemKey, createdAt: studentFeeOptions.createdAt }).from(studentFeeOptions).where(eq(studentFeeOptions.studentId, id)),
    tx
      .select({ phone: mpesaStkRequests.phone, amountCents: mpesaStkRequests.amountCents, status: mpesaStkRequests.status, mpesaReceipt: mpesaStkRequests.mpesaReceipt, createdAt: mpesaStkRequests.createdAt })
      .from(mpesaStkRequests)
      .where(eq(mpesaStkRequests.studentId, id)),
    tx
      .select({ transId: mpesaTransactions.transId, amountCents: mpesaTransactions.amountCents, msisdn: mpesaTransactions.msisdn, payerName: mpesaTransactions.payerName, transTime: mpesaTransactions.transTime, status: mpesaTransactions.status })
      .from(mpesaTransactions)
      .where(eq(mpesaTransactions.studentId, id)),
    tx
      .select({ toPhone: smsMessages.toPhone, body: smsMessages.body, kind: smsMessages.kind, status: smsMessages.status, createdAt: smsMessages.createdAt })
      .from(smsMessages)
      .where(eq(smsMessages.studentId, id))
      .orderBy(smsMessages.createdAt),
    tx
      .select({ route: transportRoutes.name, stop: transportStops.name, startsOn: transportAssignments.startsOn, endsOn: transportAssignments.endsOn, status: transportAssignments.status })
      .from(transportAssignments)
      .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
      .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
      .where(eq(transportAssignments.studentId, id))
      .orderBy(transportAssignments.startsOn),
    tx
      .select({ item: inventoryItems.name, type: inventoryMovements.type, quantity: inventoryMovements.quantity, unitPriceCents: inventoryMovements.unitPriceCents, movedOn: inventoryMovements.movedOn, reason: inventoryMovements.reason })
      .from(inventoryMovements)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.itemId))
      .where(eq(inventoryMovements.studentId, id))
      .orderBy(inventoryMovements.movedOn),
    tx
      .select({ source: studentCharges.source, description: studentCharges.description, category: studentCharges.category, amountCents: studentCharges.amountCents, status: studentCharges.status, createdAt: studentCharges.createdAt })
      .from(studentCharges)
      .where(eq(studentCharges.studentId, id)),
    tx
      .select({
        direction: transfers.direction,
        otherSchoolName: transfers.otherSchoolName,
        reason: transfers.reason,
        transferDate: transfers.transferDate,
        leavingCertificateNumber: transfers.leavingCertificateNumber,
        previousUpi: transfers.previousUpi,
        feesOwedCents: transfers.feesOwedCents,
      })
      .from(transfers)
      .where(eq(transfers.studentId, id)),
    tx
      .select({ learner: transferRequests.learner, reason: transferRequests.reason, transferDate: transferRequests.transferDate, status: transferRequests.status, decisionNote: transferRequests.decisionNote })
      .from(transferRequests)
      .where(or(eq(transferRequests.fromStudentId, id), eq(transferRequests.toStudentId, id))),
    tx
      .select({ exitType: studentExits.exitType, reason: studentExits.reason, exitDate: studentExits.exitDate, readmittedOn: studentExits.readmittedOn })
      .from(studentExits)
      .where(eq(studentExits.studentId, id)),
    learnerFiles(tx, id),
  ] as const);

  return {
    profile,
    // The relationship as EduFam's screens show it: the typed word when there is one, else the value's label.
    guardians: guardianRows.map((g) => ({ ...g, relationshipAsShown: relationshipText(g.relationship, g.relationshipLabel) })),
    classHistory: enrolments,
    attendance,
    absenceAlerts: alerts,
    marks,
    formativeAssessments: formative,
    reportComments: comments,
    markChanges,
    reportCards: certs.filter((c) => c.kind === 'report_card'),
    certificates: certs.filter((c) => c.kind !== 'report_card'),
    fees: { invoices: invoiceRows, adjustments, payments: paymentRows, statement: balance[0] ?? null, optionalItems: feeOptions, mpesaRequests: stk, mpesaTransactions: mpesa, smsMessages: sms },
    transport,
    inventoryIssues: inventory,
    charges,
    movements: { transfers: transferRows, transferRequests: transferRequestRows, exits },
    files: fileRows,
  };
}

/**
 * A learner's stored files (metadata only): the current photo and every earlier photo the audit trail
 * names (photos.service.ts keeps replaced photos for the audit trail).
 */
export function learnerFiles(tx: Tx, id: string) {
  const ids = sql`(
    select ${students.photoFileId} from ${students} where ${students.id} = ${id} and ${students.photoFileId} is not null
    union
    select (v.value)::uuid from ${auditLogs} a,
      lateral (select a.old_value->>'photoFileId' as value union all select a.new_value->>'photoFileId') v
    where a.target_entity = ${`student:${id}`} and v.value ~ '^[0-9a-f-]{36}$'
  )`;
  return tx
    .select({ id: files.id, kind: files.kind, storageKey: files.storageKey, contentType: files.contentType, sizeBytes: files.sizeBytes, originalName: files.originalName, createdAt: files.createdAt })
    .from(files)
    .where(sql`${files.id} in ${ids}`)
    .orderBy(files.createdAt);
}

/** Everything EduFam holds about a user (profile, account, sessions, activity, messages, staff record). */
export async function userData(tx: Tx, id: string) {
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000);
  const [profile] = await tx
    .select({ ...getTableColumns(profiles), schoolName: schools.name })
    .from(profiles)
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(eq(profiles.id, id));
  const [account] = await tx
    .select({ name: users.name, email: users.email, emailVerified: users.emailVerified, image: users.image, createdAt: users.createdAt, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, id));
  const [staff] = await tx.select().from(staffMembers).where(eq(staffMembers.profileId, id));
  const staffId = staff?.id ?? '00000000-0000-0000-0000-000000000000';

  const [
    credentials,
    sessionRows,
    attempts,
    activityDays,
    audit,
    announcementsPosted,
    announcementsReceived,
    notificationRows,
    messagesSent,
    conversationsIn,
    broadcasts,
    reports,
    ticketsOpened,
    ticketReplies,
    guardianOf,
    departmentRows,
    teaching,
    officeHours,
    staffAttendanceRows,
    leave,
    leaveBalances,
    payComponentRows,
    payslips,
    staffDocs,
    twoFactor,
    recoveryCodes,
    networks,
    alerts,
  ] = await inOrder([
    tx.select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt }).from(accounts).where(eq(accounts.userId, id)),
    tx
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.createdAt)),
    profile ? tx.select({ ip: loginAttempts.ip, succeeded: loginAttempts.succeeded, createdAt: loginAttempts.createdAt }).from(loginAttempts).where(eq(loginAttempts.email, profile.email)).orderBy(desc(loginAttempts.createdAt)) : [],
    tx.select({ day: userActivityDays.day, role: userActivityDays.role }).from(userActivityDays).where(eq(userActivityDays.userId, id)).orderBy(userActivityDays.day),
    tx
      .select({ action: auditLogs.action, targetEntity: auditLogs.targetEntity, resource: auditLogs.resource, success: auditLogs.success, ipAddress: auditLogs.ipAddress, createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(and(eq(auditLogs.performedByUserId, id), gte(auditLogs.createdAt, yearAgo)))
      .orderBy(desc(auditLogs.createdAt)),
    tx
      .select({ title: schoolAnnouncements.title, body: schoolAnnouncements.body, status: schoolAnnouncements.status, publishAt: schoolAnnouncements.publishAt, createdAt: schoolAnnouncements.createdAt })
      .from(schoolAnnouncements)
      .where(eq(schoolAnnouncements.authorId, id))
      .orderBy(schoolAnnouncements.createdAt),
    tx
      .select({ title: schoolAnnouncements.title, readAt: schoolAnnouncementRecipients.readAt, smsTo: schoolAnnouncementRecipients.smsTo, emailTo: schoolAnnouncementRecipients.emailTo })
      .from(schoolAnnouncementRecipients)
      .innerJoin(schoolAnnouncements, eq(schoolAnnouncements.id, schoolAnnouncementRecipients.announcementId))
      .where(eq(schoolAnnouncementRecipients.userId, id)),
    tx
      .select({ title: adminCommunications.title, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
      .where(eq(notifications.userId, id)),
    tx
      .select({ conversationId: conversationMessages.conversationId, body: conversationMessages.body, attachments: conversationMessages.attachments, createdAt: conversationMessages.createdAt })
      .from(conversationMessages)
      .where(eq(conversationMessages.senderId, id))
      .orderBy(conversationMessages.createdAt),
    tx
      .select({ id: conversations.id, kind: conversations.kind, subject: conversations.subject, joinedAt: conversationParticipants.joinedAt, lastReadAt: conversationParticipants.lastReadAt })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(eq(conversationParticipants.userId, id)),
    tx.select({ subject: conversationBroadcasts.subject, body: conversationBroadcasts.body, createdAt: conversationBroadcasts.createdAt }).from(conversationBroadcasts).where(eq(conversationBroadcasts.senderId, id)),
    tx.select({ reason: messageReports.reason, status: messageReports.status, createdAt: messageReports.createdAt }).from(messageReports).where(eq(messageReports.reportedBy, id)),
    tx
      .select({ number: supportTickets.number, category: supportTickets.category, subject: supportTickets.subject, description: supportTickets.description, status: supportTickets.status, createdAt: supportTickets.createdAt })
      .from(supportTickets)
      .where(eq(supportTickets.openedBy, id)),
    tx
      .select({ ticketNumber: supportTickets.number, body: supportTicketReplies.body, internal: supportTicketReplies.internal, createdAt: supportTicketReplies.createdAt })
      .from(supportTicketReplies)
      .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
      .where(and(eq(supportTicketReplies.authorId, id), eq(supportTicketReplies.internal, false))),
    tx
      .select({ name: guardians.name, phone: guardians.phone, email: guardians.email, idNumber: guardians.idNumber, occupation: guardians.occupation, children: sql<number>`(select count(*) from ${studentGuardians} where ${studentGuardians.guardianId} = ${guardians.id})`.mapWith(Number) })
      .from(guardians)
      .where(eq(guardians.profileId, id)),
    tx.select({ department: departments.name }).from(departmentMembers).innerJoin(departments, eq(departments.id, departmentMembers.departmentId)).where(eq(departmentMembers.profileId, id)),
    tx
      .select({ className: classes.name, subject: subjects.name, lessonsPerWeek: teacherAssignments.lessonsPerWeek })
      .from(teacherAssignments)
      .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
      .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
      .where(eq(teacherAssignments.teacherId, id)),
    tx.select().from(staffOfficeHours).where(eq(staffOfficeHours.userId, id)),
    tx
      .select({ date: staffAttendance.date, status: staffAttendance.status, checkIn: staffAttendance.checkIn, checkOut: staffAttendance.checkOut, note: staffAttendance.note })
      .from(staffAttendance)
      .where(eq(staffAttendance.profileId, id))
      .orderBy(staffAttendance.date),
    tx.select().from(leaveRequests).where(eq(leaveRequests.staffId, staffId)),
    tx.select().from(leaveAllocations).where(eq(leaveAllocations.staffId, staffId)),
    tx.select().from(payComponents).where(eq(payComponents.staffId, staffId)),
    tx
      .select({ ...getTableColumns(payrollLines), month: payrollRuns.month, runStatus: payrollRuns.status })
      .from(payrollLines)
      .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
      .where(eq(payrollLines.staffId, staffId))
      .orderBy(payrollRuns.month),
    tx
      .select({ kind: staffDocuments.kind, title: staffDocuments.title, originalName: files.originalName, contentType: files.contentType, sizeBytes: files.sizeBytes, createdAt: staffDocuments.createdAt })
      .from(staffDocuments)
      .innerJoin(files, eq(files.id, staffDocuments.fileId))
      .where(eq(staffDocuments.staffId, staffId)),
    tx.select({ enabledAt: twoFactorCredentials.enabledAt, createdAt: twoFactorCredentials.createdAt }).from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, id)),
    tx.select({ createdAt: twoFactorRecoveryCodes.createdAt, usedAt: twoFactorRecoveryCodes.usedAt }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)),
    tx.select({ network: userSignInNetworks.network, firstSeenAt: userSignInNetworks.firstSeenAt, lastSeenAt: userSignInNetworks.lastSeenAt }).from(userSignInNetworks).where(eq(userSignInNetworks.userId, id)),
    tx
      .select({ kind: securityAlerts.kind, status: securityAlerts.status, ipAddress: securityAlerts.ipAddress, network: securityAlerts.network, count: securityAlerts.count, firstSeenAt: securityAlerts.firstSeenAt, lastSeenAt: securityAlerts.lastSeenAt })
      .from(securityAlerts)
      .where(profile ? or(eq(securityAlerts.userId, id), eq(securityAlerts.subject, profile.email)) : eq(securityAlerts.userId, id)),
  ]);

  return {
    profile,
    account: account ? { ...account, credentials, lastLoginAt: profile?.lastLoginAt ?? null, lastLoginIp: profile?.lastLoginIp ?? null } : null,
    sessions: sessionRows,
    signInAttempts: attempts,
    twoFactor: { enabled: twoFactor.some((t) => !!t.enabledAt), since: twoFactor[0]?.enabledAt ?? null, recoveryCodes: recoveryCodes.length, recoveryCodesUsed: recoveryCodes.filter((c) => c.usedAt).length },
    signInNetworks: networks,
    securityAlerts: alerts,
    activityDays,
    auditEntries: audit,
    announcementsPosted,
    announcementsReceived,
    notifications: notificationRows,
    messagesSent,
    conversations: conversationsIn,
    broadcastsSent: broadcasts,
    messageReports: reports,
    supportTickets: ticketsOpened,
    supportReplies: ticketReplies,
    guardianRecords: guardianOf,
    departments: departmentRows,
    teachingAssignments: teaching,
    officeHours,
    staff: staff
      ? { record: staff, attendance: staffAttendanceRows, leaveRequests: leave, leaveAllocations: leaveBalances, payComponents: payComponentRows, payslips, documents: staffDocs }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Erasure

/** A regular expression matching `token` as whole words (PostgreSQL ARE: \m start, \M end of word). */
function wordPattern(token: string): string {
  return `\\m${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
}

/**
 * `expr` with every name token replaced by `label`, case-insensitively: the full name first, then each
 * part of 2+ characters. Tokens with quotes or backslashes are skipped so JSON text stays valid.
 */
export function scrubbed(expr: SQL | PgColumn, tokens: string[], label: string): SQL {
  let out: SQL = sql`${expr}`;
  for (const t of tokens) out = sql`regexp_replace(${out}, ${wordPattern(t)}, ${label}, 'gi')`;
  return out;
}

/** The name tokens to scrub: the full name, then its parts, longest first. */
export function nameTokens(...names: (string | null | undefined)[]): string[] {
  const full = names.filter((n): n is string => !!n && !!n.trim()).join(' ').replace(/\s+/g, ' ').trim();
  const parts = full.split(' ').filter((p) => p.length >= 2);
  return [...new Set([full, ...parts.sort((a, b) => b.length - a.length)])].filter((t) => t && !/["\\]/.test(t));
}

const rowCount = (r: unknown): number => {
  const x = r as { rowCount?: number | null; affectedRows?: number; length?: number };
  return x.rowCount ?? x.affectedRows ?? (Array.isArray(r) ? r.length : 0);
};

/** Text matching any token (a cheap filter before rewriting). */
function mentions(expr: SQL | PgColumn, tokens: string[]): SQL {
  return sql`(${sql.join(
    tokens.map((t) => sql`${expr} ~* ${wordPattern(t)}`),
    sql` or `,
  )})`;
}

/**
 * Erases a learner's personal data in the caller's transaction (issue 18 §2, DPA 2019 s.40): names
 * become `label`; date of birth, identifiers, medical and special-needs notes, photo and leaving reason
 * are cleared; guardians are unlinked (a guardian with no other child at the school is deleted);
 * free text that names the learner (SMS, certificates, transfer snapshots, comments, notes, personal
 * alerts) is rewritten; payer names and phones on the fee records are cleared. Fee records, marks,
 * attendance and class history stay, pointing at the anonymised learner (Tax Procedures Act 2015).
 * Returns counts per table and the storage keys of the deleted files (removed after commit).
 */
export async function eraseLearner(
  tx: Tx,
  s: { id: string; schoolId: string; firstName: string; middleName: string | null; lastName: string },
  label: string,
  reason: string,
): Promise<{ anonymised: Record<string, number>; deleted: Record<string, number>; storageKeys: string[] }> {
  const id = s.id;
  const tokens = nameTokens(s.firstName, s.middleName, s.lastName);
  const anonymised: Record<string, number> = {};
  const deleted: Record<string, number> = {};
  const photoFiles = await learnerFiles(tx, id);

  anonymised.students = rowCount(
    await tx
      .update(students)
      .set({
        firstName: label.split(' ').slice(0, 2).join(' '),
        middleName: null,
        lastName: label.split(' ').slice(2).join(' ') || id.slice(0, 8),
        dateOfBirth: null,
        upi: null,
        assessmentNumber: null,
        birthCertificateNumber: null,
        previousSchool: null,
        previousUpi: null,
        medicalNotes: null,
        specialNeeds: null,
        photoFileId: null,
        leavingReason: null,
        updatedAt: new Date(),
      })
      .where(eq(students.id, id)),
  );

  // Guardians: unlink; delete those with no other child at the school (with their personal data).
  const links = await tx.delete(studentGuardians).where(eq(studentGuardians.studentId, id)).returning({ guardianId: studentGuardians.guardianId });
  deleted.studentGuardians = links.length;
  const guardianIds = links.map((l) => l.guardianId);
  deleted.guardians = guardianIds.length
    ? rowCount(
        await tx
          .delete(guardians)
          .where(and(inArray(guardians.id, guardianIds), sql`not exists (select 1 from ${studentGuardians} where ${studentGuardians.guardianId} = ${guardians.id})`))
          .returning({ id: guardians.id }),
      )
    : 0;

  deleted.files = photoFiles.length ? rowCount(await tx.delete(files).where(inArray(files.id, photoFiles.map((f) => f.id))).returning({ id: files.id })) : 0;

  // Free text naming the learner.
  anonymised.smsMessages = rowCount(
    await tx
      .update(smsMessages)
      .set({ body: scrubbed(smsMessages.body, tokens, label), toPhone: '' })
      .where(eq(smsMessages.studentId, id)),
  );
  anonymised.certificates = rowCount(
    await tx
      .update(certificates)
      .set({
        content: sql`(${scrubbed(sql`${certificates.content}::text`, tokens, label)})::jsonb`,
        revokedAt: sql`coalesce(${certificates.revokedAt}, now())`,
        revokeReason: sql`coalesce(${certificates.revokeReason}, ${reason})`,
      })
      .where(eq(certificates.studentId, id)),
  );
  anonymised.transferRequests = rowCount(
    await tx
      .update(transferRequests)
      .set({
        learner: sql`((${scrubbed(sql`${transferRequests.learner}::text`, tokens, label)})::jsonb) || jsonb_build_object('dateOfBirth', null, 'upi', null, 'assessmentNumber', null, 'birthCertificateNumber', null)`,
      })
      .where(or(eq(transferRequests.fromStudentId, id), eq(transferRequests.toStudentId, id))),
  );
  anonymised.transfers = rowCount(
    await tx.update(transfers).set({ reason: scrubbed(transfers.reason, tokens, label), previousUpi: null }).where(eq(transfers.studentId, id)),
  );
  anonymised.studentExits = rowCount(await tx.update(studentExits).set({ reason: scrubbed(studentExits.reason, tokens, label) }).where(eq(studentExits.studentId, id)));
  anonymised.reportComments = rowCount(
    await tx
      .update(reportComments)
      .set({ classTeacherComment: scrubbed(reportComments.classTeacherComment, tokens, label), principalComment: scrubbed(reportComments.principalComment, tokens, label) })
      .where(eq(reportComments.studentId, id)),
  );
  anonymised.formativeAssessments = rowCount(
    await tx
      .update(formativeAssessments)
      .set({ comment: scrubbed(formativeAssessments.comment, tokens, label) })
      .where(and(eq(formativeAssessments.studentId, id), isNotNull(formativeAssessments.comment))),
  );
  anonymised.attendanceEntries = rowCount(
    await tx
      .update(attendanceEntries)
      .set({ note: scrubbed(attendanceEntries.note, tokens, label) })
      .where(and(eq(attendanceEntries.studentId, id), isNotNull(attendanceEntries.note))),
  );
  anonymised.gradeAudit = rowCount(await tx.update(gradeAudit).set({ reason: scrubbed(gradeAudit.reason, tokens, label) }).where(eq(gradeAudit.studentId, id)));
  anonymised.feeAdjustments = rowCount(
    await tx
      .update(feeAdjustments)
      .set({ reason: scrubbed(feeAdjustments.reason, tokens, label), decisionNote: scrubbed(feeAdjustments.decisionNote, tokens, label) })
      .where(eq(feeAdjustments.studentId, id)),
  );
  anonymised.payments = rowCount(
    await tx
      .update(payments)
      .set({ payerName: null, payerPhone: null, notes: scrubbed(payments.notes, tokens, label), reason: scrubbed(payments.reason, tokens, label) })
      .where(eq(payments.studentId, id)),
  );
  anonymised.mpesaTransactions = rowCount(
    await tx.update(mpesaTransactions).set({ msisdn: null, payerName: null, note: scrubbed(mpesaTransactions.note, tokens, label) }).where(eq(mpesaTransactions.studentId, id)),
  );
  anonymised.mpesaStkRequests = rowCount(await tx.update(mpesaStkRequests).set({ phone: '' }).where(eq(mpesaStkRequests.studentId, id)));
  anonymised.studentCharges = rowCount(
    await tx.update(studentCharges).set({ description: scrubbed(studentCharges.description, tokens, label) }).where(eq(studentCharges.studentId, id)),
  );
  anonymised.inventoryMovements = rowCount(
    await tx
      .update(inventoryMovements)
      .set({ reason: scrubbed(inventoryMovements.reason, tokens, label) })
      .where(and(eq(inventoryMovements.studentId, id), isNotNull(inventoryMovements.reason))),
  );
  // Personal alerts (absence) that named the learner, at their school.
  anonymised.alerts = rowCount(
    await tx
      .update(adminCommunications)
      .set({ title: scrubbed(adminCommunications.title, tokens, label), message: scrubbed(adminCommunications.message, tokens, label), updatedAt: new Date() })
      .where(
        and(
          eq(adminCommunications.schoolId, s.schoolId),
          eq(adminCommunications.personal, true),
          or(mentions(adminCommunications.title, tokens.slice(0, 1)), mentions(adminCommunications.message, tokens.slice(0, 1))),
        ),
      ),
  );
  // Earlier requests about this learner keep the anonymised label, not the name (s.39).
  await tx
    .update(dataProtectionRequests)
    .set({ subjectNameSnapshot: label })
    .where(and(eq(dataProtectionRequests.subjectType, 'learner'), eq(dataProtectionRequests.subjectId, id)));

  for (const k of Object.keys(anonymised)) if (!anonymised[k]) delete anonymised[k];
  for (const k of Object.keys(deleted)) if (!deleted[k]) delete deleted[k];
  return { anonymised, deleted, storageKeys: photoFiles.map((f) => f.storageKey) };
}

/**
 * Erases a user's personal data (issue 18 §2): profile and account names become `label`, the e-mail
 * `email` (undeliverable), phone, avatar and last sign-in IP are cleared; sessions, credentials,
 * verification tokens, sign-in attempts, two-factor credentials and recovery codes, sign-in networks,
 * notifications, office hours and idempotency records are deleted; security alerts about the e-mail
 * now name the erased address; guardian records are unlinked from the account. Messages, announcements, tickets, the staff
 * record and the audit trail stay, now showing the anonymised profile.
 */
export async function eraseUser(
  tx: Tx,
  p: { id: string; email: string },
  label: string,
  email: string,
): Promise<{ anonymised: Record<string, number>; deleted: Record<string, number> }> {
  const id = p.id;
  const anonymised: Record<string, number> = {};
  const deleted: Record<string, number> = {};
  anonymised.profiles = rowCount(
    await tx.update(profiles).set({ name: label, email, phone: null, avatarUrl: null, lastLoginIp: null, mfaEnabled: false, updatedAt: new Date() }).where(eq(profiles.id, id)),
  );
  anonymised.users = rowCount(await tx.update(users).set({ name: label, email, image: null, emailVerified: false, updatedAt: new Date() }).where(eq(users.id, id)));
  deleted.sessions = (await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })).length;
  deleted.accounts = (await tx.delete(accounts).where(eq(accounts.userId, id)).returning({ id: accounts.id })).length;
  deleted.verifications = (await tx.delete(verifications).where(ilike(verifications.identifier, containsPattern(p.email))).returning({ id: verifications.id })).length;
  deleted.loginAttempts = (await tx.delete(loginAttempts).where(eq(loginAttempts.email, p.email)).returning({ id: loginAttempts.id })).length;
  deleted.notifications = (await tx.delete(notifications).where(eq(notifications.userId, id)).returning({ id: notifications.id })).length;
  deleted.dismissedCommunications = (await tx.delete(userDismissedCommunications).where(eq(userDismissedCommunications.userId, id)).returning({ id: userDismissedCommunications.userId })).length;
  deleted.officeHours = (await tx.delete(staffOfficeHours).where(eq(staffOfficeHours.userId, id)).returning({ id: staffOfficeHours.userId })).length;
  deleted.idempotencyKeys = (await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id)).returning({ id: idempotencyKeys.userId })).length;
  deleted.twoFactorCredentials = (await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, id)).returning({ id: twoFactorCredentials.userId })).length;
  deleted.twoFactorRecoveryCodes = (await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)).returning({ id: twoFactorRecoveryCodes.id })).length;
  deleted.twoFactorChallenges = (await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id)).returning({ id: twoFactorChallenges.sessionId })).length;
  deleted.signInNetworks = (await tx.delete(userSignInNetworks).where(eq(userSignInNetworks.userId, id)).returning({ id: userSignInNetworks.userId })).length;
  // Security alerts stay (security records) but no longer name the person: the e-mail they were about becomes the erased address.
  anonymised.securityAlerts = rowCount(await tx.update(securityAlerts).set({ subject: email }).where(eq(securityAlerts.subject, p.email)));
  anonymised.announcementRecipients = rowCount(
    await tx.update(schoolAnnouncementRecipients).set({ smsTo: null, emailTo: null }).where(eq(schoolAnnouncementRecipients.userId, id)),
  );
  anonymised.guardians = rowCount(await tx.update(guardians).set({ profileId: null, updatedAt: new Date() }).where(eq(guardians.profileId, id)));
  await tx
    .update(dataProtectionRequests)
    .set({ subjectNameSnapshot: label })
    .where(and(eq(dataProtectionRequests.subjectType, 'user'), eq(dataProtectionRequests.subjectId, id)));
  for (const k of Object.keys(anonymised)) if (!anonymised[k]) delete anonymised[k];
  for (const k of Object.keys(deleted)) if (!deleted[k]) delete deleted[k];
  return { anonymised, deleted };
}

// ---------------------------------------------------------------------------------------------------
// Requests

export type { DataProtectionOutcome };

export interface NewRequest {
  schoolId: string | null;
  subjectType: 'learner' | 'user';
  subjectId: string;
  subjectNameSnapshot: string;
  kind: 'export' | 'erasure';
  status?: 'completed' | 'refused';
  reason: string;
  legalBasis: string;
  requestedBy: string;
  outcome: DataProtectionOutcome;
}

export async function insertRequest(tx: Tx, r: NewRequest): Promise<string> {
  const [row] = await tx
    .insert(dataProtectionRequests)
    .values({ ...r, status: r.status ?? 'completed', completedAt: new Date() })
    .returning({ id: dataProtectionRequests.id });
  return row!.id;
}

const requestColumns = {
  ...getTableColumns(dataProtectionRequests),
  schoolName: schools.name,
  requestedByName: profiles.name,
};

/** What the requests list may be narrowed by. */
export interface RequestFilters {
  kind?: ListRequestsQuery['kind'];
}

function requestConditions(f: RequestFilters): SQL | undefined {
  return f.kind ? and(eq(dataProtectionRequests.kind, f.kind)) : undefined;
}

/** One page of the requests visible in the caller's scope (row-level security), newest first (created_at desc, id desc). */
export async function listRequestPage(tx: Tx, f: RequestFilters, w: PageWindow) {
  return tx
    .select(requestColumns)
    .from(dataProtectionRequests)
    .leftJoin(schools, eq(schools.id, dataProtectionRequests.schoolId))
    .leftJoin(profiles, eq(profiles.id, dataProtectionRequests.requestedBy))
    .where(requestConditions(f))
    .orderBy(desc(dataProtectionRequests.createdAt), desc(dataProtectionRequests.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many requests the caller's scope sees under the filters. */
export async function countRequests(tx: Tx, f: RequestFilters): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(dataProtectionRequests).where(requestConditions(f));
  return total?.n ?? 0;
}

export async function requestById(tx: Tx, id: string) {
  const [row] = await tx
    .select(requestColumns)
    .from(dataProtectionRequests)
    .leftJoin(schools, eq(schools.id, dataProtectionRequests.schoolId))
    .leftJoin(profiles, eq(profiles.id, dataProtectionRequests.requestedBy))
    .where(eq(dataProtectionRequests.id, id));
  return row;
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestById>>>;
