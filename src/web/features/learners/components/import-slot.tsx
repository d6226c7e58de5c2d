import { useQueryClient } from '@tanstack/react-query';
import { LearnerImportDialog } from '@/features/learner-import';
import { LEARNERS_KEY } from '../api/learners';

/**
 * The register's "Import" button (issue 10 §2 Import): the import wizard of web/features/learner-import
 * in a dialog. After an import the register, figures and class counts refresh.
 */
export function ImportButton() {
  const qc = useQueryClient();
  return <LearnerImportDialog onDone={() => void qc.invalidateQueries({ queryKey: LEARNERS_KEY })} />;
}
