/** HR's Leave tab inside Staff Management (issue 14 §2): being built. */
export function LeaveTab() {
  return null;
}
