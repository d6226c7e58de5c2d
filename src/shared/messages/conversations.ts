import { localized } from '../i18n/localized.js';
import * as sw from './sw/conversations.js';

/**
 * User-facing strings of conversations between parents and staff and among staff (issue 17 §2):
 * API errors, relation labels of contacts, and texts the screens share with the server.
 */

/** Role names shown next to a participant when no closer relation is known. */
export const CONVERSATION_ROLE_LABELS: Record<string, string> = localized('conversations/CONVERSATION_ROLE_LABELS', {
  principal: 'Principal',
  school_director: 'School director',
  teacher: 'Teacher',
  finance_officer: 'Finance office',
  hr: 'HR',
  parent: 'Parent',
  edufam_admin: 'EduFam support',
}, { sw: sw.CONVERSATION_ROLE_LABELS });

/** Names of the weekdays of office hours (0 = Monday). */
export const OFFICE_HOURS_DAY_LABELS = localized('conversations/OFFICE_HOURS_DAY_LABELS', ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const, { sw: sw.OFFICE_HOURS_DAY_LABELS });

export const REPORT_STATUS_LABELS: Record<string, string> = localized('conversations/REPORT_STATUS_LABELS', { open: 'Open', reviewed: 'Reviewed', dismissed: 'Dismissed' }, { sw: sw.REPORT_STATUS_LABELS });

export const conversationMessages = localized('conversations/conversationMessages', {
  /** The auto-reply text a staff member starts from. */
  defaultAutoReply: 'Thank you for your message. I reply between 8 AM and 5 PM on school days.',
  relation: {
    classTeacher: (stream: string) => `Class teacher, ${stream}`,
    subjectTeacher: (subject: string, stream: string) => `${subject} teacher, ${stream}`,
    parentOf: (names: string) => `Parent of ${names}`,
    principal: 'Principal',
    director: 'School director',
    financeOffice: 'Finance office',
    hr: 'HR',
    teacher: 'Teacher',
    staff: 'Staff',
  },
  /** Group headings of the contacts list. */
  contactGroups: {
    teachers: 'Your children’s teachers',
    office: 'School office',
    staff: 'Staff',
    parents: 'Parents',
  },
  api: {
    notFound: 'That conversation was not found.',
    messageNotFound: 'That message was not found.',
    reportNotFound: 'That report was not found.',
    streamNotFound: 'That stream was not found.',
    participantsRequired: 'Choose at least one person to message.',
    selfOnly: 'Choose someone other than yourself.',
    tooManyParticipants: (max: number) => `A conversation can have at most ${max} people.`,
    notAContact: 'You can only message staff who teach or serve your children.',
    notAContactStaff: 'You can only message staff of your school and parents of learners you serve.',
    bodyRequired: 'Write a message.',
    bodyTooLong: (max: number) => `A message can be at most ${max.toLocaleString('en-KE')} characters.`,
    subjectTooLong: 'Keep the subject under 200 characters.',
    idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 characters.',
    broadcastNotYourStream: 'You can message the parents of streams you teach only.',
    broadcastNoParents: 'No parent of this stream has an account yet, so nobody would receive this message.',
    officeHoursDays: 'Choose at least one day.',
    officeHoursTime: 'Enter the time as HH:MM (24-hour), e.g. 08:00.',
    officeHoursOrder: 'The end of office hours must be after the start.',
    autoReplyRequired: 'Write the auto-reply text.',
    reportReasonRequired: 'Say why you are reporting this message.',
    reportExists: 'You have already reported this message; the principal will review it.',
    reportOwnMessage: 'You cannot report your own message.',
    reviewReasonRequired: 'Give the reason for reviewing this conversation (it is recorded).',
    reviewStatusInvalid: 'Choose reviewed or dismissed.',
    dateInvalid: 'Enter a valid date and time.',
  },
}, { sw: sw.conversationMessages });
