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
import { updateOwnLocale, updateOwnProfile } from './profile.repository.js';
import { LOCALES } from '../../../shared/i18n/locale.js';
import { messages } from '../../../shared/messages.js';

const profileUpdate = z.object({
  name: z.string().trim().min(1, messages.settings.displayNameRequired).max(120),
  themePreference: z.enum(THEMES),
  dashboardPreferences: z.object({ compactMode: z.boolean(), defaultView: z.enum(DEFAULT_VIEWS) }),
});

const localeUpdate = z.object({ locale: z.enum(LOCALES) }).strict();

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

  /**
   * PATCH /api/profile { locale: 'en' | 'sw' } → 200 { user } with `locale` saved (issue 36 §5): the
   * language of the person's screens, e-mails and notifications from now on, on every device. The
   * answer is already in the new language. 400 for another language. Audited as PROFILE_UPDATED.
   */
  r.patch(
    '/api/profile',
    { config: { permission: 'signedIn' }, schema: { body: localeUpdate, tags: ['profile'] } },
    async (request) => {
      const actor = actorOf(request);
      const row = await withScope(database.db, scopeOf(request), async (tx) => {
        await updateOwnLocale(tx, actor.id, request.body.locale);
        await recordAudit(tx, {
          schoolId: actor.schoolId,
          action: 'PROFILE_UPDATED',
          performedByUserId: actor.id,
          performedByRole: actor.role,
          targetEntity: `profile:${actor.id}`,
          oldValue: { locale: actor.user.locale },
          newValue: { locale: request.body.locale },
          ipAddress: request.ip,
        });
        return findProfileWithSchool(tx, actor.id);
      });
      return { user: toSessionUser(row!) };
    },
  );
}
