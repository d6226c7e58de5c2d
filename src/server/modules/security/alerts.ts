import type { Tx } from '../../db/tenant.js';
import { SECURITY_ALERT_FAILURE_THRESHOLD, SECURITY_ALERT_IP_FAILURE_THRESHOLD, SECURITY_ALERT_WINDOW_MINUTES } from '../../../shared/contracts/security.js';
import { networkOf } from './totp.js';
import * as repo from './security.repository.js';

/**
 * Security alerts raised during sign-in (issue 18 §2 "alerts for suspicious patterns (many failures,
 * a new country)"), written in the sign-in's own transaction (system scope):
 * - failed_sign_ins_account: SECURITY_ALERT_FAILURE_THRESHOLD failed sign-ins (wrong password or wrong
 *   two-factor code) for one e-mail within SECURITY_ALERT_WINDOW_MINUTES;
 * - failed_sign_ins_ip: SECURITY_ALERT_IP_FAILURE_THRESHOLD from one IP address within the window;
 * - new_network: a successful sign-in from an IPv4 /16 or IPv6 /48 the user never signed in from
 *   before (not on their first recorded sign-in). There is no offline GeoIP database in EduFam, so "a
 *   new country" is approximated by "a new network" (docs/decisions/0016).
 * One open alert per (kind, subject): a repeat while it is open updates its count and last-seen time.
 */

/**
 * After a failed sign-in was recorded in login_attempts: raises (or updates) the account and IP alerts
 * when their window counts reach the thresholds.
 */
export async function raiseFailureAlerts(
  tx: Tx,
  f: { email: string; ip: string; userId?: string | null; schoolId?: string | null },
): Promise<void> {
  const since = new Date(Date.now() - SECURITY_ALERT_WINDOW_MINUTES * 60_000);
  const emailFailures = await repo.countFailedSignInsByEmail(tx, f.email, since);
  if (emailFailures >= SECURITY_ALERT_FAILURE_THRESHOLD) {
    await repo.upsertOpenAlert(tx, {
      kind: 'failed_sign_ins_account',
      subject: f.email,
      userId: f.userId,
      schoolId: f.schoolId,
      ipAddress: f.ip,
      count: emailFailures,
      absolute: true,
    });
  }
  const ipFailures = await repo.countFailedSignInsByIp(tx, f.ip, since);
  if (ipFailures >= SECURITY_ALERT_IP_FAILURE_THRESHOLD) {
    await repo.upsertOpenAlert(tx, { kind: 'failed_sign_ins_ip', subject: f.ip, ipAddress: f.ip, network: networkOf(f.ip), count: ipFailures, absolute: true });
  }
}

/**
 * After a successful sign-in: records the network of `ip` for the user and raises new_network when
 * the user has signed in before, but never from this network.
 */
export async function noteSignInNetwork(tx: Tx, s: { userId: string; email: string; ip: string; schoolId?: string | null }): Promise<void> {
  const network = networkOf(s.ip);
  if (!network) return;
  const known = await repo.listSignInNetworks(tx, s.userId);
  if (known.some((k) => k === network)) {
    await repo.touchSignInNetwork(tx, s.userId, network);
    return;
  }
  await repo.insertSignInNetwork(tx, s.userId, network);
  if (known.length > 0) {
    await repo.upsertOpenAlert(tx, {
      kind: 'new_network',
      subject: s.email,
      userId: s.userId,
      schoolId: s.schoolId,
      ipAddress: s.ip,
      network,
      count: 1,
      absolute: false,
    });
  }
}
