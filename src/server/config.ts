import { parseDay } from '../shared/dates.js';
import { z } from 'zod';

/**
 * Server configuration from environment variables, validated at start. Every variable is documented
 * in the README's configuration table. Invalid values stop the server with a clear message.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL used in e-mailed links (password reset). */
  PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL server; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Secret for signing session cookies; generated and stored in DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Seed the two demo schools into an empty database unless "off". */
  EDUFAM_DEMO: z.enum(['on', 'off']).default('on'),
  /**
   * Issue 34: a demo of another day (YYYY-MM-DD, a real date): the demo school year is built around it
   * and the server's clock runs from it (src/server/demo-clock.ts). Refused with NODE_ENV=production.
   */
  EDUFAM_DEMO_DATE: z
    .string()
    .refine((v) => parseDay(v) === v, 'EDUFAM_DEMO_DATE must be a date written YYYY-MM-DD')
    .optional(),
  /**
   * Issue 19: serve signed-in sessions from memory (invalidated through LISTEN/NOTIFY) instead of
   * reading them on every request. 'off' reads every time (diagnosis, benchmarks).
   */
  SESSION_CACHE: z.enum(['on', 'off']).default('on'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('EduFam <no-reply@edufam.test>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Marketing site (spec §1 external links): the demo booking page and the sales mailbox. */
  DEMO_BOOKING_URL: z.url({ protocol: /^https?$/ }).default('https://calendly.com/edufam/demo'),
  SALES_EMAIL: z.email().default('sales@edufam.africa'),
  /**
   * Uploaded and generated files (photos, logos, imports, PDFs): a directory, default <DATA_DIR>/files
   * (memory when DATA_DIR is memory://). S3_BUCKET switches to S3-compatible object storage.
   */
  FILES_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: z.string().default(''),
  /** Directory of the built web app; the API runs without it. */
  WEB_DIST: z.string().default('./dist/web'),
  /** Trust X-Forwarded-For from a reverse proxy (for per-IP sign-in limits). */
  /** Failed sign-ins allowed per account and per IP address within 15 minutes. */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(5),
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /**
   * Key (32 bytes: 64 hex characters or base64) that encrypts schools' M-Pesa credentials at rest
   * (AES-256-GCM). Unset: generated once into <DATA_DIR>/secrets.key. Every instance on one database
   * needs the same key.
   */
  SECRETS_KEY: z.string().optional(),
  /** Public base URL Safaricom calls back (HTTPS in production); default PUBLIC_URL. */
  MPESA_CALLBACK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  MPESA_SANDBOX_URL: z.url({ protocol: /^https?$/ }).default('https://sandbox.safaricom.co.ke'),
  MPESA_PRODUCTION_URL: z.url({ protocol: /^https?$/ }).default('https://api.safaricom.co.ke'),
  /**
   * The built-in Daraja simulator (the demo schools' M-Pesa environment; reached only in-process).
   * Default `on`, but `off` with NODE_ENV=production, where `on` is refused: a production demo server
   * must say `force` (issue 32 §1). loadConfig resolves it to `on` or `off`.
   */
  MPESA_SIMULATOR: z.enum(['on', 'off', 'force']).optional(),
  /** How long the simulated phone takes to answer an STK Push (ms). */
  MPESA_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
  /**
   * Largest C2B (paybill) payment posted without review, KES; above it the payment is held in the
   * unmatched queue (issue 32 §2). Default: Safaricom's paybill transaction maximum, KES 250,000.
   */
  MPESA_C2B_MAX_KES: z.coerce.number().int().min(1).max(100_000_000).default(250_000),
  /** Seconds an STK Push may wait for its callback before the STK query resolves it. */
  MPESA_STK_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** SMS gateway: the local simulator (records messages) or Africa's Talking. */
  SMS_PROVIDER: z.enum(['simulator', 'africastalking']).default('simulator'),
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  AT_SENDER_ID: z.string().optional(),
  AT_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.africastalking.com'),
  /**
   * Secret in the delivery-report callback URL given to Africa's Talking
   * (POST <PUBLIC_URL>/api/sms/delivery-reports/<token>); unset, the callback answers 404.
   */
  SMS_DELIVERY_REPORT_TOKEN: z.string().min(16).optional(),
  /**
   * Issue 37 §3: the bearer token Prometheus scrapes GET /metrics with (`Authorization: Bearer <token>`);
   * unset, /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Issue 36 §3: secret in the USSD callback URL given to Africa's Talking
   * (POST <PUBLIC_URL>/api/ussd/callbacks/<token>). Unset: the callback answers 404, except while the
   * SMS simulator is on outside production, where the fixed DEMO_USSD_TOKEN serves the USSD simulator page.
   */
  USSD_CALLBACK_TOKEN: z.string().min(16).optional(),
  /**
   * Issue 36 §2: secret in the incoming-message callback URL given to Africa's Talking
   * (POST <PUBLIC_URL>/api/sms/incoming/<token>): guardians' replies. Unset: the callback answers 404,
   * except while the SMS simulator is on outside production, where the fixed DEMO_SMS_INCOMING_TOKEN serves.
   */
  SMS_INCOMING_TOKEN: z.string().min(16).optional(),
  /** How long the SMS simulator waits before reporting a sent message delivered (ms). */
  SMS_SIMULATOR_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(1500),
});

export type Config = Omit<z.infer<typeof envSchema>, 'MPESA_SIMULATOR'> & {
  publicUrl: string;
  mpesaCallbackBase: string;
  /** Is the Daraja simulator mounted (MPESA_SIMULATOR resolved)? */
  MPESA_SIMULATOR: 'on' | 'off';
  /** MPESA_SIMULATOR=force with NODE_ENV=production: mounted, and main.ts warns at start. */
  mpesaSimulatorForced: boolean;
  /**
   * The USSD simulator page (issue 36 §3) is offered: the SMS simulator is on and NODE_ENV is not
   * production. Then USSD_CALLBACK_TOKEN defaults to DEMO_USSD_TOKEN, which the page posts with.
   */
  ussdSimulator: boolean;
};

/** The incoming-SMS callback's development/demo token (only while the SMS simulator is on, never in production). */
export const DEMO_SMS_INCOMING_TOKEN = 'edufam-demo-sms-incoming';

/** The USSD callback's development/demo token (only while the SMS simulator is on, never in production). */
export const DEMO_USSD_TOKEN = 'edufam-demo-ussd-simulator';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.SMS_PROVIDER === 'africastalking' && (!c.AT_USERNAME || !c.AT_API_KEY)) {
    throw new Error("Invalid configuration:\n  AT_USERNAME, AT_API_KEY: required when SMS_PROVIDER is africastalking");
  }
  if (c.NODE_ENV === 'production' && c.MPESA_SIMULATOR === 'on') {
    throw new Error(
      'Invalid configuration:\n  MPESA_SIMULATOR: the Daraja simulator is refused with NODE_ENV=production (it credits fee payments nobody made); leave it unset, or set MPESA_SIMULATOR=force on a demo server',
    );
  }
  if (c.NODE_ENV === 'production' && c.EDUFAM_DEMO_DATE) {
    throw new Error("Invalid configuration:\n  EDUFAM_DEMO_DATE: a demo of another day moves the server's clock and is refused with NODE_ENV=production; leave it unset");
  }
  const simulator = c.MPESA_SIMULATOR === 'force' || (c.MPESA_SIMULATOR ?? (c.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
  const ussdSimulator = c.SMS_PROVIDER === 'simulator' && c.NODE_ENV !== 'production';
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    ...c,
    MPESA_SIMULATOR: simulator ? 'on' : 'off',
    mpesaSimulatorForced: c.MPESA_SIMULATOR === 'force' && c.NODE_ENV === 'production',
    ussdSimulator,
    USSD_CALLBACK_TOKEN: c.USSD_CALLBACK_TOKEN ?? (ussdSimulator ? DEMO_USSD_TOKEN : undefined),
    SMS_INCOMING_TOKEN: c.SMS_INCOMING_TOKEN ?? (ussdSimulator ? DEMO_SMS_INCOMING_TOKEN : undefined),
    publicUrl,
    mpesaCallbackBase: (c.MPESA_CALLBACK_BASE_URL ?? publicUrl).replace(/\/+$/, ''),
  };
}
