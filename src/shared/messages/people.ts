/**
 * User-facing strings of people screens (issue 10). Part of `messages` (shared/messages.ts) as
 * `messages.people`.
 */
export const peopleMessages = {
  placeholder: '',
} as const;
