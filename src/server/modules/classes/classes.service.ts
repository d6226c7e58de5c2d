import type { Actor } from '../../../shared/access.js';
import type { ClassItem, ListClassesQuery } from '../../../shared/contracts/classes.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { audienceScope, learnerAudience } from '../learners/index.js';
import { listClassItems } from './classes.repository.js';

/**
 * GET /api/classes (issue 10 §4): the streams of the current year (or `yearId`, or every year), by level
 * and stream, with active learner counts. A parent gets only their children's classes; every other
 * role that may call it gets the whole school; platform staff any school (schoolId) or all.
 */
export async function listClasses(database: Database, actor: Actor, q: ListClassesQuery): Promise<ClassItem[]> {
  const audience = learnerAudience(actor, q.schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) =>
    listClassItems(tx, {
      schoolId: audience.schoolId,
      year: q.yearId ?? 'current',
      levelId: q.levelId,
      guardianProfileId: audience.kind === 'parent' ? audience.userId : undefined,
    }),
  );
}
