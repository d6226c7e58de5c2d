import { admissionSequenceKey, formatAdmissionNumber } from '../../../shared/admission-number.js';
import type { Tx } from '../../db/tenant.js';
import * as repo from './learners.repository.js';

/**
 * Admission numbers from the school's pattern (issue 10 §1, §2: "The admission number comes from the
 * school's pattern and is unique in the school"). Numbers are counted per school and pattern key (the
 * pattern with the year filled in) in admission_sequences; reserving them takes that row's lock, so
 * two admissions at once never get the same number. Numbers already taken (typed by hand, imported)
 * are skipped.
 */

/** The school's pattern. */
export async function schoolPattern(tx: Tx, schoolId: string): Promise<string> {
  const pattern = await repo.findAdmissionPattern(tx, schoolId);
  if (pattern === undefined) throw new Error(`school ${schoolId} not visible`);
  return pattern;
}

/** Which of `numbers` are already used in the school (compared case-insensitively), lower-cased. */
export async function takenAdmissionNumbers(tx: Tx, schoolId: string, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const lower = [...new Set(numbers.map((n) => n.toLowerCase()))];
  for (let i = 0; i < lower.length; i += 1000) {
    const chunk = lower.slice(i, i + 1000);
    for (const n of await repo.findUsedAdmissionNumbers(tx, schoolId, chunk)) taken.add(n);
  }
  return taken;
}

/**
 * Reserves `count` new admission numbers for learners admitted in `year`, in order. Runs in the caller's
 * transaction (the reservation rolls back with it).
 */
export async function allocateAdmissionNumbers(tx: Tx, schoolId: string, year: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const pattern = await schoolPattern(tx, schoolId);
  const key = admissionSequenceKey(pattern, year);
  const out: string[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const need = count - out.length;
    const last = await repo.advanceAdmissionSequence(tx, schoolId, key, need);
    const candidates = Array.from({ length: need }, (_, i) => formatAdmissionNumber(pattern, year, last - need + 1 + i));
    const taken = await takenAdmissionNumbers(tx, schoolId, candidates);
    for (const c of candidates) {
      const lower = c.toLowerCase();
      if (taken.has(lower) || seen.has(lower)) continue;
      seen.add(lower);
      out.push(c);
    }
  }
  return out;
}
