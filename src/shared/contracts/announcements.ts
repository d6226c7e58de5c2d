import { z } from 'zod';
import { announcementMessages } from '../messages/announcements.js';

/**
 * School announcements (issue 17 §1, §4): principal and director post to any audience of their school,
 * a teacher to their own streams, the finance officer fee notices to parents (optionally only those who
 * owe), HR to staff. Delivery in the app (bell, list), by SMS and by e-mail, with per-recipient delivery
 * and read status for the author. Times are ISO 8601 instants (shown in Africa/Nairobi).
 */

const m = announcementMessages.api;

export const ANNOUNCEMENT_PRIORITIES = ['normal', 'high', 'urgent'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_CHANNELS = ['app', 'sms', 'email'] as const;
export type AnnouncementChannel = (typeof ANNOUNCEMENT_CHANNELS)[number];
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'published', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
/** Delivery status of one channel for one recipient. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** School roles an audience may name. */
export const AUDIENCE_ROLES = ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'] as const;
/** Roles counted as staff (every school role except parent). */
export const STAFF_ROLES = ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'] as const;

/** An instant: ISO 8601 date-time (with Z or an offset; without one it is read as Africa/Nairobi). */
const instant = z
  .string(m.dateInvalid)
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), m.dateInvalid);
const optionalInstant = z.union([z.literal('').transform(() => null), instant, z.null()]).optional();

/**
 * Who an announcement is for: every criterion adds people (a union).
 * - roles: every user of the school with that role;
 * - classIds: the streams' parents (guardians with an account linked to their learners) and teachers;
 * - parentsOfClassIds: only those streams' parents;
 * - levelIds: parents of every stream of those levels;
 * - staff: every non-parent user of the school;
 * - owingOnly (finance officer): narrows parents to those with a learner who owes fees.
 */
export const announcementAudienceSchema = z.strictObject({
  roles: z.array(z.enum(AUDIENCE_ROLES, m.roleInvalid)).max(10).optional(),
  classIds: z.array(z.uuid(m.classNotFound)).max(200).optional(),
  parentsOfClassIds: z.array(z.uuid(m.classNotFound)).max(200).optional(),
  levelIds: z.array(z.uuid(m.levelNotFound)).max(100).optional(),
  staff: z.boolean().optional(),
  owingOnly: z.boolean().optional(),
});
export type AnnouncementAudienceInput = z.input<typeof announcementAudienceSchema>;

/**
 * POST /api/announcements (and /preview with the same body). publishAt in the future schedules it;
 * expiresAt must come after publishAt. attachmentIds are the caller's uploads (POST /api/attachments).
 * The body is plain text with light Markdown-like formatting; HTML is stored as given and shown as text.
 */
export const createAnnouncementBody = z.strictObject({
  title: z.string(m.titleRequired).trim().min(1, m.titleRequired).max(150, m.titleTooLong),
  body: z.string(m.bodyRequired).trim().min(1, m.bodyRequired).max(10_000, m.bodyTooLong),
  audience: announcementAudienceSchema,
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)).max(3).default(['app']),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).default('normal'),
  publishAt: optionalInstant,
  expiresAt: optionalInstant,
  pinned: z.boolean().default(false),
  /**
   * Required by law (issue 35 §5): its SMS and e-mail also go to guardians who withdrew consent. Default false:
   * a guardian whose newest SMS (e-mail) consent is withdrawn gets none ("No SMS consent" on their recipient row).
   */
  statutory: z.boolean().default(false),
  attachmentIds: z.array(z.uuid()).max(5).optional(),
});
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBody>;
export type CreateAnnouncement = z.output<typeof createAnnouncementBody>;

/** POST /api/announcements/preview body: the compose form's fields (title and body may still be empty). */
export const previewAnnouncementBody = z.object({
  audience: announcementAudienceSchema,
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)).max(3).optional(),
}).loose();
export type PreviewAnnouncementBody = z.input<typeof previewAnnouncementBody>;

/** POST /api/announcements/preview → how many people the audience reaches (nothing is written). */
export const announcementPreviewSchema = z.object({
  recipients: z.number().int(),
  /** Of them, how many have a phone (SMS) and an e-mail address. */
  withPhone: z.number().int(),
  withEmail: z.number().int(),
  /** Recipients per role, e.g. { parent: 31, teacher: 2 }. */
  byRole: z.record(z.string(), z.number().int()),
  /**
   * How many each channel will reach (issue 36 §2): app = account holders; sms / email = those with a
   * phone / an address (0 when the channel is not among `channels` of the request).
   */
  byChannel: z.object({ app: z.number().int(), sms: z.number().int(), email: z.number().int() }),
  /** Guardians reached without an account (by SMS or e-mail only), counted in `recipients`. */
  withoutAccount: z.number().int(),
});
export type AnnouncementPreview = z.infer<typeof announcementPreviewSchema>;

/** GET /api/announcements/audience-options → what the caller may address. */
export const audienceOptionsSchema = z.object({
  /** Roles the caller may name in audience.roles ([] for a teacher; ['parent'] for finance; staff roles for HR). */
  roles: z.array(z.enum(AUDIENCE_ROLES)),
  /** Levels the caller may name in audience.levelIds ([] unless principal/director). */
  levels: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Streams the caller may name in classIds/parentsOfClassIds (a teacher's own streams). */
  streams: z.array(z.object({ id: z.uuid(), name: z.string(), levelId: z.uuid().nullable() })),
  /** May use audience.classIds (stream parents and teachers); finance may use only parentsOfClassIds. */
  mayUseClassIds: z.boolean(),
  mayUseParentsOfClassIds: z.boolean(),
  mayUseStaff: z.boolean(),
  mayUseOwingOnly: z.boolean(),
  /** SMS and e-mail are configured for the school (the compose form still allows them; status shows failures). */
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
});
export type AudienceOptions = z.infer<typeof audienceOptionsSchema>;

export const announcementAttachmentSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/** One announcement as the caller sees it. */
export const announcementSchema = z.object({
  id: z.uuid(),
  schoolId: z.uuid(),
  title: z.string(),
  /** As typed (plain text; any HTML in it is shown as text). */
  body: z.string(),
  audience: announcementAudienceSchema,
  /** A short description of the audience, e.g. "Parents of Grade 4 East". */
  audienceLabel: z.string(),
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  pinned: z.boolean(),
  /** Required by law (issue 35 §5): its SMS and e-mail also reach guardians who withdrew consent. */
  statutory: z.boolean(),
  publishAt: z.string(),
  publishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(announcementAttachmentSchema),
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  authorRole: z.string(),
  /** The caller wrote it. */
  mine: z.boolean(),
  /** The caller has opened it (true when the caller is not a recipient, e.g. its author). */
  read: z.boolean(),
  readAt: z.string().nullable(),
  /** For the author, the principal and the director; null for others. */
  recipientCount: z.number().int().nullable(),
  readCount: z.number().int().nullable(),
  /** The caller may pin/unpin it (author, principal, director). */
  canManage: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/announcements query. status applies to what the caller authored; mine=true lists only those. */
export const listAnnouncementsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  mine: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  /** Only unread ones addressed to the caller. */
  unread: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  /** Principal and director: every announcement of the school (others: ignored). */
  all: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListAnnouncementsQuery = z.input<typeof listAnnouncementsQuery>;

/** GET /api/announcements → pinned first, then newest. */
export const announcementListSchema = z.object({
  items: z.array(announcementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Unread announcements addressed to the caller (all pages). */
  unread: z.number().int(),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const announcementIdParams = z.object({ id: z.uuid(m.notFound) });
export const announcementFileParams = z.object({ id: z.uuid(m.notFound), fileId: z.uuid(m.fileNotFound) });

/** POST /api/announcements/:id/pin */
export const pinAnnouncementBody = z.strictObject({ pinned: z.boolean() });
export type PinAnnouncementBody = z.infer<typeof pinAnnouncementBody>;

/** GET /api/announcements/unread-count → the sidebar badge. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type AnnouncementUnreadCount = z.infer<typeof unreadCountSchema>;

const channelSummary = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
});
const channelDelivery = z.object({
  to: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
});

/** GET /api/announcements/:id/recipients query (filter by read/unread, search by name). */
export const recipientsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  read: z.enum(['read', 'unread']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type RecipientsQuery = z.input<typeof recipientsQuery>;

/** GET /api/announcements/:id/recipients → delivery and read status (author, principal, director). */
export const announcementRecipientsSchema = z.object({
  summary: z.object({
    recipients: z.number().int(),
    read: z.number().int(),
    /** 0–100, whole number. */
    readPercent: z.number().int(),
    sms: channelSummary,
    email: channelSummary,
  }),
  recipients: z.array(
    z.object({
      /** The account; null for a guardian without one (issue 36 §2). */
      userId: z.uuid().nullable(),
      /** The guardian reached without an account; null for an account holder. */
      guardianId: z.uuid().nullable(),
      hasAccount: z.boolean(),
      /** How the person is reached first: the app for an account, else SMS, else e-mail. */
      channel: z.enum(['app', 'sms', 'email']),
      /** That channel's status: read/unread in the app; the delivery status for SMS and e-mail. */
      status: z.enum(['read', 'unread', ...DELIVERY_STATUSES]),
      name: z.string(),
      role: z.string(),
      readAt: z.string().nullable(),
      /** null when SMS was not chosen. status failed with error "No phone number" when the person has none. */
      sms: channelDelivery.nullable(),
      email: channelDelivery.nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AnnouncementRecipients = z.infer<typeof announcementRecipientsSchema>;

/** POST /api/announcements/:id/read → when the caller first read it. */
export const markReadSchema = z.object({ readAt: z.string() });
