/** The leave feature's public surface: what other features may import (decision 0021). */
export { LeaveTab } from './leave-tab';
