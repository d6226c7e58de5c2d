import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory holding EduFam's package.json (the checkout or the installed release), found by walking
 * up from this file. Files read at runtime beside the code (the drizzle migrations, package.json, the
 * built web app) are resolved from here rather than by a fixed number of "../" from the source file,
 * because the same code runs at two depths: as TypeScript from src/server/... (tsx, vitest) and bundled
 * into dist/server/main.js (`npm run build`, issue 37 §2). Computed once; throws if no package.json is
 * found above this file (a copied bundle without its project), naming where it looked.
 */
export const PROJECT_ROOT: string = findProjectRoot(import.meta.dirname);

/** The nearest directory at or above `start` that holds a package.json. */
export function findProjectRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found in ${start} or any directory above it: run EduFam from its project directory`);
    dir = parent;
  }
}

/** `parts` resolved against the project root (an absolute part wins, as with path.resolve). */
export function fromProjectRoot(...parts: string[]): string {
  return path.resolve(PROJECT_ROOT, ...parts);
}
