/**
 * Grading (issue 12 §1): scales as data, and the pure rules that turn marks into grades, points, mean
 * grades and positions. Shared by the server (results, report cards) and the screens (the grade shown as
 * a teacher types). Source of the default scales: ../shared/domain/curriculum.md (KNEC, KCSE, Cambridge).
 *
 * Conventions:
 * - A mark is a score out of the subject's maximum; grading uses its percentage, rounded half-up to a
 *   whole number first (the published bands are whole numbers: KNEC's ME1 is 58-74, so 74.5 % is 75 %,
 *   EE2). The lowest band takes everything below the next one, so 0 % is BE2 on the KNEC scale.
 * - Bands are listed from the highest: each has the lowest whole percentage it starts at (`min`).
 */

export const SCALE_KEYS = ['cbc4', 'knec8', 'kcse', 'igcse', 'igcse91'] as const;
export type ScaleKey = (typeof SCALE_KEYS)[number];

export interface GradeBand {
  /** EE, ME1, B+, A*, 7 ... */
  code: string;
  /** "Exceeding Expectations", "Good"; KCSE and IGCSE letters have none (""). */
  descriptor: string;
  /** Lowest whole percentage of the band (inclusive), 0..100. */
  min: number;
  /** Points of the band (CBC 4..1, KNEC 8..1, KCSE 12..1); null where the scale has none (IGCSE). */
  points: number | null;
}

export interface ScaleDefinition {
  key: ScaleKey;
  name: string;
  bands: GradeBand[];
}

/**
 * A scale's bands from rows [code, lowest whole percentage, descriptor] listed from the highest band;
 * the descriptor is "" when left out. With `pointed` the points count down to 1 at the lowest band
 * (CBC 4..1, KNEC 8..1, KCSE 12..1), otherwise they are null.
 */
function bandsOf(pointed: boolean, rows: [code: string, min: number, descriptor?: string][]): GradeBand[] {
  return rows.map(([code, min, descriptor = ''], i) => ({ code, descriptor, min, points: pointed ? rows.length - i : null }));
}

/** The default scales of curriculum.md; schools edit their own copies. */
export const DEFAULT_SCALES: Record<ScaleKey, ScaleDefinition> = {
  cbc4: {
    key: 'cbc4',
    name: 'CBC four-level rubric',
    bands: bandsOf(true, [
      ['EE', 80, 'Exceeding Expectations'],
      ['ME', 65, 'Meeting Expectations'],
      ['AE', 50, 'Approaching Expectations'],
      ['BE', 0, 'Below Expectations'],
    ]),
  },
  knec8: {
    key: 'knec8',
    name: 'KNEC eight-level scale (KJSEA)',
    bands: bandsOf(true, [
      ['EE1', 90, 'Exceptional'],
      ['EE2', 75, 'Very Good'],
      ['ME1', 58, 'Good'],
      ['ME2', 41, 'Fair'],
      ['AE1', 31, 'Needs Improvement'],
      ['AE2', 21, 'Below Average'],
      ['BE1', 11, 'Well Below Average'],
      ['BE2', 0, 'Minimal'],
    ]),
  },
  kcse: {
    key: 'kcse',
    name: 'KCSE (8-4-4)',
    bands: bandsOf(true, [['A', 80], ['A-', 75], ['B+', 70], ['B', 65], ['B-', 60], ['C+', 55], ['C', 50], ['C-', 45], ['D+', 40], ['D', 35], ['D-', 30], ['E', 0]]),
  },
  igcse: {
    key: 'igcse',
    name: 'Cambridge IGCSE (A*-G)',
    bands: bandsOf(false, [['A*', 90], ['A', 80], ['B', 70], ['C', 60], ['D', 50], ['E', 40], ['F', 30], ['G', 20], ['U', 0, 'Ungraded']]),
  },
  // 9-1: bottom of 7 = bottom of A (80), bottom of 4 = bottom of C (60), bottom of 1 = bottom of G (20);
  // the grades between the anchors split the distance evenly (curriculum.md "Cambridge IGCSE").
  igcse91: {
    key: 'igcse91',
    name: 'Cambridge IGCSE (9-1)',
    bands: bandsOf(false, [['9', 93], ['8', 87], ['7', 80], ['6', 73], ['5', 67], ['4', 60], ['3', 47], ['2', 33], ['1', 20], ['U', 0, 'Ungraded']]),
  },
};

/** Which default scale a level of a curriculum uses (issue 12 §1); schools change it per level. */
export function defaultScaleFor(curriculum: string, band: string): ScaleKey {
  if (curriculum === 'IGCSE') return 'igcse';
  if (curriculum === '8-4-4') return 'kcse';
  // KJSEA (Grade 9) and junior school use KNEC's eight levels; primary classrooms the four-level rubric.
  if (/junior|senior/i.test(band)) return 'knec8';
  return 'cbc4';
}

/** Half-up rounding to `dp` decimals, safe for values such as 1.005 (uses an epsilon on the scaled value). */
export function roundHalfUp(value: number, dp = 0): number {
  const f = 10 ** dp;
  return Math.round(value * f + Math.sign(value) * 1e-9) / f;
}

/** A score as a percentage of its maximum, to two decimals (0 when the maximum is 0). */
export function percentOf(score: number, max: number): number {
  if (!(max > 0)) return 0;
  return roundHalfUp((score / max) * 100, 2);
}

/** The band a percentage falls in (rounded half-up to a whole number first); the lowest band below. */
export function bandFor(bands: readonly GradeBand[], percent: number): GradeBand {
  const whole = roundHalfUp(Math.min(100, Math.max(0, percent)), 0);
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  return sorted.find((b) => whole >= b.min) ?? (sorted[sorted.length - 1] as GradeBand);
}

/** "ME1 Good", "EE Exceeding Expectations", "B+" (issue 12 §1: the descriptor always beside the code). */
export function gradeLabel(band: Pick<GradeBand, 'code' | 'descriptor'>): string {
  return band.descriptor ? `${band.code} ${band.descriptor}` : band.code;
}

/** The band with these points (KCSE mean grade from mean points), or the nearest lower one. */
export function bandForPoints(bands: readonly GradeBand[], points: number): GradeBand | null {
  const withPoints = bands.filter((b) => b.points !== null).sort((a, b) => (b.points as number) - (a.points as number));
  if (withPoints.length === 0) return null;
  return withPoints.find((b) => (b.points as number) <= points) ?? (withPoints[withPoints.length - 1] as GradeBand);
}

/**
 * Problems with a list of bands, as messages (empty when it is a usable scale): at least two bands,
 * codes present and distinct, minimums whole numbers 0..100, all distinct, and one band starting at 0.
 */
export function bandProblems(bands: readonly GradeBand[]): string[] {
  const problems: string[] = [];
  if (bands.length < 2) problems.push('A scale needs at least two bands.');
  const codes = new Set<string>();
  const mins = new Set<number>();
  for (const b of bands) {
    const code = b.code.trim();
    if (!code) problems.push('Every band needs a code.');
    else if (codes.has(code.toUpperCase())) problems.push(`The code ${code} is used twice.`);
    codes.add(code.toUpperCase());
    if (!Number.isInteger(b.min) || b.min < 0 || b.min > 100) problems.push(`The lowest mark of ${code || 'a band'} must be a whole number from 0 to 100.`);
    else if (mins.has(b.min)) problems.push(`Two bands start at ${b.min} %.`);
    mins.add(b.min);
    if (b.points !== null && (!Number.isFinite(b.points) || b.points < 0 || b.points > 100)) problems.push(`The points of ${code || 'a band'} must be a number from 0 to 100.`);
  }
  if (bands.length > 0 && !bands.some((b) => b.min === 0)) problems.push('The lowest band must start at 0 %.');
  return [...new Set(problems)];
}

/** The highest percentage a band covers (the next band's minimum minus one; 100 for the top band). */
export function bandMax(bands: readonly GradeBand[], band: GradeBand): number {
  const higher = bands.filter((b) => b.min > band.min).map((b) => b.min);
  return higher.length ? Math.min(...higher) - 1 : 100;
}

/**
 * Competition ranking ("1224"): equal values share a position and the next position is skipped
 * (issue 12 §4). `values[i]` null means not ranked (no marks): position null. Higher is better; values
 * are compared at two decimals so 71.333 and 71.33 tie as the screen shows them.
 */
export function competitionRanks(values: readonly (number | null)[]): (number | null)[] {
  return competitionRanksBy(values.map((v) => (v === null ? null : [v])));
}

/** Compound keys (e.g. KCSE points, then mean marks): rank by the first, ties broken by the next. */
export function competitionRanksBy(keys: readonly (readonly number[] | null)[]): (number | null)[] {
  const ranked = keys
    .map((k, i) => ({ i, k: k?.map((v) => roundHalfUp(v, 2)) ?? null }))
    .filter((x) => x.k !== null)
    .sort((a, b) => {
      for (let j = 0; j < Math.max(a.k!.length, b.k!.length); j++) {
        const d = (b.k![j] ?? 0) - (a.k![j] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    });
  const out: (number | null)[] = keys.map(() => null);
  let position = 0;
  let previous: string | null = null;
  ranked.forEach((x, idx) => {
    const key = x.k!.join('|');
    if (key !== previous) position = idx + 1;
    previous = key;
    out[x.i] = position;
  });
  return out;
}

/** The three subjects KCSE's best seven must include (curriculum.md "8-4-4 KCSE"). */
export const KCSE_COMPULSORY = [/english/i, /kiswahili/i, /mathematics/i] as const;

export interface PointedSubject {
  subjectId: string;
  name: string;
  points: number;
}

/**
 * KCSE mean grade (curriculum.md): the best seven subjects by points, which must include English,
 * Kiswahili and Mathematics where the learner sat them; mean points = total / 7 rounded half-up; the
 * grade with those points. With fewer than seven subjects the mean is over those sat.
 */
export function kcseMeanGrade(subjects: readonly PointedSubject[], bands: readonly GradeBand[]) {
  const compulsory = subjects.filter((s) => KCSE_COMPULSORY.some((re) => re.test(s.name)));
  const others = subjects.filter((s) => !compulsory.includes(s)).sort((a, b) => b.points - a.points);
  const counted = [...compulsory.slice(0, 7), ...others].slice(0, 7);
  const totalPoints = counted.reduce((sum, s) => sum + s.points, 0);
  if (counted.length === 0) return { counted: [], totalPoints: 0, meanPoints: null, grade: null };
  const meanPoints = roundHalfUp(totalPoints / counted.length, 0);
  return { counted: counted.map((s) => s.subjectId), totalPoints, meanPoints, grade: bandForPoints(bands, meanPoints) };
}

/** How CBC formative levels of a term roll up to the term's level (issue 12 §2). */
export const ROLLUP_METHODS = ['latest', 'mean', 'mode'] as const;
export type RollupMethod = (typeof ROLLUP_METHODS)[number];

/**
 * A term's rubric level from the levels a learner was given over the term (each with its points and
 * date): latest = the most recent; mean = the mean of the points rounded half-up; mode = the most
 * frequent (ties go to the most recent of them). Null with no assessments.
 */
export function rollUpLevels(levels: readonly { points: number; on: string }[], method: RollupMethod): number | null {
  if (levels.length === 0) return null;
  const byDate = [...levels].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  if (method === 'latest') return byDate[byDate.length - 1]!.points;
  if (method === 'mean') return roundHalfUp(byDate.reduce((s, l) => s + l.points, 0) / byDate.length, 0);
  const counts = new Map<number, { n: number; last: number }>();
  byDate.forEach((l, i) => counts.set(l.points, { n: (counts.get(l.points)?.n ?? 0) + 1, last: i }));
  return [...counts.entries()].sort((a, b) => b[1].n - a[1].n || b[1].last - a[1].last)[0]![0];
}

/**
 * A term's combined percentage from several series with weights (issue 12 §2 "CATs 30 %, end-term
 * 70 %"): the weighted mean over the series the learner sat, weights re-scaled to the ones present (a
 * learner absent from a CAT is graded on what they sat, not given zero). Null when none.
 */
export function weightedPercent(parts: readonly { percent: number | null; weight: number }[]): number | null {
  const sat = parts.filter((p) => p.percent !== null && p.weight > 0);
  const total = sat.reduce((s, p) => s + p.weight, 0);
  if (total === 0) return null;
  return roundHalfUp(sat.reduce((s, p) => s + (p.percent as number) * p.weight, 0) / total, 2);
}
