import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint step (dependency-cruiser loads it as a reporter plugin)
import fencesReporter from '../scripts/fences-reporter.mjs';

/**
 * The lint step's ring check (decision 0021): rings between whole server modules or web features,
 * sub-folders included, fail `npm run lint`; a one-way import does not.
 */
type Mod = { source: string; dependencies: { resolved: string }[] };
const result = (modules: Mod[], violations: unknown[] = []) => ({ modules, summary: { violations, totalCruised: modules.length, ignore: 0 } });
const mod = (source: string, ...to: string[]): Mod => ({ source, dependencies: to.map((resolved) => ({ resolved })) });

describe('fences reporter', () => {
  it('passes one-way imports between modules and features', () => {
    const out = fencesReporter(
      result([
        mod('src/server/modules/fees/fees.routes.ts', 'src/server/modules/approvals/index.ts'),
        mod('src/server/modules/approvals/index.ts', 'src/server/lib/audit.ts'),
        mod('src/web/features/fees/a/b.tsx', 'src/web/features/learners/api/learners.ts'),
      ]),
    );
    expect(out.exitCode).toBe(0);
    expect(out.output).toContain('0 ring(s)');
  });

  it('fails a ring between server modules that runs through sub-folders', () => {
    const out = fencesReporter(
      result([
        mod('src/server/modules/fees/fees.routes.ts', 'src/server/modules/approvals/index.ts'),
        mod('src/server/modules/approvals/deep/x.ts', 'src/server/modules/fees/fees-context.ts'),
      ]),
    );
    expect(out.exitCode).toBe(1);
    expect(out.output).toContain('error ring between server modules: approvals, fees');
    expect(out.output).toContain('src/server/modules/approvals/deep/x.ts → src/server/modules/fees/fees-context.ts');
  });

  it('fails a ring of three web features and any new rule violation', () => {
    const rings = fencesReporter(
      result([
        mod('src/web/features/a/x.tsx', 'src/web/features/b/index.ts'),
        mod('src/web/features/b/y/z.tsx', 'src/web/features/c/index.ts'),
        mod('src/web/features/c/w.tsx', 'src/web/features/a/index.ts'),
      ]),
    );
    expect(rings.output).toContain('error ring between web features: a, b, c');
    const violation = fencesReporter(result([], [{ rule: { name: 'feature-through-index', severity: 'error' }, from: 'src/web/features/a/x.tsx', to: 'src/web/features/b/y.tsx' }]));
    expect(violation.exitCode).toBe(1);
    expect(violation.output).toContain('error feature-through-index: src/web/features/a/x.tsx → src/web/features/b/y.tsx');
  });
});
