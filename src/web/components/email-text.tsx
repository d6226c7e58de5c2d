/**
 * An e-mail address that may break before its "@" when the line is too narrow, so a long address
 * wraps into two readable parts instead of being cut (issue 34). Put it inside an element that wraps
 * (`break-words`, or `[overflow-wrap:anywhere]` as a last resort for very long local parts).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
