import type { Database } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthDeps } from './auth/auth.service.js';

/**
 * What a school module's routes receive from buildApp (app.ts AppDeps, narrowed so modules do not
 * import app.ts): the database, sign-in/mail plumbing, file storage and the live-event bus.
 */
export interface ModuleDeps extends AuthDeps {
  database: Database;
  storage: FileStorage;
  events: EventBus;
}
