import { localized } from '../i18n/localized.js';
import * as sw from './sw/demo-aids.js';

/**
 * Demo aids (sample files to try an import with): refused for a school that is live. The rule and why:
 * src/server/lib/demo-aids.ts.
 */
export const demoAidMessages = localized('demo-aids/demoAidMessages', {
  liveSchool: 'Sample files are for demo and test schools only: this school takes real M-Pesa payments, so a sample could mix made-up records with real ones.',
}, { sw: sw.demoAidMessages });
