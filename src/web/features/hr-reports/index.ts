/** The hr-reports feature's public surface: what other features may import (decision 0021). */
export { HrAtAGlance } from './hr-dashboard-section';
