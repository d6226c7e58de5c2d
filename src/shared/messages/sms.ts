import { localized } from '../i18n/localized.js';
import * as sw from './sw/sms.js';

/** SMS delivery reports (issue 17 §1): API errors of the delivery-report callback. */
export const smsDeliveryMessages = localized('sms/smsDeliveryMessages', {
  /** Unset token, or a wrong one: the callback does not exist for the caller. */
  reportUnknown: 'Not found',
  reportFieldsRequired: 'A delivery report needs id and status.',
  /** Stored as the message's error when a report says it failed without a reason. */
  notDelivered: 'Not delivered',
}, { sw: sw.smsDeliveryMessages });
