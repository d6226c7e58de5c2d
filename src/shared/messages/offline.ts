import { localized } from '../i18n/localized.js';
import * as sw from './sw/offline.js';

/**
 * Words of the installable app working offline (issue 36 §4): the shell's offline banner and the
 * "Last updated" line on screens shown from what was last synced (a parent's fees, a child's
 * attendance). `at` is already formatted as the reader's day and time ("30/11/2026 14:05").
 */
export const offlineMessages = localized('offline/offlineMessages', {
  banner: 'You are offline. EduFam shows what was last synced on this device; changes are sent when you are back online.',
  lastUpdated: (at: string) => `Last updated ${at}`,
} as const, { sw: sw.offlineMessages });
