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

/** More Kiswahili readers, one per other role, made as new accounts of Greenhill (and the platform). */
export const KISWAHILI_STAFF = [
  { email: 'mkuu@greenhill.edufam.test', name: 'Amina Mwalimu Mkuu', role: 'principal', access: 'school' },
  { email: 'mkurugenzi@greenhill.edufam.test', name: 'Baraka Mkurugenzi', role: 'school_director', access: 'school' },
  { email: 'fedha@greenhill.edufam.test', name: 'Zawadi Fedha', role: 'finance_officer', access: 'school' },
  { email: 'rasilimali@greenhill.edufam.test', name: 'Juma Rasilimali', role: 'hr', access: 'school' },
  { email: 'msimamizi@edufam.test', name: 'Neema Msimamizi', role: 'edufam_admin', access: 'admin' },
] as const;
