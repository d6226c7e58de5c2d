/** /debug/maintenance-test placeholder. */
export function MaintenanceTestPage() {
  return <p>This test is only available to EduFam Administrators.</p>;
}
