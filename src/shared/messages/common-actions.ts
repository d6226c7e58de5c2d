import { localized } from '../i18n/localized.js';
import * as sw from './sw/common-actions.js';

/**
 * The words of the buttons and retry links that screens name the same way everywhere (Cancel, Close,
 * Save, Saving…, Try again). A screen catalogue spreads them into its `common` block.
 */
export const commonActions = localized('common-actions/commonActions', {
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  saving: 'Saving…',
  tryAgain: 'Try again',
} as const, { sw: sw.commonActions });
