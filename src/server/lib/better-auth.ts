import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema/index.js';
import { MIN_PASSWORD_LENGTH, RESET_TOKEN_TTL_S } from '../../shared/constants.js';

export interface ResetMailRequest {
  user: { id: string; email: string; name: string };
  token: string;
}

/**
 * better-auth over our Drizzle schema: e-mail and password only, sessions in PostgreSQL behind an
 * httpOnly cookie. Sign-up is closed (users are created by administrators). better-auth's own
 * in-memory rate limiter is off: sign-in limits live in PostgreSQL (login-attempts.repository.ts) so
 * they hold across instances.
 */
export function createAuth(opts: {
  db: Db;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  sendResetPassword: (req: ResetMailRequest) => Promise<void>;
  /**
   * Test runs only (NODE_ENV=test, app.ts): remember which (hash, password) pairs verified, so that the
   * thousand sign-ins of a test run with the demo password cost one scrypt (~90 ms of CPU) each per
   * process instead of one per sign-in (docs/decisions/0019-fast-ci.md). Never in production.
   */
  rememberVerifiedPasswords?: boolean;
}) {
  return betterAuth({
    appName: 'EduFam',
    secret: opts.secret,
    baseURL: opts.baseURL,
    basePath: '/api/auth',
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => opts.sendResetPassword({ user, token }),
      ...(opts.rememberVerifiedPasswords ? { password: { hash: hashPassword, verify: rememberingVerify } } : {}),
    },
    session: {
      // Remember me: 7-day session; otherwise a browser-session cookie that the server expires in 1 day.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Issue 18 §2: read with every session so the access gate needs no extra query (a pending
      // two-factor sign-in opens nothing; last-seen is written at most every few minutes).
      additionalFields: {
        twoFactorPending: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastSeenAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        update: {
          // getSession extends a session's expiry once a day; a pending two-factor sign-in must keep
          // its 5-minute expiry (auth.service.ts signIn), so its refresh keeps the old expiry.
          before: async (data, ctx) => {
            const current = ctx?.context.session?.session as { twoFactorPending?: boolean; expiresAt?: Date } | undefined;
            if (current?.twoFactorPending && data.expiresAt && current.expiresAt) return { data: { ...data, expiresAt: current.expiresAt } };
            return undefined;
          },
        },
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'edufam',
      useSecureCookies: opts.secureCookies,
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's scrypt verify, remembering the (hash, password) pairs that matched (at most 1,000). The
 * check is a pure function of the pair (the salt is inside the hash), so the answer is the same; a
 * wrong password, a new hash or a changed password still runs scrypt. Test runs only (see createAuth).
 */
async function rememberingVerify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const key = `${hash}\u0000${password}`;
  if (verifiedPasswords.has(key)) return true;
  const ok = await verifyPassword({ hash, password });
  if (ok) {
    if (verifiedPasswords.size >= 1000) verifiedPasswords.clear();
    verifiedPasswords.add(key);
  }
  return ok;
}

/** The pairs rememberingVerify saw match, shared by every test app of a process. */
const verifiedPasswords = new Set<string>();

/** Ends the request's session (if any); returns the Set-Cookie headers that clear the cookie. */
export async function signOut(deps: { auth: Auth }, headers: Headers): Promise<string[]> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    // No session: nothing to end. Still tell the browser to drop any cookie it holds.
    return [];
  }
}

/**
 * Rate-limit key: the session cookie, so that a school's staff behind one NAT address do not share a
 * budget at first sign-in; the address when there is no cookie.
 */
export function sessionKey(request: FastifyRequest): string {
  const m = /(?:^|;\s*)(?:__Secure-)?edufam\.session_token=([^;]+)/.exec(request.headers.cookie ?? '');
  return m ? `session:${m[1]}` : `ip:${request.ip}`;
}
