import { eq } from 'drizzle-orm';
import type { DEFAULT_VIEWS, THEMES } from '../../../shared/constants.js';
import { profiles } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { Locale } from '../../../shared/i18n/locale.js';

/** What a person may change of their own profile (spec §2 Settings / profile panel). */
export interface OwnProfileUpdate {
  name: string;
  themePreference: (typeof THEMES)[number];
  dashboardPreferences: { compactMode: boolean; defaultView: (typeof DEFAULT_VIEWS)[number] };
}

/** Writes the signed-in person's display name, theme and dashboard preferences. */
export async function updateOwnProfile(tx: Tx, profileId: string, u: OwnProfileUpdate): Promise<void> {
  await tx
    .update(profiles)
    .set({ name: u.name, themePreference: u.themePreference, dashboardPreferences: u.dashboardPreferences, updatedAt: new Date() })
    .where(eq(profiles.id, profileId));
}

/** Saves the signed-in person's language (issue 36 §1): 'en' | 'sw'. */
export async function updateOwnLocale(tx: Tx, profileId: string, locale: Locale): Promise<void> {
  await tx.update(profiles).set({ locale, updatedAt: new Date() }).where(eq(profiles.id, profileId));
}
