import { plural, pluralWord } from '../plural.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/assessment.js';
/**
 * Assessment (issue 12): API errors and texts of the exams, marks, results, report cards and
 * certificates. Screens' labels live beside them in `assessmentScreens` where they grow.
 */
export const assessmentMessages = localized('assessment/assessmentMessages', {
  // Scales.
  scaleNotFound: 'Grading scale not found',
  scaleInvalid: 'The grading scale has problems.',
  levelNotFound: 'Level not found',
  subjectNotFound: 'Subject not found',
  // Exam series.
  examNotFound: 'Exam not found',
  termRequired: 'Choose a term.',
  termNotFound: 'Term not found',
  nameRequired: 'Name the exam, e.g. "End of Term 1 2026".',
  kindInvalid: 'Choose the kind of exam: opener, CAT, mid-term, end-term or mock.',
  levelsRequired: 'Choose at least one level.',
  subjectsRequired: 'Add at least one subject to the exam.',
  subjectsUnique: 'Each subject can be in the exam only once.',
  papersRequired: 'Give each subject at least one paper with its maximum marks.',
  maxMarksInvalid: 'Maximum marks must be a whole number from 1 to 1000.',
  dateInvalid: 'Enter a real date as dd/mm/yyyy.',
  windowInvalid: 'The marks-entry window must close on or after the day it opens.',
  datesInvalid: 'The exam must end on or after the day it starts.',
  weightInvalid: 'The weight must be a whole number from 0 to 100 (percent).',
  examReleased: 'This exam has been released; its set-up can no longer change.',
  examHasMarks: 'Marks have been entered for this exam; it cannot be deleted.',
  // Marks.
  streamNotFound: 'Stream not found',
  streamNotInExam: 'This stream does not sit this exam.',
  subjectNotInExam: 'This subject is not in this exam.',
  notYourClass: 'You can enter marks only for the streams and subjects you teach.',
  learnerNotInStream: (name: string) => `${name} is not in this stream.`,
  scoreRequired: 'Enter a mark, or mark the learner absent or exempt.',
  cannotClearApproved: 'Approved marks cannot be removed: enter the corrected mark, or mark the learner absent or exempt.',
  scoreNotNumber: 'Marks must be numbers.',
  scoreNegative: 'Marks cannot be negative.',
  scoreAboveMax: (max: number) => `The mark cannot be more than the maximum of ${max}.`,
  paperScoresInvalid: (papers: number) => `Give a mark for each of the ${papers} papers.`,
  windowNotOpen: (opens: string) => `Marks entry for this exam opens on ${opens}.`,
  windowClosed: (closed: string) => `Marks entry for this exam closed on ${closed}.`,
  sheetLocked: 'These marks have been approved and are locked. Ask the principal to change a mark.',
  sheetSubmitted: 'These marks have been submitted for approval; wait for the principal or ask them to return them.',
  reasonRequired: 'Give a reason for changing an approved mark.',
  marksRequired: 'Send at least one mark.',
  // Approval and release.
  nothingToSubmit: 'Enter the marks of every learner (or mark them absent or exempt) before submitting.',
  missingMarks: (n: number) => `${plural(n, 'learner')} still ${pluralWord(n, 'has', 'have')} no mark; enter a mark or mark ${pluralWord(n, 'the learner', 'them')} absent or exempt.`,
  notSubmitted: 'These marks have not been submitted for approval.',
  alreadyApproved: 'These marks have already been approved.',
  commentRequired: 'Tell the teacher what to fix.',
  notApprovedYet: (n: number) => `${plural(n, 'mark sheet')} ${pluralWord(n, 'is', 'are')} not approved yet; approve ${pluralWord(n, 'it', 'them')} before releasing.`,
  noApprovedMarks: 'No marks have been approved for this exam yet.',
  alreadyReleased: 'This exam has already been released.',
  notReleased: 'These results have not been released yet.',
  // Exam timetable.
  paperEndsBeforeStart: (paper: string) => `${paper}: the paper must end after it starts.`,
  roomClash: (a: string, b: string, room: string) => `${a} and ${b} are in ${room} at the same time.`,
  invigilatorClash: (a: string, b: string) => `${a} and ${b} have the same invigilator at the same time.`,
  teacherNotFound: 'Teacher not found',
  // Report cards and certificates.
  learnerNotFound: 'Learner not found',
  /** The note of a marks sheet the principal returns without a comment. */
  returnedForCorrections: 'Returned for corrections.',
  reportCardNoResults: 'This learner has no released results for the term.',
  certificateNotFound: 'Certificate not found or invalid',
  certificateKindInvalid: 'Choose a leaving, completion or merit certificate.',
  learnersRequired: 'Choose at least one learner.',
  tooManyLearners: 'Generate at most 500 certificates at a time.',
  alreadyRevoked: 'This certificate has already been revoked.',
  revokeReasonRequired: 'Give the reason for revoking the certificate.',
  attendanceInvalid: 'Attendance must be a percentage from 0 to 100.',
  certificateNoteTooLong: 'Keep the note to 200 characters.',
  certificatesRequired: 'Choose at least one certificate.',
  learnerHasNoClass: (name: string) => `${name} has never been placed in a stream: a certificate needs the learner's class.`,
  supersededReportCard: 'Superseded by a newer report card',
  // Teacher dashboard.
  dashboard: {
    marksToEnter: 'Marks to enter',
    marksToEnterHint: (n: number) => `${plural(n, 'mark sheet')} open for entry`,
    openGrades: 'Open My Class Grades',
    returned: 'Returned',
    progress: (marked: number, total: number) => `${marked} of ${total} marked`,
  },
  // Approvals card.
  approvalTitle: (subject: string, stream: string) => `Marks: ${subject}, ${stream}`,
  approvalSummary: (exam: string, teacher: string, count: number) => `${exam}: ${plural(count, 'learner')}, submitted by ${teacher}`,
  // Report card comments suggested from the performance band (issue 12 §5).
  suggestedComment: {
    excellent: 'Excellent work this term. Keep it up!',
    good: 'Good progress this term; aim higher next term.',
    fair: 'Fair performance; more effort is needed in the weaker areas.',
    weak: 'Needs to work harder and seek help from the teachers.',
  },
  // Validation of the formative record and the exam timetable (contracts/assessment.ts).
  strandRequired: 'Name the strand.',
  levelInvalid: 'Choose EE, ME, AE or BE.',
  examTimeInvalid: 'Time as HH:MM',
} as const, { sw: sw.assessmentMessages });
