import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './seed/seed.js';
import { seedSchoolCrests } from './seed/logo.js';
import { buildApp } from './app.js';
import { startDemoClock } from './demo-clock.js';
import { startHeartbeat } from './modules/health/heartbeat.js';

/**
 * Starts EduFam: reads config, opens the database (PGlite in DATA_DIR or DATABASE_URL), applies
 * migrations, seeds the demo schools into an empty database (unless EDUFAM_DEMO=off), listens on PORT
 * and closes cleanly on SIGTERM/SIGINT.
 */
async function main() {
  const config = loadConfig();
  // A demo of another day: the clock moves before anything reads it (the embedded database included).
  const demoStart = config.EDUFAM_DEMO_DATE ? startDemoClock(config.EDUFAM_DEMO_DATE) : null;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const { app, deps } = await buildApp({ config, database });
  if (demoStart) {
    app.log.warn(`EDUFAM_DEMO_DATE: a demo of ${config.EDUFAM_DEMO_DATE}; the server's clock reads ${demoStart.toISOString()} at start and runs on from there.${database.kind === 'postgres' ? " PostgreSQL's now() keeps the real time: use the embedded database (no DATABASE_URL) for a demo of another day." : ''}`);
  }
  if (config.mpesaSimulatorForced) {
    app.log.warn('MPESA_SIMULATOR=force with NODE_ENV=production: the Daraja simulator is on. It only pays schools whose M-Pesa environment is "simulator"; use it on demo servers only.');
  }
  if (config.smsSimulatorForced) {
    app.log.warn('SMS_SIMULATOR=force with NODE_ENV=production: text messages go to the SMS simulator (recorded, never sent) unless an SMS provider is set in System Settings; use it on demo servers only.');
  }
  database.pool?.on('error', (err) => app.log.warn({ err }, 'database: the server closed an idle connection; the pool opens a new one'));

  if (config.EDUFAM_DEMO === 'on' && (await isEmpty(database.db))) {
    const started = Date.now();
    const made = await seedDemo(database.db, { today: config.EDUFAM_DEMO_DATE });
    // Each demo school's crest goes into file storage (the seed itself has none), for letterheads.
    await seedSchoolCrests(database, deps.storage);
    app.log.info(`Demo data seeded in ${Date.now() - started} ms: ${made.accounts} accounts, ${made.learners} learners`);
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(36)} ${a.role}`);
    console.log(`\nDemo accounts (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Issue 37 §3: this instance's row in instance_heartbeats every 10 s, for System Health's fleet view.
  startHeartbeat(deps);
  // Background tasks queued before a restart carry on (issue 10 §5).
  await deps.tasks.start();
  // The background sweeps' pg-boss schedules (docs/decisions/0022): M-Pesa callbacks and STK pushes left
  // waiting (issue 11 §3, also once now), platform billing (issue 18 §1), scheduled announcements (issue 17).
  await deps.tasks.startSchedules();
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum: refresh the planner's statistics now and every 30 minutes.
    const refresh = () => database.analyze().catch((err) => app.log.warn({ err }, 'ANALYZE failed'));
    await refresh();
    setInterval(refresh, 30 * 60_000).unref();
  }
  app.log.info(`EduFam is running on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  // Drizzle wraps driver errors ("Failed query: …"); the cause says what actually went wrong.
  const cause = err instanceof Error && err.cause instanceof Error ? `\n  cause: ${err.cause.message}` : '';
  console.error(`EduFam could not start: ${err instanceof Error ? err.message : String(err)}${cause}`);
  process.exit(1);
});
