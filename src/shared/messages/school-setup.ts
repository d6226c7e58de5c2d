/**
 * User-facing strings of school-setup screens (issue 10). Part of `messages` (shared/messages.ts) as
 * `messages.schoolSetup`.
 */
export const schoolSetupMessages = {
  placeholder: '',
} as const;
