import { admissionNumberMessages as m } from './messages/admission-number.js';

/**
 * Admission-number patterns (issue 10 §1 School profile), e.g. "GHA/{YYYY}/{SEQ:4}" gives GHA/2026/0001.
 * Tokens: {YYYY} the admission year, {YY} its last two digits, {SEQ:n} the sequence number padded to n
 * digits (1-9; {SEQ} alone means 4). Exactly one {SEQ} token is required; everything else is literal.
 * Browser-safe: the settings form checks a pattern with the same function the server uses.
 */

export const DEFAULT_ADMISSION_PATTERN = '{YYYY}/{SEQ:4}';
export const ADMISSION_NUMBER_MAX = 40;

const TOKEN = /\{(YYYY|YY|SEQ(?::(\d))?)\}/g;

export type PatternCheck = { ok: true } | { ok: false; message: string };

/** Checks a pattern (its refusal in the current language, messages/admission-number.ts): one {SEQ} or {SEQ:n} (n 1-9), only known tokens, literal text of safe characters. */
export function checkAdmissionPattern(pattern: string): PatternCheck {
  const p = pattern.trim();
  if (!p) return { ok: false, message: m.patternRequired };
  if (p.length > 30) return { ok: false, message: m.patternTooLong };
  const seq = [...p.matchAll(/\{SEQ(?::(\d))?\}/g)];
  if (seq.length !== 1) return { ok: false, message: m.seqTokenCount };
  const width = seq[0]![1] === undefined ? 4 : Number(seq[0]![1]);
  if (width < 1 || width > 9) return { ok: false, message: m.seqWidth };
  const literal = p.replace(TOKEN, '');
  if (/[{}]/.test(literal)) return { ok: false, message: m.unknownToken };
  if (!/^[A-Za-z0-9/\-_. ]*$/.test(literal)) {
    return { ok: false, message: m.literalCharacters };
  }
  return { ok: true };
}

/** The pattern with the year filled in and {SEQ…} left in place: the key a sequence is counted under. */
export function admissionSequenceKey(pattern: string, year: number): string {
  return pattern.trim().replace(/\{YYYY\}/g, String(year)).replace(/\{YY\}/g, String(year % 100).padStart(2, '0'));
}

/** The admission number for `seq` in `year`. */
export function formatAdmissionNumber(pattern: string, year: number, seq: number): string {
  return admissionSequenceKey(pattern, year).replace(/\{SEQ(?::(\d))?\}/, (_m, w: string | undefined) =>
    String(seq).padStart(w === undefined ? 4 : Number(w), '0'),
  );
}

/**
 * Normalises a typed admission number: trimmed, inner runs of spaces collapsed. Case is kept as typed,
 * but numbers are unique case-insensitively (GHA/2026/0001 and gha/2026/0001 are the same learner;
 * index students_school_admission_lower_uq).
 */
export function normaliseAdmissionNumber(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

/** The sequence number of `admissionNumber` if it is `pattern`'s number for `year`, else null. */
export function sequenceOf(pattern: string, year: number, admissionNumber: string): number | null {
  const key = admissionSequenceKey(pattern, year).toUpperCase();
  const m = /\{SEQ(?::(\d))?\}/.exec(key);
  if (!m) return null;
  const before = key.slice(0, m.index);
  const after = key.slice(m.index + m[0].length);
  const n = admissionNumber.toUpperCase();
  if (!n.startsWith(before) || !n.endsWith(after)) return null;
  const digits = n.slice(before.length, n.length - after.length);
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null;
}
