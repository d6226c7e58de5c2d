/** The learners feature's public surface: what other features may import (decision 0021). */
export { useClasses, useStudent } from './api/learners';
export { ClassPicker } from './components/class-picker';
export { LearnerStatusBadge } from './components/status-badge';
