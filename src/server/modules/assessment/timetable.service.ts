import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { saveTimetableBody } from '../../../shared/contracts/assessment.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, renderPdf, sendPdf } from '../../lib/pdf.js';
import type { FileStorage } from '../../storage/storage.js';
import { ASSESSMENT_AUDIT, m } from './assessment-context.js';
import { examOf, examSubjectList } from './exams.service.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import * as examsRepo from './exams.repository.js';

/**
 * The exam timetable (issue 12 §2): each paper's date, start and end, room and invigilator, printable as
 * PDF. Saving replaces the list in one transaction; an invigilator or a room in two papers at
 * overlapping times is refused (400) with the clash named.
 */

async function rows(tx: Tx, schoolId: string, examId: string) {
  const r = await examsRepo.listTimetable(tx, schoolId, examId);
  return r.map(({ t, subjectName, invigilatorName }) => ({
    id: t.id,
    subjectId: t.subjectId,
    subjectName,
    paper: t.paper,
    sitsOn: t.sitsOn,
    startsAt: t.startsAt.slice(0, 5),
    endsAt: t.endsAt.slice(0, 5),
    room: t.room,
    invigilatorId: t.invigilatorId,
    invigilatorName,
  }));
}

/** GET /api/exams/:examId/timetable → { items } in date and time order. */
export async function getTimetable(database: Database, actor: Actor, examId: string, schoolId?: string) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    await examOf(tx, sid, examId);
    return { items: await rows(tx, sid, examId) };
  });
}

/** Two entries clash when they share a room or an invigilator on the same day at overlapping times. */
export function timetableClash(entries: { paper: string; sitsOn: string; startsAt: string; endsAt: string; room?: string | null; invigilatorId?: string | null }[]): string | null {
  for (let i = 0; i < entries.length; i++) {
    const a = entries[i]!;
    if (a.endsAt <= a.startsAt) return m.paperEndsBeforeStart(a.paper);
    for (let j = i + 1; j < entries.length; j++) {
      const b = entries[j]!;
      if (a.sitsOn !== b.sitsOn || !(a.startsAt < b.endsAt && b.startsAt < a.endsAt)) continue;
      if (a.room && b.room && a.room.trim().toLowerCase() === b.room.trim().toLowerCase()) return m.roomClash(a.paper, b.paper, a.room);
      if (a.invigilatorId && a.invigilatorId === b.invigilatorId) return m.invigilatorClash(a.paper, b.paper);
    }
  }
  return null;
}

/** PUT /api/exams/:examId/timetable { entries } (principal) → { items }; 400 clashes or a subject not in the exam. */
export async function saveTimetable(database: Database, actor: Actor, examId: string, body: z.output<typeof saveTimetableBody>, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    if (e.status === 'released') throw new AppError(409, 'EXAM_RELEASED', m.examReleased);
    const subs = new Set((await examSubjectList(tx, [examId])).map((s) => s.subjectId));
    const bad = body.entries.find((x) => !subs.has(x.subjectId));
    if (bad) throw badRequest(m.subjectNotInExam, { entries: m.subjectNotInExam });
    const clash = timetableClash(body.entries);
    if (clash) throw badRequest(clash, { entries: clash });
    const invigilators = [...new Set(body.entries.map((x) => x.invigilatorId).filter((x): x is string => !!x))];
    if (invigilators.length) {
      const found = await examsRepo.profileIdsOf(tx, schoolId, invigilators);
      if (found.length !== invigilators.length) throw notFound(m.teacherNotFound);
    }
    const before = await rows(tx, schoolId, examId);
    await examsRepo.deleteTimetable(tx, schoolId, examId);
    if (body.entries.length) {
      await examsRepo.insertTimetable(tx, body.entries.map((x) => ({ schoolId, examId, subjectId: x.subjectId, paper: x.paper, sitsOn: x.sitsOn, startsAt: x.startsAt, endsAt: x.endsAt, room: x.room ?? null, invigilatorId: x.invigilatorId ?? null })));
    }
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.examUpdated, `exam:${examId}:timetable`, { papers: before.length }, { papers: body.entries.length });
    return { items: await rows(tx, schoolId, examId) };
  });
}

/** GET /api/exams/:examId/timetable.pdf → the printable timetable with the school's letterhead. */
export async function timetablePdf(reply: FastifyReply, database: Database, storage: FileStorage, actor: Actor, examId: string, schoolId?: string) {
  const { e, items, school } = await inSchool(database, actor, schoolId, async (tx, sid) => ({ e: await examOf(tx, sid, examId), items: await rows(tx, sid, examId), school: await loadLetterhead(tx, storage, sid) }));
  const doc = createDocument({ title: `Exam timetable ${e.name}` });
  drawLetterhead(doc, school, { title: `Exam timetable: ${e.name}`, lines: [`${e.termName} ${e.academicYear}`] });
  drawTable(
    doc,
    [
      { header: 'Date', width: 9, value: (x: (typeof items)[number]) => formatDay(x.sitsOn) },
      { header: 'Time', width: 7, value: (x) => `${x.startsAt}–${x.endsAt}` },
      { header: 'Subject', width: 12, value: (x) => x.subjectName },
      { header: 'Paper', width: 7, value: (x) => x.paper },
      { header: 'Room', width: 7, value: (x) => x.room ?? '' },
      { header: 'Invigilator', width: 10, value: (x) => x.invigilatorName ?? '' },
    ],
    items,
    { emptyText: 'No papers on the timetable yet.', onNewPage: (d) => drawLetterhead(d, school, { compact: true, title: e.name }) },
  );
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), `Exam timetable ${e.name}`);
}
