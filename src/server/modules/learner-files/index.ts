/** The learner-files module's public surface: what other modules may import (decision 0021). */
export { readCsv, readXlsx } from './import-file.js';
