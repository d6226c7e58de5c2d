/** The classes module's public surface: what other modules may import (decision 0021). */
export { classItems, currentYearIdOf } from './classes.repository.js';
