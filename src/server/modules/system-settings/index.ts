/** The system-settings module's public surface: what other modules may import (decision 0021). */
export { applyNewSchoolDefaults } from './new-school-defaults.js';
