import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { AppError, badRequest } from '../errors.js';

/**
 * Idempotency-Key (issue 11 §2 "a retried POST returns the first result"): the first request with a key
 * runs `fn` and stores its answer in the same transaction; a retry with the same key and the same body
 * gets that stored answer back without running anything; the same key with a different body is 422.
 * Two concurrent requests with one key: the second waits on the primary key until the first commits,
 * then finds its answer (or, when the first rolled back, runs itself).
 */
export async function withIdempotency<T>(
  tx: Tx,
  opts: { schoolId: string; userId: string; key: string | undefined; route: string; body: unknown; status: number },
  fn: () => Promise<T>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (opts.key === undefined) return { status: opts.status, body: await fn(), replayed: false };
  const key = opts.key.trim();
  if (key.length < 1 || key.length > 100) throw badRequest(messages.fees.idempotencyKeyInvalid);
  const hash = createHash('sha256').update(`${opts.route}\n${JSON.stringify(opts.body ?? null)}`).digest('hex');
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ schoolId: opts.schoolId, userId: opts.userId, key, route: opts.route, requestHash: hash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [prior] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.schoolId, opts.schoolId), eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, key)));
    if (!prior || prior.requestHash !== hash || prior.route !== opts.route) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', messages.fees.idempotencyReused);
    return { status: prior.statusCode, body: prior.response as T, replayed: true };
  }
  const body = await fn();
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: opts.status, response: body as object })
    .where(and(eq(idempotencyKeys.schoolId, opts.schoolId), eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, key)));
  return { status: opts.status, body, replayed: false };
}
