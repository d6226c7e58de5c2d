/**
 * The spec's user-facing strings (§2, §5, §8) as messages.ts holds them, compared word for word with
 * the spec text written out here.
 */
import { describe, expect, it } from 'vitest';
import { messages as m } from './messages.js';

describe('spec §5 / §8 sign-in strings', () => {
  it.each([
    [m.login.required, 'Please enter both email and password.'],
    [m.login.failed, 'Login failed. Please try again.'],
    [m.login.unexpected, 'An unexpected error occurred. Please try again.'],
    [m.login.missingEmail, 'User account is missing email address'],
    [m.login.invalidCredentials, 'Invalid email or password. Please check your credentials and try again.'],
    [m.login.emailNotConfirmed, 'Please verify your email address before logging in.'],
    [m.login.tooManyAttempts, 'Too many login attempts. Please wait a few minutes before trying again.'],
    [m.login.userNotFound, 'No account found with this email address.'],
    [m.login.otherAuthError, 'Login failed. Please check your credentials and try again.'],
    [m.login.noUserReturned, 'Authentication failed - no user returned'],
    [m.login.profileFetchFailed, 'Unable to retrieve user profile. Please contact support.'],
    [m.login.deactivated, 'Your account has been deactivated. Please contact your administrator.'],
    [m.login.noRole, 'User role not assigned. Please contact your administrator.'],
    [m.login.notConfigured, 'Your account is not properly configured. Please contact your administrator.'],
    [m.login.sessionExpired, 'Session expired. Please sign in again.'],
    [m.login.unexpectedPrefixed, 'Unexpected error: An unexpected error occurred. Please try again.'],
    [m.login.operationTimedOut, 'Operation timed out'],
    [
      m.login.wrongAdminArea('teacher'),
      'Access denied. The EduFam Admin Staff login is restricted to internal staff only. Your account (teacher) is not authorized for this access. Please use the School Users login section.',
    ],
    [
      m.login.wrongSchoolArea('edufam_admin'),
      'Access denied. The School Users login is restricted to school staff and parents only. Your account (edufam_admin) is not authorized for this access. Please use the EduFam Admin Staff login section.',
    ],
    [m.login.roleRestricted('principal'), 'Access denied. This area is restricted to principal users only.'],
    [m.login.resetMailFailed, 'Failed to send password reset email. Please try again.'],
    [m.login.authRefresh, 'Authentication failed - please refresh the page'],
    [m.login.userProcessingFailed('User account is missing email address'), 'User processing failed: User account is missing email address'],
    [m.login.unableToValidateRole, 'Unable to validate user role'],
    [m.login.roleValidationFailed, 'Role validation failed'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});

describe('spec §5 password reset strings', () => {
  it.each([
    [m.passwordReset.emailRequired, 'Please enter your email address.'],
    [m.passwordReset.failed, 'Failed to send reset email. Please try again.'],
    [m.passwordReset.sent, 'Password reset email sent successfully. Please check your inbox.'],
    [m.passwordReset.bothRequired, 'Please enter both password fields.'],
    [m.passwordReset.tooShort, 'Password must be at least 8 characters long.'],
    [m.passwordReset.mismatch, 'Passwords do not match.'],
    [m.passwordReset.invalidOrExpired, 'Invalid or expired reset link. Please request a new password reset.'],
    [m.passwordReset.invalidLink, 'Invalid reset link. Please request a new password reset.'],
    [m.passwordReset.unableToValidate, 'Unable to validate reset link. Please try again.'],
    [m.passwordReset.updateFailed, 'Failed to update password. Please try again.'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});

describe('spec §2 / §8 shell and access strings', () => {
  it.each([
    [m.product.subtitle, 'School Management'],
    [m.product.loadingNavigation, 'Loading navigation...'],
    [m.unauthorized.text, "You don't have permission to access this area. This section is restricted to authorized users only."],
    [m.shell.sectionNotFoundTitle, 'Section Not Found'],
    [m.shell.sectionNotFoundText, 'The requested section could not be found or is not available for your role.'],
    [m.shell.unknownRole('janitor'), 'Unknown user role: janitor'],
    [m.shell.authRequiredTitle, 'Authentication Required'],
    [m.shell.authRequiredText, 'Please log in to access the dashboard.'],
    [m.shell.dbErrorText, 'Unable to connect to the database'],
    [m.shell.authErrorText, 'There was a problem with your authentication'],
    [m.shell.systemErrorText, 'Failed to retrieve authentication information.'],
    [m.shell.accountConfigText, 'Your account is not properly configured'],
    [m.shell.accountConfigDetail, 'No role assigned'],
    [m.shell.roleConfigText, 'Your account does not have a role assigned. Please contact your administrator.'],
    [m.shell.layoutAuthError, 'User authentication failed. Please try logging in again.'],
    [m.shell.deactivatedText, 'Your account has been deactivated by the system administrator.'],
    [m.shell.adminOnly, 'Access denied. This area is restricted to EduFam Admin Staff only.'],
    [m.shell.schoolOnly, 'Access denied. This area is restricted to school users only.'],
    [m.shell.rolesOnly('principal, teacher'), 'Access denied. This area is restricted to principal, teacher users only.'],
    [m.userManagement.deniedText, "You don't have permission to access user management."],
    [m.userManagement.deniedDetail, 'Only school directors, principals, and system administrators can manage users.'],
    [m.errorScreen.text, 'We encountered an unexpected error. You can try again or reload the page.'],
    [m.errorScreen.tryAgain(2), 'Try Again (2 left)'],
    [m.errorScreen.multiple, 'Application Error: Multiple errors occurred. Please reload the page to continue.'],
    [m.errorScreen.componentText, 'An unexpected error occurred while loading this component.'],
    [m.loading.slow, 'This is taking longer than usual. Please wait...'],
    [m.loading.tooSlow, 'This is taking too long. There may be a connectivity issue.'],
    [m.settings.emailNote, 'Email cannot be changed'],
    [m.settings.compactModeNote, 'Use compact layout for dashboard'],
    [m.settings.successTitle, 'Settings Updated'],
    [m.settings.successText, 'Your profile settings have been saved successfully.'],
    [m.settings.failed, 'Failed to update settings'],
    [m.settings.noUserId, 'No user ID available'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});

describe('spec §8 generic friendly messages and schools', () => {
  it.each([
    [m.friendly.auth, 'Please log in again to continue.'],
    [m.friendly.permission, 'You do not have permission to perform this action.'],
    [m.friendly.network, 'Network connection issue. Please check your internet connection.'],
    [m.friendly.timeout, 'Request timed out. Please try again.'],
    [m.friendly.database, 'Database error occurred. Please try again later.'],
    [m.friendly.title('Save'), 'Save Failed'],
    [m.schools.timedOut, 'School fetch timed out'],
    [m.schools.failedReason('offline'), 'Failed to fetch school: offline'],
    [m.schools.assignedNotFound, 'Your assigned school was not found. Please contact your administrator.'],
    [m.schools.failedData, 'Failed to fetch school data. Please try again.'],
    [m.schools.failedList, 'Failed to fetch schools'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});
