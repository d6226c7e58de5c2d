/** The data-protection module's public surface: what other modules may import (decision 0021). */
export { recordAdmissionConsents, smsConsentFilter, type SmsTarget } from './consents.service.js';
