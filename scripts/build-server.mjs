// Compiles the server for production (issue 37 §2): `npm run build:server`, or `npm run build` after the
// web app. Bundles src/server/main.ts with esbuild into dist/server/main.js (ESM for Node 20, source map
// beside it), so `npm run start:prod` (node --enable-source-maps dist/server/main.js) runs JavaScript
// without tsx. Packages stay external: they are loaded from node_modules as installed (native and WASM
// ones such as PGlite, pg-boss and the AWS SDK are not bundled), so the release is the project directory
// with node_modules, drizzle/ (migrations) and dist/. The timetable generator's worker thread is a second
// entry, dist/server/worker.js, where run-worker.ts looks for it (beside the code that starts it).
//
// Usage: node scripts/build-server.mjs [--outdir <dir>]   (default dist/server; relative to the project)
// The outdir must lie inside the project: the server finds drizzle/ and package.json by walking up from
// its own file (src/server/lib/project-root.ts). Prints the time taken and each output's size.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist/server' } } });
const outdir = path.resolve(root, values.outdir);
if (path.relative(root, outdir).startsWith('..')) {
  console.error(`build-server: --outdir ${values.outdir} is outside the project (${root}); the server would not find drizzle/ and package.json`);
  process.exit(2);
}

const entryPoints = {
  main: 'src/server/main.ts',
  worker: 'src/server/modules/timetable/engine/worker.ts',
};
for (const file of Object.values(entryPoints)) {
  if (!existsSync(path.join(root, file))) throw new Error(`build-server: entry ${file} is missing`);
}

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
const ms = Math.round(performance.now() - started);

const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, out]) => `${path.relative(root, path.resolve(root, file))} ${(out.bytes / 1024 / 1024).toFixed(2)} MB`);
console.log(`Server built in ${ms} ms: ${sizes.join(', ')}`);
