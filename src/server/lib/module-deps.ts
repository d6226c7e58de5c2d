import type { Database } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import type { FileStorage } from '../storage/storage.js';
import type { TaskRunner } from '../jobs/tasks.js';
import type { SmsGateway } from '../integrations/sms/sms-gateway.js';
import type { Mailer } from '../integrations/mail/mailer.js';
import type { Auth } from './better-auth.js';
import type { SessionCache } from './session-cache.js';
import type { ReadCache } from './read-cache.js';

/**
 * What a school module's routes receive from buildApp (app.ts AppDeps, narrowed so modules do not
 * import app.ts): the database, sign-in/mail plumbing, file storage, background tasks and live events.
 */
export interface ModuleDeps extends AuthDeps {
  database: Database;
  storage: FileStorage;
  events: EventBus;
  /** Background tasks: create in your transaction, dispatch after commit (jobs/tasks.ts). */
  tasks: TaskRunner;
  /** SMS gateway (integrations/sms): the local simulator unless SMS_PROVIDER=africastalking. */
  sms: SmsGateway;
  /** Issue 37: parents' results and fee answers kept in memory (read-cache.ts); absent in some tests. */
  readCache?: ReadCache;
}

export interface AuthDeps {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Reset tokens better-auth has just issued, by e-mail. better-auth swallows errors thrown by its
   * sendResetPassword callback, so the callback only records the token and requestPasswordReset sends
   * the mail itself, where a mail-server failure can reach the user.
   */
  issuedResetTokens: Map<string, string>;
  /** Failed sign-ins allowed per account / per IP within LOGIN_WINDOW_MS. */
  loginLimits: { perAccount: number; perIp: number };
  /**
   * The secrets key that encrypts two-factor secrets (AppDeps.mpesa.secretsKey, lib/secrets.ts). Set by
   * buildApp; two-factor sign-in refuses to run without it.
   */
  mpesa?: { secretsKey: Buffer };
  /**
   * Issue 19: resolved sessions kept in memory, invalidated through LISTEN/NOTIFY (session-cache.ts).
   * Absent (some tests): every request reads its session from the database.
   */
  sessionCache?: SessionCache;
}
