/** The security feature's public surface: what other features may import (decision 0021). */
export { OneTimeCodeInput } from './one-time-code-input';
export { verifySignInCode } from './security-api';
export { StepIndicator, TwoFactorEnrolment, type EnrolmentStep } from './two-factor-enrolment';
