/** The school-setup module's public surface: what other modules may import (decision 0021). */
export { copyStreamsToYear } from './school-setup.service.js';
