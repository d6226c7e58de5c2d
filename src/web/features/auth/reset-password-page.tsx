/** /reset-password placeholder. */
export function ResetPasswordPage() {
  return <p>Reset password</p>;
}
