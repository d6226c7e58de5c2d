/** The fees module's public surface: what other modules may import (decision 0021). */
export { withVisibleLearner } from './accounts.service.js';
export { cancelPendingCharges, chargeLearner, proRataCents, termOn } from './charges.service.js';
export { FEES_AUDIT } from './fees-context.js';
export { balanceOf, balancesByStudent, findLearner } from './fees.repository.js';
export { collectedByDay, collectedByMethod } from './overview.repository.js';
export { REMINDER_TASK, afterPayment, prepareReceiptNotice, publishFeesChanged, publishUnmatched, remindersTaskHandler, sendNotice, startReminders, type NoticeDeps, type PreparedNotice } from './notices.service.js';
export { postPayment } from './payments.service.js';
