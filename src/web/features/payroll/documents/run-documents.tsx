/**
 * A payroll run's documents (issue 14 §3): payslips (one, bulk, e-mail), bank transfer files, KRA P10,
 * NSSF and SHIF returns, journal. Shown on an approved run's page. Being built.
 */
export function RunDocuments(_props: { runId: string; month: string; status: string }) {
  return null;
}
