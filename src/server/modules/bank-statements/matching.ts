import { learnerName } from '../../../shared/contracts/learners.js';
import { bankStatementMessages } from '../../../shared/messages/bank-statements.js';

/**
 * Matching a bank deposit to a learner (issue 35 §4; decision 0029), in this order:
 * 1. an admission number in the narration or the reference, compared as M-Pesa's paybill compares the
 *    account typed (students.account_key: upper case, every non-alphanumeric dropped, so "GHA/2026/0042",
 *    "GHA 2026 0042" and "gha-2026-0042" are one). Banks split and glue words, so every run of one to
 *    four consecutive words of the text is tried as a key (keys of three or more characters only).
 *    Exactly one learner must match; two or more leave the line unmatched.
 * 2. otherwise a learner's full name: the first and last name (the middle name when the learner has one
 *    may be there or not) as whole words of the narration, of exactly one active learner of the school.
 * Anything else waits in the unmatched queue for the finance officer.
 */

const m = bankStatementMessages.api.reasons;

export interface MatchableLearner {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  admissionNumber: string;
  accountKey: string | null;
  status: string;
}

export interface MatchResult {
  learner: MatchableLearner | null;
  matchedBy: 'admission_number' | 'name' | null;
  reason: string;
}

/** Upper-case words (letters and digits) of a text. */
function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter(Boolean);
}

/** A matcher over the school's learners (built once per statement). */
export function learnerMatcher(learners: MatchableLearner[]) {
  const byKey = new Map<string, MatchableLearner[]>();
  for (const l of learners) {
    if (!l.accountKey || l.accountKey.length < 3) continue;
    const list = byKey.get(l.accountKey) ?? [];
    list.push(l);
    byKey.set(l.accountKey, list);
  }
  const active = learners.filter((l) => l.status === 'active').map((l) => ({ l, first: words(l.firstName), last: words(l.lastName) }));

  return (narration: string, reference: string): MatchResult => {
    const found = new Map<string, MatchableLearner>();
    for (const text of [narration, reference]) {
      const w = words(text);
      for (let i = 0; i < w.length; i++) {
        let key = '';
        for (let n = 0; n < 4 && i + n < w.length; n++) {
          key += w[i + n];
          for (const l of byKey.get(key) ?? []) found.set(l.id, l);
        }
      }
    }
    if (found.size === 1) {
      const l = [...found.values()][0]!;
      return { learner: l, matchedBy: 'admission_number', reason: m.admissionNumber(l.admissionNumber) };
    }
    if (found.size > 1) return { learner: null, matchedBy: null, reason: m.ambiguousAdmission(found.size) };
    const have = new Set(words(narration));
    const named = active.filter(({ first, last }) => first.length > 0 && last.length > 0 && [...first, ...last].every((w) => have.has(w)));
    if (named.length === 1) {
      const l = named[0]!.l;
      return { learner: l, matchedBy: 'name', reason: m.name(learnerName(l)) };
    }
    if (named.length > 1) return { learner: null, matchedBy: null, reason: m.ambiguousName(named.length) };
    return { learner: null, matchedBy: null, reason: m.noMatch };
  };
}
