/** The signed-in user as GET /api/auth/session returns it: one declaration with the server's. */
export type { SessionUser } from '@shared/contracts/session';
