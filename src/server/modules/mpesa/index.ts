/** The mpesa module's public surface: what other modules may import (decision 0021). */
export { SIMULATOR_CREDENTIALS, type MpesaDeps } from './mpesa-deps.js';
