import { z } from 'zod';
import { messages } from '../messages.js';
import { ROLES } from '../roles.js';

/**
 * Announcements and notifications contracts (spec §2 Shell chrome, §3 notifications /
 * admin_communications / user_dismissed_communications, §4 Notification and Communication, §7 items 4
 * and 7, §9). Shared by the API routes and the web screens. Browser-safe.
 *
 * Instants are ISO 8601 date-times (UTC in answers; any offset accepted in requests). The web form
 * enters expiry as an Africa/Nairobi local date-time and converts it.
 */

/** Priorities (spec §3: low, medium, high; the banner also knows critical). */
export const COMMUNICATION_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type CommunicationPriority = (typeof COMMUNICATION_PRIORITIES)[number];

/** Status of a communication (spec §4): expired once expires_at has passed, else inactive or active. */
export const COMMUNICATION_STATUSES = ['active', 'expired', 'inactive'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

/** Notifications the bell shows at most (spec §9). */
export const NOTIFICATIONS_MAX_SHOWN = 10;

export const COMMUNICATIONS_MAX_PAGE_SIZE = 100;
export const COMMUNICATIONS_DEFAULT_PAGE_SIZE = 20;
export const TITLE_MAX = 200;
export const MESSAGE_MAX = 5_000;

/**
 * Messages of the input validation (also shown by the web form): the catalogue's table
 * (messages.communications.input), answering in the reader's language on each read. Its length
 * messages write TITLE_MAX and MESSAGE_MAX in (a zod schema keeps its message as a plain string).
 */
export const COMMUNICATION_INPUT_MESSAGES = messages.communications.input;

const im = COMMUNICATION_INPUT_MESSAGES;

const title = z.string({ error: im.titleRequired }).trim().min(1, im.titleRequired).max(TITLE_MAX, im.titleTooLong);
const message = z.string({ error: im.messageRequired }).trim().min(1, im.messageRequired).max(MESSAGE_MAX, im.messageTooLong);
const priority = z.enum(COMMUNICATION_PRIORITIES, { error: im.priority });
const targetRoles = z
  .array(z.enum(ROLES, { error: im.role }), { error: im.rolesRequired })
  .min(1, im.rolesRequired)
  .max(ROLES.length)
  .transform((roles) => [...new Set(roles)]);
const expiresAt = z.iso.datetime({ offset: true, error: im.expiresAt }).nullable();
const schoolId = z.uuid({ error: im.schoolId }).nullable();

/** An admin communication as the Communication Center shows it (spec §3 admin_communications). */
export const communicationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  priority: z.enum(COMMUNICATION_PRIORITIES),
  targetRoles: z.array(z.enum(ROLES)),
  /** null: platform-wide. */
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  isActive: z.boolean(),
  dismissible: z.boolean(),
  expiresAt: z.string().nullable(),
  status: z.enum(COMMUNICATION_STATUSES),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Communication = z.infer<typeof communicationSchema>;

/**
 * GET /api/communications query. `search` matches title or message (case-insensitive substring);
 * `status` as in spec §4; `role` keeps communications targeted at that role; `schoolId` those of one
 * school ('platform' for platform-wide ones). Empty values mean no filter. page is 1-based.
 */
export const listCommunicationsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  priority: z.union([z.literal(''), priority]).optional(),
  status: z.union([z.literal(''), z.enum(COMMUNICATION_STATUSES, { error: im.status })], { error: im.status }).optional(),
  role: z.union([z.literal(''), z.enum(ROLES, { error: im.role })], { error: im.role }).optional(),
  schoolId: z.union([z.literal(''), z.literal('platform'), z.uuid({ error: im.schoolId })], { error: im.schoolId }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMUNICATIONS_MAX_PAGE_SIZE, `At most ${COMMUNICATIONS_MAX_PAGE_SIZE} communications per page`)
    .default(COMMUNICATIONS_DEFAULT_PAGE_SIZE),
});
export type ListCommunicationsQuery = z.output<typeof listCommunicationsQuery>;

export const listCommunicationsResponse = z.object({
  communications: z.array(communicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListCommunicationsResponse = z.infer<typeof listCommunicationsResponse>;

/** GET /api/communications/stats (spec §9: total, active, expired, byPriority). */
export const communicationStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  expired: z.number().int(),
  inactive: z.number().int(),
  byPriority: z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int(), critical: z.number().int() }),
});
export type CommunicationStats = z.infer<typeof communicationStatsSchema>;

/** POST /api/communications body. isActive true publishes at once (one notification per targeted user). */
export const createCommunicationBody = z.object({
  title,
  message,
  priority: priority.default('medium'),
  targetRoles,
  schoolId: schoolId.optional(),
  isActive: z.boolean().default(true),
  dismissible: z.boolean().default(true),
  expiresAt: expiresAt.optional(),
});
export type CreateCommunicationBody = z.output<typeof createCommunicationBody>;
export type CreateCommunicationInput = z.input<typeof createCommunicationBody>;

/** PATCH /api/communications/:id body: any of the create fields (at least one). */
export const updateCommunicationBody = z
  .object({
    title: title.optional(),
    message: message.optional(),
    priority: priority.optional(),
    targetRoles: targetRoles.optional(),
    schoolId: schoolId.optional(),
    isActive: z.boolean().optional(),
    dismissible: z.boolean().optional(),
    expiresAt: expiresAt.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: im.noChanges });
export type UpdateCommunicationBody = z.output<typeof updateCommunicationBody>;

/** PATCH /api/communications/:id/status body: activate (publishes) or deactivate. */
export const communicationStatusBody = z.object({ isActive: z.boolean({ error: messages.communications.isActiveInvalid }) });

export const communicationIdParams = z.object({ id: z.uuid({ error: im.id }) });
export const notificationIdParams = z.object({ id: z.uuid({ error: im.notificationId }) });

export const communicationResponse = z.object({ communication: communicationSchema });

/** A communication as its receivers see it (banner, School News and the like). */
export const receivedCommunicationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  priority: z.enum(COMMUNICATION_PRIORITIES),
  dismissible: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Dismissed by the receiver (always false in the banners answer). */
  dismissed: z.boolean(),
});
export type ReceivedCommunication = z.infer<typeof receivedCommunicationSchema>;

/** GET /api/communications/banners and GET /api/communications/received. */
export const receivedCommunicationsResponse = z.object({ communications: z.array(receivedCommunicationSchema) });
export type ReceivedCommunicationsResponse = z.infer<typeof receivedCommunicationsResponse>;

/** A notification with its linked communication (spec §7 item 4). */
export const notificationSchema = z.object({
  id: z.uuid(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  communication: z.object({
    id: z.uuid(),
    title: z.string(),
    message: z.string(),
    priority: z.enum(COMMUNICATION_PRIORITIES),
    createdAt: z.string(),
    targetRoles: z.array(z.enum(ROLES)),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest unread (at most 10) and the number unread in all. */
export const listNotificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponse>;

export const notificationResponse = z.object({ notification: notificationSchema });

/**
 * The status of a communication at `now` (spec §4): expired once expires_at has passed (whether
 * active or not), otherwise active or inactive by is_active.
 */
export function communicationStatus(c: { isActive: boolean; expiresAt: string | Date | null }, now: Date = new Date()): CommunicationStatus {
  if (c.expiresAt && new Date(c.expiresAt).getTime() <= now.getTime()) return 'expired';
  return c.isActive ? 'active' : 'inactive';
}
