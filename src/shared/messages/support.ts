import { localized } from '../i18n/localized.js';
import * as sw from './sw/support.js';

/**
 * User-facing strings of support tickets (issue 17 §3): school users' "Support" / the director's
 * "Support Tickets", and EduFam staff's "Support Center". Shared by the API (errors, e-mails) and the
 * screens.
 */

export const SUPPORT_CATEGORY_LABELS: Record<string, string> = localized('support/SUPPORT_CATEGORY_LABELS', {
  technical: 'Technical',
  billing: 'Billing',
  data_correction: 'Data correction',
  feature_request: 'Feature request',
}, { sw: sw.SUPPORT_CATEGORY_LABELS });

export const SUPPORT_PRIORITY_LABELS: Record<string, string> = localized('support/SUPPORT_PRIORITY_LABELS', {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}, { sw: sw.SUPPORT_PRIORITY_LABELS });

export const SUPPORT_STATUS_LABELS: Record<string, string> = localized('support/SUPPORT_STATUS_LABELS', {
  open: 'Open',
  in_progress: 'In progress',
  waiting_for_school: 'Waiting for school',
  resolved: 'Resolved',
  closed: 'Closed',
}, { sw: sw.SUPPORT_STATUS_LABELS });

/** "T-1042": the reference people quote for ticket number 1042. */
export const ticketReference = (n: number) => `T-${n}`;

export const supportMessages = localized('support/supportMessages', {
  title: 'Support',
  directorTitle: 'Support Tickets',
  adminTitle: 'Support Center',
  /** How EduFam staff appear to a school (their profiles are not visible to schools). */
  supportName: 'EduFam Support',
  api: {
    ticketNotFound: 'That support ticket was not found.',
    cannedReplyNotFound: 'That canned reply was not found.',
    staffNotFound: 'Choose a member of EduFam support staff.',
    subjectRequired: 'Enter a subject.',
    subjectTooLong: 'Keep the subject under 200 characters.',
    descriptionRequired: 'Describe the problem.',
    descriptionTooLong: 'Keep the description under 10,000 characters.',
    bodyRequired: 'Write a reply.',
    bodyTooLong: 'Keep the reply under 10,000 characters.',
    category: 'Choose a category: technical, billing, data correction or feature request.',
    priority: 'Choose a priority: low, normal, high or urgent.',
    status: 'Choose a status: open, in progress, waiting for school, resolved or closed.',
    rating: 'Rate from 1 to 5.',
    commentTooLong: 'Keep the comment under 2,000 characters.',
    titleRequired: 'Enter a title.',
    titleTooLong: 'Keep the title under 120 characters.',
    internalNotAllowed: 'Only EduFam support staff can add internal notes.',
    nothingToChange: 'Nothing to change: give a status, priority or assignee.',
    ticketClosed: 'This ticket is closed. Open a new ticket if you still need help.',
    schoolStatusNotAllowed: 'You can close a resolved ticket or reopen it; support staff change the other statuses.',
    ratingNotYet: 'You can rate the support once the ticket is resolved.',
    ratingTwice: 'You have already rated this ticket.',
    ratingOpenerOnly: 'Only the person who opened the ticket can rate it.',
    noSupportAccess: 'Your role cannot use support tickets.',
  },
  audit: {
    status: (ref: string, from: string, to: string) => `Ticket ${ref}: status ${SUPPORT_STATUS_LABELS[from] ?? from} → ${SUPPORT_STATUS_LABELS[to] ?? to}`,
    assigned: (ref: string, name: string | null) => (name ? `Ticket ${ref} assigned to ${name}` : `Ticket ${ref} unassigned`),
    priority: (ref: string, from: string, to: string) => `Ticket ${ref}: priority ${SUPPORT_PRIORITY_LABELS[from] ?? from} → ${SUPPORT_PRIORITY_LABELS[to] ?? to}`,
  },
  email: {
    replySubject: (ref: string, subject: string) => `[${ref}] EduFam Support replied: ${subject}`,
    replyText: (name: string, ref: string, subject: string, body: string) =>
      `Hello ${name},\n\nEduFam Support replied to your ticket ${ref} ("${subject}"):\n\n${body}\n\nSign in to EduFam and open Support to read the thread and reply.\n\nEduFam Support`,
  },
} as const, { sw: sw.supportMessages });
