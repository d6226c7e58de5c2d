import { localized } from '../i18n/localized.js';
import * as sw from './sw/sms-replies.js';

/**
 * Two-way SMS (issue 36 §2, §5): API errors of the incoming-message callback and the replies inbox,
 * the confirmations a STOP/START reply gets by SMS, and the error logged on a reminder not sent to a
 * guardian who opted out.
 */
export const smsReplyMessages = localized('sms-replies/smsReplyMessages', {
  /** Unset token, or a wrong one: the callback does not exist for the caller. */
  incomingUnknown: 'Not found',
  incomingFieldsRequired: 'An incoming message needs from, text and id.',
  replyNotFound: 'Reply not found',
  notAllowed: 'Only school staff read SMS replies.',
  /** The SMS confirming a STOP (ACHA) reply. */
  optedOutSms: (school: string) =>
    `${school}: You will no longer receive announcements and reminders by SMS. Fee receipts and absence alerts still come. Reply START to receive them again.`,
  /** The SMS confirming a START (ANZA) reply. */
  optedInSms: (school: string) => `${school}: You will receive announcements and reminders by SMS again. Reply STOP to stop them.`,
  /** Logged as the error of a fee reminder not sent because the guardian opted out. */
  optedOut: 'Opted out of non-essential SMS (STOP)',
}, { sw: sw.smsReplyMessages });

/** Words of the SMS replies list in Messages and of the opt-out switch on the guardian card. */
export const smsRepliesScreens = localized('sms-replies/smsRepliesScreens', {
  tab: 'SMS replies',
  title: 'SMS replies',
  intro: 'Replies guardians sent to the school\'s SMS.',
  empty: 'No SMS replies yet.',
  loadFailed: 'Could not load the SMS replies. Try again.',
  unknownNumber: 'Unknown number',
  learners: (names: string) => `Parent of ${names}`,
  unread: 'Unread',
  read: 'Read',
  markRead: 'Mark as read',
  markReadFailed: 'Could not mark the reply as read. Try again.',
  loadMore: 'Show more',
  keywordStop: 'Opted out of SMS (STOP)',
  keywordStart: 'Opted back in to SMS (START)',
  forYou: 'To you',
  schoolInbox: 'School inbox',
  optOutLabel: 'No announcements or reminders by SMS',
  optOutHint: 'Set when the guardian replies STOP, or when they ask the school. Fee receipts and absence alerts still go.',
  optOutBadge: 'SMS opt-out',
  optOutSaved: 'SMS choice saved.',
  optOutFailed: 'Could not save the SMS choice. Try again.',
}, { sw: sw.smsRepliesScreens });
