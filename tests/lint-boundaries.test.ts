/**
 * Self-check of the import boundaries in eslint.config.js (ARCHITECTURE.md: web never imports server;
 * shared imports neither and no node:* builtins), through ESLint's Node API.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** no-restricted-imports findings for `code` linted as if it lived at `filePath`. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((msg) => msg.ruleId === 'no-restricted-imports').map((msg) => msg.message);
}

describe('src/shared', () => {
  it.each([
    `import { readFileSync } from 'node:fs';\nreadFileSync('x');`,
    `import { readFileSync } from 'fs';\nreadFileSync('x');`,
    `import { buildApp } from '../server/app.js';\nvoid buildApp;`,
    `import type { SessionUser } from '../server/modules/auth/session-user.js';\nexport type U = SessionUser;`,
    `import { api } from '../web/lib/api.js';\nvoid api;`,
    `import { cn } from '@/lib/utils';\nvoid cn;`,
    `export { buildApp } from '../server/app.js';`,
  ])('reports %s', async (code) => {
    const errors = await boundaryErrors(code, 'src/shared/x.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/src\/shared|browser-safe/);
  });

  it('allows shared-to-shared and package imports', async () => {
    const code = `import { messages } from './messages.js';\nimport { parsePhoneNumberFromString } from 'libphonenumber-js/min';\nexport const x = [messages, parsePhoneNumberFromString];`;
    expect(await boundaryErrors(code, 'src/shared/x.ts')).toEqual([]);
  });
});

describe('src/web', () => {
  it.each([
    `import { buildApp } from '../../server/app.js';\nvoid buildApp;`,
    `import type { SessionUser } from '../../server/modules/auth/session-user.js';\nexport type U = SessionUser;`,
    `import { x } from '../../../src/server/db/client.js';\nvoid x;`,
  ])('reports %s', async (code) => {
    const errors = await boundaryErrors(code, 'src/web/lib/x.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/never imports src\/server/);
  });

  it('allows @shared, @/ and react-dom/server', async () => {
    const code = `import { messages } from '@shared/messages';\nimport { cn } from '@/lib/utils';\nimport { renderToString } from 'react-dom/server';\nexport const x = [messages, cn, renderToString];`;
    expect(await boundaryErrors(code, 'src/web/lib/x.tsx')).toEqual([]);
  });
});

describe('src/server', () => {
  it.each([`import { api } from '../web/lib/api.js';\nvoid api;`, `import { cn } from '@/lib/utils';\nvoid cn;`])(
    'reports %s',
    async (code) => {
      const errors = await boundaryErrors(code, 'src/server/modules/x.ts');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/never imports src\/web/);
    },
  );

  it('allows shared and node builtins', async () => {
    const code = `import { readFileSync } from 'node:fs';\nimport { messages } from '../../shared/messages.js';\nexport const x = [readFileSync, messages];`;
    expect(await boundaryErrors(code, 'src/server/modules/x.ts')).toEqual([]);
  });
});

describe('src/server/modules: SQL only in repositories', () => {
  it.each([
    [`import { eq } from 'drizzle-orm';\nexport const x = eq;`, 'src/server/modules/fees/invoices.service.ts'],
    [`import { sql } from 'drizzle-orm/sql';\nexport const x = sql;`, 'src/server/modules/fees/fees.routes.ts'],
    [`import { invoices } from '../../db/schema/index.js';\nexport const x = invoices;`, 'src/server/modules/fees/invoices.service.ts'],
    [`import type { students } from '../../db/schema/learners.js';\nexport type S = typeof students;`, 'src/server/modules/learners/admission-numbers.ts'],
  ])('reports %s in %s', async (code, file) => {
    const errors = await boundaryErrors(code, file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/SQL lives in \*\.repository\.ts/);
  });

  it('allows drizzle and the tables in a repository, and transactions in a service', async () => {
    const repo = `import { eq } from 'drizzle-orm';\nimport { invoices } from '../../db/schema/index.js';\nexport const x = [eq, invoices];`;
    expect(await boundaryErrors(repo, 'src/server/modules/fees/invoices.repository.ts')).toEqual([]);
    const service = `import { withScope, type Tx } from '../../db/tenant.js';\nexport const x = withScope;\nexport type T = Tx;`;
    expect(await boundaryErrors(service, 'src/server/modules/fees/invoices.service.ts')).toEqual([]);
  });
});
