/**
 * The server the browser tests run against: the same bootstrap as src/server/main.ts (config,
 * migrations, demo seed, buildApp, listen) plus a few accounts in states the demo data does not have,
 * so the sign-in errors for them can be tested through the real form. Test harness only; never used
 * by the product.
 */
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { startDemoClock } from '../../src/server/demo-clock.js';
import { openDatabase } from '../../src/server/db/client.js';
import { classes, guardians, profiles, schools, studentGuardians, students, users } from '../../src/server/db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/seed.js';
import { withSystem, type Tx } from '../../src/server/db/tenant.js';
import { insertAccount } from '../../src/server/modules/auth/accounts.repository.js';
import { FIXTURE_ACCOUNTS, KISWAHILI_READERS, KISWAHILI_STAFF } from './fixture-accounts.js';

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
  await addKiswahiliReaders(tx, greenhill!.id);
});

/**
 * The Kiswahili journeys' own accounts (e2e/kiswahili.spec.ts), so no other journey, sharing this
 * database, ever meets a screen in Kiswahili: a parent (a guardian without an account, of a classmate of
 * the demo parent's child, given one) and a class teacher (a seeded class teacher of another stream,
 * given an address to sign in with), both with their language saved as Kiswahili.
 */
async function addKiswahiliReaders(tx: Tx, schoolId: string): Promise<void> {
  const [demoChild] = await tx
    .select({ classId: students.classId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .innerJoin(profiles, eq(profiles.id, guardians.profileId))
    .where(eq(profiles.email, 'parent@greenhill.edufam.test'))
    .orderBy(asc(students.admissionNumber))
    .limit(1);
  const [guardian] = await tx
    .select({ id: guardians.id, name: guardians.name })
    .from(guardians)
    .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(students.classId, demoChild!.classId!), eq(students.status, 'active'), isNull(guardians.profileId), eq(studentGuardians.isPrimary, true)))
    .orderBy(asc(students.admissionNumber))
    .limit(1);
  const parentId = await insertAccount(tx, { email: KISWAHILI_READERS.parent, name: guardian!.name, role: 'parent', schoolId, passwordHash });
  await tx.update(guardians).set({ profileId: parentId, email: KISWAHILI_READERS.parent }).where(eq(guardians.id, guardian!.id));
  const [stream] = await tx
    .select({ teacherId: classes.classTeacherId })
    .from(classes)
    .innerJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.name, 'Grade 5 East'), ne(profiles.email, 'teacher@greenhill.edufam.test')))
    .limit(1);
  await tx.update(users).set({ email: KISWAHILI_READERS.teacher }).where(eq(users.id, stream!.teacherId!));
  await tx.update(profiles).set({ email: KISWAHILI_READERS.teacher }).where(eq(profiles.id, stream!.teacherId!));
  const staffIds: string[] = [];
  for (const a of KISWAHILI_STAFF) {
    staffIds.push(await insertAccount(tx, { email: a.email, name: a.name, role: a.role, schoolId: a.access === 'admin' ? null : schoolId, passwordHash }));
  }
  await tx.update(profiles).set({ locale: 'sw' }).where(inArray(profiles.id, [parentId, stream!.teacherId!, ...staffIds]));
}

const { app } = await buildApp({ config, database });
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
await app.listen({ port: config.PORT, host: config.HOST });
