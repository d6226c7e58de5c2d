import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { ROLES, isAdminRole, type Role } from '../roles.js';

/**
 * Users management contracts (spec §2 Users Management, §5 Create User form, §7 get_admin_users_data /
 * create-user / update_user_status). Shared by the API routes and the web forms.
 */

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;

/** A row of the users table (spec §3 Admin user record). Dates are ISO instants. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  phone: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/users query: search matches name or e-mail (case-insensitive); page is 1-based. */
export const listUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  schoolId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

/**
 * Summary cards (spec §2): Total Users, Active Users, Inactive Users (inactive + suspended), Admin
 * Users (roles elimisha_admin, edufam_admin, school_director, principal). Over the caller's whole
 * scope, not the current filter.
 */
export const usersSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  admins: z.number().int(),
});

export const listUsersResponse = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: usersSummarySchema,
});
export type ListUsersResponse = z.infer<typeof listUsersResponse>;

/** Default temporary password the Create User form pre-fills (spec §5: "prefilled with a default"). */
export const DEFAULT_TEMPORARY_PASSWORD = 'Welcome2026!';

/** Roles any user manager may give (spec §5 Create User form: role choices). */
export const CREATABLE_ROLES = ['parent', 'teacher', 'principal', 'school_director', 'finance_officer', 'hr'] as const satisfies readonly Role[];

/**
 * Role choices of the Create User form for a creator (spec §5): the six school roles, plus
 * edufam_admin only when the creator is edufam_admin or its alias elimisha_admin (spec §1: treated
 * identically). Nobody creates elimisha_admin here (Company Management does). The server
 * refuses any other role with 403 ROLE_NOT_ALLOWED.
 */
export function creatableRoles(creatorRole: Role | null | undefined): readonly Role[] {
  return isAdminRole(creatorRole) ? [...CREATABLE_ROLES, 'edufam_admin'] : CREATABLE_ROLES;
}

/** POST /api/users body (spec §5 Create User form). */
export const createUserBody = z.object({
  name: z.string().trim().min(1, messages.users.form.fullNameRequired).max(120),
  email: z.email(messages.schoolsManagement.invalidEmail).max(320),
  password: z.string().min(MIN_PASSWORD_LENGTH, messages.changePassword.tooShort).max(128),
  phone: z.string().trim().max(30).optional().or(z.literal('')),
  role: z.enum(ROLES, messages.users.form.roleRequired),
  schoolId: z.uuid().optional().or(z.literal('')),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** PATCH /api/users/:id/status body (spec §7 update_user_status). */
export const updateUserStatusBody = z.object({ status: z.enum(['active', 'inactive']) });

export const updateUserStatusResponse = z.object({ user: adminUserSchema, message: z.string() });

/**
 * PATCH /api/users/:id body: edit a user's name, phone or role (issue 3 §1 "status and role changes").
 * At least one field; phone '' clears it. Role choices are the creator's (creatableRoles).
 */
export const updateUserBody = z
  .object({
    name: z.string().trim().min(1, messages.users.form.fullNameRequired).max(120).optional(),
    phone: z.string().trim().max(30).optional(),
    role: z.enum(ROLES, messages.users.form.roleRequired).optional(),
  })
  .refine((b) => b.name !== undefined || b.phone !== undefined || b.role !== undefined, { message: messages.users.nothingToUpdate });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
