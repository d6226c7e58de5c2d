import { localized } from '../i18n/localized.js';
import * as sw from './sw/knec.js';

/**
 * User-facing strings of the KNEC school-based assessment (SBA) export (issue 35 §2;
 * docs/decisions/0027-knec-sba.md): the API's errors, the export's column headers and file names, and
 * the principal's "KNEC school-based assessment" card on Reports.
 */

export const knecMessages = localized('knec/knecMessages', {
  api: {
    levelRequired: 'Pick a level.',
    levelInvalid: 'Invalid level id.',
    levelNotFound: 'Level not found.',
    levelNotCbc: 'KNEC school-based assessment is for CBC junior-school levels (Grades 7-9); this level follows another curriculum.',
    levelNotJunior: 'KNEC school-based assessment is for the junior-school levels (Grades 7-9) only.',
    examsRequired: 'Pick at least one released exam series.',
    examInvalid: 'Invalid exam series id.',
    examsTooMany: 'Pick at most 6 exam series.',
    examsDuplicate: 'Each exam series may be picked once.',
    examNotFound: 'Exam series not found.',
    examNotReleased: (name: string) => `${name} is not released yet: only released results count towards the SBA score.`,
    examNotJunior: (name: string) => `${name} is not a junior-school series: pick series sat by Grades 7-9.`,
    weightsCount: 'Give one weight per exam series, in the same order.',
    weightsInvalid: 'Each weight must be a positive number of at most 100.',
    formatInvalid: 'Format must be xlsx, csv or json.',
  },
  /** Column headers of the upload file (docs/decisions/0027-knec-sba.md "Layout"). */
  columns: {
    assessmentNumber: 'ASSESSMENT NUMBER',
    name: 'LEARNER NAME',
    learningAreaCode: 'LEARNING AREA CODE',
    learningArea: 'LEARNING AREA',
    score: 'SCORE',
  },
  /** The file's base name (no extension), e.g. "knec-sba-grade-8-2026-11-29". */
  fileName: (level: string, day: string) => `knec-sba-${level.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${day}`,
  sheet: 'SBA scores',
  card: {
    title: 'KNEC school-based assessment',
    intro:
      'Each learner’s school-based assessment (SBA) score per learning area from the released exam series you pick, in the layout for the KNEC portal. The SBA of Grades 7 and 8 counts for 20% of senior-school placement.',
    level: 'Level',
    levelPlaceholder: 'Pick a level',
    noLevels: 'The school has no CBC junior-school levels (Grades 7-9).',
    series: 'Released exam series',
    seriesHint: 'Tick the series that count. Weights default to equal; a learner without a mark in a series is scored from the others.',
    noSeries: 'No released junior-school exam series yet.',
    weight: 'Weight',
    weightFor: (name: string) => `Weight of ${name}`,
    learnersOf: (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`,
    preview: 'Preview',
    previewTitle: 'First rows of the file',
    previewEmpty: 'No scores to export for this level and these series.',
    rowsOf: (shown: number, total: number) => `Showing ${shown} of ${total} rows`,
    missingTitle: (n: number) => `${n} ${n === 1 ? 'learner has' : 'learners have'} no assessment number`,
    missingHint: 'They are not in the file. Add each one’s KNEC assessment number on their record, then preview again.',
    missingNone: 'Every learner of the level has an assessment number.',
    noMarksTitle: (n: number) => `${n} ${n === 1 ? 'learner has' : 'learners have'} no mark in these series`,
    noMarksHint: 'Learning areas without a mark in any picked series are left out of the file.',
    openLearner: (name: string) => `Open ${name}’s record`,
    downloadExcel: 'Download Excel',
    downloadCsv: 'Download CSV',
    downloadFailed: 'Could not download the SBA file',
    loadFailed: 'Could not load the SBA preview',
    optionsFailed: 'Could not load levels and series',
    tryAgain: 'Try again',
    loading: 'Loading levels and series…',
    pickSeries: 'Tick at least one series to preview.',
    col: {
      assessmentNumber: 'Assessment no.',
      name: 'Learner',
      learningArea: 'Learning area',
      score: 'Score',
      admissionNumber: 'Adm. no.',
      stream: 'Stream',
      learningAreas: 'Learning areas without marks',
    },
    weightsUsed: (list: string) => `Weights: ${list}`,
  },
} as const, { sw: sw.knecMessages });
