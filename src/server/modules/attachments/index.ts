/** The attachments module's public surface: what other modules may import (decision 0021). */
export { resolveAttachments, sendAttachment } from './attachments.js';
