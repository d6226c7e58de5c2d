/**
 * Kiswahili of ../sms.ts: API errors of the SMS delivery-report callback. `localized` in ../sms.ts
 * checks the table against the English one.
 */
export const smsDeliveryMessages = {
  reportUnknown: 'Haikupatikana',
  reportFieldsRequired: 'Ripoti ya uwasilishaji inahitaji id na status.',
  notDelivered: 'Haukuwasilishwa',
};
