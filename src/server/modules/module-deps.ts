import type { Database } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import type { FileStorage } from '../storage/storage.js';
import type { TaskRunner } from '../jobs/tasks.js';
import type { SmsGateway } from '../integrations/sms/sms-gateway.js';
import type { AuthDeps } from './auth/auth.service.js';

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
}
