import { FileUp } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';

/**
 * The register's "Import" button (issue 10 §2 Import). The import wizard is built in
 * web/features/learner-import (LearnerImportPanel).
 *
 * TODO(issue 10, learner-import): LearnerImportPanel had not landed when this screen was built. When it
 * does, open it from here (a Dialog around <LearnerImportPanel onDone={...} />) instead of the
 * placeholder link below; this is the only place the register refers to the import.
 */
export function ImportButton({ importPath }: { importPath: string }) {
  return (
    <Button variant="outline" asChild data-testid="learners-import">
      <a href={importPath}>
        <FileUp aria-hidden />
        {messages.learners.register.import}
      </a>
    </Button>
  );
}
