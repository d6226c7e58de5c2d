/** /verify-certificate/:id placeholder. */
export function VerifyCertificatePage() {
  return <p>Certificate Verification Failed</p>;
}
