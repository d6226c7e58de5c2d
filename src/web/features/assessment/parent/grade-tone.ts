/**
 * Helpers of the grade displays on the report screens: where a grade code sits on its scale (for the
 * badge colour, without the scale itself: parents cannot read the school's scales), the descriptor of a
 * "ME1 Good" label, and numbers as the cards print them.
 */

/** Rank of a grade code: 0 top band … 3 lowest, of 4 (CBC EE/ME/AE/BE, KCSE A..E, IGCSE A*..U). */
export function gradeRank(code: string | null | undefined): { rank: number; of: number } | undefined {
  if (!code) return undefined;
  const c = code.trim().toUpperCase();
  const cbc = /^(EE|ME|AE|BE)/.exec(c);
  if (cbc) return { rank: ['EE', 'ME', 'AE', 'BE'].indexOf(cbc[1]!), of: 4 };
  const letter = c[0];
  if (letter === 'A') return { rank: 0, of: 4 };
  if (letter === 'B') return { rank: 1, of: 4 };
  if (letter === 'C') return { rank: 2, of: 4 };
  if (letter && 'DEFGU'.includes(letter)) return { rank: 3, of: 4 };
  return undefined;
}

/** "ME1 Good" with code "ME1" → { code: "ME1", descriptor: "Good" }; a label alone gives its first word as the code. */
export function splitGrade(label: string | null | undefined, code?: string | null): { code: string; descriptor: string | null } | null {
  if (!label && !code) return null;
  const c = code ?? label!.split(/\s+/)[0]!;
  if (!label) return { code: c, descriptor: null };
  const rest = label.startsWith(c) ? label.slice(c.length).trim() : label;
  return { code: c, descriptor: rest || null };
}

/** 74.67 → "74.7", 41 → "41", null → "–". */
export const formatScore = (v: number | null | undefined) => (v === null || v === undefined ? '–' : Number.isInteger(v) ? String(v) : (Math.round(v * 10) / 10).toFixed(1));

/** Colour classes of a percentage bar, by the same bands as the badges. */
export function toneBar(rank: number | undefined, of = 4): string {
  if (rank === undefined) return 'bg-primary/60';
  const share = rank / Math.max(1, of - 1);
  return share <= 0.25 ? 'bg-emerald-500' : share <= 0.5 ? 'bg-sky-500' : share <= 0.75 ? 'bg-amber-500' : 'bg-rose-500';
}
