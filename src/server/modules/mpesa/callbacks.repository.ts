import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { mpesaCallbacks, mpesaConfigs } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries on stored Daraja callbacks (mpesa_callbacks): the raw insert under the school a token names,
 * the outcome a callback is closed with, and the callbacks still waiting to be applied.
 */

/** A stored raw callback: its id, the school its token names, that school's validation mode and M-Pesa environment. */
export interface StoredCallback {
  callbackId: string;
  schoolId: string;
  strict: boolean;
  environment: string;
}

/** A stored callback not yet applied, as the sweep reads it. */
export interface PendingCallback {
  id: string;
  schoolId: string;
  kind: string;
  body: unknown;
  receivedAt: Date;
}

/**
 * Inserts a raw callback under the school whose callback token is `token`, in one statement (platform
 * scope: the school is not known before the token is read). Null for an unknown token (nothing stored).
 */
export async function insertCallbackForToken(tx: Tx, token: string, kind: string, body: unknown, externalId: string | null, remoteIp: string | null): Promise<StoredCallback | null> {
  const rows = await tx.execute(sql`with cfg as (select school_id, strict_validation, environment from ${mpesaConfigs} where callback_token = ${token}),
      ins as (insert into ${mpesaCallbacks} (school_id, kind, body, external_id, remote_ip)
        select school_id, ${kind}, ${JSON.stringify(body)}::jsonb, ${externalId}, ${remoteIp} from cfg
        returning id, school_id)
      select ins.id, ins.school_id, cfg.strict_validation as strict, cfg.environment from ins join cfg on cfg.school_id = ins.school_id`);
  const row = (rows as unknown as { rows: { id: string; school_id: string; strict: boolean; environment: string }[] }).rows[0];
  return row ? { callbackId: row.id, schoolId: row.school_id, strict: row.strict, environment: row.environment } : null;
}

/** Closes a callback: processed now, with `outcome` (posted, duplicate, held, malformed, wrong_source, ...). */
export async function markCallbackProcessed(tx: Tx, callbackId: string, outcome: string): Promise<void> {
  await tx.update(mpesaCallbacks).set({ processedAt: new Date(), outcome }).where(eq(mpesaCallbacks.id, callbackId));
}

/** Notes an outcome on a callback and leaves it unprocessed (to be applied again). */
export async function setCallbackOutcome(tx: Tx, callbackId: string, outcome: string): Promise<void> {
  await tx.update(mpesaCallbacks).set({ outcome }).where(eq(mpesaCallbacks.id, callbackId));
}

/** Marks a callback processed now unless something already did (its outcome untouched). */
export async function closeCallbackIfOpen(tx: Tx, callbackId: string): Promise<void> {
  await tx.update(mpesaCallbacks).set({ processedAt: new Date() }).where(and(eq(mpesaCallbacks.id, callbackId), isNull(mpesaCallbacks.processedAt)));
}

/** The unprocessed STK callbacks about `checkoutRequestId` (in the transaction's school scope), unordered. */
export async function listWaitingStkCallbacks(tx: Tx, checkoutRequestId: string): Promise<{ id: string; body: unknown }[]> {
  return tx
    .select({ id: mpesaCallbacks.id, body: mpesaCallbacks.body })
    .from(mpesaCallbacks)
    .where(and(eq(mpesaCallbacks.kind, 'stk'), eq(mpesaCallbacks.externalId, checkoutRequestId), isNull(mpesaCallbacks.processedAt)));
}

/** Up to 500 unprocessed callbacks of every school received before `receivedBefore`, oldest first (platform scope). */
export async function listUnappliedCallbacks(tx: Tx, receivedBefore: Date): Promise<PendingCallback[]> {
  return tx
    .select({ id: mpesaCallbacks.id, schoolId: mpesaCallbacks.schoolId, kind: mpesaCallbacks.kind, body: mpesaCallbacks.body, receivedAt: mpesaCallbacks.receivedAt })
    .from(mpesaCallbacks)
    .where(and(isNull(mpesaCallbacks.processedAt), lt(mpesaCallbacks.receivedAt, receivedBefore)))
    .orderBy(mpesaCallbacks.receivedAt)
    .limit(500);
}
