/** The profile's "Security" card: two-factor sign-in and active sessions (issue 18 §2). Stub: built by issue 18 work. */
export function AccountSecurityCard() {
  return null;
}
