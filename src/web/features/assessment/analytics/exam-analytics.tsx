/** Placeholder: built by the assessment web work (issue 12). */
export function ExamAnalyticsPage() {
  return null;
}
