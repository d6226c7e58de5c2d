/** The ussd module's public surface: what other modules may import (decision 0021). */
export { ussdRoutes, type UssdRoutesDeps } from './ussd.routes.js';
export type { UssdStkPush } from './ussd.service.js';
