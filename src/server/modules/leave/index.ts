/** The leave module's public surface: what other modules may import (decision 0021). */
export { approvedLeaveByProfile } from './leave.service.js';
