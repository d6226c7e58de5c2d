import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  createUserBody,
  listUsersQuery,
  listUsersResponse,
  updateUserBody,
  updateUserStatusBody,
  updateUserStatusResponse,
} from '../../../shared/contracts/users.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import { createUser, listUsers, updateUser, updateUserStatus } from './users.service.js';

const userIdParams = z.object({ id: z.uuid('Invalid user id') });

/**
 * Users management API (spec §2 Users Management, §5 Create User form and Other, §6 User management,
 * §7 get_admin_users_data / create-user / update_user_status, §8 Users). Every route needs the
 * manageUsers permission (edufam_admin, elimisha_admin, school_director, principal); others get 403
 * "You don't have permission to access user management." School roles work only on their own school:
 * another school's user or school id is 404.
 *
 * Errors are `{ error: { code, message, fields? } }`; codes besides the gate's (401 UNAUTHENTICATED,
 * 403 FORBIDDEN / ACCOUNT_DEACTIVATED): 400 VALIDATION (schema, `fields` per input) and BAD_REQUEST,
 * 403 ROLE_NOT_ALLOWED and ACTION_NOT_ALLOWED, 404 NOT_FOUND, 409 EMAIL_TAKEN.
 */
export async function usersRoutes(app: FastifyInstance, database: Database) {
  // An encapsulated context, so the denial message below applies to these routes only.
  await app.register(async (scope) => {
    // The access gate refuses a missing permission with the generic permission message; user
    // management has its own (spec §6). Anything else goes on to the app's error handler.
    scope.setErrorHandler((err: FastifyError) => {
      if (err instanceof AppError && err.status === 403 && err.code === 'FORBIDDEN' && err.message === messages.friendly.permission) {
        throw forbidden(messages.userManagement.deniedText);
      }
      throw err;
    });

    const r = scope.withTypeProvider<ZodTypeProvider>();

    /**
     * GET /api/users?search=&role=&status=&schoolId=&page=1&pageSize=25 → 200 ListUsersResponse
     * {users: AdminUser[], total, page, pageSize, summary: {total, active, inactive, admins}}.
     * Newest first (created_at desc, then id). search matches name or e-mail, case-insensitive,
     * anywhere in the text (% and _ match literally). Rows without an e-mail or with an unknown role
     * are left out (spec §5 Other). The summary counts the caller's whole scope, whatever the filters.
     * Platform staff: every school, or one with schoolId. Directors/principals: their school; another
     * schoolId → 404. 400 for a bad filter value (unknown role/status, schoolId not a UUID, page < 1,
     * pageSize > 100).
     */
    r.get(
      '/api/users',
      {
        config: { permission: 'manageUsers' },
        schema: { querystring: listUsersQuery, response: { 200: listUsersResponse }, tags: ['users'] },
      },
      async (request) => listUsers(database, actorOf(request), request.query),
    );

    /**
     * POST /api/users {name, email, password, phone?, role, schoolId?} → 201 {user: AdminUser}.
     * Spec §5 Create User form. The account signs in with the temporary password and must change it
     * (mustChangePassword). Rules:
     * - role: parent, teacher, principal, school_director, finance_officer, hr; edufam_admin only for an
     *   edufam_admin creator; never elimisha_admin → 403 ROLE_NOT_ALLOWED "You cannot create users with
     *   this role."
     * - school: platform creator and a school role → schoolId required (400 "Please select a school for
     *   this user role"), must exist (404) and be active (400). School-role creator → always their own
     *   school (another schoolId → 404). edufam_admin users get no school.
     * - email lower-cased and unique → 409 EMAIL_TAKEN "A user with this email address already exists."
     * - phone optional, a Kenyan mobile number stored as 2547XXXXXXXX → 400 "Please enter a valid
     *   Kenyan phone number".
     * - password 8 to 128 characters → 400 VALIDATION "password: Password must be at least 8 characters
     *   long." (fields.password).
     * Users, account, profile and the USER_CREATED audit entry are written in one transaction.
     */
    r.post(
      '/api/users',
      {
        config: { permission: 'manageUsers' },
        schema: { body: createUserBody, response: { 201: z.object({ user: adminUserSchema }) }, tags: ['users'] },
      },
      async (request, reply) => {
        const user = await createUser(database, actorOf(request), request.body, { ip: request.ip });
        return reply.status(201).send({ user });
      },
    );

    /**
     * PATCH /api/users/:id/status {status: 'active'|'inactive'} → 200 {user: AdminUser, message}
     * (message: "{name} has been activated/deactivated successfully."). Spec §4 User status, §5 Other,
     * §7 update_user_status. Deactivating ends all the user's sessions at once. The same status again
     * is 200 with no change and no audit entry. 404 unknown user or another school's user (school
     * roles); 403 ACTION_NOT_ALLOWED "Cannot deactivate system administrator accounts." for
     * edufam_admin / elimisha_admin targets; 400 BAD_REQUEST "You cannot deactivate your own account.";
     * 400 VALIDATION for an id that is not a UUID or a status other than active/inactive. Audited as
     * USER_STATUS_CHANGED with old_value {status} and new_value {status}.
     */
    r.patch(
      '/api/users/:id/status',
      {
        config: { permission: 'manageUsers' },
        schema: { params: userIdParams, body: updateUserStatusBody, response: { 200: updateUserStatusResponse }, tags: ['users'] },
      },
      async (request) => updateUserStatus(database, actorOf(request), request.params.id, request.body.status, { ip: request.ip }),
    );

    /**
     * PATCH /api/users/:id {name?, phone?, role?} → 200 {user: AdminUser, message} (message: "{name}
     * has been updated successfully."). Rules in users.service.ts updateUser: 404 outside the caller's
     * scope; 403 ACTION_NOT_ALLOWED "System administrator accounts cannot be edited here." for an
     * admin's role; 403 ROLE_NOT_ALLOWED for a role the caller may not give; 400 "You cannot change
     * your own role."; 400 invalid phone; 400 VALIDATION for an empty body. Audited as USER_UPDATED or
     * USER_ROLE_CHANGED with old and new values.
     */
    r.patch(
      '/api/users/:id',
      {
        config: { permission: 'manageUsers' },
        schema: { params: userIdParams, body: updateUserBody, response: { 200: updateUserStatusResponse }, tags: ['users'] },
      },
      async (request) => updateUser(database, actorOf(request), request.params.id, request.body, { ip: request.ip }),
    );
  });
}
