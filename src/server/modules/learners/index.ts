/** The learners module's public surface: what other modules may import (decision 0021). */
export { allocateAdmissionNumbers, takenAdmissionNumbers } from './admission-numbers.js';
export { audienceScope, learnerAudience, learnerNotFound, type LearnerAudience } from './learner-scope.js';
/** The audience's SQL conditions live with the queries. */
export { visibleLearners } from './learners.repository.js';
export { allStudentRows, insertStudent, registerFilters, type ListRow } from './learners.repository.js';
export { checkPlacement, createStudent } from './learners.service.js';
