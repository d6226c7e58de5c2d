import * as React from 'react';
import { FileJson } from 'lucide-react';
import { can } from '@shared/access';
import { dataProtectionScreens as ds } from '@shared/messages/data-protection-screens';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { ExportDialog, type DpSubject } from './data-protection-dialogs';

/**
 * "Export personal data" for one learner (issue 18 §2, DPA 2019 s.26), for a learner's profile: opens
 * the export dialog (reason, then the JSON download). Renders nothing for roles without
 * exportPersonalData (only EduFam staff, the principal and the director have it).
 */
export function LearnerDataExportButton({ studentId, name, className }: { studentId: string; name?: string; className?: string }) {
  const { state } = useAuth();
  const [subject, setSubject] = React.useState<DpSubject | null>(null);
  const user = state.user;
  if (!user?.role || !can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'exportPersonalData')) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className={className}
        onClick={() => setSubject({ type: 'learner', id: studentId, name: name ?? ds.learnerButton.fallbackName })}
        data-testid="learner-data-export"
      >
        <FileJson className="size-4" aria-hidden />
        {ds.learnerButton.label}
      </Button>
      <ExportDialog subject={subject} onClose={() => setSubject(null)} />
    </>
  );
}
