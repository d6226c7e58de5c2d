/** The auth module's public surface: what other modules may import (decision 0021). */
export { insertAccount } from './accounts.repository.js';
export { findProfileWithSchool, findUserIdByEmail } from './auth.repository.js';
export { currentUser, sendAccountSetupMail } from './auth.service.js';
export { displayName, toSessionUser } from './session-user.js';
