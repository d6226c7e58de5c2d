/**
 * Live updates pushed by GET /api/events (Server-Sent Events, issue 3 §7). Browser-safe.
 *
 * Each event only says *what changed*; clients refetch through the normal (access-checked) API, so an
 * event never carries data the receiver could not read anyway. The SSE `event:` field is the type and
 * `data:` is the JSON of `data`.
 */
export const LIVE_EVENT_TYPES = [
  /** system_settings maintenance_mode changed (enabled/disabled/message). data: MaintenanceChangedData. */
  'maintenance.changed',
  /** An admin communication was created, edited, (de)activated or deleted. data: { id }. */
  'communications.changed',
  /** The receiver has new or changed notifications (bell). data: { communicationId? }. */
  'notifications.changed',
  /**
   * A learner's fees changed (payment posted, reversed, M-Pesa request resolved). data: { studentId?,
   * checkoutRequestId?, status? }. Sent to the school's finance roles and the learner's parents.
   */
  'fees.changed',
  /** A school announcement was published, changed or read (issue 17 §1). data: { id }. Sent to its recipients and author. */
  'announcements.changed',
  /** A conversation has a new message or changed (issue 17 §2). data: { conversationId }. Sent to its participants. */
  'messages.changed',
  /** A support ticket was opened, replied to or changed (issue 17 §3). data: { ticketId }. Sent to the school's people on it and platform staff. */
  'support.changed',
] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface MaintenanceChangedData {
  enabled: boolean;
  message: string;
  estimatedDuration: string;
}

/**
 * Who receives an event. Every listed criterion must match (an absent one matches everybody):
 * - roles: the user's role is one of them;
 * - schoolIds: the user's school is one of them (platform admins, who have no school, match any
 *   event that names schools only when `includeAdmins` is true);
 * - userIds: the user is one of them (keep short: PostgreSQL NOTIFY payloads are limited to 8000 bytes).
 */
export interface LiveAudience {
  roles?: readonly string[];
  schoolIds?: readonly string[];
  includeAdmins?: boolean;
  userIds?: readonly string[];
}
