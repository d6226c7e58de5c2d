import { localized } from '../i18n/localized.js';
import * as sw from './sw/kemis.js';
import { KEMIS_FILE } from '../kemis.js';

/**
 * User-facing strings of the Ministry's learner data (KEMIS / NEMIS; issue 35 §1;
 * docs/decisions/0026-kemis.md): the school profile's Ministry details, the learner's KEMIS fields, the
 * KEMIS export (its column headers in the Ministry's order), the missing-fields report, the UPI import
 * and the Reports page's KEMIS card.
 */

export const SPECIAL_NEEDS_LABELS: Record<string, string> = localized('kemis/SPECIAL_NEEDS_LABELS', {
  visual: 'Visual impairment',
  hearing: 'Hearing impairment',
  physical: 'Physical disability',
  intellectual: 'Intellectual disability',
  autism: 'Autism',
  learning: 'Specific learning difficulty',
  speech_language: 'Speech and language difficulty',
  emotional_behavioural: 'Emotional and behavioural difficulty',
  cerebral_palsy: 'Cerebral palsy',
  deaf_blind: 'Deaf-blind',
  multiple: 'Multiple disabilities',
  gifted: 'Gifted and talented',
}, { sw: sw.SPECIAL_NEEDS_LABELS });

export const BOARDING_TYPE_LABELS: Record<string, string> = localized('kemis/BOARDING_TYPE_LABELS', { day: 'Day', boarding: 'Boarding', mixed: 'Day and boarding' }, { sw: sw.BOARDING_TYPE_LABELS });

export const LEVELS_OFFERED_LABELS: Record<string, string> = localized('kemis/LEVELS_OFFERED_LABELS', {
  pre_primary: 'Pre-primary',
  primary: 'Primary',
  junior: 'Junior school',
  senior: 'Senior school',
}, { sw: sw.LEVELS_OFFERED_LABELS });

/** Labels of the fields the missing-fields report names (KEMIS_REQUIRED_FIELDS) and of the UPI. */
export const KEMIS_FIELD_LABELS: Record<string, string> = localized('kemis/KEMIS_FIELD_LABELS', {
  birthCertificateNumber: 'Birth certificate number',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  nationality: 'Nationality',
  residenceCountyCode: 'County of residence',
  guardianIdNumber: 'Guardian’s ID number',
  guardianPhone: 'Guardian’s phone',
  upi: 'UPI',
}, { sw: sw.KEMIS_FIELD_LABELS });

export const kemisMessages = localized('kemis/kemisMessages', {
  api: {
    kraPinInvalid: 'Please enter a valid KRA PIN: A or P, 9 digits and a letter (e.g. P051234567X).',
    countyCodeInvalid: 'County code must be one of the 47 county codes, 001 to 047.',
    boardingTypeInvalid: 'Boarding must be day, boarding or mixed.',
    levelsOfferedInvalid: 'Levels offered must be among pre-primary, primary, junior and senior.',
    nationalityInvalid: 'Nationality must be a two-letter country code, e.g. KE.',
    specialNeedsInvalid: 'Special needs must be among the Ministry’s categories.',
    textTooLong: (max: number) => `Must be at most ${max} characters.`,
    classNotFound: 'Stream not found.',
    levelNotFound: 'Level not found.',
    notAllowed: 'Only the principal and the director can see the Ministry’s learner data.',
    importNotAllowed: 'Only the principal can import UPIs.',
    columnsProblem: (missing: string[], unknown: string[]) =>
      [
        missing.length ? `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.` : '',
        unknown.length ? `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' ') + ' The file needs a UPI column and a Birth Certificate No or Admission No column.',
    noRows: 'The file has no learner rows.',
    tooManyRows: (max: number) => `The file has more than ${max} rows.`,
  },
  import: {
    noUpi: 'No UPI on this row.',
    noKey: 'No birth certificate number or admission number on this row.',
    noLearner: 'No learner with this birth certificate number or admission number.',
    heldByOther: (name: string, admissionNumber: string) => `This UPI is already held by ${name} (${admissionNumber}).`,
    learnerHasOther: (upi: string) => `The learner already holds a different UPI (${upi}); it was not overwritten.`,
    twiceInFile: (row: number) => `This UPI is also on row ${row} for another learner.`,
    learnerTwiceInFile: (row: number) => `This learner is also on row ${row} with another UPI.`,
    /** The sample UPI file's name column and its row that matches no learner. */
    sampleName: 'Name',
    sampleNobody: 'Nobody Known',
  },
  audit: { upisImported: 'KEMIS_UPIS_IMPORTED' },
  /** Column headers of the KEMIS export, in the Ministry's order (docs/decisions/0026-kemis.md). */
  columns: KEMIS_FILE.columns,

  /** Extra headers the UPI import recognises besides the export's. */
  importHeaders: KEMIS_FILE.importHeaders,
  values: KEMIS_FILE.values,
  sheet: KEMIS_FILE.sheet,
  fileName: KEMIS_FILE.fileName,
  /** The school profile's "Ministry details" section. */
  profile: {
    title: 'Ministry details',
    description: 'The institution fields the Ministry (KEMIS), KNEC and KRA ask for.',
    knecCode: 'KNEC code',
    tscCode: 'TSC code',
    registrationNumber: 'Registration number',
    kraPin: 'KRA PIN',
    countyCode: 'County',
    subCounty: 'Sub-county',
    subCountyCode: 'Sub-county code',
    ward: 'Ward',
    zone: 'Zone',
    cluster: 'Cluster',
    boardingType: 'Day or boarding',
    levelsOffered: 'Levels offered',
    chooseCounty: 'Choose a county',
    notSet: 'Not set',
  },
  /** The learner form's and profile's KEMIS fields. */
  learner: {
    title: 'Ministry (KEMIS) details',
    nationality: 'Nationality',
    residenceCountyCode: 'County of residence',
    residenceSubCounty: 'Sub-county of residence',
    specialNeedsCodes: 'Special needs (Ministry categories)',
    medicalCondition: 'Medical condition',
    shaNumber: 'SHA number',
    kcpeIndexNumber: 'KCPE index number',
    kpseaIndexNumber: 'KPSEA index number',
    chooseNationality: 'Choose a nationality',
    chooseCounty: 'Choose a county',
    none: 'None',
  },
  /** The KEMIS card on the Reports page. */
  card: {
    title: 'KEMIS learner data',
    description: 'The Ministry’s learner sheet in KEMIS column order, the learners missing a required field, and the UPIs the Ministry assigned.',
    school: 'School',
    level: 'Level',
    stream: 'Stream',
    wholeSchool: 'Whole school',
    allLevels: 'All levels',
    allStreams: 'All streams',
    downloadExcel: 'Download Excel',
    downloadCsv: 'Download CSV',
    learners: (n: number) => `${n} learner${n === 1 ? '' : 's'}`,
    missingTitle: 'Missing a required field',
    missingNone: 'Every learner has the fields KEMIS requires.',
    awaitingTitle: 'Awaiting UPI',
    awaitingNone: 'Every learner has a UPI.',
    fix: 'Fix',
    showAll: (n: number) => `Show all ${n}`,
    importTitle: 'Import UPIs',
    importHint: 'The Ministry’s file (CSV or Excel) with a UPI column and a Birth Certificate No or Admission No column.',
    chooseFile: 'Choose file',
    preview: 'Check file',
    commit: 'Import UPIs',
    committed: (n: number) => `${n} UPI${n === 1 ? '' : 's'} saved.`,
    matched: 'Matched',
    toUpdate: 'New UPIs',
    conflicts: 'Conflicts',
    unmatched: 'Unmatched',
    row: 'Row',
    reason: 'Reason',
    learner: 'Learner',
    nameInFile: 'Name in file',
    sample: 'Download a sample file',
    sampleHint: 'A file as the Ministry sends it, with made-up UPIs for this school’s learners awaiting one, to try the import.',
    sampleFailed: 'Could not download the sample file.',
    upi: 'UPI',
    alreadySet: 'Already set',
    newUpi: 'New',
    loadFailed: 'Could not load the KEMIS report.',
  },
}, { sw: sw.kemisMessages });
