/** The learners module's public surface: what other modules may import (decision 0021). */
export { allocateAdmissionNumbers, takenAdmissionNumbers } from './admission-numbers.js';
export { audienceScope, learnerAudience, learnerNotFound, visibleLearners, type LearnerAudience } from './learner-scope.js';
export { allStudentRows, registerFilters, type ListRow } from './learners.repository.js';
export { createStudent } from './learners.service.js';
