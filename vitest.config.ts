import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (Node). API tests run against the real buildApp on an in-memory PGlite per test
 * file, or on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test-postgres.sh). That
 * database is shared by every test file, so files then run one at a time.
 * Browser journeys live in e2e/ and run with Playwright, not here.
 */
const sharedDatabase = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each API test file holds one PGlite instance (~0.9 GB resident): at most two at a time.
    pool: 'forks',
    // On PGlite: migrates and seeds the demo database once and gives every test file a copy.
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: 2,
    fileParallelism: !sharedDatabase,
  },
});
