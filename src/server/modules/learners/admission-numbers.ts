import { and, eq, inArray, sql } from 'drizzle-orm';
import { admissionSequenceKey, formatAdmissionNumber } from '../../../shared/admission-number.js';
import { admissionSequences, schools, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Admission numbers from the school's pattern (issue 10 §1, §2: "The admission number comes from the
 * school's pattern and is unique in the school"). Numbers are counted per school and pattern key (the
 * pattern with the year filled in) in admission_sequences; reserving them takes that row's lock, so
 * two admissions at once never get the same number. Numbers already taken (typed by hand, imported)
 * are skipped.
 */

/** The school's pattern. */
export async function schoolPattern(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ pattern: schools.admissionNumberPattern }).from(schools).where(eq(schools.id, schoolId));
  if (!row) throw new Error(`school ${schoolId} not visible`);
  return row.pattern;
}

/** Which of `numbers` are already used in the school (compared case-insensitively), lower-cased. */
export async function takenAdmissionNumbers(tx: Tx, schoolId: string, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const lower = [...new Set(numbers.map((n) => n.toLowerCase()))];
  for (let i = 0; i < lower.length; i += 1000) {
    const chunk = lower.slice(i, i + 1000);
    const rows = await tx
      .select({ n: sql<string>`lower(${students.admissionNumber})` })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(sql`lower(${students.admissionNumber})`, chunk)));
    for (const r of rows) taken.add(r.n);
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
    const [row] = await tx
      .insert(admissionSequences)
      .values({ schoolId, prefix: key, lastValue: need })
      .onConflictDoUpdate({
        target: [admissionSequences.schoolId, admissionSequences.prefix],
        set: { lastValue: sql`${admissionSequences.lastValue} + ${need}` },
      })
      .returning({ last: admissionSequences.lastValue });
    const last = row!.last;
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
