/** The announcements module's public surface: what other modules may import (decision 0021). */
export { recipientKey, resolveAudience, type Recipient } from './audience.js';
