/** The demo accounts' shared password (README "Demo accounts"). */
export const DEMO_PASSWORD = 'EduFam2026!';

/** The demo accounts, as the README lists them. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@edufam.test', role: 'edufam_admin', school: null },
  { email: 'elimisha@edufam.test', role: 'elimisha_admin', school: null },
  ...(['greenhill', 'riverside'] as const).flatMap((school) =>
    (['director', 'principal', 'teacher', 'parent', 'finance', 'hr'] as const).map((who) => ({
      email: `${who}@${school}.edufam.test`,
      role: { director: 'school_director', principal: 'principal', teacher: 'teacher', parent: 'parent', finance: 'finance_officer', hr: 'hr' }[who],
      school,
    })),
  ),
] as const;
