import { SECURITY_ACTION_LABELS } from './security.js';
import { plural } from '../plural.js';
import { formatDay, formatDayTime } from '../dates.js';
import { currentLocale } from '../i18n/locale.js';
import { localized } from '../i18n/localized.js';
import { wingi, wingiNeno } from '../i18n/plural-sw.js';
import * as sw from './sw/security-screens.js';
/**
 * User-facing strings of the security screens (issue 18 §2): the two-factor step of /login, the
 * two-factor setup a role may require, the profile's "Security" card (two-factor and active sessions)
 * and EduFam staff's "Security" section (log, alerts, policy, data protection). The API's own messages
 * live in messages/security.ts.
 */


/** "just now", "5 min ago", "3 h ago", "2 days ago" (a session's last activity). */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  // Kiswahili: "sasa hivi", "dakika 5 zilizopita", "saa 3 zilizopita", "siku 2 zilizopita".
  const kiswahili = currentLocale() === 'sw';
  const ago = (n: number) => wingiNeno(n, 'iliyopita', 'zilizopita');
  if (minutes < 1) return kiswahili ? 'sasa hivi' : 'just now';
  if (minutes < 60) return kiswahili ? `dakika ${minutes} ${ago(minutes)}` : `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return kiswahili ? `saa ${hours} ${ago(hours)}` : `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 31) return kiswahili ? `${wingi(days, 'siku', 'siku')} ${ago(days)}` : `${plural(days, 'day', 'days')} ago`;
  return formatDateTime(iso);
}

/** "27/11/2026 14:05" in Africa/Nairobi (shared formatDayTime). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return formatDayTime(iso);
}

/** "27/11/2026" in Africa/Nairobi (shared formatDay). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return formatDay(iso);
}

export const securityScreens = localized('security-screens/securityScreens', {
  cancel: 'Cancel',
  close: 'Close',
  back: 'Back',
  continue: 'Continue',
  tryAgain: 'Try again',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',

  /** The code step of /login and the code field everywhere. */
  code: {
    title: 'Two-factor verification',
    text: 'Open your authenticator app and enter the 6-digit code for EduFam.',
    recoveryText: 'Enter one of the recovery codes you saved when you turned on two-factor. Each code works once.',
    codeLabel: 'Authentication code',
    recoveryLabel: 'Recovery code',
    recoveryPlaceholder: 'xxxx-xxxx',
    verify: 'Verify',
    verifying: 'Verifying…',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use your authenticator app instead',
    backToSignIn: 'Back to sign in',
    signingInAs: 'Signing in as',
    codeRequired: 'Enter the 6-digit code from your authenticator app.',
    recoveryRequired: 'Enter a recovery code.',
    failed: 'That code did not work. Try again.',
    expired: 'Your sign-in took too long. Sign in again.',
    help: 'Lost your phone? Use a recovery code, or ask an EduFam administrator to help.',
  },

  /** The setup a role may require before anything else (issue 18 §2 "required for … (setting per role)"). */
  setupRequired: {
    title: 'Set up two-factor sign-in',
    text: 'Your role requires two-factor sign-in. Set it up now to continue to EduFam: it takes about a minute.',
    steps: ['Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy…).', 'Scan the QR code, or type the key.', 'Enter the 6-digit code the app shows.'],
    start: 'Set up two-factor',
    signOut: 'Sign out',
    done: 'Continue to EduFam',
  },

  /** The profile's "Security" card. */
  account: {
    title: 'Security',
    text: 'Protect your account with two-factor sign-in and see where you are signed in.',
    twoFactorTitle: 'Two-factor sign-in',
    /** The Profile Settings dialog's way to this card (issue 34). */
    dialogLinkTitle: 'Two-factor sign-in and active sessions',
    dialogLinkText: 'Protect your account with a code from your phone and see where you are signed in.',
    dialogLinkAction: 'Open security settings',
    twoFactorText: 'A 6-digit code from an authenticator app on your phone, asked after your password.',
    on: 'On',
    off: 'Off',
    required: 'Required for your role',
    enabledSince: (date: string) => `On since ${date}`,
    recoveryLeft: (n: number) => `${plural(n, 'recovery code', 'recovery codes')} left`,
    recoveryLow: 'Few recovery codes left: make new ones.',
    turnOn: 'Turn on two-factor',
    turnOff: 'Turn off',
    regenerate: 'New recovery codes',
    loadFailed: 'Could not load your security settings',
    sessionsTitle: 'Active sessions',
    sessionsText: 'Devices signed in to your account. Sign out any you do not recognise.',
    thisDevice: 'This device',
    activeNow: 'Active now',
    signOutSession: 'Sign out',
    signOutOthers: 'Sign out all other sessions',
    lastSeen: (when: string) => `Last active ${when}`,
    signedIn: (when: string) => `Signed in ${when}`,
    unknownDevice: 'Unknown device',
    unknownIp: 'Unknown IP',
    noOtherSessions: 'This is the only device signed in to your account.',
    sessionsFailed: 'Could not load your sessions',
    sessionSignedOut: 'Session signed out',
    othersSignedOut: (n: number) => (n ? `${plural(n, 'other session', 'other sessions')} signed out` : 'No other sessions to sign out'),
    confirmOthersTitle: 'Sign out all other sessions?',
    confirmOthersText: 'Every other browser and device signed in to your account will be signed out. This device stays signed in.',
    confirmOthers: 'Sign out others',
    confirmOneTitle: 'Sign out this session?',
    confirmOneText: (device: string) => `${device} will be signed out and must sign in again.`,
  },

  /** The "Turn on two-factor" dialog. */
  enable: {
    title: 'Turn on two-factor sign-in',
    stepOf: (n: number, of: number) => `Step ${n} of ${of}`,
    passwordText: 'Confirm your password to start.',
    password: 'Current password',
    passwordRequired: 'Enter your password.',
    next: 'Next',
    scanTitle: 'Scan the QR code',
    scanText: 'Open your authenticator app (Google Authenticator, Microsoft Authenticator, Authy…) and scan this code.',
    qrAlt: 'QR code for your authenticator app',
    manualTitle: 'Can’t scan it? Enter this key instead',
    manualHint: 'Account: your e-mail · Type: time-based',
    secretLabel: 'Setup key',
    confirmTitle: 'Enter the 6-digit code',
    confirmText: 'Type the code your app shows now to confirm it is set up.',
    confirm: 'Turn on',
    confirming: 'Checking…',
    enabledToast: 'Two-factor sign-in is on',
    codesTitle: 'Save your recovery codes',
    codesText: 'If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe, like a password manager.',
    copyCodes: 'Copy',
    downloadCodes: 'Download .txt',
    savedCheck: 'I have saved these codes',
    finish: 'Done',
    codesFileName: 'edufam-recovery-codes.txt',
    codesFileHeader: (email: string, date: string) => `EduFam recovery codes for ${email}\nCreated ${date}\nEach code works once.\n`,
  },

  disable: {
    title: 'Turn off two-factor sign-in?',
    text: 'Your account will be protected by your password only. Confirm with your password and a code from your app.',
    requiredText: 'Your role requires two-factor sign-in, so it cannot be turned off.',
    password: 'Current password',
    code: 'Code or recovery code',
    codePlaceholder: '123456',
    codeHint: 'The 6 digits your app shows now, or one of your recovery codes (xxxx-xxxx).',
    confirm: 'Turn off',
    done: 'Two-factor sign-in is off',
    missing: 'Enter your password and a code.',
  },

  regenerate: {
    title: 'Make new recovery codes',
    text: 'Your old recovery codes stop working. Enter a code from your authenticator app to continue.',
    code: 'Authentication code',
    confirm: 'Make new codes',
    missing: 'Enter the 6-digit code.',
  },

  /** EduFam staff's "Security" section. */
  admin: {
    subtitle: 'Sign-ins, two-factor, alerts and the rules that protect every EduFam account.',
    readOnly: 'Read only: only EduFam Admin Staff can change security settings.',
    overviewFailed: 'Could not load the security figures',
    kpi: {
      signIns: 'Sign-ins',
      failed: 'Failed sign-ins',
      last24h: 'Last 24 hours',
      twoFactor: 'Two-factor on',
      twoFactorHint: (on: number, total: number) => `${on.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')} users`,
      alerts: 'Open alerts',
      alertsHint: 'To review',
      sessions: 'Active sessions',
      sessionsHint: 'Signed in now',
    },
    tabs: { log: 'Security log', alerts: 'Alerts', policy: 'Policy', dataProtection: 'Data protection' },
    log: {
      search: 'Search e-mail, IP or detail…',
      allTypes: 'All events',
      type: 'Event',
      allSchools: 'All schools',
      school: 'School',
      from: 'From',
      to: 'To',
      columns: { when: 'When', event: 'Event', user: 'User', school: 'School', ip: 'IP address', device: 'Device', detail: 'Detail' },
      emptyTitle: 'No security events match',
      emptyHint: 'Change the filters or the dates.',
      loadFailed: 'Could not load the security log',
      platform: 'Platform',
      unknownUser: 'Unknown',
    },
    alerts: {
      filterLabel: 'Alert status',
      open: 'Open',
      acknowledged: 'Acknowledged',
      all: 'All',
      acknowledge: 'Acknowledge',
      acknowledgedToast: 'Alert acknowledged',
      acknowledgedBy: (name: string, when: string) => `Acknowledged by ${name} · ${when}`,
      emptyOpen: 'No open alerts',
      emptyOpenHint: 'Suspicious patterns (many failed sign-ins, a sign-in from a new country) appear here.',
      empty: 'No alerts',
      loadFailed: 'Could not load alerts',
      count: (n: number) => `${plural(n, 'time', 'times')}`,
      firstSeen: (when: string) => `First ${when}`,
      lastSeen: (when: string) => `Latest ${when}`,
      columns: { alert: 'Alert', subject: 'Account or address', seen: 'Seen', status: 'Status' },
    },
    policy: {
      twoFactorTitle: 'Two-factor sign-in required',
      twoFactorText: 'Users with these roles must set up two-factor sign-in before they can use EduFam. Others may turn it on themselves.',
      passwordTitle: 'Password policy',
      passwordText: 'Applies to new passwords: password changes, resets and new accounts.',
      minLength: 'Minimum length',
      minLengthHint: (min: number, max: number) => `Between ${min} and ${max} characters.`,
      mixedCase: 'Upper- and lower-case letters',
      mixedCaseHint: 'At least one of each, e.g. "Nairobi".',
      number: 'A number',
      numberHint: 'At least one digit 0–9.',
      symbol: 'A symbol',
      symbolHint: 'At least one character such as ! # % or @.',
      save: 'Save policy',
      saving: 'Saving…',
      saved: 'Security policy saved',
      saveFailed: 'Could not save the security policy',
      loadFailed: 'Could not load the security policy',
      unsaved: 'Unsaved changes',
      reset: 'Discard',
      sessionsTitle: 'Sessions',
      sessionsText: 'Sign out sessions nobody has used for a while.',
      idle: 'Sign out after inactivity (minutes)',
      idleHint: (min: number, max: number) => `Leave empty for no limit, or ${min}–${max.toLocaleString('en-KE')} minutes.`,
      adoption: (on: number, total: number) => `${on.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')} have it on`,
    },
  },
} as const, { sw: sw.securityScreens });

/** The security log's filter types (contracts/security SECURITY_LOG_TYPES). */
export const SECURITY_LOG_TYPE_LABELS: Record<string, string> = localized('security-screens/SECURITY_LOG_TYPE_LABELS', {
  sign_in: 'Sign-ins',
  failed_sign_in: 'Failed sign-ins',
  two_factor: 'Two-factor changes',
  role_change: 'Role changes',
  data_export: 'Personal data exports',
  password: 'Passwords',
  session: 'Sessions and policy',
}, { sw: sw.SECURITY_LOG_TYPE_LABELS });

/** Labels of the audit actions the security log shows (one table, shared with the server's exports). */
export { SECURITY_ACTION_LABELS };

/** "LOGIN_FAILED" → "Failed sign-in"; an unknown "SOME_ACTION" → "Some action". */
export function securityActionLabel(action: string): string {
  const known = SECURITY_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[_.]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

/** Titles of the alert kinds (contracts/security SECURITY_ALERT_KINDS). */
export const SECURITY_ALERT_KIND_LABELS: Record<string, string> = localized('security-screens/SECURITY_ALERT_KIND_LABELS', {
  failed_sign_ins_account: 'Many failed sign-ins for one account',
  failed_sign_ins_ip: 'Many failed sign-ins from one IP address',
  new_network: 'Sign-in from a new network',
}, { sw: sw.SECURITY_ALERT_KIND_LABELS });
