import { plural } from '../plural.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/announcements.js';
/**
 * User-facing strings of school announcements (issue 17 §1): the API's errors and the notices that go
 * with an announcement (bell, SMS, e-mail). Shared by the API and the screens.
 */


/** Priority labels (normal | high | urgent). */
export const ANNOUNCEMENT_PRIORITY_LABELS: Record<string, string> = localized('announcements/ANNOUNCEMENT_PRIORITY_LABELS', { normal: 'Normal', high: 'High', urgent: 'Urgent' }, { sw: sw.ANNOUNCEMENT_PRIORITY_LABELS });
/** Status labels (scheduled | published | cancelled). */
export const ANNOUNCEMENT_STATUS_LABELS: Record<string, string> = localized('announcements/ANNOUNCEMENT_STATUS_LABELS', { scheduled: 'Scheduled', published: 'Published', cancelled: 'Cancelled' }, { sw: sw.ANNOUNCEMENT_STATUS_LABELS });
/** Channel labels (app | sms | email). */
export const ANNOUNCEMENT_CHANNEL_LABELS: Record<string, string> = localized('announcements/ANNOUNCEMENT_CHANNEL_LABELS', { app: 'In the app', sms: 'SMS', email: 'E-mail' }, { sw: sw.ANNOUNCEMENT_CHANNEL_LABELS });
/** Delivery status labels of one channel for one recipient. */
export const ANNOUNCEMENT_DELIVERY_LABELS: Record<string, string> = localized('announcements/ANNOUNCEMENT_DELIVERY_LABELS', { queued: 'Queued', sent: 'Sent', delivered: 'Delivered', failed: 'Failed' }, { sw: sw.ANNOUNCEMENT_DELIVERY_LABELS });

export const announcementMessages = localized('announcements/announcementMessages', {
  api: {
    notFound: 'That announcement was not found.',
    fileNotFound: 'That attachment was not found.',
    titleRequired: 'Enter a title.',
    titleTooLong: 'The title can be at most 150 characters.',
    bodyRequired: 'Write the announcement.',
    bodyTooLong: 'The announcement can be at most 10,000 characters.',
    audienceRequired: 'Choose who the announcement is for.',
    audienceEmpty: 'No one is in this audience. Choose another audience.',
    channelsRequired: 'Choose at least one way to send it.',
    dateInvalid: 'Enter a valid date and time.',
    expiresBeforePublish: 'The expiry must be after the publish time.',
    expiresInPast: 'The expiry must be in the future.',
    classNotFound: 'That stream was not found in your school.',
    levelNotFound: 'That level was not found in your school.',
    roleInvalid: 'Choose a school role (principal, director, teacher, parent, finance officer or HR).',
    teacherOwnStreamsOnly: 'You can post only to the parents and teachers of streams you teach or are class teacher of.',
    teacherAudienceOnly: 'As a teacher you can post only to your own streams (the stream, or its parents).',
    financeParentsOnly: 'Finance notices go to parents only: choose parents, or parents of chosen streams.',
    owingOnlyFinance: 'Only the finance office can limit an announcement to parents who owe fees.',
    hrStaffOnly: 'HR announcements go to staff only: choose all staff or staff roles.',
    notAuthor: 'Only the author, the principal or the director can do this.',
    cancelScheduledOnly: 'Only a scheduled announcement can be cancelled; this one has been published or cancelled already.',
    noSchool: 'Choose a school first.',
    noPhone: 'No phone number',
    smsOptedOut: 'Opted out of non-essential SMS',
    noEmail: 'No e-mail address',
    sendFailed: 'Sending failed',
  },
  /** Short descriptions of an audience (the list's "To" column). */
  audience: {
    wholeSchool: 'Everyone in the school',
    roles: (names: string[]) => names.join(', '),
    streams: (names: string[]) => `${names.join(', ')} (parents and teachers)`,
    parentsOf: (names: string[]) => `Parents of ${names.join(', ')}`,
    levels: (names: string[]) => `Parents of ${names.join(', ')}`,
    staff: 'All staff',
    owingOnly: 'only those with a fee balance',
    join: (parts: string[]) => parts.join('; '),
  },
  /** Bell notification title of an announcement. */
  bellTitle: (title: string) => `Announcement: ${title}`,
  /** SMS text: title, body (trimmed) and the school's name. */
  smsText: (school: string, title: string, body: string) => {
    const text = `${school}: ${title}. ${body}`.replace(/\s+/g, ' ').trim();
    return text.length > 450 ? `${text.slice(0, 447)}...` : text;
  },
  /** E-mail footer. */
  emailFooter: (school: string) => `\n\n— ${school}, sent through EduFam. Sign in to EduFam to see attachments and earlier announcements.`,
  recipients: (n: number) => plural(n, 'recipient', 'recipients'),
}, { sw: sw.announcementMessages });
