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

/**
 * A phone number as Kenyans write it: local "0722 334 455" (default) or international
 * "+254 722 334 455", from any form `normaliseKenyanPhone` accepts (254722334455, 0722334455,
 * +254 722 334455 …). A Kenyan landline (254202715500 as stored, or 0202715500) is written locally
 * with its area code apart ("020 2715500"); anything else that is not a Kenyan mobile number (a foreign or
 * masked number) comes back as given, trimmed; null or empty gives ''.
 */
export function formatKenyanPhone(input: string | null | undefined, style: 'local' | 'international' = 'local'): string {
  if (!input) return '';
  const normalised = normaliseKenyanPhone(input);
  if (!normalised) {
    const landline = style === 'local' ? /^(?:\+?254|0)([2-6]\d{8})$/.exec(input.replace(/[\s()-]/g, '')) : null;
    return landline ? `0${landline[1]!.slice(0, 2)} ${landline[1]!.slice(2)}` : input.trim();
  }
  const [a, b, c] = [normalised.slice(3, 6), normalised.slice(6, 9), normalised.slice(9)];
  return style === 'international' ? `+254 ${a} ${b} ${c}` : `0${a} ${b} ${c}`;
}
