import { localized } from '../i18n/localized.js';
import * as sw from './sw/language.js';

/**
 * Words of the language choice (issue 36 §1): the picker on the sign-in screens, the Language card
 * of Profile Settings, a guardian's language for what is sent to them and the school's default.
 * Language names themselves are never translated (shared/i18n/locale.ts LOCALE_NAMES).
 */
export const languageMessages = localized('language/languageMessages', {
  label: 'Language',
  card: 'Language',
  cardText: 'The language of your screens, e-mails and notifications, on every device you sign in on.',
  saved: 'Language saved.',
  saveFailed: 'Could not save your language. Try again.',
  guardianLabel: 'Language for SMS and e-mail',
  guardianHint: 'What this guardian receives from the school (SMS, e-mail, printed letters) is written in this language.',
  schoolDefault: (name: string) => `School default (${name})`,
  schoolDefaultLabel: 'Default language',
  schoolDefaultHint: 'Guardians who have not chosen a language receive SMS, e-mails and letters in this one.',
  invalid: 'Choose English or Kiswahili.',
} as const, { sw: sw.languageMessages });
