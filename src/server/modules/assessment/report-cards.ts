import type { AttendanceCounts } from '../../../shared/contracts/attendance.js';
import { termAttendance } from '../attendance/index.js';
import type { Actor } from '../../../shared/access.js';
import { bandFor, competitionRanksBy, gradeLabel, kcseMeanGrade, roundHalfUp, rollUpLevels, weightedPercent, type GradeBand } from '../../../shared/grading.js';
import { reportCardPdfMessages as rm } from '../../../shared/messages/pdf-documents.js';
import { formatKesLabel } from '../../../shared/money.js';
import type { Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import { PDF_COLORS, contentBox, createDocument, drawLetterhead, drawTable, formatDay, drawQrCode, renderPdf, type Letterhead } from '../../lib/pdf.js';
import { m, settingsOf } from './assessment-context.js';
import { examOf } from './exams.service.js';
import { bandsForExam } from './marks.service.js';
import { learnerAudience } from '../learners/index.js';
import { balancesByStudent } from '../fees/index.js';
import { computeResults, type ComputedResults } from './results.service.js';
import * as reportCardsRepo from './report-cards.repository.js';
import * as scalesRepo from './scales.repository.js';

/**
 * Report cards (issue 12 §5): one page per learner per term with the school's letterhead, the learner's
 * details, every learning area or subject with each released series of the term and the term result
 * (series combined by their weights), grades with descriptors, points, positions (when the school
 * publishes them), CBC strand levels rolled up for the term, comments (stored, or suggested from the
 * performance band), closing and next opening dates, the fee balance when the school chooses, and a QR
 * code that verifies the card (a signed record, modules/certificates).
 *
 * termCards computes every learner of the term at once (positions need them all), so a stream or a
 * whole level prints from one computation.
 */

export interface CardSubject {
  subjectId: string;
  name: string;
  perSeries: (number | null)[];
  termPercent: number | null;
  grade: string | null;
  label: string | null;
  points: number | null;
  /** CBC: the term's rubric level from strand assessments (e.g. "ME Meeting Expectations"). */
  formative: string | null;
}

export interface TermCard {
  studentId: string;
  name: string;
  admissionNumber: string;
  gender: string;
  upi: string | null;
  classId: string;
  className: string;
  levelName: string;
  /** The stream's name within its level ("East"). */
  stream: string;
  classTeacher: string | null;
  scaleKey: string;
  subjects: CardSubject[];
  mean: number | null;
  meanGrade: string | null;
  meanGradeLabel: string | null;
  points: number | null;
  position: number | null;
  positionOutOf: number;
  levelPosition: number | null;
  levelPositionOutOf: number;
  classTeacherComment: string;
  principalComment: string;
  suggested: string;
  feeBalanceCents: number | null;
  /** The learner's attendance over the term (issue 13 §4); null when no register of the term counted them. */
  attendance: AttendanceCounts | null;
}

export interface TermInfo {
  id: string;
  name: string;
  academicYear: string;
  startsOn: string;
  endsOn: string;
  nextOpensOn: string | null;
  series: { id: string; name: string; weight: number }[];
  publishPositions: boolean;
}

/** The comment a card suggests from where the mean falls on the learner's scale (issue 12 §5). */
export function suggestedComment(bands: readonly GradeBand[], mean: number | null): string {
  const s = m.suggestedComment;
  if (mean === null || bands.length === 0) return '';
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  const idx = sorted.indexOf(bandFor(sorted, mean));
  const share = idx / Math.max(1, sorted.length - 1);
  return share <= 0.25 ? s.excellent : share <= 0.5 ? s.good : share <= 0.75 ? s.fair : s.weak;
}

/**
 * Every learner's term card for `termId` (released series only), or only `studentIds` (positions still
 * rank everyone). Returns null when the term has no released series.
 */
export async function termCards(tx: Tx, schoolId: string, termId: string, opts: { studentIds?: string[]; classIds?: string[] } = {}): Promise<{ term: TermInfo; cards: TermCard[] } | null> {
  const t = await reportCardsRepo.findTermWithYear(tx, schoolId, termId);
  if (!t) throw notFound(m.termNotFound);
  const seriesRows = await reportCardsRepo.listReleasedSeriesIds(tx, schoolId, termId);
  if (seriesRows.length === 0) return null;
  const next = await reportCardsRepo.findNextTermStart(tx, schoolId, t.endsOn);
  const settings = await settingsOf(tx, schoolId);
  const computed: ComputedResults[] = [];
  for (const s of seriesRows) computed.push(await computeResults(tx, schoolId, await examOf(tx, schoolId, s.id)));
  const term: TermInfo = {
    id: t.id,
    name: t.name,
    academicYear: t.academicYear,
    startsOn: t.startsOn,
    endsOn: t.endsOn,
    nextOpensOn: next?.startsOn ?? null,
    series: computed.map((c) => ({ id: c.exam.id, name: c.exam.name, weight: c.exam.weight })),
    publishPositions: settings.publishPositions,
  };

  // Everyone with a result in any series of the term.
  const studentIds = [...new Set(computed.flatMap((c) => c.rows.filter((r) => r.subjectsSat > 0).map((r) => r.studentId)))];
  if (studentIds.length === 0) return { term, cards: [] };
  const info = await reportCardsRepo.listCardLearnerInfo(tx, schoolId, studentIds);
  const infoById = new Map(info.map((i) => [i.id, i]));
  const subjectNames = new Map((await scalesRepo.listSubjectNames(tx, schoolId)).map((s) => [s.id, s.name]));
  const cards: TermCard[] = [];
  const levelIdOf = new Map<string, string | null>();
  for (const sid of studentIds) {
    const rows = computed.map((c) => c.rows.find((r) => r.studentId === sid) ?? null);
    const latest = [...rows].reverse().find((r) => r !== null)!;
    const latestComputed = computed[rows.lastIndexOf(latest)]!;
    const cls = latestComputed.classes.find((c) => c.id === latest.classId);
    const levelId = cls?.levelId ?? null;
    levelIdOf.set(sid, levelId);
    const lb = (levelId && latestComputed.levelBands.get(levelId)) || { key: 'cbc4', bands: [] as GradeBand[] };
    const subjectIds = [...new Set(rows.flatMap((r) => r?.subjects.map((s) => s.subjectId) ?? []))];
    const subjectsOut: CardSubject[] = subjectIds.map((subjectId) => {
      const perSeries = rows.map((r) => r?.subjects.find((s) => s.subjectId === subjectId)?.percent ?? null);
      const termPercent = weightedPercent(perSeries.map((p, i) => ({ percent: p, weight: computed[i]!.exam.weight || 1 })));
      return { subjectId, name: subjectNames.get(subjectId) ?? '', perSeries, termPercent, grade: null, label: null, points: null, formative: null };
    });
    cards.push({
      studentId: sid,
      name: latest.name,
      admissionNumber: latest.admissionNumber,
      gender: latest.gender,
      upi: infoById.get(sid)?.upi ?? null,
      classId: latest.classId,
      className: latest.className,
      levelName: infoById.get(sid)?.levelName ?? '',
      stream: infoById.get(sid)?.stream ?? '',
      classTeacher: infoById.get(sid)?.classTeacher ?? null,
      scaleKey: lb.key,
      subjects: subjectsOut,
      mean: null,
      meanGrade: null,
      meanGradeLabel: null,
      points: null,
      position: null,
      positionOutOf: 0,
      levelPosition: null,
      levelPositionOutOf: 0,
      classTeacherComment: '',
      principalComment: '',
      suggested: '',
      feeBalanceCents: null,
      attendance: null,
    });
  }
  // Grades of the term results: each subject on its own scale (subject overrides), mean on the level's.
  const lastExam = computed[computed.length - 1]!.exam;
  const grading = await bandsForExam(tx, schoolId, lastExam);
  for (const card of cards) {
    const levelId = levelIdOf.get(card.studentId) ?? null;
    for (const s of card.subjects) {
      if (s.termPercent === null) continue;
      const band = bandFor(grading.scaleFor(levelId, s.subjectId).bands, s.termPercent);
      s.grade = band.code;
      s.label = gradeLabel(band);
      s.points = band.points;
    }
    const sat = card.subjects.filter((s) => s.termPercent !== null);
    card.mean = sat.length ? roundHalfUp(sat.reduce((a, s) => a + (s.termPercent as number), 0) / sat.length, 2) : null;
    const levelBands = grading.bandsOfKey(card.scaleKey);
    let meanBand: GradeBand | null = null;
    if (card.scaleKey === 'kcse') {
      const k = kcseMeanGrade(sat.filter((s) => s.points !== null).map((s) => ({ subjectId: s.subjectId, name: s.name, points: s.points as number })), levelBands);
      meanBand = k.grade;
      card.points = sat.length ? k.totalPoints : null;
    } else {
      meanBand = card.mean !== null ? bandFor(levelBands, card.mean) : null;
      const withPoints = sat.filter((s) => s.points !== null);
      card.points = withPoints.length ? withPoints.reduce((a, s) => a + (s.points as number), 0) : null;
    }
    card.meanGrade = meanBand?.code ?? null;
    card.meanGradeLabel = meanBand ? gradeLabel(meanBand) : null;
    card.suggested = suggestedComment(levelBands, card.mean);
  }
  // Term positions: in stream and in level.
  const key = (c: TermCard) => (c.mean === null ? null : c.scaleKey === 'kcse' ? [c.points ?? 0, c.mean] : [c.mean]);
  const groupRank = (groupOf: (c: TermCard) => string, set: (c: TermCard, p: number | null, n: number) => void) => {
    const groups = new Map<string, TermCard[]>();
    for (const c of cards) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
    for (const g of groups.values()) {
      const ranks = competitionRanksBy(g.map(key));
      const n = g.filter((c) => c.mean !== null).length;
      g.forEach((c, i) => set(c, ranks[i] ?? null, n));
    }
  };
  groupRank((c) => c.classId, (c, p, n) => ((c.position = p), (c.positionOutOf = n)));
  groupRank((c) => levelIdOf.get(c.studentId) ?? 'none', (c, p, n) => ((c.levelPosition = p), (c.levelPositionOutOf = n)));

  let wanted = cards;
  if (opts.studentIds) wanted = wanted.filter((c) => opts.studentIds!.includes(c.studentId));
  if (opts.classIds) wanted = wanted.filter((c) => opts.classIds!.includes(c.classId));
  const ids = wanted.map((c) => c.studentId);
  if (ids.length) {
    // Comments, CBC strand levels and fee balances of the cards wanted.
    const [comments, formative, balances] = await Promise.all([
      reportCardsRepo.listTermComments(tx, termId, ids),
      reportCardsRepo.listTermFormativePoints(tx, termId, ids),
      settings.showFeeBalance ? balancesByStudent(tx, ids) : Promise.resolve(null),
    ]);
    const rubric = grading.bandsOfKey('cbc4');
    for (const c of wanted) {
      const cm = comments.find((x) => x.studentId === c.studentId);
      c.classTeacherComment = cm?.classTeacherComment ?? '';
      c.principalComment = cm?.principalComment ?? '';
      for (const s of c.subjects) {
        const levelsOf = formative.filter((f) => f.studentId === c.studentId && f.subjectId === s.subjectId).map((f) => ({ points: f.points, on: f.on }));
        const p = rollUpLevels(levelsOf, settings.rollupMethod);
        const band = p === null ? null : rubric.find((b) => b.points === p);
        s.formative = band ? gradeLabel(band) : null;
      }
      c.feeBalanceCents = balances ? (balances.get(c.studentId) ?? 0) : null;
    }
  }
  // Attendance over the term (days open, present, absent, late, excused, rate).
  const attendance = await termAttendance(tx, wanted.map((c) => c.studentId), { startsOn: t.startsOn, endsOn: t.endsOn });
  for (const c of wanted) {
    const a = attendance.get(c.studentId);
    c.attendance = a && a.daysOpen > 0 ? a : null;
  }
  wanted.sort((a, b) => a.className.localeCompare(b.className) || a.name.localeCompare(b.name));
  return { term, cards: wanted };
}

const pct = (v: number | null) => (v === null ? '–' : `${Number.isInteger(v) ? v : v.toFixed(1)}`);

/** A verification for a card: the URL its QR code opens and the document id printed beside it. */
export interface CardVerification {
  id: string;
  url: string;
}

/**
 * Draws report cards into a new PDF, one page each (a long card continues on the next page).
 * `verify(card)` gives the QR target; `onCard` reports progress. Every word comes from the catalogue
 * (messages/pdf-documents.ts reportCardPdfMessages), so the cards are in the language of the request.
 */
export async function drawReportCards(
  school: Letterhead,
  term: TermInfo,
  cards: TermCard[],
  opts: { verification?: Map<string, CardVerification>; onCard?: (done: number, total: number) => Promise<void> | void } = {},
): Promise<Buffer> {
  const doc = createDocument({ title: rm.documentTitle(term.name, term.academicYear), margin: 34 });
  for (const [i, card] of cards.entries()) {
    if (i > 0) doc.addPage();
    const box = contentBox(doc);
    let y = drawLetterhead(doc, school, { title: rm.heading, lines: [`${term.name} ${term.academicYear}`] });
    // Learner details, two columns.
    const details: [string, string][] = [
      [rm.learner, card.name],
      [rm.admissionNumber, card.admissionNumber],
      [rm.class, card.className],
      [rm.level, card.levelName],
      [rm.upi, card.upi ?? '–'],
      [rm.classTeacher, card.classTeacher ?? '–'],
    ];
    doc.fontSize(9);
    const colW = box.width / 2;
    details.forEach(([k, v], j) => {
      const x = box.left + (j % 2) * colW;
      const yy = y + Math.floor(j / 2) * 14;
      doc.font('Helvetica').fillColor(PDF_COLORS.muted).text(`${k}:`, x, yy, { width: 90, lineBreak: false });
      doc.font('Helvetica-Bold').fillColor(PDF_COLORS.text).text(v, x + 92, yy, { width: colW - 96, lineBreak: false, ellipsis: true });
    });
    y += Math.ceil(details.length / 2) * 14 + 8;
    const cbc = card.scaleKey === 'cbc4' || card.scaleKey === 'knec8';
    const hasFormative = card.subjects.some((s) => s.formative);
    const hasPoints = card.subjects.some((s) => s.points !== null);
    type Row = CardSubject;
    drawTable<Row>(
      doc,
      [
        { header: cbc ? rm.learningArea : rm.subject, width: 14, value: (s) => s.name },
        ...term.series.map((se, k) => ({ header: `${se.name}${term.series.length > 1 ? ` (${se.weight}%)` : ''}`, width: 6, align: 'right' as const, value: (s: Row) => pct(s.perSeries[k] ?? null) })),
        ...(term.series.length > 1 ? [{ header: rm.termPercent, width: 5, align: 'right' as const, value: (s: Row) => pct(s.termPercent) }] : []),
        { header: cbc ? rm.level : rm.grade, width: 11, value: (s) => s.label ?? '–' },
        ...(hasPoints ? [{ header: rm.points, width: 4, align: 'right' as const, value: (s: Row) => s.points ?? '–' }] : []),
        ...(hasFormative ? [{ header: rm.strands, width: 11, value: (s: Row) => s.formative ?? '–' }] : []),
      ],
      card.subjects,
      { y, fontSize: 8.5 },
    );
    y = doc.y;
    // Summary.
    const summary = [
      rm.mean(pct(card.mean)),
      card.meanGradeLabel ? rm.meanGrade(card.meanGradeLabel) : null,
      card.points !== null ? rm.totalPoints(card.points) : null,
      term.publishPositions && card.position !== null ? rm.position(card.position, card.positionOutOf, card.className) : null,
      term.publishPositions && card.levelPosition !== null ? rm.levelPosition(card.levelPosition, card.levelPositionOutOf, card.levelName) : null,
    ].filter(Boolean);
    doc.roundedRect(box.left, y, box.width, 24, 4).fill('#e6f2f1');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.brand).text(summary.join('   ·   '), box.left + 8, y + 8, { width: box.width - 16, lineBreak: false, ellipsis: true });
    y += 34;
    if (card.attendance) {
      const a = card.attendance;
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(PDF_COLORS.text)
        .text(rm.attendance(a.present + a.late, a.daysOpen, pct(a.rate), a.absent, a.late, a.excused), box.left, y);
      y += 16;
    }
    if (card.feeBalanceCents !== null) {
      doc.font('Helvetica').fontSize(9).fillColor(PDF_COLORS.text).text(rm.feeBalance(card.feeBalanceCents > 0 ? formatKesLabel(card.feeBalanceCents) : card.feeBalanceCents < 0 ? rm.feeInCredit(formatKesLabel(-card.feeBalanceCents)) : rm.feeCleared), box.left, y);
      y += 16;
    }
    // Comments with signature lines: only what someone saved (issue 34); none: ruled lines to write on
    // (the suggestion is offered in the comments editor only, never printed).
    const comment = (label: string, text: string, by: string) => {
      doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.text).text(label, box.left, y);
      y += 12;
      if (text.trim()) {
        doc.font('Helvetica').fontSize(9).fillColor(PDF_COLORS.text).text(text, box.left, y, { width: box.width });
        y = doc.y + 6;
      } else {
        for (let line = 0; line < 2; line++) {
          y += 14;
          doc.moveTo(box.left, y).lineTo(box.right, y).lineWidth(0.5).strokeColor(PDF_COLORS.muted).stroke();
        }
        y += 8;
      }
      doc.fontSize(8).fillColor(PDF_COLORS.muted).text(rm.signature(by), box.left, y);
      y += 16;
    };
    comment(rm.classTeacherComment, card.classTeacherComment, card.classTeacher ?? '');
    comment(rm.principalComment, card.principalComment, '');
    doc.font('Helvetica').fontSize(9).fillColor(PDF_COLORS.text).text(`${rm.closingDate(formatDay(term.endsOn))}${term.nextOpensOn ? `      ${rm.nextTermOpens(formatDay(term.nextOpensOn))}` : ''}`, box.left, y);
    y += 18;
    const v = opts.verification?.get(card.studentId);
    if (v) {
      const size = 70;
      const qy = Math.min(Math.max(y, box.bottom - size - 6), box.bottom - size);
      drawQrCode(doc, v.url, box.right - size, qy, size);
      doc.font('Helvetica').fontSize(7).fillColor(PDF_COLORS.muted).text(rm.scanToVerify(v.id), box.left, qy + size - 20, { width: box.width - size - 10, align: 'right' });
    }
    await opts.onCard?.(i + 1, cards.length);
  }
  return renderPdf(doc, { footerNote: school.name });
}

/** Which learners a caller may print cards for: parents their children, teachers their streams, staff all (404 otherwise). */
export async function assertCardVisible(tx: Tx, actor: Actor, schoolId: string, studentId: string) {
  const audience = learnerAudience(actor, schoolId);
  audience.schoolId = schoolId;
  const row = await reportCardsRepo.findVisibleLearnerId(tx, audience, studentId);
  if (!row) throw notFound(m.learnerNotFound);
}

/** A stream's class teacher, or the principal: who may write comments for it. */
export async function assertCommentWriter(tx: Tx, actor: Actor, schoolId: string, classId: string) {
  const c = await reportCardsRepo.findClassTeacher(tx, schoolId, classId);
  if (!c) throw notFound(m.streamNotFound);
  if (actor.role === 'teacher' && c.classTeacherId !== actor.id) throw forbidden(m.notYourClass);
  if (!['teacher', 'principal', 'school_director'].includes(actor.role) && actor.role !== 'edufam_admin' && actor.role !== 'elimisha_admin') throw forbidden(m.notYourClass);
}

