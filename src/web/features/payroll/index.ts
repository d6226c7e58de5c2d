/** The payroll feature's public surface: what other features may import (decision 0021). */
// The approvals card opens a submitted payroll run for review (loaded lazily: import('@/features/payroll')).
export { RunReviewDialog } from './runs/run-review-dialog';
