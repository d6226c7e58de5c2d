import { ProgressReportsView } from '../parent/child-grades';

/** Parent "Progress Reports" (issue 12 §5): their children's report cards per term. */
export function ProgressReports() {
  return <ProgressReportsView />;
}
