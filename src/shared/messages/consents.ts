import { localized } from '../i18n/localized.js';
import * as sw from './sw/consents.js';
/**
 * User-facing strings of consent under the Kenya Data Protection Act 2019 (issue 35 §5;
 * docs/decisions/0025-consent.md): the API's errors, the learner's Consent card, the parent's "Privacy
 * and consent" section, the admission form's questions, the consent register export and the reason an
 * SMS was not sent.
 */

export const CONSENT_PURPOSE_LABELS: Record<string, string> = localized('consents/CONSENT_PURPOSE_LABELS', {
  processing: 'Data processing',
  photos: 'Photos',
  sms: 'SMS',
  email: 'E-mail',
}, { sw: sw.CONSENT_PURPOSE_LABELS });

export const CONSENT_SOURCE_LABELS: Record<string, string> = localized('consents/CONSENT_SOURCE_LABELS', {
  admission: 'Admission form',
  parent: 'Parent',
  school_office: 'School office',
}, { sw: sw.CONSENT_SOURCE_LABELS });

export const consentMessages = localized('consents/consentMessages', {
  api: {
    purposeInvalid: 'Purpose must be one of: processing, photos, sms, email.',
    grantedRequired: 'Say whether consent is granted (true) or withdrawn (false).',
    consentsRequired: 'Send at least one consent.',
    tooMany: 'Send at most 50 consents at a time.',
    guardianInvalid: 'Invalid guardian id.',
    duplicate: 'Each purpose may appear once per guardian in one request.',
    guardianNotLinked: 'That guardian is not linked to this learner.',
    notAllowed: 'Only the principal, the director or the learner’s parents can see and change consent.',
    parentOwnOnly: 'You can change consent only for yourself.',
    parentNoGuardian: 'Your account is not linked to a guardian of this learner.',
    formatInvalid: 'Format must be xlsx or json.',
    /** Written on an announcement recipient's SMS status when the guardian withdrew SMS consent. */
    noSmsConsent: 'No SMS consent: the guardian withdrew consent to SMS.',
    /** Written on an announcement recipient's e-mail status when the guardian withdrew e-mail consent. */
    noEmailConsent: 'No e-mail consent: the guardian withdrew consent to e-mail.',
  },
  card: {
    title: 'Consent',
    privacyTitle: 'Privacy and consent',
    privacyIntro:
      'Choose how the school may contact you and use photos of your child. You can change this at any time (Data Protection Act 2019).',
    learnerRecord: 'Learner record (school)',
    purpose: 'Purpose',
    guardian: 'Guardian',
    state: 'Consent',
    recordedBy: 'Recorded by',
    when: 'When',
    source: 'Source',
    granted: 'Granted',
    withdrawn: 'Withdrawn',
    notAsked: 'Not yet asked',
    saved: 'Consent saved.',
    loading: 'Loading consent…',
    loadFailed: 'Could not load consent.',
    saveFailed: 'Could not save consent.',
    tryAgain: 'Try again',
    history: 'History',
    noHistory: 'No consent recorded yet.',
    toggle: (purpose: string, who: string) => `${purpose} consent of ${who}`,
    by: (name: string, role: string) => `${name} (${role})`,
  },
  admission: {
    title: 'Consent (Data Protection Act 2019)',
    intro: 'The parent or guardian agrees that the school may:',
    processing: 'Process the learner’s personal data for school purposes',
    photos: 'Use photos of the learner (website, notice boards, publications)',
    sms: 'Send SMS to the guardian',
    email: 'Send e-mail to the guardian',
  },
  register: {
    title: 'Consent register',
    sheet: 'Consent register',
    fileName: (day: string) => `consent-register-${day}`,
    learner: 'Learner',
    admissionNumber: 'Admission number',
    stream: 'Stream',
    guardian: 'Guardian',
    phone: 'Phone',
    purpose: 'Purpose',
    state: 'Consent',
    source: 'Source',
    recordedBy: 'Recorded by',
    role: 'Role',
    recordedAt: 'Recorded at',
    download: 'Consent register (Excel)',
    /** The Data Protection panel's Consent register card (principal, director). */
    cardIntro:
      'The current consent of every learner’s parents (processing, photos, SMS, e-mail), with who recorded it and when, for the Data Commissioner (Data Protection Act 2019).',
    downloadExcel: 'Download Excel',
    notAnswered: 'Parents not yet answered',
    notAnsweredHint: 'Learners whose parents have not yet answered the data processing question.',
    smsWithdrawn: 'Withdrew SMS',
    smsWithdrawnHint: 'Learners with a parent who withdrew consent to SMS.',
    learnersOf: (n: number) => `of ${n} ${n === 1 ? 'learner' : 'learners'}`,
    countsFailed: 'Could not load the consent counts.',
    tryAgain: 'Try again',
  },
  audit: { recorded: 'CONSENTS_RECORDED' },
} as const, { sw: sw.consentMessages });
