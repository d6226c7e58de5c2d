import { currentLocale } from '../i18n/locale.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/reports-screens.js';

/** "1st", "2nd", "3rd", "4th", "11th", "22nd"; in Kiswahili "wa 1", "wa 2" (mwanafunzi wa 2). */
export function ordinal(n: number): string {
  if (currentLocale() === 'sw') return `wa ${n}`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/**
 * Labels and texts of the parent's Child Grades and Progress Reports, the teacher's Class Reports and
 * the principal's and director's report cards (issue 12 §4, §5).
 */
export const reportsScreensMessages = localized('reports-screens/reportsScreensMessages', {
  childGradesTitle: 'Child Grades',
  progressReportsTitle: 'Progress Reports',
  subtitle: 'Released results of your children',
  progressSubtitle: 'Your children’s report cards, one per term',
  noChildren: 'No children are linked to your account yet.',
  nothingReleased: 'No results have been released yet. They appear here as soon as the school releases them.',
  nothingReleasedTitle: 'No results yet',
  loadFailedTitle: 'Could not load the results',
  loadFailedText: 'Check your connection and try again.',
  tryAgain: 'Try Again',
  chooseChild: 'Choose a child',
  series: 'Exam',
  mean: 'Mean',
  meanGrade: 'Mean grade',
  points: 'Points',
  position: 'Position',
  positionOf: (p: number, n: number) => `${ordinal(p)} of ${n}`,
  positionHint: 'in the stream',
  change: (delta: string) => `${delta} pts on the last exam`,
  subject: 'Learning area / subject',
  mark: 'Mark',
  percent: '%',
  grade: 'Grade',
  absent: 'Absent',
  exempt: 'Exempt',
  notEntered: '–',
  trend: 'Mean across exams',
  trendOne: 'The trend appears once a second exam is released.',
  trendMean: 'Mean',
  commentsOf: (term: string) => `Comments · ${term}`,
  noComments: 'No comments for this term yet.',
  classTeacher: 'Class teacher',
  principal: 'Principal',
  downloadReportCard: (term: string) => `Download report card (${term})`,
  download: 'Download PDF',
  downloading: 'Preparing…',
  downloadFailed: 'Could not download the report card',
  reportCards: 'Report cards',
  reportCardFor: (term: string) => `Report card · ${term}`,
  reportCardHint: 'PDF with every subject, the grades and the comments',
  noReportCards: 'No report cards yet: they are available once a term’s results are released.',
  released: (date: string) => `Released ${date}`,
  viewGrades: 'View grades',

  // Staff: Class Reports (teacher) and the school's report cards (principal, director).
  staffSubtitle: 'Report cards and comments per term',
  term: 'Term',
  stream: 'Stream',
  scope: 'Stream or level',
  wholeLevel: (level: string) => `${level} (whole level)`,
  noTerms: 'No results have been released yet',
  noTermsHint: 'Report cards can be made once the school releases a term’s results.',
  noStreams: 'You are not the class teacher of a stream',
  noStreamsHint: 'Class teachers write the comments and make the report cards of their stream.',
  noScope: 'No stream sat this term’s exams',
  learner: 'Learner',
  suggested: 'Suggested',
  useSuggestion: 'Use suggestion',
  useSuggestions: 'Use suggestions for empty comments',
  classTeacherComment: 'Class teacher’s comment',
  principalComment: 'Principal’s comment',
  commentPlaceholder: 'Write a comment…',
  notWritten: 'Not written yet',
  noLearners: 'No learners in this stream',
  noResults: 'No results',
  save: 'Save comments',
  saving: 'Saving…',
  saved: (n: number) => `Comments saved for ${n} ${n === 1 ? 'learner' : 'learners'}`,
  saveFailed: 'Could not save the comments',
  unsaved: (n: number) => `${n} unsaved ${n === 1 ? 'change' : 'changes'}`,
  allSaved: 'All changes saved',
  discard: 'Discard',
  readOnly: 'Comments are written by the class teacher and the principal.',
  commentsLoadFailed: 'Could not load the learners',
  learnersCount: (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`,
  withResults: (n: number) => `${n} with results`,
  streamHeading: (stream: string, n: number) => `${stream} · ${n} ${n === 1 ? 'learner' : 'learners'}`,
  downloadCard: (name: string) => `Download the report card of ${name}`,

  // Bulk report cards (background task).
  bulkTitle: 'All report cards as one PDF',
  bulkHint: (scope: string) => `Every learner of ${scope} with results, one card per page. Made in the background.`,
  bulkStart: 'Download all (one PDF)',
  bulkStarting: 'Starting…',
  bulkQueued: 'Waiting to start…',
  bulkRunning: 'Making the report cards…',
  bulkProgress: (done: number, total: number) => `${done} of ${total} report cards`,
  bulkDone: (n: number) => `${n} report ${n === 1 ? 'card is' : 'cards are'} ready`,
  bulkDownload: 'Download PDF',
  bulkAgain: 'Make again',
  bulkFailed: 'The report cards could not be made',

  // The reports section of every other role (spec §6 "others": finance officer, HR): the reports the
  // role keeps, each a section of its own.
  othersSubtitle: 'The reports of your office. Learners’ report cards are kept by their teachers and the principal.',
  othersOpen: (title: string) => `Open ${title}`,
  othersNone: 'No reports for your role',
  othersNoneHint: 'Report cards are made by the class teachers and the principal.',
  othersDescriptions: {
    'financial-reports': 'Collections, arrears, cash book, income and expenditure, M-Pesa and budgets: on screen, as PDF and as Excel.',
    'financial-analytics': 'Collections, arrears and spending across the term.',
    'hr-reports': 'Headcount, joiners and leavers, leave, payroll cost, staff attendance and contracts.',
    'hr-analytics': 'Charts of your staff, payroll cost, attendance and leave.',
  } as Record<string, string>,
} as const, { sw: sw.reportsScreensMessages });
