/**
 * User-facing strings of learner-files screens (issue 10). Part of `messages` (shared/messages.ts) as
 * `messages.learnerFiles`.
 */
export const learnerFilesMessages = {
  placeholder: '',
} as const;
