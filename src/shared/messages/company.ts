import { localized } from '../i18n/localized.js';
import * as sw from './sw/company.js';

/**
 * User-facing strings of Company Management (issue 18 §4): EduFam's own details (printed on platform
 * invoices, receipts and e-mails) and the platform staff accounts. Shared by the API (errors, audit,
 * e-mails) and the screens (the same checks run in the form before sending).
 */
export const companyMessages = localized('company/companyMessages', {
  fields: {
    name: 'Company name is required.',
    kraPin: 'Enter a KRA PIN like P051234567X: P (or A), nine digits, then a letter.',
    paybill: 'A paybill number has 5 to 7 digits.',
    email: 'Enter a valid e-mail address.',
    phone: 'Please enter a valid Kenyan phone number',
    website: 'Enter a web address starting with http:// or https://.',
    staffName: 'Enter the person’s name.',
    staffEmail: 'Enter a valid e-mail address.',
  },
  api: {
    invalid: 'Please correct the highlighted fields.',
    saved: 'Company details saved.',
    logoSaved: 'Logo updated.',
    noLogo: 'No logo has been uploaded yet.',
    staffNotFound: 'That platform staff account was not found.',
    emailTaken: 'A user with this email address already exists.',
    invited: (name: string, email: string) => `${name} was added. A link to choose a password was sent to ${email}.`,
    inviteMailFailed: 'The account was created, but the set-password e-mail could not be sent. Ask them to use "Forgot password?" on the sign-in page.',
    cannotChangeSelf: 'You cannot change your own role or deactivate your own account.',
    lastAdmin: 'At least one active EduFam admin must remain.',
    updated: (name: string) => `${name} has been updated.`,
    nothingToChange: 'Choose a role or a status to change.',
  },
  mail: {
    subject: 'Your EduFam staff account',
    /** The rest of the set-up e-mail's wording is shared (server/lib/account-setup-mail.ts). */
    body: (role: string) => `EduFam has created a platform staff account for you (${role}).`,
  },
} as const, { sw: sw.companyMessages });
