/**
 * User-facing strings of movements screens (issue 10). Part of `messages` (shared/messages.ts) as
 * `messages.movements`.
 */
export const movementsMessages = {
  placeholder: '',
} as const;
