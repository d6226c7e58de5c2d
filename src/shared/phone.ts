import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Normalises a Kenyan phone number to 2547XXXXXXXX / 2541XXXXXXXX, the form Daraja and SMS gateways
 * want (domain/identifiers.md). Accepts 07…, 01…, +254…, 254…, 7…/1… (nine digits). Returns null
 * when the input is not a valid Kenyan mobile number.
 */
export function normaliseKenyanPhone(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '');
  const candidate = /^[71]\d{8}$/.test(digits) ? `0${digits}` : digits;
  const parsed = parsePhoneNumberFromString(candidate, 'KE');
  if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== '254') return null;
  const national = parsed.nationalNumber;
  if (!/^[71]\d{8}$/.test(national)) return null;
  return `254${national}`;
}
