/** The principal's KNEC school-based assessment card on Reports (issue 35 §2). */
export function KnecSbaCard() {
  return null;
}
