import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_VIEWS, THEMES } from '../../../shared/constants.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { recordAudit } from '../../lib/audit.js';
import { findProfileWithSchool } from '../auth/index.js';
import { toSessionUser } from '../auth/index.js';
import { updateOwnProfile } from './profile.repository.js';

const profileUpdate = z.object({
  name: z.string().trim().min(1, 'Display name is required').max(120),
  themePreference: z.enum(THEMES),
  dashboardPreferences: z.object({ compactMode: z.boolean(), defaultView: z.enum(DEFAULT_VIEWS) }),
});

/** The signed-in user's own profile (spec §2 Settings / profile panel, §7 table call 2). */
export async function profileRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * PUT /api/profile {name, themePreference, dashboardPreferences} → 200 {user} (the updated row read
   * back). 400 for an empty name or an unknown theme/view. Audited as PROFILE_UPDATED.
   */
  r.put(
    '/api/profile',
    { config: { permission: 'signedIn' }, schema: { body: profileUpdate, tags: ['profile'] } },
    async (request) => {
      const actor = actorOf(request);
      const row = await withScope(database.db, scopeOf(request), async (tx) => {
        const before = actor.user;
        await updateOwnProfile(tx, actor.id, request.body);
        await recordAudit(tx, {
          schoolId: actor.schoolId,
          action: 'PROFILE_UPDATED',
          performedByUserId: actor.id,
          performedByRole: actor.role,
          targetEntity: `profile:${actor.id}`,
          oldValue: { name: before.name, themePreference: before.themePreference, dashboardPreferences: before.dashboardPreferences },
          newValue: request.body,
          ipAddress: request.ip,
        });
        return findProfileWithSchool(tx, actor.id);
      });
      return { user: toSessionUser(row!) };
    },
  );
}
