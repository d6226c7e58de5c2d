import type { DefaultVoteHeadCode } from './defaults.js';

/**
 * The Ministry of Education's capitation rates as dated configuration (issue 35 §3; sources and the
 * split in docs/decisions/0028-vote-heads-and-capitation.md, "Capitation"). Each schedule gives, for one
 * band of levels and every year from `from` until a later schedule of the band, the grant per learner per
 * year in KES by default vote-head code. A school keeps its own copy per year (capitation_rates) once it
 * changes a rate; until then these are its rates. A new circular is a new schedule with a later `from`.
 */

export const CAPITATION_BANDS = ['primary', 'junior', 'senior'] as const;
export type CapitationBand = (typeof CAPITATION_BANDS)[number];

/** The Ministry's default split of the year's grant over the terms, in percent (50:30:20). */
export const DEFAULT_TERM_SHARES: readonly number[] = [50, 30, 20];

export interface CapitationSchedule {
  band: CapitationBand;
  /** The first year the schedule applies to. */
  from: number;
  programme: string;
  /** KES per learner per year by vote-head code (whole shillings). */
  perLearner: Partial<Record<DefaultVoteHeadCode, number>>;
  source: string;
}

export const CAPITATION_SCHEDULES: readonly CapitationSchedule[] = [
  {
    band: 'senior',
    from: 2018,
    programme: 'Free Day Secondary Education (FDSE)',
    // KES 22,244: tuition 4,144; medical and insurance 2,000; activity 1,500; SMASSE 200; other vote heads 9,400; maintenance and improvement 5,000.
    perLearner: { TUITION: 4144, MEDICAL: 2000, ACTIVITY: 1500, SMASSE: 200, OPERATIONS: 9400, MAINTENANCE: 5000 },
    source: 'Ministry of Education FDSE structure as published by Education News Hub and The Star (19/03/2024)',
  },
  {
    band: 'junior',
    from: 2023,
    programme: 'Free Day Junior School Education (FDJSE)',
    // KES 15,042: tuition 4,843; operations 2,425 (medical insurance 325, co-curricular 200, repairs and maintenance 1,500, administration 200, local transport 200); the rest (7,774, not itemised per learner in the circular) under Operations.
    perLearner: { TUITION: 4843, MEDICAL: 325, ACTIVITY: 200, OPERATIONS: 8174, MAINTENANCE: 1500 },
    source: 'PS Basic Education circular of 14/04/2023 (Grade 7 capitation); CS for Education in the National Assembly (Hansard): KES 15,042 per learner per year',
  },
  {
    band: 'primary',
    from: 2017,
    programme: 'Free Primary Education (FPE)',
    // KES 1,420, split as the Term 1 2024 circular split its KES 620 (Simba account 295.50 = tuition; general purpose account: activity 17.90, repairs and maintenance 51.70, the rest operations), scaled to 1,420 and rounded to shillings.
    perLearner: { TUITION: 677, ACTIVITY: 41, OPERATIONS: 584, MAINTENANCE: 118 },
    source: 'FPE KES 1,420 per learner per year (Daily Nation 30/08/2017; CS for Education, Hansard); FPE Term 1 2024 circular of 15/01/2024 for the split',
  },
];

/** The Ministry's schedule of `band` for `year`: the latest one whose `from` is not after it, or null. */
export function capitationScheduleFor(band: CapitationBand, year: number): CapitationSchedule | null {
  let found: CapitationSchedule | null = null;
  for (const s of CAPITATION_SCHEDULES) if (s.band === band && s.from <= year && (!found || s.from > found.from)) found = s;
  return found;
}

/**
 * The capitation band of a level from its name and curriculum (the names of src/shared/curriculum-
 * catalogue.ts): CBC Grades 1-6 primary, 7-9 junior, 10-12 senior; 8-4-4 Forms 1-4 senior. Pre-primary
 * (PP1, PP2) and IGCSE get no capitation: null.
 */
export function capitationBandOf(levelName: string, curriculum?: string | null): CapitationBand | null {
  if (curriculum === 'IGCSE') return null;
  const name = levelName.trim();
  const grade = /^grade\s+(\d{1,2})$/i.exec(name);
  if (grade && curriculum !== '8-4-4') {
    const n = Number(grade[1]);
    if (n >= 1 && n <= 6) return 'primary';
    if (n >= 7 && n <= 9) return 'junior';
    if (n >= 10 && n <= 12) return 'senior';
    return null;
  }
  if (/^form\s+[1-4]$/i.test(name) && curriculum !== 'CBC') return 'senior';
  return null;
}

/**
 * Splits `total` (integer cents) over `weights` in proportion, summing exactly to `total`: each part is
 * floored, then the cents left go one each to the largest remainders (ties: the earlier part). All
 * weights zero: everything to the first part. `weights` must not be empty.
 */
export function splitLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    parts[o.i]! += 1;
    left -= 1;
  }
  return parts;
}
