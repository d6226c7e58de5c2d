/** The attendance module's public surface: what other modules may import (decision 0021). */
export { loadAttendanceSettings } from './attendance-context.js';
export { termAttendance } from './attendance-counts.js';
export { isLate, staffRate } from './staff-attendance.service.js';
