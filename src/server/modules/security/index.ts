/** The security module's public surface: what other modules may import (decision 0021). */
export { noteSignInNetwork, raiseFailureAlerts } from './alerts.js';
export { checkPasswordPolicy, loadPolicy, twoFactorRequiredFor } from './policy.js';
export { checkSecondFactor, secondFactorMessage } from './two-factor.service.js';
export * as securityRepo from './security.repository.js';
