/** Accounts e2e/support/server.ts adds beside the demo data (password: the demo password). */
export const FIXTURE_ACCOUNTS = [
  { email: 'inactive.teacher@greenhill.edufam.test', name: 'Former Teacher', role: 'teacher', school: 'greenhill', status: 'inactive' },
  { email: 'suspended.parent@greenhill.edufam.test', name: 'Suspended Parent', role: 'parent', school: 'greenhill', status: 'suspended' },
  { email: 'no.role@greenhill.edufam.test', name: 'No Role', role: null, school: 'greenhill', status: 'active' },
  { email: 'no.school@edufam.test', name: 'No School', role: 'teacher', school: 'none', status: 'active' },
  { email: 'principal@sunrise.edufam.test', name: 'Sunrise Principal', role: 'principal', school: 'closed', status: 'active' },
] as const;

/** The Kiswahili journeys' accounts (profile language Kiswahili; e2e/support/server.ts makes them). */
export const KISWAHILI_READERS = {
  /** A parent of a classmate of the demo parent's first child. */
  parent: 'mzazi@greenhill.edufam.test',
  /** The class teacher of Grade 5 East. */
  teacher: 'mwalimu@greenhill.edufam.test',
} as const;
