/** The sms module's public surface: what other modules may import (decision 0021). */
export { deliverSms, listSms, logSms, sendSms, type OutgoingSms, type SmsDeps } from './sms.service.js';
export { listSmsStatuses } from './sms.repository.js';
