/** The data-protection module's public surface: what other modules may import (decision 0021). */
export { contactConsentFilter, emailConsentFilter, photosRefused, recordAdmissionConsents, smsConsentFilter, type ContactTarget, type SmsTarget } from './consents.service.js';
