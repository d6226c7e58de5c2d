import { localized } from '../i18n/localized.js';
import { plural } from '../plural.js';
import * as sw from './sw/learner-files.js';
/**
 * User-facing strings of learner import and export (issue 10 §2 "Import", "Export"). Part of `messages`
 * (shared/messages.ts) as `messages.learnerFiles`. Row errors reuse the register's field messages
 * (messages.learners) where the rule is the same as the admission form's.
 */

export const learnerFilesMessages = localized('learner-files/learnerFilesMessages', {
  // Whole-file refusals (400, nothing imported).
  columnsProblem: (missing: string[], unknown: string[], duplicate: string[]) =>
    [
      missing.length ? `Missing columns: ${missing.join(', ')}.` : '',
      unknown.length ? `Unknown columns: ${unknown.join(', ')}.` : '',
      duplicate.length ? `Duplicate columns: ${duplicate.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ') + ' Download the template for the exact column names.',
  noHeader: 'The file has no header row. Download the template and keep its first row.',
  noRows: 'The file has a header row but no learners.',
  unreadableCsv: (line: number | null) =>
    `The file could not be read as CSV${line ? ` (near line ${line})` : ''}. Save it again as "CSV UTF-8" or as an Excel workbook.`,
  unreadableXlsx: 'The file could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.',
  noSheet: 'The workbook has no sheets.',
  tooManyRows: (max: number) => `A file can hold at most ${max.toLocaleString('en-KE')} learners. Split it into smaller files.`,
  noOpenYear: 'The school has no open academic year to place learners in. Open the year in School Setup first.',
  staffOnly: 'Only school staff can export the register.',
  // Column mapping (a file with other headers than the template's; issue 34).
  mappingNotJson: 'The column mapping could not be read: send it as a JSON object of our column → your column.',
  mappingUnknownTargets: (names: string[]) => `The mapping names columns the import does not have: ${names.join(', ')}.`,
  mappingUnknownHeaders: (names: string[]) => `The mapping names columns that are not in the file: ${names.join(', ')}.`,
  mappingAmbiguousHeaders: (names: string[]) => `These columns appear more than once in the file, so the mapping cannot tell which is meant: ${names.join(', ')}.`,
  mappingReused: (names: string[]) => `Each column of the file can hold only one of ours; used more than once: ${names.join(', ')}.`,
  mappingMissingRequired: (names: string[]) => `Choose the file's column for: ${names.join(', ')}.`,
  mappingFullNameAndParts: 'Choose either a full-name column or first and last name columns, not both.',
  concurrentChange: 'Another learner was admitted with one of these admission numbers while the file was being imported. Nothing was saved: check the file again and import it.',

  // Row errors (with the row and column).
  required: (column: string) => `${column} is required.`,
  genderInvalid: 'Gender must be M or F (or male / female).',
  dateInvalid: 'Enter the date of birth as dd/mm/yyyy, e.g. 12/03/2014 (YYYY-MM-DD also works).',
  unknownClass: (name: string) => `Unknown class "${name}": use a class of the current academic year, e.g. as in the template.`,
  boardingInvalid: 'Boarding must be day or boarding (blank means day).',
  relationshipInvalid: (allowed: string) => `Relationship must be one of: ${allowed}.`,
  duplicateInFile: (n: string, row: number) => `Admission number ${n} is also on row ${row}.`,
  notActive: (n: string, status: string) =>
    `Admission number ${n} belongs to a learner who is no longer active (${status}). Readmit them before importing changes.`,
  sameLearner: (row: number) => `The same learner as on row ${row} (same admission number, or same names and guardian phone).`,
  guardianNameLong: 'The guardian’s name can be at most 120 characters.',

  // Warnings (do not block).
  overCapacity: (className: string, after: number, capacity: number) =>
    `${className} will have ${after} learners, over its capacity of ${capacity}. The rows are imported anyway.`,

  // Template.
  templateExamples: [
    { first: 'Wanjiru', middle: 'Njeri', last: 'Kamau', gender: 'F', dob: '12/03/2014', upi: 'A1B2C3D', bcn: '1234567', boarding: 'day', guardian: 'Mary Wanjiku Kamau', relationship: 'mother', phone: '0712345678', email: 'mary.kamau@example.com' },
    { first: 'Brian', middle: '', last: 'Otieno', gender: 'M', dob: '30/08/2013', upi: '', bcn: '', boarding: 'boarding', guardian: 'Peter Ochieng Otieno', relationship: 'father', phone: '0722000111', email: '' },
  ],
  instructionsTitle: 'How to fill in this file',
  instructionsHeader: ['Column', 'Required', 'What to enter'],
  instructions: {
    admission_number: 'Leave blank for a new learner: the next number of the school’s pattern is given. A learner already in the school with this number is updated, never duplicated.',
    first_name: 'The learner’s first name, as on the birth certificate (apostrophes and accents are kept).',
    middle_name: 'Optional.',
    last_name: 'The learner’s surname.',
    gender: 'M or F.',
    date_of_birth: 'dd/mm/yyyy, e.g. 12/03/2014 (YYYY-MM-DD or an Excel date also works). Optional.',
    class: 'The stream’s name exactly as the school calls it, e.g. Grade 7 East (see the list below).',
    upi: 'The learner’s UPI (NEMIS/KEMIS). Optional.',
    birth_certificate_number: 'Optional.',
    boarding: 'day or boarding. Blank means day.',
    guardian_name: 'The parent or guardian’s full name.',
    guardian_relationship: 'mother, father, guardian, grandparent, sibling, relative, sponsor or other; grandmother, grandfather, aunt, uncle, brother, sister, step-mother and step-father are also accepted (saved as grandparent, sibling or relative, and shown as typed). Blank means guardian.',
    guardian_phone: 'A Kenyan mobile number, e.g. 0712345678. A guardian already known by this phone is linked, not duplicated (siblings share a parent).',
    guardian_email: 'Optional.',
  } as Record<string, string>,
  instructionsNotes: [
    'Keep the first row (the column names) exactly as it is. Put one learner on each row.',
    'Blank optional cells keep what the school already has for a learner being updated.',
    'Upload the file in Student Information > Import. You see every row with a problem before anything is saved.',
  ],
  classesHeading: 'Classes of this year',
  yes: 'Yes',
  no: 'No',

  // Web: import wizard.
  importTitle: 'Import learners',
  importDescription: 'Add or update many learners at once from a CSV file or an Excel workbook.',
  importButton: 'Import',
  stepUpload: 'Upload',
  stepMap: 'Match columns',
  stepReview: 'Review',
  stepImport: 'Import',
  templateHeading: '1. Start from the template',
  templateText: 'Its columns are exactly the ones the import reads. The two example rows use your school’s classes: replace them with your learners.',
  downloadCsv: 'Template (CSV)',
  downloadXlsx: 'Template (Excel)',
  uploadHeading: '2. Choose your file',
  uploadText: 'CSV or Excel (.xlsx), up to 10 MB. Nothing is saved until you confirm.',
  chooseFile: 'Choose file',
  dropHere: 'Drop the file here, or',
  changeFile: 'Choose another file',
  checking: 'Checking the file…',
  summaryRows: (n: number) => plural(n, 'row read', 'rows read'),
  labelNew: 'New',
  labelUpdated: 'Updated',
  labelUnchanged: 'Unchanged',
  labelBad: 'With problems',
  errorsHeading: 'Rows with problems',
  errorsText: 'These rows are not imported. Fix them in your file and upload it again, or import the good rows now.',
  warningsHeading: 'Warnings',
  warningsText: 'These rows are imported; check them afterwards.',
  colRow: 'Row',
  colColumn: 'Column',
  colProblem: 'Problem',
  moreIssues: (n: number) => `and ${plural(n, 'more', 'more')}: fix these first and check the file again.`,
  allGood: 'Every row is ready to import.',
  nothingToImport: 'There is nothing to import: every good row is already up to date.',
  noGoodRows: 'No row can be imported. Fix the rows listed below and check the file again.',
  importGood: (n: number) => `Import ${plural(n, 'learner', 'learners')}`,
  cancel: 'Cancel',
  startOver: 'Import another file',
  close: 'Close',
  importing: 'Importing learners…',
  importingProgress: (done: number, total: number) => `${done.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')} rows`,
  waiting: 'Waiting to start…',
  doneHeading: 'Import finished',
  doneText: (created: number, updated: number) =>
    `${plural(created, 'learner', 'learners')} added and ${plural(updated, 'learner', 'learners')} updated.`,
  doneSkipped: (n: number) => `${plural(n, 'row was', 'rows were')} skipped because of problems.`,
  failedHeading: 'The import did not finish',
  retry: 'Try again',
  // Web: column mapping step.
  mapHeading: 'Match your columns',
  mapText: (fileName: string) =>
    `The columns of ${fileName} are not the template’s. For each of our columns, choose the column of your file that holds it; required ones are marked. Columns you leave out are read as blank.`,
  mapOurColumn: 'Our column',
  mapTheirColumn: 'Column in your file',
  mapRequired: 'Required',
  mapNone: 'Not in the file',
  mapCheck: 'Check the file',
  mapMissing: (names: string[]) => `Still to choose: ${names.join(', ')}.`,
  mapFields: {
    admission_number: 'Admission number',
    full_name: 'Full name (split into first, middle and last)',
    first_name: 'First name',
    middle_name: 'Middle name',
    last_name: 'Last name',
    gender: 'Gender',
    date_of_birth: 'Date of birth',
    class: 'Class (stream)',
    upi: 'UPI',
    birth_certificate_number: 'Birth certificate number',
    boarding: 'Day or boarding',
    guardian_name: 'Guardian name',
    guardian_relationship: 'Guardian relationship',
    guardian_phone: 'Guardian phone',
    guardian_email: 'Guardian e-mail',
  } as Record<string, string>,
  toastDone: (created: number, updated: number) => `Import finished: ${created} added, ${updated} updated.`,
} as const, { sw: sw.learnerFilesMessages });
