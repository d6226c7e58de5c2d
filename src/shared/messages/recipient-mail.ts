import { localized } from '../i18n/localized.js';
import * as sw from './sw/recipient-mail.js';

/**
 * Words of e-mails the server writes for one person (issue 36 §2), rendered in the recipient's
 * language: the account set-up e-mail (server/lib/account-setup-mail.ts) and the fee reminder
 * e-mail (fees/notices.service.ts). Names, links and the school's own text are parameters.
 */
export const recipientMailMessages = localized('recipient-mail/recipientMailMessages', {
  accountSetup: {
    /** First line, plain text and HTML ("Hello Jane Wanjiru,"). */
    hello: (name: string) => `Hello ${name},`,
    /** Plain-text line with the password link. */
    openLink: (link: string) => `Open this link to choose your password (valid for one hour): ${link}`,
    /** Text of the HTML link. */
    chooseLink: 'Choose your password',
    /** Follows the HTML link. */
    linkValid: '(the link is valid for one hour).',
    /** Where to sign in: `at` is the sign-in address (plain or an HTML link), `area` the sign-in area's name. */
    after: (at: string, area: string) => `Then sign in at ${at} in the "${area}" area with this e-mail address. If the link has expired, use "Forgot password?" on that page.`,
  },
  /** The fee reminder e-mail: greeting, the reminder SMS text, where to pay, the school. */
  feeReminderEmail: (guardianName: string, sms: string, school: string) =>
    `Dear ${guardianName},\n\n${sms}\n\nYou can see the statement and pay with M-Pesa in EduFam under School Fees.\n\n${school}`,
}, { sw: sw.recipientMailMessages });
