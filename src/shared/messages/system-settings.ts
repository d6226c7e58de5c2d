import { localized } from '../i18n/localized.js';
import * as sw from './sw/system-settings.js';
/**
 * User-facing strings of System Settings (issue 18 §4): defaults for new schools, feature flags per
 * school, and the e-mail and SMS provider settings. Shared by the API (errors, test messages) and the
 * screens.
 */
export const systemSettingsMessages = localized('system-settings/systemSettingsMessages', {
  features: {
    mpesa: { label: 'M-Pesa payments', description: 'Paybill, STK push and reconciliation of fee payments.' },
    transport: { label: 'Transport', description: 'Routes, vehicles and transport fees.' },
    inventory: { label: 'Inventory', description: 'Stock, suppliers and issues.' },
    timetable: { label: 'Timetable', description: 'Timetable setup, generation and views.' },
    messages: { label: 'Messages', description: 'Conversations between staff and parents.' },
    sms: { label: 'SMS', description: 'SMS delivery reports and SMS sending.' },
    payroll: { label: 'Payroll', description: 'Payroll runs, payslips and statutory deductions.' },
    certificates: { label: 'Certificates', description: 'Signed certificates and their verification.' },
  },
  featureDisabled: (label: string) => `${label} is turned off for your school. Ask EduFam support to turn it on.`,
  api: {
    invalid: 'Please correct the highlighted fields.',
    defaultsSaved: 'Defaults for new schools saved.',
    flagsSaved: (school: string) => `Feature flags saved for ${school}.`,
    schoolNotFound: 'That school was not found.',
    unknownFeature: (key: string) => `Unknown feature: ${key}.`,
    emailSaved: 'E-mail settings saved.',
    smsSaved: 'SMS settings saved.',
    secretsUnreadable: 'The stored secret could not be read with this server’s key. Enter it again.',
    mailTestSent: (to: string) => `A test e-mail was sent to ${to}.`,
    mailTestFailed: (reason: string) => `The test e-mail could not be sent: ${reason}`,
    smsTestSent: (phone: string) => `A test SMS was sent to ${phone}.`,
    smsTestFailed: (reason: string) => `The test SMS could not be sent: ${reason}`,
    mailTestSubject: 'EduFam test e-mail',
    mailTestText: 'This is a test e-mail from EduFam’s System Settings. If you can read it, the e-mail settings work.',
    smsTestText: 'EduFam test SMS: the SMS settings work.',
  },
  fields: {
    curricula: 'Choose at least one curriculum.',
    termCount: 'The template has exactly three terms.',
    termName: 'Every term needs a name.',
    termDate: 'Use a month and day, e.g. 01-05.',
    termOrder: 'Each term must end after it starts and start after the previous one ends.',
    halfTerm: 'The half-term break must fall inside its term.',
    smsSenderId: 'A sender ID has 3 to 11 letters, digits or spaces.',
    host: 'Enter the SMTP server’s host name.',
    port: 'Enter a port from 1 to 65535.',
    from: 'Enter the sender address, e.g. EduFam <no-reply@edufam.co.ke>.',
    password: 'Enter the SMTP password for this user.',
    username: 'Enter the Africa’s Talking username.',
    apiKey: 'Enter the Africa’s Talking API key.',
    testTo: 'Enter a valid e-mail address.',
    testPhone: 'Please enter a valid Kenyan phone number',
  },
} as const, { sw: sw.systemSettingsMessages });
