/**
 * KEMIS (Kenya Education Management Information System, replacing NEMIS from July 2025) vocabularies
 * shared by the API and the web (issue 35 §1; docs/decisions/0026-kemis.md): the Ministry's disability
 * and special-needs categories (as the Ministry's special-needs education policy groups them), the
 * nationality codes (ISO 3166-1 alpha-2, Kenya first) and the Ministry's institution vocabularies.
 */

/** The Ministry's special-needs categories, by code (stored in students.special_needs_codes). */
export const SPECIAL_NEEDS_CODES = [
  'visual',
  'hearing',
  'physical',
  'intellectual',
  'autism',
  'learning',
  'speech_language',
  'emotional_behavioural',
  'cerebral_palsy',
  'deaf_blind',
  'multiple',
  'gifted',
] as const;
export type SpecialNeedsCode = (typeof SPECIAL_NEEDS_CODES)[number];

/** Day, boarding or both (schools.boarding_type). */
export const BOARDING_TYPES = ['day', 'boarding', 'mixed'] as const;
export type BoardingType = (typeof BOARDING_TYPES)[number];

/** The levels a school offers (schools.levels_offered). */
export const LEVELS_OFFERED = ['pre_primary', 'primary', 'junior', 'senior'] as const;
export type LevelOffered = (typeof LEVELS_OFFERED)[number];

/** KRA PIN: A (individual) or P (organisation), 9 digits, a letter (domain/identifiers.md). */
export const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

/** A KRA PIN as typed, upper-cased with spaces and dashes removed (then checked against KRA_PIN). */
export function normaliseKraPin(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/**
 * ISO 3166-1 alpha-2 country codes, Kenya first, then the East African Community and the other
 * neighbours, then the rest alphabetically (the web shows their English names with Intl.DisplayNames).
 */
export const NATIONALITY_CODES: readonly string[] = [
  'KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'CD', 'SO', 'ET',
  ...`AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES FI FJ FK FM FO FR GA GB
GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KG
KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU
MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU SA
SB SC SD SE SG SH SI SJ SK SL SM SN SR ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW UA UM US UY UZ
VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/),
];

/** A nationality as typed ("ke", " KE ") upper-cased and trimmed; valid when it is in NATIONALITY_CODES. */
export function isNationality(code: string): boolean {
  return NATIONALITY_CODES.includes(code.trim().toUpperCase());
}

/**
 * The fields KEMIS requires of a learner record that EduFam may lack (the missing-fields report). The UPI
 * is not among them: the Ministry assigns it, so a learner without one is "awaiting UPI", listed apart.
 */
export const KEMIS_REQUIRED_FIELDS = ['birthCertificateNumber', 'dateOfBirth', 'gender', 'nationality', 'residenceCountyCode', 'guardianIdNumber', 'guardianPhone'] as const;
export type KemisRequiredField = (typeof KEMIS_REQUIRED_FIELDS)[number];

/**
 * The KEMIS learner file as the Ministry reads it back (issue 35 §1): its column headers, the header of
 * an imported UPI file's name column, the codes of its values, its sheet and file names. They are the
 * file's format, not wording, so they are the same in every language: the English and Kiswahili tables
 * (messages/kemis.ts, messages/sw/kemis.ts) both take them from here, and a translation cannot change them.
 */
export const KEMIS_FILE = {
  columns: {
    upi: 'UPI',
    admissionNumber: 'Admission No',
    firstName: 'First Name',
    middleName: 'Middle Name',
    lastName: 'Surname',
    gender: 'Gender',
    dateOfBirth: 'Date of Birth',
    birthCertificateNumber: 'Birth Certificate No',
    assessmentNumber: 'Assessment No',
    nationality: 'Nationality',
    residenceCountyCode: 'County Code',
    residenceCounty: 'County of Residence',
    residenceSubCounty: 'Sub-County of Residence',
    specialNeeds: 'Special Needs',
    medicalCondition: 'Medical Condition',
    shaNumber: 'SHA No',
    kcpeIndexNumber: 'KCPE Index No',
    kpseaIndexNumber: 'KPSEA Index No',
    level: 'Grade/Form',
    stream: 'Stream',
    boarding: 'Boarding',
    admittedOn: 'Admission Date',
    fatherName: 'Father Name',
    fatherIdNumber: 'Father ID No',
    fatherPhone: 'Father Phone',
    motherName: 'Mother Name',
    motherIdNumber: 'Mother ID No',
    motherPhone: 'Mother Phone',
    guardianName: 'Guardian Name',
    guardianIdNumber: 'Guardian ID No',
    guardianPhone: 'Guardian Phone',
    guardianRelationship: 'Guardian Relationship',
  },  importHeaders: { name: 'Name' },
  values: { male: 'M', female: 'F', day: 'Day', boarding: 'Boarder' },
  sheet: 'KEMIS learners',
  fileName: (scope: string, day: string) => `kemis-learners-${scope}-${day}`,
} as const;
