import { messages } from '@shared/messages';

const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/** KES (the API's number) in whole shillings, for headline figures: 18836650.5 → "18,836,651". */
export const kesWhole = (kes: number) => whole.format(Math.round(kes));

/** KES for chart axes: 18836650 → "18.8M", 250000 → "250K". */
export const kesCompact = (kes: number) => compact.format(kes);

/** A 0..1 rate as a percentage with one decimal: 0.535 → "53.5%". */
export const percent = (rate: number) => messages.financeOverview.common.percent(rate);

/** The rate clamped to 0..1 (a school can collect more than it invoiced). */
export const clampRate = (rate: number) => Math.max(0, Math.min(1, rate));

/** Tone of a collection rate: green from 80 %, amber from 50 %, red below. */
export function rateTone(rate: number): 'good' | 'fair' | 'poor' {
  return rate >= 0.8 ? 'good' : rate >= 0.5 ? 'fair' : 'poor';
}

export const RATE_COLOUR = {
  good: 'oklch(0.696 0.17 162.48)',
  fair: 'oklch(0.769 0.188 70.08)',
  poor: 'var(--color-destructive)',
} as const;
