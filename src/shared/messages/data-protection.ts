import { localized } from '../i18n/localized.js';
import * as sw from './sw/data-protection.js';
/**
 * User-facing strings of data protection requests (issue 18 §2; Kenya Data Protection Act 2019):
 * exports of a data subject's personal data (s.26 right of access) and erasure or anonymisation where
 * the law allows (s.40), with what is retained and why (s.39 retention; Tax Procedures Act 2015 s.23,
 * five years). Shared by the API (errors, outcome notes, the export document) and the screens.
 */

export const DP_SUBJECT_TYPE_LABELS: Record<string, string> = localized('data-protection/DP_SUBJECT_TYPE_LABELS', { learner: 'Learner', user: 'User' }, { sw: sw.DP_SUBJECT_TYPE_LABELS });
export const DP_KIND_LABELS: Record<string, string> = localized('data-protection/DP_KIND_LABELS', { export: 'Export', erasure: 'Erasure' }, { sw: sw.DP_KIND_LABELS });
export const DP_STATUS_LABELS: Record<string, string> = localized('data-protection/DP_STATUS_LABELS', { completed: 'Completed', refused: 'Refused' }, { sw: sw.DP_STATUS_LABELS });

/** The anonymised label that replaces an erased subject's name ("Erased learner 1a2b3c4d"). */
export const erasedLearnerLabel = (id: string) => `Erased learner ${id.slice(0, 8)}`;
export const erasedUserLabel = (id: string) => `Erased user ${id.slice(0, 8)}`;
/** The address that replaces an erased user's e-mail: unique, and never deliverable (.invalid, RFC 2606). */
export const erasedUserEmail = (id: string) => `erased-${id}@invalid`;

export const dataProtectionMessages = localized('data-protection/dataProtectionMessages', {
  legalBasis: {
    export: 'Kenya Data Protection Act 2019, s.26 (right of access): a copy of the personal data held about the data subject.',
    erasure:
      'Kenya Data Protection Act 2019, s.40 (right to rectification and erasure), within s.39 (retention): personal data erased or anonymised; records the law requires are kept in anonymised form.',
  },
  api: {
    learnerNotFound: 'That learner was not found.',
    userNotFound: 'That user was not found.',
    reasonRequired: 'Enter the reason for this request (for example, the data subject’s written request of 12 March).',
    confirmMismatch: 'The name you typed does not match. Type the subject’s name exactly as shown to confirm.',
    learnerActive: 'Exit the learner before erasing their personal data: an enrolled learner’s records are still in use.',
    learnerTransferPending: 'A transfer request for this learner is still pending. Wait until the receiving school decides, then erase.',
    userActive: 'Deactivate this account before erasing their personal data.',
    lastAdmin: 'This is the last EduFam administrator account; it cannot be erased.',
    selfErasure: 'You cannot erase your own account. Ask another EduFam administrator.',
    alreadyErased: 'This data subject’s personal data has already been erased.',
    searchTooShort: 'Type at least 2 characters to search.',
    exported: 'Personal data exported.',
    erased: (label: string) => `Personal data erased. The record is now “${label}”.`,
  },
  /** What an erasure keeps, and the legal reason, written into the request's outcome. */
  retained: {
    learnerFees: {
      what: 'Fee invoices, credit notes, payments and receipts (amounts, dates, receipt numbers, admission number)',
      why: 'Tax Procedures Act 2015 s.23: financial records are kept for five years. They now point at the anonymised learner.',
    },
    learnerAcademic: {
      what: 'Marks, assessments, attendance and class history (anonymised)',
      why: 'The school’s statistics and KNEC returns; with the name, date of birth and identifiers removed they no longer identify the learner.',
    },
    learnerCertificates: {
      what: 'Issued certificates and report cards (name removed, revoked)',
      why: 'The register of issued documents is kept so a forged copy can be recognised; each is revoked and no longer verifies.',
    },
    audit: {
      what: 'Audit log entries',
      why: 'Security and accountability records (Data Protection Act 2019 s.41); they now refer to the anonymised record.',
    },
    userMessages: {
      what: 'Messages and announcements the user sent, and support tickets',
      why: 'They are also the other participants’ and the school’s records; they now show the anonymised name.',
    },
    userStaff: {
      what: 'Staff record, payslips and payroll lines',
      why: 'Employment, PAYE, NSSF and SHIF records are kept for five years (Tax Procedures Act 2015 s.23; Employment Act 2007 s.74).',
    },
    userGuardian: {
      what: 'Guardian contact records on learners’ files',
      why: 'The school’s record of whom to contact for an enrolled child; they are unlinked from the erased account.',
    },
  },
  /** The export document's own words. */
  document: {
    title: 'Personal data held by EduFam',
    notice:
      'This file is a copy of the personal data EduFam holds about the data subject, made under the Kenya Data Protection Act 2019, s.26. Keep it safe: it contains personal data.',
    filesNote: 'Files are listed, not included; ask the school for a copy of a file.',
  },
} as const, { sw: sw.dataProtectionMessages });
