import type { Actor } from '../../../shared/access.js';
import type { LearnerFigures, LearnerFiguresQuery, LearnerSplit } from '../../../shared/contracts/learner-figures.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { audienceScope, learnerAudience } from './learner-scope.js';
import * as repo from './learners.repository.js';

const EMPTY: LearnerSplit = { total: 0, female: 0, male: 0, boarding: 0, day: 0 };

/**
 * Register figures (GET /api/students/figures; issue 10 §3 director's "figures by level and gender",
 * §2 the Academic Management hub): active learners split by gender and boarding, per level and per
 * stream, admissions since the current term began, and (principal) pending incoming transfer
 * requests. Counts only learners the caller may see (learner-scope.ts), so a teacher's figures cover
 * their streams. Platform staff name the school with schoolId (without it: every school, no term).
 */
export async function learnerFigures(database: Database, actor: Actor, q: LearnerFiguresQuery): Promise<LearnerFigures> {
  const audience = learnerAudience(actor, q.schoolId);
  const today = schoolToday();
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const totals = await repo.activeSplit(tx, audience);
    const levelRows = await repo.activeSplitByLevel(tx, audience);
    const streamRows = await repo.activeCountByStream(tx, audience);

    let term: LearnerFigures['term'] = null;
    let admittedThisTerm = 0;
    if (audience.schoolId) {
      const current = await repo.findCurrentTerm(tx, audience.schoolId);
      if (current) {
        term = current;
        admittedThisTerm = await repo.countAdmittedBetween(tx, audience, current.startsOn, today);
      }
    }

    let pendingTransferRequests: number | null = null;
    if (actor.role === 'principal' && audience.schoolId) {
      pendingTransferRequests = await repo.countPendingIncomingTransfers(tx, audience.schoolId);
    }

    return {
      asOf: today,
      term,
      active: totals ? { total: totals.total, female: totals.female, male: totals.male, boarding: totals.boarding, day: totals.day } : EMPTY,
      levels: levelRows,
      streams: streamRows,
      admittedThisTerm,
      pendingTransferRequests,
    };
  });
}
