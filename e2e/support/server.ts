/**
 * The server the browser tests run against: the same bootstrap as src/server/main.ts (config,
 * migrations, demo seed, buildApp, listen) plus a few accounts in states the demo data does not have,
 * so the sign-in errors for them can be tested through the real form. Test harness only; never used
 * by the product.
 */
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { startDemoClock } from '../../src/server/demo-clock.js';
import { openDatabase } from '../../src/server/db/client.js';
import { schools } from '../../src/server/db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/seed.js';
import { withSystem } from '../../src/server/db/tenant.js';
import { insertAccount } from '../../src/server/modules/auth/accounts.repository.js';
import { FIXTURE_ACCOUNTS } from './fixture-accounts.js';

const config = loadConfig();
// EDUFAM_DEMO_DATE: the journeys run as a demo of that day, on its clock, as main.ts does.
if (config.EDUFAM_DEMO_DATE) startDemoClock(config.EDUFAM_DEMO_DATE);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await seedDemo(database.db);

const passwordHash = await hashPassword(DEMO_PASSWORD);
await withSystem(database.db, async (tx) => {
  const [greenhill] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'greenhill'));
  const [closed] = await tx
    .insert(schools)
    .values({ name: 'Sunrise Academy', code: 'sunrise', curriculum: 'CBC', status: 'inactive' })
    .returning({ id: schools.id });
  const schoolFor = { greenhill: greenhill!.id, closed: closed!.id, none: null } as const;
  for (const a of FIXTURE_ACCOUNTS) {
    await insertAccount(tx, { email: a.email, name: a.name, role: a.role, schoolId: schoolFor[a.school], status: a.status, passwordHash });
  }
});

const { app } = await buildApp({ config, database });
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
await app.listen({ port: config.PORT, host: config.HOST });
