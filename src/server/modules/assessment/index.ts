/** The assessment module's public surface: what other modules may import (decision 0021). */
export { ASSESSMENT_AUDIT, m, schoolScales } from './assessment-context.js';
export { fullName } from './marks.service.js';
export { termCards, type CardVerification, type TermCard, type TermInfo } from './report-cards.js';
export { freezeSchoolResults } from './results.service.js';
