import { exportUrl, type ExportFilters } from '@shared/contracts/learner-files';
import { ExportMenu } from '@/components/data-table';

/**
 * "Export" → CSV or Excel of the register with its current filters (GET /api/students/export; issue 10
 * §2 Export). `filters` are the register's values as they are in the URL (search, classId, levelId,
 * status, gender, boarding, sort; schoolId for platform staff); empty ones are left out. Built on the
 * list kit's ExportMenu (plain download links carrying the session cookie).
 */
export function LearnerExportMenu({ filters, testId = 'learners-export', className }: { filters: ExportFilters; testId?: string; className?: string }) {
  return <ExportMenu href={(format) => exportUrl(format, filters)} testId={testId} className={className} />;
}
