/** Data protection requests: export and erase personal data (issue 18 §2). Stub: built by issue 18 work. */
export function DataProtectionPanel() {
  return null;
}
