/** The principal's and director's KEMIS card on Reports (issue 35 §1). */
export function KemisCard() {
  return null;
}
