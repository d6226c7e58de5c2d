/**
 * The words of the buttons and retry links that screens name the same way everywhere (Cancel, Close,
 * Save, Saving…, Try again). A screen catalogue spreads them into its `common` block.
 */
export const commonActions = {
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  saving: 'Saving…',
  tryAgain: 'Try again',
} as const;
