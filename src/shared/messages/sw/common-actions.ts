/**
 * Kiswahili of ../common-actions.ts: the buttons and retry links named the same way everywhere.
 */
export const commonActions = {
  cancel: 'Ghairi',
  close: 'Funga',
  save: 'Hifadhi',
  saving: 'Inahifadhi…',
  tryAgain: 'Jaribu tena',
};
