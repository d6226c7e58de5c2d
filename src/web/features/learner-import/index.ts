/**
 * Learner import and export on the register (issue 10 §2 Import, Export).
 *
 * - <LearnerImportDialog /> : the "Import" button and the wizard in a dialog (props: trigger?, open?,
 *   onOpenChange?, onDone?(result)).
 * - <LearnerImportPanel /> : the wizard itself, for a dialog or a page (props: onDone?(result),
 *   onCancel?, className?).
 * - <LearnerExportMenu filters={...} /> (also exported as ExportButtons): "Export" → CSV / Excel with the
 *   register's current filters.
 * - exportUrl(format, filters), templateUrl(format): the URLs, for anyone building their own links.
 */
export { LearnerImportPanel, type LearnerImportPanelProps } from './components/learner-import-panel';
export { LearnerImportDialog, type LearnerImportDialogProps } from './components/learner-import-dialog';
export { LearnerExportMenu, LearnerExportMenu as ExportButtons } from './components/learner-export-menu';
export { exportUrl, templateUrl, type ExportFilters } from '@shared/contracts/learner-files';
