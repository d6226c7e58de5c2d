import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (Node). API tests run against the real buildApp on an in-memory PGlite per test
 * app, or on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test-postgres.sh), where each
 * test app gets its own copy of a template database seeded once per run (tests/global-setup.ts), so
 * files run in parallel there too. Only with EDUFAM_TEST_SNAPSHOT=off do PostgreSQL files share one
 * database and run one at a time. Browser journeys live in e2e/ and run with Playwright, not here.
 *
 * Which files run where (docs/decisions/0019-fast-ci.md), chosen by EDUFAM_TEST_SET:
 * - unset (`npm run test:unit`, any file filter): every test file, on PGlite (or PostgreSQL).
 * - `pglite` (npm test's PGlite step): the unit tests, plus the API test files in PGLITE_API_FILES:
 *   what differs between the databases and a write-heavy file per money, register and records module.
 * - `api` (scripts/test-postgres.sh without file filters): every API test file, the ones that open a
 *   database (createTestApp, openDatabase or openDemoApp); the unit tests already ran in the PGlite step.
 */
const sharedDatabase = !!process.env.TEST_DATABASE_URL && process.env.EDUFAM_TEST_SNAPSHOT === 'off';

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'];

/**
 * API test files that also run on PGlite in `npm test`. Every other API test file runs on PostgreSQL
 * only (all of them run there). Why these: docs/decisions/0019-fast-ci.md.
 */
export const PGLITE_API_FILES = [
  // What differs between PGlite and PostgreSQL: row-level security, scoped transactions and the PGlite
  // statement path, the session cache and live events in one process, background jobs (pg-boss) on
  // PGlite, the database figures of /api/ready and System Health, the demo seed.
  'tests/rls.test.ts',
  'tests/scoped-transactions.test.ts',
  'tests/session-cache.test.ts',
  'tests/read-cache.test.ts',
  'tests/events-two-instances.test.ts',
  'src/server/jobs/tasks.test.ts',
  'src/server/modules/health/health.test.ts',
  'src/server/modules/system/system.test.ts',
  'src/server/seed/attendance-seed.test.ts',
  // Every module's reads as every demo account; bad input on every route and paging of every list
  // (issue 32: both databases).
  'tests/every-module-reads.test.ts',
  'tests/bad-input.test.ts',
  'tests/paging.test.ts',
  // Writes of the modules where a lost or doubled row costs most: money, registers, marks, records.
  'src/server/modules/fees/fees.test.ts',
  'tests/learner-balances.test.ts',
  'src/server/modules/mpesa/mpesa.test.ts',
  'src/server/modules/payroll/payroll-runs.test.ts',
  'src/server/modules/attendance/attendance.test.ts',
  'src/server/modules/assessment/assessment.test.ts',
  'src/server/modules/learners/learners.test.ts',
  'src/server/modules/learner-files/learner-files.test.ts',
  'src/server/modules/movements/movements.test.ts',
  'src/server/modules/school-setup/school-setup.test.ts',
];

const root = import.meta.dirname;

/** Test files that open a database: the API, row-level-security and boot tests. */
function apiTestFiles(): string[] {
  return globSync(TEST_FILES, { cwd: root, ignore: ['node_modules/**', 'dist/**'] })
    .filter((file) => /\b(createTestApp|openDatabase|openDemoApp)\b/.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

function selectedFiles(): { include: string[]; exclude: string[] } {
  const set = process.env.EDUFAM_TEST_SET ?? '';
  const base = ['e2e/**', 'node_modules/**', 'dist/**'];
  if (set === 'api') return { include: apiTestFiles(), exclude: base };
  if (set === 'pglite') {
    const postgresOnly = apiTestFiles().filter((f) => !PGLITE_API_FILES.includes(f));
    return { include: TEST_FILES, exclude: [...base, ...postgresOnly] };
  }
  if (set) throw new Error(`EDUFAM_TEST_SET must be 'pglite', 'api' or unset, not '${set}'`);
  return { include: TEST_FILES, exclude: base };
}

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(root, 'src/web'),
      '@shared': path.resolve(root, 'src/shared'),
    },
  },
  test: {
    environment: 'node',
    ...selectedFiles(),
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each API test app on PGlite holds one PGlite instance (~0.9 GB resident): at most two at a time.
    pool: 'forks',
    // A worker keeps its imported modules from one test file to the next instead of importing the whole
    // server again for every file (about 4 s each): every test app still has its own database, and no
    // test mocks a module. 225 s instead of 399 s for the PostgreSQL API tests (decision 0019).
    isolate: false,
    // Migrates and seeds the demo database once; every test app starts from a copy of it.
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: 2,
    fileParallelism: !sharedDatabase,
  },
});
