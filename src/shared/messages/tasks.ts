import { localized } from '../i18n/localized.js';
import * as sw from './sw/tasks.js';

/** User-facing strings of background tasks (issue 10 §5). Part of `messages` as `messages.tasks`. */
export const tasksMessages = localized('tasks/tasksMessages', {
  notFound: 'Task not found.',
  notFailed: 'Only a failed task can be retried.',
  statuses: { queued: 'Waiting to start', running: 'Working', succeeded: 'Done', failed: 'Failed' },
  retry: 'Retry',
  progress: (done: number, total: number) => `${done.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')}`,
} as const, { sw: sw.tasksMessages });
