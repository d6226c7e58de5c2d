import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportMapping, ImportResult, ImportStarted } from '@shared/contracts/learner-files';
import type { Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';
import { useTaskQuery } from '@/lib/task-query';

/**
 * Calls of the import wizard (issue 10 §2 Import): the dry run, the background commit and the task the
 * page follows (GET /api/tasks/:id every second while it is queued or running).
 */

/** Uploads can take a while on a slow connection: 2 minutes before the call gives up. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** A file to import, with the column mapping when its headers are not the template's (issue 34). */
export interface ImportUpload {
  file: File;
  mapping?: ImportMapping | null;
}

/** The multipart body: the mapping first (the server reads fields sent before the file), then the file. */
function formOf({ file, mapping }: ImportUpload): FormData {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

/**
 * POST /api/students/import (dry run): what the file would do, with every bad row. Writes nothing. A
 * file with other headers fails with 400 COLUMNS whose details.headers are the file's own columns.
 */
export function useImportDryRun() {
  return useMutation({
    mutationFn: (upload: ImportUpload) => api<ImportResult>('/api/students/import', { method: 'POST', body: formOf(upload), timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** POST /api/students/import?commit=true&async=true → 202 { taskId }: writes the good rows in the background. */
export function useStartImport() {
  return useMutation({
    mutationFn: (upload: ImportUpload) =>
      api<ImportStarted>('/api/students/import?commit=true&async=true', { method: 'POST', body: formOf(upload), timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

const MAPPING_KEY = 'edufam.learner-import.mapping';

/** The column mapping the school last used (this browser), or {}. */
export function rememberedMapping(schoolId: string | null): ImportMapping {
  try {
    const raw = window.localStorage.getItem(`${MAPPING_KEY}.${schoolId ?? 'none'}`);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ImportMapping) : {};
  } catch {
    return {};
  }
}

/** Keeps the school's column mapping for its next file (a browser that refuses storage just forgets). */
export function rememberMapping(schoolId: string | null, mapping: ImportMapping): void {
  try {
    window.localStorage.setItem(`${MAPPING_KEY}.${schoolId ?? 'none'}`, JSON.stringify(mapping));
  } catch {
    // Private mode or full storage: the next file is guessed afresh.
  }
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
