import { z } from 'zod';

/**
 * Background tasks as the page follows them (issue 10 §5): GET /api/tasks/:id while a task runs.
 * progress and total are in the task's own units (rows of an import, pages of a PDF).
 */
export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const taskSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: z.number().int(),
  total: z.number().int(),
  input: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** Download URL of what the task made (a PDF), when it made one. */
  resultFileUrl: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const listTasksQuery = z.object({ kind: z.string().max(60).optional(), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const listTasksResponse = z.object({ items: z.array(taskSchema) });

/** True while the page should keep polling. */
export function isTaskRunning(t: Pick<Task, 'status'> | undefined | null): boolean {
  return !!t && (t.status === 'queued' || t.status === 'running');
}
