/**
 * The fences of ARCHITECTURE.md ("Rules that keep it livable"), checked by `npm run lint` on every run
 * of the test command (docs/decisions/0021-shared-core-and-fences.md):
 *
 * - no import ring between server modules, nor between web features;
 * - the server's core (lib, plugins, db, events, jobs, storage, integrations) never imports a module
 *   (src/server/seed, which plays the school's staff through the modules' services, sits on top);
 * - a module or feature is used from outside only through its index.ts.
 *
 * Violations that predate a rule are listed in .dependency-cruiser-known-violations.json (written by
 * `npm run lint:fences:baseline`); the check fails on any new one. Shrink that list, never grow it.
 */
const MODULE = '^src/server/modules/([^/]+)/';
const FEATURE = '^src/web/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-module-rings',
      comment: 'Server modules import each other in one direction only: move what both need to src/server/lib, or register a handler at boot.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+$', circular: true, viaOnly: { path: '^src/server/modules/[^/]+$' } },
    },
    {
      name: 'no-feature-rings',
      comment: 'Web features import each other in one direction only: move what both need to src/web/components or src/web/lib.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/web/features/[^/]+$' },
      to: { path: '^src/web/features/[^/]+$', circular: true, viaOnly: { path: '^src/web/features/[^/]+$' } },
    },
    {
      name: 'core-below-modules',
      comment: 'The server core (lib, plugins, db, events, jobs, storage, integrations) is below every module: pass what it needs in from buildApp.',
      severity: 'error',
      from: { path: '^src/server/(lib|plugins|db|events|jobs|storage|integrations)/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'module-through-index',
      comment: "Another module is used only through its index.ts (its public surface), never its internals.",
      severity: 'error',
      from: { path: MODULE },
      to: { path: '^src/server/modules/[^/]+/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'feature-through-index',
      comment: "Another feature is used only through its index.ts, never its internals; what many features use belongs in src/web/components or src/web/lib.",
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^src/web/features/[^/]+/', pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/index\\.tsx?$'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/web/.*\\.css$'] },
    includeOnly: '^src/',
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
