import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts.js';

export { DEMO_PASSWORD } from '../src/server/seed/demo-accounts.js';

/** A role the benchmarks sign in as. */
export type BenchRole = 'edufam_admin' | 'school_director' | 'principal' | 'teacher' | 'parent' | 'finance_officer' | 'hr';

/** The demo account of each bench role (the platform admin and Greenhill's six), role → e-mail, in the README's order. */
export const BENCH_ACCOUNTS = Object.fromEntries(
  DEMO_ACCOUNTS.filter((a) => a.role === 'edufam_admin' || a.school === 'greenhill').map((a) => [a.role, a.email]),
) as Record<BenchRole, string>;
