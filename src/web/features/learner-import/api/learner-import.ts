import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, ImportStarted } from '@shared/contracts/learner-files';
import type { Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';
import { useTaskQuery } from '@/lib/task-query';

/**
 * Calls of the import wizard (issue 10 §2 Import): the dry run, the background commit and the task the
 * page follows (GET /api/tasks/:id every second while it is queued or running).
 */

/** Uploads can take a while on a slow connection: 2 minutes before the call gives up. */
const UPLOAD_TIMEOUT_MS = 120_000;

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /api/students/import (dry run): what the file would do, with every bad row. Writes nothing. */
export function useImportDryRun() {
  return useMutation({
    mutationFn: (file: File) => api<ImportResult>('/api/students/import', { method: 'POST', body: formOf(file), timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** POST /api/students/import?commit=true&async=true → 202 { taskId }: writes the good rows in the background. */
export function useStartImport() {
  return useMutation({
    mutationFn: (file: File) =>
      api<ImportStarted>('/api/students/import?commit=true&async=true', { method: 'POST', body: formOf(file), timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** The import task, polled every second until it succeeds or fails. */
export const useImportTask = useTaskQuery;

/** POST /api/tasks/:id/retry: runs a failed import again (the import is idempotent). */
export function useRetryTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api<Task>(`/api/tasks/${encodeURIComponent(taskId)}/retry`, { method: 'POST' }),
    onSuccess: (task) => qc.setQueryData(['tasks', task.id], task),
  });
}

/** Refreshes every learner list, profile and count after an import (the register's queries start with 'learners'). */
export function useRefreshLearners() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['learners'] });
    void qc.invalidateQueries({ queryKey: ['classes'] });
  };
}
