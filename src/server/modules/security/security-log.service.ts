import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import {
  SECURITY_ALERT_WINDOW_MINUTES,
  SECURITY_LOG_ACTIONS,
  SECURITY_LOG_TYPES,
  securityLogTypeOf,
  type SecurityAlert,
  type SecurityAlertKind,
  type SecurityAlertStatus,
  type SecurityAlertsQuery,
  type SecurityLogEntry,
  type SecurityLogQuery,
  type SecurityOverview,
  type SecurityPolicy,
} from '../../../shared/contracts/security.js';
import { SECURITY_ACTION_LABELS, securityMessages } from '../../../shared/messages/security.js';
import { ROLES, roleDisplayName } from '../../../shared/roles.js';
import { recordAudit } from '../../lib/audit.js';
import { paginate } from '../../lib/paging.js';
import { readPolicy, twoFactorRequiredFor, writePolicy } from './policy.js';
import { networkLabel } from './totp.js';
import * as repo from './security.repository.js';
import type { AlertWithNames, SecurityLogFilters } from './security.repository.js';
import { perLocale } from '../../../shared/i18n/localized.js';

/**
 * EduFam staff's "Security" section (issue 18 §2): the security log (audit_logs filtered to security
 * actions, SECURITY_LOG_ACTIONS), alerts, the policy and the overview. Runs in the caller's scope
 * (platform staff: all schools).
 */

const m = securityMessages;
const ALL_ACTIONS = SECURITY_LOG_TYPES.flatMap((t) => SECURITY_LOG_ACTIONS[t]);
/** Most rows one export holds. */
export const SECURITY_LOG_EXPORT_LIMIT = 10_000;

/** Instant at which a Nairobi calendar day (YYYY-MM-DD) starts. */
function nairobiStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const LOG_DETAIL = m.admin.log.detail;
const FAILURE_REASONS = LOG_DETAIL.failureReasons;

type Json = Record<string, unknown> | null;

/** A short human reason for a log entry. */
function detailOf(action: string, metadata: Json, oldValue: Json, newValue: Json, targetEntity: string | null, errorMessage: string | null): string | null {
  const md = metadata ?? {};
  switch (action) {
    case 'LOGIN_FAILED':
      return FAILURE_REASONS[String(md.reason ?? '')] ?? errorMessage;
    case 'LOGIN_SUCCESS':
      return md.twoFactor === 'recovery_code' ? LOG_DETAIL.withRecoveryCode : md.twoFactor ? LOG_DETAIL.withTwoFactor : null;
    case 'TWO_FACTOR_FAILED':
      return [FAILURE_REASONS[String(md.reason ?? '')] ?? errorMessage, md.ended ? LOG_DETAIL.signInEnded : null].filter(Boolean).join(', ') || null;
    case 'TWO_FACTOR_RECOVERY_CODE_USED':
      return typeof md.left === 'number' ? LOG_DETAIL.recoveryCodesLeft(md.left) : null;
    case 'USER_ROLE_CHANGED': {
      const from = oldValue?.role;
      const to = newValue?.role;
      return from || to ? `${roleDisplayName(String(from ?? '—'))} → ${roleDisplayName(String(to ?? '—'))}` : targetEntity;
    }
    case 'SESSION_REVOKED': {
      const n = Number(md.count ?? 0);
      if (md.byAdmin) return LOG_DETAIL.sessionsOfUserEnded(n, String(md.email ?? targetEntity ?? ''));
      return md.scope === 'others' ? LOG_DETAIL.otherSessionsEnded(n) : md.current ? LOG_DETAIL.thisSessionEnded : LOG_DETAIL.oneSessionEnded;
    }
    case 'SECURITY_POLICY_UPDATED':
      return LOG_DETAIL.policyChanged;
    default:
      // An entity reference ("user:<uuid>", "security_policy") means nothing to a reader: show only a reason.
      return errorMessage ?? null;
  }
}

/** The log query as repository filters: the type's actions (all security actions by default), Nairobi days as instants. 400 when from is after to. */
function logFilters(q: SecurityLogQuery): SecurityLogFilters {
  if (q.from && q.to && q.from > q.to) throw badRequest(m.api.dateOrder, { from: m.api.dateOrder });
  return {
    actions: q.type ? [...SECURITY_LOG_ACTIONS[q.type]] : ALL_ACTIONS,
    from: q.from ? nairobiStart(q.from) : undefined,
    before: q.to ? nairobiStart(nextDay(q.to)) : undefined,
    schoolId: q.schoolId || undefined,
    search: q.q || undefined,
  };
}

async function logRows(tx: Tx, f: SecurityLogFilters, limit: number, offset: number): Promise<SecurityLogEntry[]> {
  const rows = await repo.listSecurityLog(tx, f, { limit, offset });
  return rows.map((r) => {
    const md = (r.metadata ?? null) as Json;
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      type: securityLogTypeOf(r.action) ?? 'session',
      action: r.action,
      success: r.success,
      userId: r.userId,
      userName: r.userName,
      userEmail: r.actorEmail ?? (typeof md?.email === 'string' ? md.email : null),
      role: r.role,
      schoolId: r.schoolId,
      schoolName: r.schoolName,
      ipAddress: r.ipAddress,
      detail: detailOf(r.action, md, r.oldValue as Json, r.newValue as Json, r.targetEntity, r.errorMessage),
    };
  });
}

/** GET /api/security/log: one page of security events, newest first, with the total. */
export async function securityLog(tx: Tx, q: SecurityLogQuery & { page: number; pageSize: number }) {
  const f = logFilters(q);
  const { items: rows, ...page } = await paginate(
    q,
    (w) => logRows(tx, f, w.limit, w.offset),
    () => repo.countSecurityLog(tx, f),
  );
  return { rows, ...page };
}

/** Every matching entry (at most SECURITY_LOG_EXPORT_LIMIT) for ?format=csv|xlsx. */
export async function securityLogForExport(tx: Tx, q: SecurityLogQuery): Promise<SecurityLogEntry[]> {
  return logRows(tx, logFilters(q), SECURITY_LOG_EXPORT_LIMIT, 0);
}

/** Export columns of the security log. */
export const SECURITY_LOG_COLUMNS = perLocale(() => ([
  { header: m.admin.log.columns.when, value: (r: SecurityLogEntry) => r.createdAt, width: 24 },
  { header: m.admin.log.columns.event, value: (r: SecurityLogEntry) => SECURITY_ACTION_LABELS[r.action] ?? r.action, width: 26 },
  { header: m.admin.log.columns.result, value: (r: SecurityLogEntry) => (r.success ? m.admin.log.success : m.admin.log.failure), width: 10 },
  { header: m.admin.log.columns.user, value: (r: SecurityLogEntry) => [r.userName, r.userEmail].filter(Boolean).join(' · '), width: 36 },
  { header: m.admin.log.columns.role, value: (r: SecurityLogEntry) => (r.role ? roleDisplayName(r.role) : ''), width: 20 },
  { header: m.admin.log.columns.school, value: (r: SecurityLogEntry) => r.schoolName ?? m.admin.log.platformStaff, width: 28 },
  { header: m.admin.log.columns.ip, value: (r: SecurityLogEntry) => r.ipAddress, width: 18 },
  { header: m.admin.log.columns.detail, value: (r: SecurityLogEntry) => r.detail, width: 36 },
]));

// ------------------------------------------------------------------------------------------------
// Alerts

function alertMessage(kind: SecurityAlertKind, subject: string, count: number, network: string | null): string {
  const a = m.admin.alerts;
  if (kind === 'failed_sign_ins_account') return a.failedAccount(count, subject, SECURITY_ALERT_WINDOW_MINUTES);
  if (kind === 'failed_sign_ins_ip') return a.failedIp(count, subject, SECURITY_ALERT_WINDOW_MINUTES);
  return a.newNetwork(subject, network ? networkLabel(network) : '?');
}

function toAlert({ alert: a, userName, schoolName, acknowledgedByName }: AlertWithNames): SecurityAlert {
  return {
    id: a.id,
    kind: a.kind as SecurityAlertKind,
    status: a.status as SecurityAlertStatus,
    subject: a.subject,
    message: alertMessage(a.kind as SecurityAlertKind, a.subject, a.count, a.network),
    userId: a.userId,
    userName,
    schoolId: a.schoolId,
    schoolName,
    ipAddress: a.ipAddress,
    network: a.network ? networkLabel(a.network) : null,
    count: a.count,
    firstSeenAt: a.firstSeenAt.toISOString(),
    lastSeenAt: a.lastSeenAt.toISOString(),
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByName,
  };
}

/** GET /api/security/alerts: alerts newest activity first, optionally by status. */
export async function listAlerts(tx: Tx, q: SecurityAlertsQuery & { page: number; pageSize: number }) {
  const { items: alerts, ...page } = await paginate(
    q,
    async (w) => (await repo.listAlertsWithNames(tx, q.status, w)).map(toAlert),
    () => repo.countAlerts(tx, q.status),
  );
  return { alerts, ...page };
}

/**
 * POST /api/security/alerts/:id/acknowledge: marks an open alert acknowledged (a later repeat opens a
 * new one). 404 unknown; 409 already acknowledged. Audited SECURITY_ALERT_ACKNOWLEDGED.
 */
export async function acknowledgeAlert(tx: Tx, caller: { id: string; role: string | null }, id: string, ip: string): Promise<SecurityAlert> {
  const existing = await repo.findAlert(tx, id);
  if (!existing) throw notFound(m.api.alertNotFound);
  if (existing.status !== 'open') throw new AppError(409, 'ALERT_ALREADY_ACKNOWLEDGED', m.api.alertAlreadyAcknowledged);
  await repo.markAlertAcknowledged(tx, id, caller.id);
  await recordAudit(tx, {
    schoolId: null,
    action: 'SECURITY_ALERT_ACKNOWLEDGED',
    performedByUserId: caller.id,
    performedByRole: caller.role,
    targetEntity: `security_alert:${id}`,
    metadata: { kind: existing.kind, subject: existing.subject },
    ipAddress: ip,
  });
  return toAlert((await repo.findAlertWithNames(tx, id))!);
}

// ------------------------------------------------------------------------------------------------
// Policy and overview

/**
 * PUT /api/security/policy: replaces the policy (already validated by the schema) and audits
 * SECURITY_POLICY_UPDATED with old and new values. Returns the stored policy.
 */
export async function updatePolicy(tx: Tx, caller: { id: string; role: string | null }, next: SecurityPolicy, ip: string): Promise<SecurityPolicy> {
  const before = await readPolicy(tx);
  const policy: SecurityPolicy = {
    ...next,
    twoFactorRequiredRoles: ROLES.filter((r) => next.twoFactorRequiredRoles.includes(r)),
    sessionIdleMinutes: next.sessionIdleMinutes ?? null,
  };
  await writePolicy(tx, policy, caller.id);
  await recordAudit(tx, {
    schoolId: null,
    action: 'SECURITY_POLICY_UPDATED',
    performedByUserId: caller.id,
    performedByRole: caller.role,
    targetEntity: 'security_policy',
    oldValue: before,
    newValue: policy,
    ipAddress: ip,
  });
  return policy;
}

/**
 * GET /api/security/overview: sign-ins and failed sign-ins (wrong password or wrong two-factor code) in
 * the last 24 hours, open alerts, live sessions, and per role the active accounts and how many have
 * two-factor on.
 */
export async function securityOverview(tx: Tx): Promise<SecurityOverview> {
  const since = new Date(Date.now() - 24 * 60 * 60_000);
  const signIns = await repo.countSignInsSince(tx, since);
  const openAlerts = await repo.countAlerts(tx, 'open');
  const activeSessions = await repo.countLiveSessions(tx);
  const byRole = await repo.countActiveUsersByRole(tx);
  const policy = await readPolicy(tx);
  const twoFactorByRole = ROLES.map((role) => {
    const r = byRole.find((x) => x.role === role);
    return { role, users: Number(r?.users ?? 0), withTwoFactor: Number(r?.withTwoFactor ?? 0), required: twoFactorRequiredFor(policy, role) };
  });
  return {
    signIns24h: signIns?.ok ?? 0,
    failedSignIns24h: signIns?.failed ?? 0,
    openAlerts,
    activeSessions,
    usersWithTwoFactor: twoFactorByRole.reduce((s, r) => s + r.withTwoFactor, 0),
    totalUsers: twoFactorByRole.reduce((s, r) => s + r.users, 0),
    twoFactorByRole,
  };
}
