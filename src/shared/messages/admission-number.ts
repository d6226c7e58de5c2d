import { localized } from '../i18n/localized.js';
import * as sw from './sw/admission-number.js';

/**
 * Why an admission-number pattern is refused (issue 10 §1 School profile; shared/admission-number.ts
 * checkAdmissionPattern), shown by the school-profile form and the API alike.
 */
export const admissionNumberMessages = localized('admission-number/admissionNumberMessages', {
  patternRequired: 'Enter an admission-number pattern, e.g. GHA/{YYYY}/{SEQ:4}.',
  patternTooLong: 'The pattern can be at most 30 characters.',
  seqTokenCount: 'The pattern needs exactly one {SEQ:n} token, e.g. {SEQ:4}.',
  seqWidth: 'The {SEQ:n} width must be between 1 and 9.',
  unknownToken: 'Unknown token in the pattern: use {YYYY}, {YY} and {SEQ:n}.',
  literalCharacters: 'The pattern may contain letters, digits and / - _ . besides its tokens.',
} as const, { sw: sw.admissionNumberMessages });
