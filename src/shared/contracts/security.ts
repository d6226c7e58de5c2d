import { z } from 'zod';
import { ROLES, type Role } from '../roles.js';
import { securityMessages as sm } from '../messages/security.js';

/**
 * Security (issue 18 §2, §5): two-factor sign-in with TOTP (RFC 6238: 30-second step, 6 digits,
 * SHA-1, ±1 step of clock drift accepted), recovery codes, active sessions, the security policy, the
 * security log and alerts. Instants are ISO timestamps (UTC); screens show them in Africa/Nairobi.
 * Dates in filters (`from`, `to`) are calendar days in Africa/Nairobi, both inclusive.
 *
 * Who: every signed-in user manages their own two-factor and sessions (permission signedIn); EduFam
 * staff read the security log, alerts and overview (viewSecurityLog) and the edufam_admin changes
 * the policy, acknowledges alerts and signs users out (manageSecurity).
 */

const m = sm.api;

// ------------------------------------------------------------------------------------------------
// Constants

/** TOTP parameters (RFC 6238 defaults, what every authenticator app understands). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ALGORITHM = 'SHA1';
/** Steps of clock drift accepted either side of now. */
export const TOTP_WINDOW = 1;
/** Recovery codes issued at a time; each works once. Format "xxxx-xxxx" (lowercase letters and digits). */
export const RECOVERY_CODE_COUNT = 10;
/** A pending (password-accepted, code-awaited) sign-in lives this long. */
export const TWO_FACTOR_PENDING_MINUTES = 5;
/** Wrong codes allowed on one pending sign-in; the next one ends it (sign in again). */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/** Password policy bounds (PUT /api/security/policy). */
export const PASSWORD_MIN_LENGTH_FLOOR = 8;
export const PASSWORD_MIN_LENGTH_CEILING = 64;
/**
 * Idle sign-out bounds, minutes (null: never on idleness; sessions still expire). At least 15 because
 * a session's last-seen time is written at most every 5 minutes.
 */
export const SESSION_IDLE_MIN_MINUTES = 15;
export const SESSION_IDLE_MAX_MINUTES = 7 * 24 * 60;

/** Filters of the security log (GET /api/security/log?type=). */
export const SECURITY_LOG_TYPES = ['sign_in', 'failed_sign_in', 'two_factor', 'role_change', 'data_export', 'password', 'session'] as const;
export type SecurityLogType = (typeof SECURITY_LOG_TYPES)[number];

/**
 * Audit actions each log type covers. PERSONAL_DATA_EXPORTED / _ERASED are written by the data-protection
 * module, USER_ROLE_CHANGED by users, the rest by auth and security.
 */
export const SECURITY_LOG_ACTIONS: Record<SecurityLogType, readonly string[]> = {
  sign_in: ['LOGIN_SUCCESS'],
  failed_sign_in: ['LOGIN_FAILED'],
  two_factor: ['TWO_FACTOR_ENABLED', 'TWO_FACTOR_DISABLED', 'TWO_FACTOR_FAILED', 'TWO_FACTOR_RECOVERY_CODES_REGENERATED', 'TWO_FACTOR_RECOVERY_CODE_USED'],
  role_change: ['USER_ROLE_CHANGED'],
  data_export: ['PERSONAL_DATA_EXPORTED', 'PERSONAL_DATA_ERASED'],
  password: ['PASSWORD_CHANGED', 'PASSWORD_CHANGE_FAILED', 'PASSWORD_RESET', 'PASSWORD_RESET_REQUESTED'],
  session: ['SESSION_REVOKED', 'SECURITY_POLICY_UPDATED', 'SECURITY_ALERT_ACKNOWLEDGED'],
};

/** Which log type an audit action belongs to (the reverse of SECURITY_LOG_ACTIONS). */
export function securityLogTypeOf(action: string): SecurityLogType | null {
  for (const t of SECURITY_LOG_TYPES) if (SECURITY_LOG_ACTIONS[t].includes(action)) return t;
  return null;
}

/**
 * Kinds of security alert: many failed sign-ins for one account, or from one IP address, within the
 * window (SECURITY_ALERT_FAILURE_THRESHOLD in SECURITY_ALERT_WINDOW_MINUTES); a sign-in from a network
 * the user has never signed in from (IPv4 /16, IPv6 /48; EduFam has no offline GeoIP database, so
 * "a new country" is approximated by "a new network").
 */
export const SECURITY_ALERT_KINDS = ['failed_sign_ins_account', 'failed_sign_ins_ip', 'new_network'] as const;
export type SecurityAlertKind = (typeof SECURITY_ALERT_KINDS)[number];
export const SECURITY_ALERT_STATUSES = ['open', 'acknowledged'] as const;
export type SecurityAlertStatus = (typeof SECURITY_ALERT_STATUSES)[number];
/** Failed sign-ins (wrong password or wrong two-factor code) for one account that raise an alert. */
export const SECURITY_ALERT_FAILURE_THRESHOLD = 5;
/** Failed sign-ins from one IP address that raise an alert (a school's staff may share one address). */
export const SECURITY_ALERT_IP_FAILURE_THRESHOLD = 10;
export const SECURITY_ALERT_WINDOW_MINUTES = 15;

export const SECURITY_DEFAULT_PAGE_SIZE = 25;
export const SECURITY_MAX_PAGE_SIZE = 100;

// ------------------------------------------------------------------------------------------------
// Security policy (system_settings 'security_policy')

/**
 * The platform's security policy. twoFactorRequiredRoles: users of these roles must set up two-factor
 * before they can use EduFam (until then every route but two-factor setup, sessions and profile answers
 * 403 TWO_FACTOR_SETUP_REQUIRED). Password rules apply to changed and reset passwords.
 * sessionIdleMinutes: a session unused this long is signed out (null: no idle limit).
 */
export const securityPolicySchema = z.strictObject({
  twoFactorRequiredRoles: z.array(z.enum(ROLES, { error: m.policyRoles }), { error: m.policyRoles }).max(ROLES.length),
  passwordMinLength: z
    .number({ error: m.policyMinLength })
    .int(m.policyMinLength)
    .min(PASSWORD_MIN_LENGTH_FLOOR, m.policyMinLength)
    .max(PASSWORD_MIN_LENGTH_CEILING, m.policyMinLength),
  requireMixedCase: z.boolean({ error: m.policyFlag }),
  requireNumber: z.boolean({ error: m.policyFlag }),
  requireSymbol: z.boolean({ error: m.policyFlag }),
  sessionIdleMinutes: z
    .number({ error: m.policyIdle })
    .int(m.policyIdle)
    .min(SESSION_IDLE_MIN_MINUTES, m.policyIdle)
    .max(SESSION_IDLE_MAX_MINUTES, m.policyIdle)
    .nullable()
    .optional(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

/**
 * The policy when none is stored (issue 18: "required for platform staff and finance officers").
 * The demo seed stores one with no required roles, so demo accounts sign in without two-factor.
 */
export const DEFAULT_SECURITY_POLICY: SecurityPolicy = {
  twoFactorRequiredRoles: ['edufam_admin', 'elimisha_admin', 'finance_officer'] satisfies Role[],
  passwordMinLength: 8,
  requireMixedCase: false,
  requireNumber: false,
  requireSymbol: false,
  sessionIdleMinutes: null,
};

/**
 * GET /api/auth/password-policy (public: the reset-password page needs it too) → the password rules of
 * the policy, for forms to show before the server checks them.
 */
export const passwordRulesSchema = z.object({
  passwordMinLength: z.number().int(),
  requireMixedCase: z.boolean(),
  requireNumber: z.boolean(),
  requireSymbol: z.boolean(),
});
export type PasswordRules = z.infer<typeof passwordRulesSchema>;

/** GET/PUT /api/security/policy body and answer. */
export const updateSecurityPolicyBody = securityPolicySchema;
export type UpdateSecurityPolicyBody = z.input<typeof updateSecurityPolicyBody>;

// ------------------------------------------------------------------------------------------------
// Two-factor (own account, permission signedIn; sign-in step public)

const code = z
  .string({ error: m.codeRequired })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, m.codeFormat));
const password = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024);
/** A TOTP code, or a recovery code (xxxx-xxxx; case, spaces and dash ignored). */
const codeOrRecovery = z.string({ error: m.codeRequired }).trim().min(1, m.codeRequired).max(64, m.codeFormat);

/** GET /api/auth/two-factor → the caller's two-factor state. required: the policy requires it for their role. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/two-factor/enable { password }: starts (or restarts) a pending enrolment. */
export const twoFactorEnableBody = z.object({ password });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBody>;
/**
 * → the new secret three ways: otpauthUri (otpauth://totp/EduFam:<email>?secret=…&issuer=EduFam…),
 * qrCode (a data:image/png;base64 URL of that URI, drawn on the server) and secret (base32, for typing
 * into the app by hand). Two-factor stays off until POST /verify accepts a code from it.
 */
export const twoFactorEnableResponse = z.object({
  otpauthUri: z.string(),
  qrCode: z.string(),
  secret: z.string(),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;

/** POST /api/auth/two-factor/verify { code }: confirms the pending enrolment with a 6-digit code. */
export const twoFactorVerifyBody = z.object({ code });
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBody>;
/** → two-factor is on; recoveryCodes (RECOVERY_CODE_COUNT, "xxxx-xxxx") are shown this once only. */
export const twoFactorVerifyResponse = z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) });
export type TwoFactorVerifyResponse = z.infer<typeof twoFactorVerifyResponse>;

/** POST /api/auth/two-factor/disable { password, code } (code: a current 6-digit code or a recovery code). */
export const twoFactorDisableBody = z.object({ password, code: codeOrRecovery });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;
export const twoFactorDisableResponse = z.object({ enabled: z.literal(false) });
export type TwoFactorDisableResponse = z.infer<typeof twoFactorDisableResponse>;

/** POST /api/auth/two-factor/recovery-codes { code }: new recovery codes (the old ones stop working). */
export const recoveryCodesBody = z.object({ code });
export type RecoveryCodesBody = z.input<typeof recoveryCodesBody>;
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/**
 * POST /api/auth/sign-in/two-factor { code } or { recoveryCode } (public; needs the pending sign-in's
 * cookie) → { user } and the session opens. Exactly one of the two.
 */
export const signInTwoFactorBody = z
  .object({
    code: z.string().max(64).optional(),
    recoveryCode: z.string().max(64).optional(),
  })
  .refine((b) => !!b.code?.trim() !== !!b.recoveryCode?.trim(), { message: m.codeRequired, path: ['code'] });
export type SignInTwoFactorBody = z.input<typeof signInTwoFactorBody>;

/**
 * What POST /api/auth/sign-in answers (200), besides the session cookie:
 * - `{ user }`: signed in;
 * - `{ twoFactorRequired: true }`: the password was right and the account has two-factor on: send the
 *   code to POST /api/auth/sign-in/two-factor within TWO_FACTOR_PENDING_MINUTES (until then
 *   GET /api/auth/session answers 401 TWO_FACTOR_REQUIRED);
 * - `{ user, twoFactorSetupRequired: true }`: signed in, but the policy requires two-factor for the
 *   role: only two-factor setup, sessions and profile work until it is on (403 TWO_FACTOR_SETUP_REQUIRED).
 * `user` is the SessionUser of GET /api/auth/session (with twoFactorSetupRequired on it too).
 */
export type SignInResult<U> = { user: U; twoFactorSetupRequired?: true } | { twoFactorRequired: true };

/** Error codes the web reacts to. */
export const SECURITY_ERROR_CODES = {
  /** GET /api/auth/session (401) during a pending two-factor sign-in: show the code step. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** Any permission route (403) while the policy requires two-factor the user has not set up. */
  twoFactorSetupRequired: 'TWO_FACTOR_SETUP_REQUIRED',
  /** POST /api/auth/sign-in/two-factor (401): wrong code. */
  invalidCode: 'INVALID_TWO_FACTOR_CODE',
  /** 401: the code's time step was already used. */
  codeReused: 'TWO_FACTOR_CODE_REUSED',
  /** 401: no pending sign-in (expired, too many wrong codes, or none). Sign in again. */
  pendingExpired: 'TWO_FACTOR_EXPIRED',
  /** 400 on change/reset password: the password breaks the policy. */
  passwordPolicy: 'PASSWORD_POLICY',
} as const;

// ------------------------------------------------------------------------------------------------
// Sessions

/**
 * One signed-in session. device: "Desktop", "Mobile", "Tablet" or the phone's make and model
 * ("Apple iPhone"); browser: "Chrome 120"; os: "Windows 10"; each "Unknown" when the user agent does not
 * say. lastSeenAt is updated at most every 5 minutes (null before the first request after sign-in).
 * current: the session making this request.
 */
export const activeSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET /api/auth/sessions and GET /api/security/users/:userId/sessions → newest activity first. */
export const sessionsResponse = z.object({ sessions: z.array(activeSessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionParams = z.object({ id: z.uuid({ error: m.sessionNotFound }) });
/** DELETE /api/auth/sessions?others=true: sign out every other session of the caller. */
export const deleteSessionsQuery = z.object({
  others: z.enum(['true'], { error: m.othersRequired }),
});
/** DELETE /api/auth/sessions/:id → signedOut: it was the caller's own current session (cookie cleared). */
export const deleteSessionResponse = z.object({ ok: z.literal(true), signedOut: z.boolean() });
export type DeleteSessionResponse = z.infer<typeof deleteSessionResponse>;
/** DELETE /api/auth/sessions?others=true and DELETE /api/security/users/:userId/sessions → how many ended. */
export const revokeSessionsResponse = z.object({ revoked: z.number().int() });
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponse>;

export const securityUserParams = z.object({ userId: z.uuid({ error: m.userNotFound }) });

// ------------------------------------------------------------------------------------------------
// Security log (audit_logs filtered to security actions)

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.dateFormat);

/**
 * GET /api/security/log?page&pageSize&type&from&to&q&schoolId&format. q searches the e-mail, name, IP
 * address and action; schoolId narrows to one school's users ("platform" for EduFam staff's own
 * entries). format=csv|xlsx downloads every matching row (at most 10,000) instead of a page.
 */
export const securityLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SECURITY_MAX_PAGE_SIZE).default(SECURITY_DEFAULT_PAGE_SIZE),
  type: z.enum(SECURITY_LOG_TYPES, { error: m.logType }).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(200).optional(),
  schoolId: z.union([z.uuid(), z.literal('platform')], { error: m.schoolId }).optional(),
  format: z.enum(['csv', 'xlsx'], { error: m.format }).optional(),
});
export type SecurityLogQuery = z.input<typeof securityLogQuery>;

/**
 * One entry. type: the log type of its action; userEmail: the account's e-mail (for a failed sign-in of
 * an unknown address, the address tried); detail: a short human reason (e.g. "Wrong password", "Role
 * teacher → principal", "Recovery code used").
 */
export const securityLogEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  type: z.enum(SECURITY_LOG_TYPES),
  action: z.string(),
  success: z.boolean(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;

export const securityLogResponse = z.object({
  rows: z.array(securityLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SecurityLogResponse = z.infer<typeof securityLogResponse>;

// ------------------------------------------------------------------------------------------------
// Alerts

/** GET /api/security/alerts?status=open|acknowledged&page&pageSize (newest first; all statuses when omitted). */
export const securityAlertsQuery = z.object({
  status: z.enum(SECURITY_ALERT_STATUSES, { error: m.alertStatus }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SECURITY_MAX_PAGE_SIZE).default(SECURITY_DEFAULT_PAGE_SIZE),
});
export type SecurityAlertsQuery = z.input<typeof securityAlertsQuery>;

/**
 * One alert. subject: what it is about (the e-mail for failed_sign_ins_account and new_network, the IP
 * address for failed_sign_ins_ip); count: failures counted (1 for new_network); network: the new
 * network ("41.90.x.x", "2001:db8:1::/48") for new_network; message: the sentence to show.
 */
export const securityAlertSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SECURITY_ALERT_KINDS),
  status: z.enum(SECURITY_ALERT_STATUSES),
  subject: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  network: z.string().nullable(),
  count: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;

export const securityAlertsResponse = z.object({
  alerts: z.array(securityAlertSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SecurityAlertsResponse = z.infer<typeof securityAlertsResponse>;

export const securityAlertParams = z.object({ id: z.uuid({ error: m.alertNotFound }) });

// ------------------------------------------------------------------------------------------------
// Overview

/** Per role: users (active accounts), how many have two-factor on, and whether the policy requires it. */
export const twoFactorByRoleSchema = z.object({
  role: z.string(),
  users: z.number().int(),
  withTwoFactor: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorByRole = z.infer<typeof twoFactorByRoleSchema>;

/** GET /api/security/overview → figures of the last 24 hours and now. */
export const securityOverviewSchema = z.object({
  signIns24h: z.number().int(),
  failedSignIns24h: z.number().int(),
  openAlerts: z.number().int(),
  activeSessions: z.number().int(),
  usersWithTwoFactor: z.number().int(),
  totalUsers: z.number().int(),
  twoFactorByRole: z.array(twoFactorByRoleSchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;
