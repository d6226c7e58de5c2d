import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { eq } from 'drizzle-orm';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { systemSettings } from './db/schema/index.js';
import { withSystem } from './db/tenant.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './integrations/mail/mailer.js';
import { registerAccessGate } from './plugins/access.js';
import { registerRequestLocale } from './lib/request-locale.js';
import { registerPrometheus } from './modules/health/prometheus.js';
import { currentUser } from './modules/auth/auth.service.js';
import { registerErrorHandling } from './plugins/errors.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerPages } from './plugins/pages.js';
import { createAuth, type Auth } from './lib/better-auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { schoolsRoutes } from './modules/schools/schools.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { changePasswordRoutes } from './modules/auth/change-password.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { communicationsRoutes } from './modules/communications/communications.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerRequestMetrics } from './modules/health/request-metrics.js';
import { countingSmsGateway, createOpsCounters, type OpsCounters } from './modules/health/ops-counters.js';
import { createHeartbeat, type Heartbeat } from './modules/health/heartbeat.js';
import { createInstanceInfo } from './modules/health/health.service.js';
import { createLocalEventBus, type EventBus } from './events/bus.js';
import { createPostgresEventBus } from './events/pg-bus.js';
import { createSessionCache } from './lib/session-cache.js';
import { createReadCache, registerReadCache, type ReadCache } from './lib/read-cache.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { learnersRoutes } from './modules/learners/learners.routes.js';
import { learnerFiguresRoutes } from './modules/learners/learner-figures.routes.js';
import { classesRoutes } from './modules/classes/classes.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { schoolSetupRoutes } from './modules/school-setup/school-setup.routes.js';
import { movementsRoutes } from './modules/movements/movements.routes.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { learnerFilesRoutes } from './modules/learner-files/learner-files.routes.js';
import { liveSessionStates } from './modules/events/events.repository.js';
import { createLiveStreams, type LiveStreams } from './modules/events/live-streams.js';
import type { FileStorage } from './storage/storage.js';
import { storageFromConfig } from './storage/from-config.js';
import { MAX_UPLOAD_BYTES } from './lib/files.js';
import { createTaskRunner, type TaskRunner } from './jobs/tasks.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { loadOrCreateKeyFile, parseSecretsKey } from './lib/secrets.js';
import type { SmsGateway } from './integrations/sms/sms-gateway.js';
import { createAfricasTalkingGateway } from './integrations/sms/africas-talking.js';
import { createSmsSimulator } from './integrations/sms/sms-simulator.js';
import { smsRoutes } from './modules/sms/sms.routes.js';
import { ussdRoutes } from './modules/ussd/ussd.routes.js';
import { startGuardianStkPush } from './modules/mpesa/stk.service.js';
import { connectSimulatorReports, isSmsSimulator } from './modules/sms/simulator-reports.js';
import { injectDeliver, injectFetch, registerDarajaSimulator, type DarajaSimulatorHandle } from './integrations/mpesa/simulator.js';
import { feesRoutes } from './modules/fees/fees.routes.js';
import { approvalsRoutes } from './modules/approvals/index.js';
import { assessmentRoutes } from './modules/assessment/assessment.routes.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { attendanceRoutes } from './modules/attendance/attendance.routes.js';
import { payrollRoutes } from './modules/payroll/payroll.routes.js';
import { payrollDocumentsRoutes } from './modules/payroll/payroll-documents.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { leaveRoutes } from './modules/leave/leave.routes.js';
import { hrReportsRoutes } from './modules/hr-reports/hr-reports.routes.js';
import { expensesRoutes } from './modules/expenses/expenses.routes.js';
import { financialReportsRoutes } from './modules/financial-reports/financial-reports.routes.js';
import { financialAnalyticsRoutes } from './modules/financial-analytics/financial-analytics.routes.js';
import { transportRoutes } from './modules/transport/transport.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { timetableSetupRoutes } from './modules/timetable/timetable-setup.routes.js';
import { timetableGenerateRoutes } from './modules/timetable/timetable-generate.routes.js';
import { timetablesRoutes } from './modules/timetable/timetables.routes.js';
import { attachmentsRoutes } from './modules/attachments/attachments.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { financeOfficeRoutes } from './modules/finance-office/finance-office.routes.js';
import { staffAttendanceRoutes } from './modules/attendance/staff-attendance.routes.js';
import { reportCardIssuer } from './modules/certificates/certificates.service.js';
import { createSigner, type Signer } from './lib/signing.js';
import { afterPayment } from './modules/fees/notices.service.js';
import { mpesaRoutes } from './modules/mpesa/mpesa.routes.js';
import type { MpesaDeps } from './modules/mpesa/mpesa-deps.js';
import { createMpesaSweeper, mpesaSweep, type MpesaSweeper } from './modules/mpesa/sweeper.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBillingGate } from './modules/billing/billing-gate.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { createActivityRecorder } from './modules/security/session-activity.js';
import { dataProtectionRoutes } from './modules/data-protection/data-protection.routes.js';
import { kemisRoutes } from './modules/ministry/kemis.routes.js';
import { knecRoutes } from './modules/ministry/knec.routes.js';
import { voteHeadsRoutes } from './modules/vote-heads/vote-heads.routes.js';
import { bankStatementsRoutes } from './modules/bank-statements/bank-statements.routes.js';
import { platformAnalyticsRoutes } from './modules/platform-analytics/platform-analytics.routes.js';
import { projectHubRoutes } from './modules/project-hub/project-hub.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { systemSettingsRoutes } from './modules/system-settings/system-settings.routes.js';
import { createFeatureFlagGate } from './modules/system-settings/feature-flag-gate.js';
import { createSettingsMailer, createSettingsSmsGateway } from './modules/system-settings/providers.js';
import { type AuthDeps } from './lib/module-deps.js';
import { fromProjectRoot } from './lib/project-root.js';

export interface AppDeps extends AuthDeps {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** Live events (SSE fan-out); see events/bus.ts. */
  events: EventBus;
  /** This instance's open GET /api/events streams (modules/events/live-streams.ts). */
  liveStreams: LiveStreams;
  /** Uploaded and generated files (storage/storage.ts). */
  storage: FileStorage;
  /** Background tasks on pg-boss (jobs/tasks.ts). */
  tasks: TaskRunner;
  /** SMS gateway (integrations/sms): the local simulator unless SMS_PROVIDER=africastalking. */
  sms: SmsGateway;
  /** What the M-Pesa module works with (modules/mpesa/mpesa-deps.ts). */
  mpesa: MpesaDeps;
  /** Applies left-over callbacks and resolves stale STK pushes; a pg-boss schedule runs it (main.ts starts the schedules). */
  mpesaSweeper: MpesaSweeper;
  /** The built-in Daraja simulator, when MPESA_SIMULATOR is on (tests steer it). */
  darajaSimulator?: DarajaSimulatorHandle;
  /** Ed25519 signer of certificates and report cards (lib/signing.ts). */
  signer: Signer;
  /** Issue 37 §3: M-Pesa callback and SMS outcome counts for GET /metrics. */
  ops: OpsCounters;
  /** Issue 37 §3: this instance's fleet heartbeat; main.ts starts it (startHeartbeat), app close stops it. */
  heartbeat: Heartbeat;
  /** Issue 37 §1: parents' results and fee answers kept in memory (lib/read-cache.ts). */
  readCache: ReadCache;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests). */
  mailer?: Mailer;
  /** Replace the live-event bus (tests); default: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  events?: EventBus;
  /** Replace the file storage (tests); default from the configuration (storage/from-config.ts). */
  storage?: FileStorage;
  /** Replace the SMS gateway (tests); default from SMS_PROVIDER. */
  sms?: SmsGateway;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The only bootstrap, used by main.ts and every test: wires config, database, auth, mail, the access
 * gate and every module's routes, plus the built web app when present. Does not listen and does not
 * migrate (main.ts and tests do that).
 */
export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    // Issue 37 §3: every log line of a request carries its id as `requestId`; the answer returns it in
    // `x-request-id` and error bodies show it (plugins/errors.ts), so a school's report of an error
    // leads to the server's log lines. An id from the reverse proxy (nginx's $request_id) is kept.
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps = {} as AppDeps;
  // Only this process's own Daraja client and callbacks carry it (integrations/mpesa/simulator.ts).
  const simulatorKey = randomBytes(24).toString('base64url');
  // Issue 18 §4: SMTP settings saved in System Settings take over from the configured mailer. The key
  // is read lazily (deps.mpesa exists only further down; with DATA_DIR=memory:// each call of
  // secretsKeyOf would make a new key).
  const baseMailer =
    opts.mailer ??
    (config.SMTP_HOST
      ? createSmtpMailer({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE === 'true',
          user: config.SMTP_USER,
          password: config.SMTP_PASSWORD,
          from: config.MAIL_FROM,
        })
      : createLogMailer(app.log));
  const mailer = createSettingsMailer(baseMailer, database, () => deps.mpesa.secretsKey);

  const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(database));
  const auth = createAuth({
    db: database.db,
    secret,
    baseURL: config.publicUrl,
    secureCookies: config.publicUrl.startsWith('https://'),
    rememberVerifiedPasswords: config.NODE_ENV === 'test',
    sendResetPassword: async ({ user, token }) => {
      deps.issuedResetTokens.set(user.email.toLowerCase(), token);
    },
  });
  Object.assign(deps, {
    config,
    database,
    auth,
    mailer,
    events:
      opts.events ??
      (database.kind === 'postgres' && database.pool ? createPostgresEventBus(database.pool, { log: app.log }) : createLocalEventBus()),
    publicUrl: config.publicUrl,
    issuedResetTokens: new Map<string, string>(),
    loginLimits: { perAccount: config.LOGIN_ACCOUNT_LIMIT, perIp: config.LOGIN_IP_LIMIT },
    storage: opts.storage ?? (await storageFromConfig(config)),
  });
  // Issue 19: sessions served from memory, dropped by every instance as soon as anything about them changes.
  // Issue 37: parents' results and fee pages answered from memory, dropped by the same feed (read-cache.ts).
  deps.readCache = createReadCache({ enabled: config.READ_CACHE === 'on' });
  registerReadCache(app, deps.readCache);
  deps.sessionCache = createSessionCache(database, { enabled: config.SESSION_CACHE === 'on', log: app.log, readCache: deps.readCache });
  app.addHook('onClose', async () => deps.sessionCache?.close());
  deps.tasks = createTaskRunner({ database, storage: deps.storage, log: app.log });
  const baseSms =
    opts.sms ??
    (config.SMS_PROVIDER === 'africastalking'
      ? createAfricasTalkingGateway({ username: config.AT_USERNAME!, apiKey: config.AT_API_KEY!, senderId: config.AT_SENDER_ID, baseUrl: config.AT_BASE_URL })
      : createSmsSimulator({ deliveryDelayMs: config.SMS_SIMULATOR_DELIVERY_DELAY_MS }));
  // Issue 17 §1: the simulator reports its messages delivered, as Africa's Talking's callback does.
  deps.ops = createOpsCounters();
  const stopSimulatedReports = isSmsSimulator(baseSms) ? connectSimulatorReports(baseSms, { database, events: deps.events, ops: deps.ops }, app.log) : () => undefined;
  // Issue 18 §4: an SMS provider saved in System Settings takes over from SMS_PROVIDER (key read lazily, as for mail).
  // Issue 37 §3: every send counted as sent or failed for GET /metrics.
  deps.sms = countingSmsGateway(createSettingsSmsGateway(baseSms, database, () => deps.mpesa.secretsKey), deps.ops);
  deps.mpesa = {
    database,
    events: deps.events,
    mailer,
    sms: deps.sms,
    log: app.log,
    secretsKey: secretsKeyOf(config, app.log),
    callbackBase: config.mpesaCallbackBase,
    urls: { simulator: `${SIMULATOR_ORIGIN}${SIMULATOR_PREFIX}`, sandbox: config.MPESA_SANDBOX_URL, production: config.MPESA_PRODUCTION_URL },
    simulatorFetch: config.MPESA_SIMULATOR === 'on' ? injectFetch(app, simulatorKey) : undefined,
    simulatorKey: config.MPESA_SIMULATOR === 'on' ? simulatorKey : undefined,
    stkTimeoutSeconds: config.MPESA_STK_TIMEOUT_S,
    c2bMaxCents: config.MPESA_C2B_MAX_KES * 100,
    ops: deps.ops,
  };
  deps.mpesaSweeper = createMpesaSweeper(deps.mpesa);
  deps.tasks.schedule(mpesaSweep(deps.mpesaSweeper));
  // Certificates and report cards (issue 12 §6): the platform key's private half is encrypted with the same secrets key.
  deps.signer = createSigner(database, deps.mpesa.secretsKey);
  deps.liveStreams = createLiveStreams({
    bus: deps.events,
    loadSessions: (ids) => withSystem(database.db, (tx) => liveSessionStates(tx, ids)),
    log: app.log,
  });

  // Request figures for System Health: registered before every route so its onResponse hook sees them all.
  const requestMetrics = registerRequestMetrics(app);
  // Issue 37 §3: Prometheus figures per route on GET /metrics (bearer METRICS_TOKEN; off when unset).
  registerPrometheus(app, { token: config.METRICS_TOKEN, pool: database.pool, database, ops: deps.ops, readCache: deps.readCache });
  deps.heartbeat = createHeartbeat({ database, metrics: requestMetrics, instance: createInstanceInfo(), log: app.log });
  app.addHook('onClose', async () => deps.heartbeat.stop());
  // Issue 36 §1: each request answers in its reader's language (lib/request-locale.ts).
  registerRequestLocale(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  // Maintenance mode (spec §6): the gate refuses non-bypass callers while it is on.
  const maintenance = createMaintenanceService(database, deps.events, app.log);
  const resolveUser = (headers: Headers) => currentUser(deps, headers);
  registerAccessGate(app, { sessionCache: deps.sessionCache, currentUser: resolveUser }, {
    maintenance: maintenance.guard,
    // Issue 18: last-seen and activity days; read-only mode for a school in arrears; features switched off per school.
    guards: [createActivityRecorder(database), createBillingGate(database), createFeatureFlagGate(database)],
  });
  await app.register(rateLimit, { global: false });
  // Uploads (issue 10 §5): one file per request; each route applies its kind's smaller limit
  // (modules/files/files.service.ts readUpload), so a 20 MB file is refused with a clear message.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 100_000 } });
  await app.register(swagger, {
    openapi: { info: { title: 'EduFam API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (scope) => {
    await authRoutes(scope, deps);
    await profileRoutes(scope, database);
    await systemRoutes(scope, deps);
    await dashboardRoutes(scope, database, deps.readCache);
    await schoolsRoutes(scope, database);
    await usersRoutes(scope, database);
    await changePasswordRoutes(scope, deps);
    await auditRoutes(scope, database);
    await communicationsRoutes(scope, deps);
    await notificationsRoutes(scope, deps);
    await maintenanceRoutes(scope, deps, maintenance);
    await healthRoutes(scope, { database, metrics: requestMetrics, heartbeat: deps.heartbeat });
    await eventsRoutes(scope, deps);
    // Issue 10: learners and school structure.
    await learnersRoutes(scope, deps);
    await classesRoutes(scope, database);
    await filesRoutes(scope, deps);
    await tasksRoutes(scope, deps);
    await schoolSetupRoutes(scope, deps);
    await movementsRoutes(scope, deps);
    await peopleRoutes(scope, deps);
    await learnerFilesRoutes(scope, deps);
    await learnerFiguresRoutes(scope, deps);
    // Issue 11: fees and M-Pesa.
    await approvalsRoutes(scope, database);
    await feesRoutes(scope, deps, { afterPayment: (schoolId, paymentId) => afterPayment(deps.mpesa, schoolId, paymentId) });
    await mpesaRoutes(scope, { ...deps.mpesa, tasks: deps.tasks });
    // Issue 12: assessment (exams, marks, results, report cards) and signed certificates.
    const certificateDeps = { database, signer: deps.signer, publicUrl: deps.publicUrl, storage: deps.storage };
    await assessmentRoutes(scope, deps, { issuer: reportCardIssuer(certificateDeps) });
    await certificatesRoutes(scope, deps);
    // Issue 13: attendance.
    await attendanceRoutes(scope, deps);
    await staffAttendanceRoutes(scope, deps);
    // Issue 14: HR and payroll.
    await staffRoutes(scope, deps);
    await leaveRoutes(scope, deps);
    await payrollRoutes(scope, deps);
    await payrollDocumentsRoutes(scope, deps);
    await hrReportsRoutes(scope, deps);
    // Issue 15: the finance office.
    await expensesRoutes(scope, deps);
    await financialReportsRoutes(scope, deps);
    await financialAnalyticsRoutes(scope, deps);
    await transportRoutes(scope, deps);
    await inventoryRoutes(scope, deps);
    await financeOfficeRoutes(scope, deps);
    // Issue 16: the timetable.
    await timetableSetupRoutes(scope, deps);
    await timetableGenerateRoutes(scope, deps);
    await timetablesRoutes(scope, deps);
    // Issue 17: school communication.
    await attachmentsRoutes(scope, deps);
    await announcementsRoutes(scope, deps);
    await conversationsRoutes(scope, deps);
    await supportRoutes(scope, deps);
    await smsRoutes(scope, { database, events: deps.events, ops: deps.ops, sms: deps.sms, deliveryReportToken: config.SMS_DELIVERY_REPORT_TOKEN, incomingToken: config.SMS_INCOMING_TOKEN });
    // Issue 36 §3: USSD for basic phones (pay reuses the parent's "Pay with M-Pesa" STK Push).
    await ussdRoutes(scope, { database, sms: deps.sms, callbackToken: config.USSD_CALLBACK_TOKEN, simulator: config.ussdSimulator, stkPush: (p) => startGuardianStkPush(deps.mpesa, p).then(() => undefined) });
    // Issue 18: platform business and security.
    await billingRoutes(scope, deps);
    await securityRoutes(scope, deps);
    await dataProtectionRoutes(scope, deps);
    await platformAnalyticsRoutes(scope, deps);
    await projectHubRoutes(scope, deps);
    await companyRoutes(scope, deps);
    await systemSettingsRoutes(scope, deps);
    // Issue 35: what the Ministry, KNEC and the auditor ask of a Kenyan school.
    await kemisRoutes(scope, deps);
    await knecRoutes(scope, deps);
    await voteHeadsRoutes(scope, deps);
    await bankStatementsRoutes(scope, deps);
    if (config.MPESA_SIMULATOR === 'on') {
      // The built-in Daraja simulator (issue 11 §3): Safaricom's paths under /daraja-sim, calling back
      // only this server's own callback URLs, in-process.
      deps.darajaSimulator = registerDarajaSimulator(scope, {
        prefix: SIMULATOR_PREFIX,
        callbackDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
        allowedCallbackOrigins: [new URL(config.mpesaCallbackBase).origin],
        log: app.log,
        deliver: injectDeliver(app, simulatorKey),
        callerKey: simulatorKey,
      });
    }
  });

  // A relative WEB_DIST (the default ./dist/web) is the project's, wherever the server was started from.
  const webDist = fromProjectRoot(config.WEB_DIST);
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Vite's build writes .br and .gz beside each asset (vite.config.ts); send those when accepted.
      preCompressed: true,
      // Files under /assets/ carry a content hash in their name: cache them for a year.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  registerPages(app, resolveUser, webDist, { demoBookingUrl: config.DEMO_BOOKING_URL, salesEmail: config.SALES_EMAIL }, { demoClock: !!config.EDUFAM_DEMO_DATE });

  // Open SSE streams would keep server.close() waiting forever: end them first.
  app.addHook('preClose', async () => deps.liveStreams.closeAll());
  app.addHook('onClose', async () => {
    stopSimulatedReports();
    await deps.tasks.stop();
    await deps.events.close();
    await mailer.close();
  });
  return { app, deps };
}

/** The Daraja simulator as the M-Pesa client sees it: any origin (requests are injected in-process). */
const SIMULATOR_ORIGIN = 'http://daraja-simulator.internal';
const SIMULATOR_PREFIX = '/daraja-sim';

/**
 * The key that encrypts M-Pesa credentials at rest: SECRETS_KEY, else one generated into
 * <DATA_DIR>/secrets.key (a fresh random key per process with DATA_DIR=memory://).
 */
function secretsKeyOf(config: Config, log: { warn(msg: string): void }): Buffer {
  if (config.SECRETS_KEY) return parseSecretsKey(config.SECRETS_KEY);
  if (config.DATA_DIR.startsWith('memory://')) return randomBytes(32);
  const { key, created } = loadOrCreateKeyFile(path.resolve(config.DATA_DIR));
  if (created) log.warn(`SECRETS_KEY is not set: generated ${path.join(config.DATA_DIR, 'secrets.key')}. Set SECRETS_KEY on every instance sharing a database.`);
  return key;
}

/** Session-signing secret kept in the database, so every instance on it shares one. */
async function loadOrCreateSecret(database: Database): Promise<string> {
  return withSystem(database.db, async (tx) => {
    const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'auth_secret'));
    if (row) return (row.settingValue as { secret: string }).secret;
    const secret = randomBytes(32).toString('base64url');
    await tx
      .insert(systemSettings)
      .values({ settingKey: 'auth_secret', settingValue: { secret }, description: 'Session cookie signing secret (generated)' })
      .onConflictDoNothing();
    const [again] = await tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'auth_secret'));
    return (again!.settingValue as { secret: string }).secret;
  });
}
