// ESLint flat config for EduFam.
//
// - @eslint/js recommended + typescript-eslint recommended (syntax only, not type-checked, for speed).
// - react-hooks rules for the web app.
// - The import boundaries of ARCHITECTURE.md ("web never imports server; shared imports neither"),
//   enforced with no-restricted-imports patterns (tests/lint-boundaries.test.ts proves they fire).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SHARED_MESSAGE = 'src/shared is browser-safe and imports neither src/server nor src/web (ARCHITECTURE.md).';
const WEB_MESSAGE = 'src/web never imports src/server (ARCHITECTURE.md): move shared things to src/shared.';
const SERVER_MESSAGE = 'src/server never imports src/web (ARCHITECTURE.md): move shared things to src/shared.';
const QUERY_MESSAGE =
  'SQL lives in *.repository.ts (ARCHITECTURE.md: routes → service → repository; docs/decisions/0021): call a repository function with the transaction instead.';

/** Import sources that reach into src/server: relative paths ending in or passing through server/, or src/server. */
const SERVER_PATH = String.raw`(^\.{1,2}/(.*/)?server$)|(^\.{1,2}/(.*/)?server/)|(^|/)src/server(/|$)`;
/** Import sources that reach into src/web, including the web app's "@/…" alias. */
const WEB_PATH = String.raw`(^\.{1,2}/(.*/)?web$)|(^\.{1,2}/(.*/)?web/)|(^|/)src/web(/|$)|^@/`;

/** Shared `no-restricted-imports` options for a layer. */
function boundary(patterns, paths = []) {
  return ['error', { patterns, paths }];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // Browser code.
  {
    files: ['src/web/**/*.{ts,tsx,js,jsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx,js,jsx}'],
    rules: {
      // React Compiler advice, not a correctness rule: it flags the common "reset local state when a
      // dialog opens / before a fetch starts" effect. Kept off so lint errors mean bugs.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx,js,jsx}'],
    rules: {
      'no-restricted-imports': boundary([{ regex: SERVER_PATH, message: WEB_MESSAGE }]),
    },
  },
  // Shared: browser-safe, no node builtins, neither server nor web.
  {
    files: ['src/shared/**/*.{ts,tsx,js}'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': boundary(
        [
          { regex: '^node:', message: 'src/shared is browser-safe: no node:* builtins (ARCHITECTURE.md).' },
          { regex: SERVER_PATH, message: SHARED_MESSAGE },
          { regex: WEB_PATH, message: SHARED_MESSAGE },
        ],
        builtinModules.map((name) => ({ name, message: 'src/shared is browser-safe: no Node builtins (ARCHITECTURE.md).' })),
      ),
    },
  },
  // Shared unit tests run in Node and may use node:* (e.g. to find files), but still not server or web.
  {
    files: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: SERVER_PATH, message: SHARED_MESSAGE },
        { regex: WEB_PATH, message: SHARED_MESSAGE },
      ]),
    },
  },
  // Server: never the web app.
  {
    files: ['src/server/**/*.{ts,js}'],
    rules: {
      'no-restricted-imports': boundary([{ regex: WEB_PATH, message: SERVER_MESSAGE }]),
    },
  },
  // A module's routes and services hold no SQL: drizzle and the tables are for its repositories.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.repository.ts', 'src/server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: WEB_PATH, message: SERVER_MESSAGE },
        { regex: '^drizzle-orm(/|$)', message: QUERY_MESSAGE },
        { regex: String.raw`(^|/)db/schema(/|$)`, message: QUERY_MESSAGE },
      ]),
    },
  },
);
