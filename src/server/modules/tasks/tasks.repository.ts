import { and, desc, eq } from 'drizzle-orm';
import { backgroundTasks } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { TaskRow } from '../../jobs/tasks.js';

/** One background task by id; `createdBy` (when given) limits it to that person's tasks. Row-level security keeps it in the caller's school. */
export async function findTask(tx: Tx, id: string, createdBy: string | null): Promise<TaskRow | undefined> {
  const [row] = await tx
    .select()
    .from(backgroundTasks)
    .where(and(eq(backgroundTasks.id, id), createdBy ? eq(backgroundTasks.createdBy, createdBy) : undefined));
  return row;
}

/** A person's latest tasks (optionally of one kind), newest first, at most `limit`. */
export function listOwnTasks(tx: Tx, createdBy: string, kind: string | undefined, limit: number): Promise<TaskRow[]> {
  return tx
    .select()
    .from(backgroundTasks)
    .where(and(eq(backgroundTasks.createdBy, createdBy), kind ? eq(backgroundTasks.kind, kind) : undefined))
    .orderBy(desc(backgroundTasks.createdAt), desc(backgroundTasks.id))
    .limit(limit);
}

/** Puts a failed task back in the queue (progress and error cleared); undefined when it is no longer failed. */
export async function requeueFailedTask(tx: Tx, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx
    .update(backgroundTasks)
    .set({ status: 'queued', error: null, progress: 0, finishedAt: null, updatedAt: new Date() })
    .where(and(eq(backgroundTasks.id, id), eq(backgroundTasks.status, 'failed')))
    .returning();
  return row;
}
