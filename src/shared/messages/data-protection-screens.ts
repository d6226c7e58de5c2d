/**
 * Words of the data protection screens (issue 18 §2): the "Data protection" tab of EduFam staff's
 * Security section, the export and erasure dialogs, and the learner profile's export button.
 */

import { formatDayTime } from '../dates.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/data-protection-screens.js';

/** "12/03/2026 14:05" in Africa/Nairobi (shared formatDayTime). */
export const formatDpDateTime = (iso: string) => formatDayTime(iso);

export const LEARNER_STATUS_LABELS: Record<string, string> = localized('data-protection-screens/LEARNER_STATUS_LABELS', { active: 'Enrolled', transferred: 'Transferred', graduated: 'Graduated', exited: 'Exited' }, { sw: sw.LEARNER_STATUS_LABELS });
export const USER_STATUS_LABELS: Record<string, string> = localized('data-protection-screens/USER_STATUS_LABELS', { active: 'Active', inactive: 'Deactivated', suspended: 'Suspended' }, { sw: sw.USER_STATUS_LABELS });

export const dataProtectionScreens = localized('data-protection-screens/dataProtectionScreens', {
  panel: {
    title: 'Data protection requests',
    intro:
      'Under the Kenya Data Protection Act 2019 a learner, parent or staff member may ask for a copy of their personal data (s.26) and for its erasure where the law allows (s.40). Every request is recorded and audited.',
    searchLabel: 'Find a data subject',
    searchPlaceholder: 'Search learners and users by name, admission number or e-mail',
    type: 'Subject type',
    allTypes: 'Learners and users',
    learners: 'Learners',
    users: 'Users',
    typeHint: 'Type at least 2 characters to search.',
    searching: 'Searching…',
    noMatches: 'No learner or user matches that search.',
    noMatchesHint: 'Check the spelling, or search by admission number or e-mail address.',
    searchFailed: 'Could not search',
    tryAgain: 'Try Again',
    platformUser: 'EduFam staff',
    erasedBadge: 'Erased',
    exportAction: 'Export data',
    eraseAction: 'Erase personal data',
    cannotErase: 'Cannot erase yet',
  },
  history: {
    title: 'Request history',
    subtitle: 'Every export and erasure, newest first. Names are replaced by an anonymised label once a subject is erased.',
    kind: 'Request type',
    allKinds: 'All requests',
    emptyTitle: 'No data protection requests yet',
    emptyHint: 'Exports and erasures you make appear here.',
    loadFailed: 'Could not load the request history',
    columns: { when: 'When', subject: 'Data subject', kind: 'Request', school: 'School', requestedBy: 'Requested by', reason: 'Reason', outcome: 'Outcome' },
    platform: 'EduFam (platform)',
    unknownRequester: 'Former user',
    exportedRows: (n: number) => `${n.toLocaleString('en-KE')} records exported`,
    erasedRows: (anonymised: number, deleted: number) => `${anonymised.toLocaleString('en-KE')} anonymised, ${deleted.toLocaleString('en-KE')} deleted`,
    retainedCount: (n: number) => `${n} kind${n === 1 ? '' : 's'} of record kept by law`,
  },
  exportDialog: {
    title: 'Export personal data',
    description: (name: string) => `A JSON file with every personal field EduFam holds about ${name}. The export is recorded in the security log.`,
    learnerIncludes: 'Profile, guardians, class history, attendance, marks and report cards, certificates, fees and payments, transport, store issues, movements and a list of stored files.',
    userIncludes: 'Profile and account, sign-in sessions, audit entries of the last 12 months, announcements and messages sent, conversations, support tickets, and the staff record and payslips if any.',
    reason: 'Reason for the export',
    reasonPlaceholder: 'For example: written request from the parent received on 12 March',
    reasonHelp: 'Recorded with the request. Do not include other personal data.',
    cancel: 'Cancel',
    submit: 'Download JSON',
    pending: 'Preparing…',
    done: 'Personal data exported',
    doneHint: (file: string) => `${file} was downloaded.`,
    failed: 'Could not export the personal data',
  },
  eraseDialog: {
    title: 'Erase personal data',
    description: (name: string) => `This permanently erases or anonymises the personal data of ${name}. It cannot be undone.`,
    erasedTitle: 'Erased or anonymised',
    keptTitle: 'Kept, and why',
    learnerErased: [
      'Names replaced by an anonymised label',
      'Date of birth, UPI, birth certificate and assessment numbers',
      'Medical and special-needs notes',
      'Photos (deleted from storage)',
      'Guardian links; a guardian with no other child at the school is deleted',
      'The name in messages, certificates, transfer records and notes',
      'Payer names and phone numbers on payments',
    ],
    learnerKept: [
      { what: 'Fee invoices, payments and receipts', why: 'Tax Procedures Act 2015: financial records are kept for 5 years.' },
      { what: 'Marks, attendance and class history', why: 'Kept anonymised for the school’s statistics.' },
      { what: 'Issued certificates', why: 'Name removed and revoked; the register of issued documents stays.' },
      { what: 'Audit log', why: 'Security records (DPA 2019 s.41).' },
    ],
    userErased: [
      'Name, e-mail address, phone and photo',
      'Password and sign-in methods (the account can no longer sign in)',
      'Sessions, two-factor secrets and sign-in attempts',
      'Notifications and office-hours settings',
    ],
    userKept: [
      { what: 'Messages, announcements and tickets sent', why: 'Also the other participants’ records; shown with the anonymised name.' },
      { what: 'Staff record and payslips', why: 'Tax and employment records are kept for 5 years.' },
      { what: 'Audit log', why: 'Security records (DPA 2019 s.41).' },
    ],
    reason: 'Reason for the erasure',
    reasonPlaceholder: 'For example: former learner’s written erasure request of 12 March',
    confirm: (name: string) => `Type ${name} to confirm`,
    confirmHint: 'Type the name exactly as shown.',
    cancel: 'Cancel',
    submit: 'Erase personal data',
    pending: 'Erasing…',
    done: 'Personal data erased',
    doneHint: (label: string) => `The record is now “${label}”.`,
    failed: 'Could not erase the personal data',
  },
  learnerButton: {
    label: 'Export personal data',
    fallbackName: 'this learner',
  },
  subjectType: { learner: 'Learner', user: 'User' } as Record<string, string>,
  kind: { export: 'Export', erasure: 'Erasure' } as Record<string, string>,
} as const, { sw: sw.dataProtectionScreens });
