/** The data-protection feature's public surface: what other features may import (decision 0021). */
export { ConsentRegisterCard, DataProtectionPanel } from './data-protection-panel';
export { LearnerDataExportButton } from './learner-data-export-button';
export { ChildPrivacyConsent, LearnerConsentCard } from './consent-card';
