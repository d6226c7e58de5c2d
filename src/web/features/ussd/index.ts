/** The ussd feature's public surface: the demo's USSD simulator page (issue 36 §3). */
export { UssdSimulatorPage } from './ussd-simulator-page';
